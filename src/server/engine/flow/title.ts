/**
 * The title of a new flow instance (and of its tasks) from its flow's work-item title template (engine/flow/title.ts:
 * `title.cel` over `record`, `initiator`, `form` and `flow`), so that 待办 / 已办 rows and reminders say what the item
 * is (请假申请 - 张伟, a 公文's own title), never "the first text field". The texts are zh-CN, the server's language
 * of record for titles (as the reminders').
 */
import type { Transaction } from 'kysely';
import { evaluateTitle, type FlowDef } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { flowEntity } from './records.js';

/** What the title is computed from: the caller, the form data and the record it belongs to. */
export interface TitleSource {
  userId: number;
  deptId: number | null;
  entity?: string | null;
  recordId?: number | null;
  data?: Record<string, unknown>;
}

/**
 * The title `def`'s template gives for a start by `src` (at most `max` characters), read in `trx`; '' when the flow
 * declares no template or it gives nothing (the caller then keeps the title it was given).
 */
export async function templatedTitle(trx: Transaction<DB>, def: FlowDef, src: TitleSource, max: number): Promise<string> {
  if (!(def.title as { cel?: string }).cel) return '';
  const entity = flowEntity(src.entity || def.entity || '');
  const [user, dept] = await Promise.all([
    trx.selectFrom('users').select(['realname', 'username']).where('id', '=', src.userId).executeTakeFirst(),
    src.deptId == null ? undefined : trx.selectFrom('departments').select('name').where('id', '=', src.deptId).executeTakeFirst(),
  ]);
  return evaluateTitle(
    def,
    entity?.model,
    {
      record: { ...(src.data ?? {}), id: src.recordId ?? 0 },
      initiator: { id: src.userId, name: user?.realname ?? '', account: user?.username ?? '', deptId: src.deptId ?? 0, dept: dept?.name ?? '' },
      form: { title: entity?.title.d ?? def.title.d },
      flow: { title: def.title.d },
    },
    max,
  );
}
