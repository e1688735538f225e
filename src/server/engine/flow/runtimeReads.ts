/**
 * The read side of the approval runtime (./runtime.ts): reading an instance row, the view of it one caller may
 * see, its flow log, and what an action reads before its transaction (on SQLite a transaction holds the only
 * connection, so these never run inside one): the form revision the record pinned and the check of the references
 * the action writes. Nothing here writes.
 */
import type { Kysely } from 'kysely';
import type { FlowDef, FlowState } from '../../../../engine/flow/index.js';
import type { FlowLogEntry, InstanceView } from '../../../shared/flow.js';
import type { Dialect } from '../../db/index.js';
import type { DB } from '../../db/types.js';
import { translate } from '../../i18n/index.js';
import { badInput } from '../../lib/errors.js';
import type { Locale } from '../../../shared/constants.js';
import { recordModels, type RecordModels } from '../recordModels.js';
import { recordFields } from '../records.js';
import { EntityService } from '../service.js';
import { assertVisible, presentInstance } from './instanceView.js';
import { flowEntity, type RecordRefCheck } from './records.js';
import { selectInstance } from './statements.js';
import type { FlowCaller } from './runtime.js';

/** One flow_instances row as the runtime reads it (`state` the JSON of the FlowState). */
export type FlowInstanceRow = {
  id: number;
  def_id: string;
  def_version: number;
  secret_level?: number;
  entity: string | null;
  record_id: number | null;
  title: string;
  initiator_id: number;
  initiator_dept_id: number | null;
  status: string;
  state: string;
  version: number;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
};

/** The row of instance `id`. @throws ApiError -1 flow.notFound in `locale`. */
export async function readInstance(db: Kysely<DB>, id: number, locale: Locale): Promise<FlowInstanceRow> {
  const row = (await selectInstance(db, { id })).rows[0] as FlowInstanceRow | undefined;
  if (!row) throw badInput(translate(locale, 'flow.notFound'));
  return row;
}

/** The view of instance `row` (pinned definition `def`, state `state`) for `c`; -1 flow.notFound unless `c` may see it (./instanceView.ts). */
export async function visibleView(db: Kysely<DB>, c: FlowCaller, row: FlowInstanceRow, def: FlowDef, state: FlowState): Promise<InstanceView> {
  await assertVisible(db, c, row, state);
  return presentInstance(c, row, def, state);
}

/**
 * The flow log (流程日志) of instance `id`, oldest first: `[{id, at, actor, actorName, type, nodeId, taskId, opinion,
 * detail}]`, `actor` null for the system. The caller checks that it may be seen.
 */
export async function flowLog(db: Kysely<DB>, id: number): Promise<FlowLogEntry[]> {
  const rows = await db
    .selectFrom('flow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.at', 'e.actor_id', 'u.realname', 'e.type', 'e.node_id', 'e.task_id', 'e.opinion', 'e.detail'])
    .where('e.instance_id', '=', id)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: Number(r.at),
    actor: r.actor_id,
    actorName: r.realname ?? null,
    type: r.type,
    nodeId: r.node_id,
    taskId: r.task_id,
    opinion: r.opinion,
    detail: r.detail ? JSON.parse(r.detail) : null,
  }));
}

/**
 * The revision models of the record behind instance `id` (../recordModels.ts), read outside any transaction;
 * undefined for an instance without a record or an unknown entity.
 */
export async function pinnedModels(db: Kysely<DB>, id: number): Promise<RecordModels | undefined> {
  const r = await db.selectFrom('flow_instances').select(['entity', 'record_id']).where('id', '=', id).executeTakeFirst();
  const def = r?.entity && r.record_id != null ? flowEntity(r.entity) : undefined;
  return def ? recordModels(db, def) : undefined;
}

/**
 * The check of the reference fields among `fields` that an action on instance `id` writes into its record, as
 * `add` / `edit` check them for caller `c` (../records.ts RecordRefs.checker: the target's view permission and
 * the caller's data scope of it), resolved outside any transaction; undefined when none is a reference field.
 */
export async function refChecker(db: Kysely<DB>, dialect: Dialect, c: FlowCaller, id: number, fields: string[]): Promise<RecordRefCheck | undefined> {
  const r = await db.selectFrom('flow_instances').select(['entity', 'record_id']).where('id', '=', id).executeTakeFirst();
  const def = r?.entity && r.record_id != null ? flowEntity(r.entity) : undefined;
  if (!def || !recordFields(def).some((f) => fields.includes(f.field))) return undefined;
  const caller = { userId: c.userId, username: '', deptId: c.deptId, ip: '', locale: c.locale };
  return new EntityService(def, db, dialect).records.checker(caller, fields);
}
