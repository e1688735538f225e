/**
 * Keeping work-item titles current (DESIGN §5): a flow's title template (engine/flow/title.ts, `title.cel`) names
 * the instance and its tasks from the record's fields, so when those fields change after the start — a W field
 * written at a step (flow/act, ./runtime.ts) or the owner's edit of a draft or of an `editableAfterFlow` field
 * (../service.ts) — the template is evaluated again in the same transaction and the new title is written into
 * flow_instances.title and the title of every open task (pending or waiting). Writing flow_tasks bumps the
 * assignees' list versions (migration 0021 triggers), so the cached 待办 lists (./listCache.ts) are read again.
 * Finished tasks keep the title they were handled under (已办 says what was approved).
 */
import type { Transaction } from 'kysely';
import type { FlowDef } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { flowEntity, recordData } from './records.js';
import { templatedTitle } from './title.js';
import { flowVersion } from './versions.js';

/** Longest title of an instance and of its tasks (flow_instances.title, flow_tasks.title). */
const TITLE_MAX = 255;

/** What retitling needs of a flow_instances row. */
export interface RetitledInstance {
  id: number;
  entity: string | null;
  record_id: number | null;
  initiator_id: number;
  initiator_dept_id: number | null;
  title: string;
}

/**
 * Evaluates `def`'s title template of instance `row` again over form `data` (the record's fields), in `trx`; when
 * it gives a different non-empty title, writes it into the instance and its open tasks. Answers the title in force
 * afterwards (the old one when the flow has no template or it gives nothing).
 */
export async function retitleInstance(trx: Transaction<DB>, def: FlowDef, row: RetitledInstance, data: Record<string, unknown>): Promise<string> {
  const title = await templatedTitle(
    trx,
    def,
    { userId: row.initiator_id, deptId: row.initiator_dept_id, entity: row.entity, recordId: row.record_id, data },
    TITLE_MAX,
  );
  if (!title || title === row.title) return row.title;
  await trx.updateTable('flow_instances').set({ title }).where('id', '=', row.id).execute();
  await trx
    .updateTable('flow_tasks')
    .set({ title })
    .where('instance_id', '=', row.id)
    .where('status', 'in', ['pending', 'waiting'])
    .where('title', '<>', title)
    .execute();
  return title;
}

/**
 * After the owner changed record `recordId` of entity `entity` to `record` (in `trx`): retitles the newest flow
 * instance of that record, if any (see retitleInstance). Nothing happens for a record never submitted.
 */
export async function retitleRecordFlow(trx: Transaction<DB>, entity: string, recordId: number, record: Record<string, unknown>): Promise<void> {
  const row = await trx
    .selectFrom('flow_instances')
    .select(['id', 'def_id', 'def_version', 'entity', 'record_id', 'initiator_id', 'initiator_dept_id', 'title'])
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const ent = flowEntity(entity);
  if (!row || !ent) return;
  const def = await flowVersion(trx, row.def_id, row.def_version);
  if (!def?.title || !(def.title as { cel?: string }).cel) return;
  await retitleInstance(trx, def, row, recordData(ent, record));
}
