/**
 * What one action of the approval runtime (./runtime.ts) writes besides the instance row: the changed tasks into
 * flow_tasks (new ones inserted, changed ones updated, each carrying the instance's 密级), the pending timers into
 * flow_timers, the machine's events appended to flow_events (the flow log). Same SQL every time (./statements.ts).
 */
import type { Transaction } from 'kysely';
import type { Effects, FlowState, Task } from '../../../../engine/flow/index.js';
import type { DB } from '../../db/types.js';
import { insertEvents, insertTasks, updateTask, type TaskSet } from './statements.js';

/** The columns of flow_tasks that follow task `t` of a state (what an action may change). */
export function taskSet(t: Task): TaskSet {
  return {
    node_id: t.nodeId,
    node_run_id: t.nodeRunId,
    kind: t.kind,
    assignee_id: t.assignee,
    on_behalf_of: t.onBehalfOf ?? null,
    status: t.status,
    result: t.result ?? null,
    opinion: t.opinion ?? null,
    acted_at: t.actedAt ?? null,
    deadline: t.deadline ?? null,
    overdue: t.overdue ? 1 : 0,
  };
}

/** Inserts new and updates changed tasks of instance `row` (`before` null: it just started), syncs timers, appends events, in `trx`. */
export async function mirrorState(
  trx: Transaction<DB>,
  row: { id: number; def_id: string; title: string; initiator_id: number; secret_level?: number },
  before: FlowState | null,
  after: FlowState,
  effects: Effects,
): Promise<void> {
  const old = new Map((before?.tasks ?? []).map((t) => [t.id, JSON.stringify(t)]));
  const inserts = after.tasks.filter((t) => !old.has(t.id));
  await insertTasks(
    trx,
    inserts.map((t) => ({
      id: t.id,
      instance_id: row.id,
      title: row.title,
      def_id: row.def_id,
      initiator_id: row.initiator_id,
      created_at: t.createdAt,
      ...taskSet(t),
      secret_level: row.secret_level ?? 0,
    })),
  );
  for (const t of after.tasks) {
    const was = old.get(t.id);
    if (was !== undefined && was !== JSON.stringify(t)) await updateTask(trx, Object.assign(taskSet(t), { id: t.id }));
  }
  const timersBefore = new Set((before?.pendingTimers ?? []).map((t) => t.id));
  const timersAfter = new Set(after.pendingTimers.map((t) => t.id));
  const gone = [...timersBefore].filter((id) => !timersAfter.has(id));
  if (gone.length) await trx.deleteFrom('flow_timers').where('id', 'in', gone).execute();
  const added = after.pendingTimers.filter((t) => !timersBefore.has(t.id));
  if (added.length)
    await trx
      .insertInto('flow_timers')
      .values(added.map((t) => ({ id: t.id, instance_id: row.id, at: t.at, kind: t.kind, lease_owner: null })))
      .execute();
  await insertEvents(
    trx,
    effects.events.map((e) => ({
      instance_id: row.id,
      at: e.at,
      actor_id: e.actor,
      type: e.type,
      node_id: e.nodeId ?? null,
      task_id: e.taskId ?? null,
      opinion: e.opinion ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    })),
  );
}
