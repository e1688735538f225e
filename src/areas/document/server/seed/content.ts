/**
 * The demo content of the 公文 area (src/server/db/seed/content.ts calls it at the first start of the demo
 * organisation): the 发文 and 收文 of ./contentData.ts written through the entity services and driven by the flow
 * runtime, so records, tasks, events, 发文字号, 签收 receipts and reminders are what the app writes; then one 督办
 * entry (周明远 on the 发文 waiting for 签发). Nothing when the document tables already hold records.
 */
import { sql } from 'kysely';
import type { AreaContentContext } from '../../../../server/areas.js';
import { seedDemoFile } from '../../../../server/engine/demoData.js';
import { saveSupervision } from '../services/supervise.js';
import { receiveDemo, sendDemo, SUPERVISED_TITLE } from './contentData.js';

/** The 督办 entry of the demo: its remark and its deadline in calendar days from seeding. */
const SUPERVISION = { remark: '请于本周内完成签发，确保按期印发。', days: 3 };

/** Seeds the 公文 demo content (see the module comment); answers false when there was content already. */
export async function seedDocumentContent({ ctx, at }: AreaContentContext): Promise<boolean> {
  const { db } = ctx;
  for (const table of ['biz_doc_send', 'biz_doc_receive']) {
    if ((await sql`select 1 from ${sql.table(table)} limit 1`.execute(db)).rows.length) return false;
  }
  const mark = await db.selectFrom('doc_marks').select('id').where('org_code', '=', '京政办发').executeTakeFirst();
  if (!mark) return false;
  const sends = sendDemo(mark.id);
  const sent = await seedDemoFile(ctx, sends, at);
  await seedDemoFile(ctx, receiveDemo(), at);
  const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
  const supervised = sent[sends.records.findIndex((r) => r.data.title === SUPERVISED_TITLE)]?.flowId;
  if (supervised)
    await saveSupervision(db, { instanceId: supervised, userId: demo.id, deadline: at + SUPERVISION.days * 86_400_000, remark: SUPERVISION.remark });
  return true;
}
