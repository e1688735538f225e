/**
 * The read side of one flow instance: who may see it and what they are shown (flow/info, flow/log and the answer
 * of every action, ./runtime.ts).
 *
 * Visibility: the initiator, the holders of its tasks (or those they act for), administrators, and a supervisor
 * (督办) for the instances started in the units he oversees (../scope.ts overseenDepartments); anyone else, and
 * everyone whose clearance is below the instance's 密级 (DESIGN §7), is answered as if it did not exist.
 */
import type { Kysely } from 'kysely';
import { allowedActions, type FlowDef, type FlowState } from '../../../../engine/flow/index.js';
import type { Locale } from '../../../shared/constants.js';
import type { InstanceView } from '../../../shared/flow.js';
import type { DB } from '../../db/types.js';
import { translate } from '../../i18n/index.js';
import { badInput } from '../../lib/errors.js';
import { clearanceOf } from '../../services/clearance.js';
import { overseenDepartments } from '../scope.js';
import { secretLevelOfInstance } from './secret.js';

/** What the read side needs of a `flow_instances` row. */
export interface InstanceRow {
  id: number;
  def_id: string;
  def_version: number;
  entity: string | null;
  record_id: number | null;
  title: string;
  initiator_id: number;
  initiator_dept_id: number | null;
  status: string;
  version: number;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
}

/** Who reads: the person, their locale, and whether they administer or supervise (./runtime.ts FlowCaller). */
export interface InstanceReader {
  userId: number;
  locale: Locale;
  admin?: boolean;
  supervisor?: boolean;
}

/**
 * Resolves when `c` may see instance `row` in `state` (see the module comment).
 * @throws ApiError -1 flow.notFound otherwise
 */
export async function assertVisible(db: Kysely<DB>, c: InstanceReader, row: InstanceRow, state: FlowState): Promise<void> {
  const involved = row.initiator_id === c.userId || state.tasks.some((t) => t.assignee === c.userId || t.onBehalfOf === c.userId);
  const oversees = async () =>
    c.supervisor === true && row.initiator_dept_id != null && (await overseenDepartments(db, c.userId)).includes(Number(row.initiator_dept_id));
  if (!involved && !c.admin && !(await oversees())) throw badInput(translate(c.locale, 'flow.notFound'));
  if (secretLevelOfInstance(row.entity, state) > (await clearanceOf(db, c.userId))) throw badInput(translate(c.locale, 'flow.notFound'));
}

/** The InstanceView of `row` for `c`: its columns, `state`, the pinned definition `def` and the actions `c` may take. */
export function presentInstance(c: InstanceReader, row: InstanceRow, def: FlowDef, state: FlowState): InstanceView {
  return {
    id: row.id,
    defId: row.def_id,
    defVersion: row.def_version,
    title: row.title,
    status: row.status,
    entity: row.entity,
    recordId: row.record_id,
    initiator: row.initiator_id,
    createdAt: Number(row.created_at),
    startedAt: row.started_at == null ? null : Number(row.started_at),
    endedAt: row.ended_at == null ? null : Number(row.ended_at),
    version: row.version,
    state,
    definition: def,
    actions: allowedActions(def, state, c.userId, { supervisor: c.supervisor }),
  };
}
