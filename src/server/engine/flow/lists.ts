/**
 * The work lists of the approval runtime ("Approval page and lists"), one indexed query each over
 * flow_tasks / flow_instances, newest first, `{list, total}` with `current` (default 1) and `pageSize`
 * (default 20, at most 100), an optional keyword on the title and `flows` (only those flows' items):
 * - todo (待办): the caller's open approve / handle / sign-for tasks;
 * - done (已办): the caller's tasks he acted on (approve, reject, return, sign-for…), latest first;
 * - cc (抄送我 / 传阅): cc and read tasks of the caller, open ones first;
 * - sent (已发): instances the caller started (not drafts);
 * - drafts (待发): the caller's drafts (never submitted, or returned to him).
 * Besides the keyword, `listFilters` (./listBody.ts) reads a date range (`from`, `to`, epoch ms: received for todo / cc,
 * handled for done, started for sent, saved for drafts), `overdue` (todo: only overdue) and `read`
 * (cc: `read` | `unread`). 督办 (supervise) lives in ./supervise.ts.
 * Scope: these lists (公文 and 事务 待办 / 已办 / 已发 / 待发 / 抄送) hold only the caller's own tasks and instances; no
 * role or unit widens them, and the 三员 are refused them (business, src/server/lib/business.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { InstanceItem, TaskItem } from '../../../shared/flow.js';
import { deadlineProvisional } from '../../../../engine/calendar/index.js';
import { preparedQuery, type Placeholders, type PreparedQuery } from './prepared.js';
import { areaOf, flowsOf, keywordOf, like, paging, type ListBody, type ListFilters } from './listBody.js';

export type { InstanceItem, TaskItem };

/** The values of a task list query; `f0`, `f1`… are the ids of the `flows` filter. */
export interface TaskValues {
  [flow: `f${number}`]: string;
  userId: number;
  limit: number;
  offset: number;
  area?: string;
  from?: number;
  to?: number;
  keyword?: string;
  clearance?: number;
}

/** What makes the SQL of a task list differ (everything else is a value). */
export interface TaskShape {
  kind: 'todo' | 'done' | 'cc';
  read: ListFilters['read'] | null;
  flows: number;
  area: boolean;
  from: boolean;
  to: boolean;
  overdue: boolean;
  keyword: boolean;
  /** Leave out tasks classified above `clearance` (密级). */
  secret: boolean;
}

interface TaskRow {
  id: string;
  instance_id: number;
  title: string;
  def_id: string;
  node_id: string;
  kind: string;
  status: string;
  result: string | null;
  initiator_id: number;
  on_behalf_of: number | null;
  created_at: number;
  acted_at: number | null;
  deadline: number | null;
  overdue: number;
  initiator_name: string | null;
}

/** The rows of a task list shape (where clause as the module comment says), newest first. */
function taskWhere(db: Kysely<DB>, s: TaskShape, p: Placeholders<TaskValues>) {
  let q = db.selectFrom('flow_tasks as t').where('t.assignee_id', '=', p.userId);
  if (s.flows)
    q = q.where(
      't.def_id',
      'in',
      Array.from({ length: s.flows }, (_, i) => p[`f${i}`]),
    );
  if (s.area) q = q.where('t.def_id', 'like', p.area!);
  if (s.kind === 'todo') q = q.where('t.status', '=', 'pending').where('t.kind', 'in', ['approve', 'handle', 'signfor']);
  else if (s.kind === 'done') q = q.where('t.acted_at', 'is not', null).where('t.kind', 'in', ['approve', 'handle', 'signfor']);
  else
    q = q.where('t.kind', 'in', ['cc', 'read']).where('t.status', 'in', s.read === 'read' ? ['done'] : s.read === 'unread' ? ['pending'] : ['pending', 'done']);
  const date = s.kind === 'done' ? 't.acted_at' : 't.created_at';
  if (s.from) q = q.where(date, '>=', p.from!);
  if (s.to) q = q.where(date, '<=', p.to!);
  if (s.kind === 'todo' && s.overdue) q = q.where('t.overdue', '=', 1);
  if (s.keyword) q = q.where('t.title', 'like', p.keyword!);
  if (s.secret) q = q.where('t.secret_level', '<=', p.clearance!);
  return q;
}

/** Prepared page and count queries per shape (a few dozen at most; bounded all the same). */
const taskQueries = new Map<string, { page: PreparedQuery<TaskValues, TaskRow>; count: PreparedQuery<TaskValues, { n: number | string | bigint }> }>();

