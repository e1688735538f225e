/**
 * 督办 / 催办 ("Lists", SPEC /affair/swdb): the work list of instances one follows up, and the counts
 * of every work list.
 *
 * Scope: the instances the caller started, or in which the caller already acted on a deciding task
 * (approve / handle / sign for) — the people the machine lets urge; a holder of SUPERVISE_CODE sees every
 * instance (of the listed flows) started in the units he oversees (his units and those below them, ../scope.ts
 * overseenDepartments), never another unit's. Default status `running` (`status` filter: finished, rejected, withdrawn,
 * all = every submitted one). Each row names the current step(s) and their handlers, the earliest deadline
 * of the open tasks and whether one is overdue, how many times it was urged (催办 events of flow_events), and
 * whether the caller may urge it now (`mayUrge`, the machine's own rule).
 */
import type { Kysely } from 'kysely';
import { allowedActions, indexFlow, type FlowState } from '../../../../engine/flow/index.js';
import { deadlineProvisional } from '../../../../engine/calendar/index.js';
import type { DB } from '../../db/types.js';
import type { SuperviseItem } from '../../../shared/flow.js';
import { listCounts } from './lists.js';
import { areaOf, flowsOf, keywordOf, like, paging, type ListBody, type ListFilters } from './listBody.js';
import { overseenDepartments } from '../scope.js';
import { flowVersion } from './versions.js';

export type { SuperviseItem };

/** The permission code of 督办: see every instance in the supervise list (granted to office directors and leaders). */
export const SUPERVISE_CODE = 'flow:supervise';

/** Task kinds that decide (the ones handlers act on and one may urge). */
const DECIDING = ['approve', 'handle', 'signfor'];

/**
 * The supervise list of `userId` (`supervisor`: holds SUPERVISE_CODE), `{list, total}` newest first;
 * `filters`: from / to on the start time, overdue (only those with an overdue open task), status.
 * `text` names steps in the caller's language.
 */
