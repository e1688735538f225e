/**
 * The statements the approval runtime (./runtime.ts) runs on every action, compiled once (./prepared.ts): an
 * approval runs the same few shapes, and building them with Kysely each time cost as much as running them
 * (bench). Same SQL as the query builder writes.
 */
import { preparedInsert, preparedQuery } from './prepared.js';

/** `select *` of instance `id`. */
export const selectInstance = preparedQuery<{ id: number }, unknown>((db, p) => db.selectFrom('flow_instances').selectAll().where('id', '=', p.id));
/** The same with `for update` (PostgreSQL: the row stays locked until the transaction ends). */
export const lockInstance = preparedQuery<{ id: number }, unknown>((db, p) => db.selectFrom('flow_instances').selectAll().where('id', '=', p.id).forUpdate());
/** Columns an action writes into flow_instances (besides updated_at). */
export type InstanceSet = { state: string; status: string; version: number; started_at: number | null; ended_at: number | null; secret_level: number };
/** Writes `InstanceSet` and updated_at at version `was` (no row changed: someone acted meanwhile). */
export const updateInstance = preparedQuery<InstanceSet & { updated_at: number; id: number; was: number }, unknown>((db, p) =>
  db
    .updateTable('flow_instances')
    .set({
      state: p.state,
      status: p.status,
      version: p.version,
      started_at: p.started_at,
      ended_at: p.ended_at,
      secret_level: p.secret_level,
      updated_at: p.updated_at,
    })
    .where('id', '=', p.id)
    .where('version', '=', p.was),
);
/**
 * The same without `status` (and `p.status` ignored), for an action that leaves the status as it was: SQLite
 * rewrites the entries of every index holding a column the statement sets, even to the value it had (the three
 * status indexes of flow_instances: pages written into the WAL on every approval).
 */
export const updateInstanceSameStatus = preparedQuery<InstanceSet & { updated_at: number; id: number; was: number }, unknown>((db, p) =>
  db
    .updateTable('flow_instances')
    .set({ state: p.state, version: p.version, started_at: p.started_at, ended_at: p.ended_at, secret_level: p.secret_level, updated_at: p.updated_at })
    .where('id', '=', p.id)
    .where('version', '=', p.was),
);
/** Columns of a task that an action may change. */
export type TaskSet = {
  node_id: string;
  node_run_id: string;
  kind: string;
  assignee_id: number;
  on_behalf_of: number | null;
  status: string;
  result: string | null;
  opinion: string | null;
  acted_at: number | null;
  deadline: number | null;
  overdue: number;
};
/** Writes `TaskSet` into task `id`. */
export const updateTask = preparedQuery<TaskSet & { id: string }, unknown>((db, p) =>
  db
    .updateTable('flow_tasks')
    .set({
      node_id: p.node_id,
      node_run_id: p.node_run_id,
      kind: p.kind,
      assignee_id: p.assignee_id,
      on_behalf_of: p.on_behalf_of,
      status: p.status,
      result: p.result,
      opinion: p.opinion,
      acted_at: p.acted_at,
      deadline: p.deadline,
      overdue: p.overdue,
    })
    .where('id', '=', p.id),
);
/** New tasks (every column). */
export const insertTasks = preparedInsert('flow_tasks', [
  'id',
  'instance_id',
  'title',
  'def_id',
  'initiator_id',
  'created_at',
  'node_id',
  'node_run_id',
  'kind',
  'assignee_id',
  'on_behalf_of',
  'status',
  'result',
  'opinion',
  'acted_at',
  'deadline',
  'overdue',
  'secret_level',
]);
/** Events of the append-only log. */
export const insertEvents = preparedInsert('flow_events', ['instance_id', 'at', 'actor_id', 'type', 'node_id', 'task_id', 'opinion', 'detail']);