const shapeKey = (s: TaskShape) => `${s.kind}|${s.read}|${s.flows}|${+s.area}${+s.from}${+s.to}${+s.overdue}${+s.keyword}${+s.secret}`;

function taskQueriesOf(s: TaskShape) {
  const key = shapeKey(s);
  let q = taskQueries.get(key);
  if (!q) {
    if (taskQueries.size >= 500) taskQueries.clear();
    q = {
      // Only the columns of a TaskItem (not node_run_id, opinion…), and the initiator's name by primary key.
      page: preparedQuery<TaskValues, TaskRow>((db, p) => {
        let page = taskWhere(db, s, p)
          .leftJoin('users as u', 'u.id', 't.initiator_id')
          .select([
            't.id',
            't.instance_id',
            't.title',
            't.def_id',
            't.node_id',
            't.kind',
            't.status',
            't.result',
            't.initiator_id',
            't.on_behalf_of',
            't.created_at',
            't.acted_at',
            't.deadline',
            't.overdue',
            'u.realname as initiator_name',
          ]);
        page =
          s.kind === 'done'
            ? page.orderBy('t.acted_at', 'desc')
            : s.kind === 'cc'
              ? page.orderBy('t.status', 'desc').orderBy('t.created_at', 'desc')
              : page.orderBy('t.created_at', 'desc');
        return page.orderBy('t.id', 'desc').limit(p.limit).offset(p.offset);
      }),
      count: preparedQuery<TaskValues, { n: number | string | bigint }>((db, p) => taskWhere(db, s, p).select((eb) => eb.fn.countAll().as('n'))),
    };
    taskQueries.set(key, q);
  }
  return q;
}

/** What a task list asks (taskListPlan): its SQL shape and values, and `key`, the two as one string. */
export interface TaskListPlan {
  shape: TaskShape;
  values: TaskValues;
  /** Kind, shape and every value (user, paging, filters, clearance): equal keys, equal answers over equal rows. */
  key: string;
}

/** The plan of a task list of `userId` (see taskList). */
export function taskListPlan(userId: number, kind: 'todo' | 'done' | 'cc', body: ListBody, filters: ListFilters = {}): TaskListPlan {
  const { current, pageSize } = paging(body);
  const keyword = keywordOf(body);
  const flows = flowsOf(body);
  const area = areaOf(body);
  const shape: TaskShape = {
    kind,
    read: kind === 'cc' ? (filters.read ?? null) : null,
    flows: flows?.length ?? 0,
    area: area !== null,
    from: filters.from !== undefined,
    to: filters.to !== undefined,
    overdue: kind === 'todo' && filters.overdue === true,
    keyword: keyword !== '',
    // 绝密 clearance (3) sees every level: no condition needed.
    secret: filters.clearance !== undefined && filters.clearance < 3,
  };
  const values: TaskValues = { userId, limit: pageSize, offset: (current - 1) * pageSize };
  if (flows) flows.forEach((f, i) => (values[`f${i}`] = f));
  if (area) values.area = `${area}.%`;
  if (filters.from !== undefined) values.from = filters.from;
  if (filters.to !== undefined) values.to = filters.to;
  if (keyword) values.keyword = like(keyword);
  if (shape.secret) values.clearance = filters.clearance;
  return { shape, values, key: `${shapeKey(shape)}|${JSON.stringify(values)}` };
}

/**
 * A task list of `userId` (todo, done, cc), narrowed by `filters`. `names[i]` is the name of the initiator of
 * `list[i]` (users.realname, null when the account is gone), read in the page's own query (for withNames).
 */
export async function taskList(
  db: Kysely<DB>,
  userId: number,
  kind: 'todo' | 'done' | 'cc',
  body: ListBody,
  filters: ListFilters = {},
): Promise<{ list: TaskItem[]; total: number; names: (string | null)[] }> {
  return runTaskList(db, taskListPlan(userId, kind, body, filters));
}