export async function superviseList(
  db: Kysely<DB>,
  userId: number,
  supervisor: boolean,
  body: ListBody,
  filters: ListFilters,
  text: (t: { t: string; d: string } | undefined) => string,
): Promise<{ list: SuperviseItem[]; total: number }> {
  const { current, pageSize } = paging(body);
  const q = superviseQuery(db, userId, supervisor ? await overseenDepartments(db, userId) : null, body, filters);
  const [rows, count] = await Promise.all([
    q
      .select(['i.id', 'i.title', 'i.def_id', 'i.def_version', 'i.status', 'i.initiator_id', 'i.started_at', 'i.ended_at', 'i.state'])
      .orderBy('i.id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  const ids = rows.map((r) => r.id);
  const [tasks, urges] = ids.length
    ? await Promise.all([
        db
          .selectFrom('flow_tasks as t')
          .leftJoin('users as u', 'u.id', 't.assignee_id')
          .select(['t.instance_id', 't.node_id', 't.assignee_id', 'u.realname', 't.deadline', 't.overdue'])
          .where('t.instance_id', 'in', ids)
          .where('t.status', '=', 'pending')
          .where('t.kind', 'in', DECIDING)
          .orderBy('t.created_at')
          .orderBy('t.id')
          .execute(),
        db
          .selectFrom('flow_events')
          .select(['instance_id', (eb) => eb.fn.countAll().as('n')])
          .where('instance_id', 'in', ids)
          .where('type', '=', 'urge')
          .groupBy('instance_id')
          .execute(),
      ])
    : [[], []];
  const urged = new Map(urges.map((u) => [u.instance_id, Number(u.n)]));
  const list: SuperviseItem[] = [];
  for (const r of rows) {
    const def = await flowVersion(db, r.def_id, r.def_version);
    const ix = def ? indexFlow(def) : undefined;
    const open = tasks.filter((t) => t.instance_id === r.id);
    const nodeIds = [...new Set(open.map((t) => t.node_id))];
    const deadlines = open.map((t) => (t.deadline == null ? null : Number(t.deadline))).filter((d): d is number => d !== null);
    list.push({
      instanceId: r.id,
      title: r.title,
      defId: r.def_id,
      status: r.status,
      initiator: r.initiator_id,
      startedAt: r.started_at == null ? null : Number(r.started_at),
      endedAt: r.ended_at == null ? null : Number(r.ended_at),
      nodes: nodeIds.map((id) => {
        const node = ix?.nodes.get(id)?.node;
        return { id, title: node ? text(node.title) : id };
      }),
      handlers: [...new Set(open.map((t) => t.realname ?? String(t.assignee_id)))],
      deadline: deadlines.length ? Math.min(...deadlines) : null,
      deadlineProvisional: deadlines.length > 0 && deadlineProvisional(null, Math.min(...deadlines)),
      overdue: open.some((t) => t.overdue === 1),
      urgeCount: urged.get(r.id) ?? 0,
      mayUrge: !!def && allowedActions(def, JSON.parse(r.state) as FlowState, userId, { supervisor }).includes('urge'),
    });
  }
  return { total: Number(count?.n ?? 0), list };
}

/** The instances of the supervise list of `userId` (see superviseList), unordered and unpaged. */
function superviseQuery(db: Kysely<DB>, userId: number, overseen: number[] | null, body: ListBody, filters: ListFilters) {
  let q = db.selectFrom('flow_instances as i');
  const status = filters.status ?? 'running';
  q = status === 'all' ? q.where('i.status', '!=', 'draft') : q.where('i.status', '=', status);
  if (overseen) q = q.where('i.initiator_dept_id', 'in', overseen.length ? overseen : [-1]);
  else {
    q = q.where((eb) =>
      eb.or([
        eb('i.initiator_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('flow_tasks as m')
            .select('m.id')
            .whereRef('m.instance_id', '=', 'i.id')
            .where('m.assignee_id', '=', userId)
            .where('m.status', '=', 'done')
            .where('m.kind', 'in', DECIDING),
        ),
      ]),
    );
  }
  const flows = flowsOf(body);
  if (flows) q = q.where('i.def_id', 'in', flows);
  const area = areaOf(body);
  if (area) q = q.where('i.def_id', 'like', `${area}.%`);
  const keyword = keywordOf(body);
  if (keyword) q = q.where('i.title', 'like', like(keyword));
  // 密级 (DESIGN §7): a supervisor sees every instance, but never one classified above their clearance.
  if (filters.clearance !== undefined && filters.clearance < 3) q = q.where('i.secret_level', '<=', filters.clearance);
  if (filters.from !== undefined) q = q.where('i.started_at', '>=', filters.from);
  if (filters.to !== undefined) q = q.where('i.started_at', '<=', filters.to);
  if (filters.overdue) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('flow_tasks as o')
          .select('o.id')
          .whereRef('o.instance_id', '=', 'i.id')
          .where('o.status', '=', 'pending')
          .where('o.overdue', '=', 1)
          .where('o.kind', 'in', DECIDING),
      ),
    );
  }
  return q;
}

/**
 * Counts per work list of `userId`: listCounts (todo, cc, drafts, overdue) plus done, sent and supervise (running);
 * with `clearance`, like the lists, nothing classified above it (密级).
 */
export async function allCounts(
  db: Kysely<DB>,
  userId: number,
  supervisor: boolean,
  body: ListBody = {},
  clearance?: number,
): Promise<{ todo: number; cc: number; drafts: number; overdue: number; done: number; sent: number; supervise: number }> {
  const flows = flowsOf(body);
  const area = areaOf(body);
  let done = db
    .selectFrom('flow_tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('assignee_id', '=', userId)
    .where('acted_at', 'is not', null)
    .where('kind', 'in', DECIDING);
  let sent = db
    .selectFrom('flow_instances')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('initiator_id', '=', userId)
    .where('status', '!=', 'draft');
  if (flows) {
    done = done.where('def_id', 'in', flows);
    sent = sent.where('def_id', 'in', flows);
  }
  if (area) {
    done = done.where('def_id', 'like', `${area}.%`);
    sent = sent.where('def_id', 'like', `${area}.%`);
  }
  if (clearance !== undefined && clearance < 3) {
    done = done.where('secret_level', '<=', clearance);
    sent = sent.where('secret_level', '<=', clearance);
  }
  const [base, d, s, sv] = await Promise.all([
    listCounts(db, userId, body, clearance),
    done.executeTakeFirst(),
    sent.executeTakeFirst(),
    superviseQuery(db, userId, supervisor ? await overseenDepartments(db, userId) : null, body, { clearance })
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return { ...base, done: Number(d?.n ?? 0), sent: Number(s?.n ?? 0), supervise: Number(sv?.n ?? 0) };
}