/** Runs `plan` (taskList): page and count, newest first. */
export async function runTaskList(db: Kysely<DB>, plan: TaskListPlan): Promise<{ list: TaskItem[]; total: number; names: (string | null)[] }> {
  const q = taskQueriesOf(plan.shape);
  const values = plan.values;
  const [{ rows }, count] = await Promise.all([q.page(db, values), q.count(db, values)]);
  const list: TaskItem[] = new Array(rows.length);
  const names: (string | null)[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    names[i] = r.initiator_name ?? null;
    list[i] = {
      taskId: r.id,
      instanceId: r.instance_id,
      title: r.title,
      defId: r.def_id,
      nodeId: r.node_id,
      kind: r.kind,
      status: r.status,
      result: r.result,
      initiator: r.initiator_id,
      onBehalfOf: r.on_behalf_of,
      createdAt: Number(r.created_at),
      actedAt: r.acted_at == null ? null : Number(r.acted_at),
      deadline: r.deadline == null ? null : Number(r.deadline),
      deadlineProvisional: r.deadline != null && r.status === 'pending' && deadlineProvisional(Number(r.created_at), Number(r.deadline)),
      overdue: r.overdue === 1,
    };
  }
  return { total: Number(count.rows[0]?.n ?? 0), list, names };
}

/** An instance list of `userId` (sent, drafts), narrowed by `filters` (the date: started, or saved for drafts). */
export async function instanceList(
  db: Kysely<DB>,
  userId: number,
  kind: 'sent' | 'drafts',
  body: ListBody,
  filters: ListFilters = {},
): Promise<{ list: InstanceItem[]; total: number }> {
  const { current, pageSize } = paging(body);
  const keyword = keywordOf(body);
  let q = db.selectFrom('flow_instances').where('initiator_id', '=', userId);
  const flows = flowsOf(body);
  if (flows) q = q.where('def_id', 'in', flows);
  const area = areaOf(body);
  if (area) q = q.where('def_id', 'like', `${area}.%`);
  q = kind === 'drafts' ? q.where('status', '=', 'draft') : q.where('status', '!=', 'draft');
  const date = kind === 'drafts' ? 'updated_at' : 'started_at';
  if (filters.from !== undefined) q = q.where(date, '>=', filters.from);
  if (filters.to !== undefined) q = q.where(date, '<=', filters.to);
  if (keyword) q = q.where((eb) => eb('title', 'like', like(keyword)));
  if (filters.clearance !== undefined && filters.clearance < 3) q = q.where('secret_level', '<=', filters.clearance);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'title', 'def_id', 'status', 'initiator_id', 'created_at', 'started_at', 'ended_at', 'updated_at'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { total: Number(count?.n ?? 0), list: rows.map(instanceItem) };
}

/** One flow_instances row (id, title, def_id, status, initiator_id and the times) as a list item. */
export function instanceItem(r: {
  id: number;
  title: string;
  def_id: string;
  status: string;
  initiator_id: number;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  updated_at: number;
}): InstanceItem {
  return {
    instanceId: r.id,
    initiator: r.initiator_id,
    title: r.title,
    defId: r.def_id,
    status: r.status,
    createdAt: Number(r.created_at),
    startedAt: r.started_at == null ? null : Number(r.started_at),
    endedAt: r.ended_at == null ? null : Number(r.ended_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The counts of the caller's lists (console and menu badges): open todo, open cc/read, drafts, overdue todo; `flows` limits them. */
export async function listCounts(
  db: Kysely<DB>,
  userId: number,
  body: ListBody = {},
  clearance?: number,
): Promise<{ todo: number; cc: number; drafts: number; overdue: number }> {
  const flows = flowsOf(body);
  const area = areaOf(body);
  const tasks = () => {
    let q = db
      .selectFrom('flow_tasks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('assignee_id', '=', userId)
      .where('status', '=', 'pending');
    if (flows) q = q.where('def_id', 'in', flows);
    if (area) q = q.where('def_id', 'like', `${area}.%`);
    // The lists leave out what is classified above the reader's clearance (密级): so do their counts.
    if (clearance !== undefined && clearance < 3) q = q.where('secret_level', '<=', clearance);
    return q;
  };
  let drafts = db
    .selectFrom('flow_instances')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('initiator_id', '=', userId)
    .where('status', '=', 'draft');
  if (flows) drafts = drafts.where('def_id', 'in', flows);
  if (area) drafts = drafts.where('def_id', 'like', `${area}.%`);
  const [todo, cc, draftN, overdue] = await Promise.all([
    tasks().where('kind', 'in', ['approve', 'handle', 'signfor']).executeTakeFirst(),
    tasks().where('kind', 'in', ['cc', 'read']).executeTakeFirst(),
    drafts.executeTakeFirst(),
    tasks().where('kind', 'in', ['approve', 'handle', 'signfor']).where('overdue', '=', 1).executeTakeFirst(),
  ]);
  return { todo: Number(todo?.n ?? 0), cc: Number(cc?.n ?? 0), drafts: Number(draftN?.n ?? 0), overdue: Number(overdue?.n ?? 0) };
}
