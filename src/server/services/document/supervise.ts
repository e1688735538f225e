/**
 * 督办 of official documents (SPEC §7 document/gwdbList, saveDb, dbHistory, cbHistory, checkSupervision; issue 5
 * "督办 with deadlines and urging"). The query layer over the document flows (发文 document.send, 收文
 * document.receive) that src/server/engine/flow/supervise.ts (督办 of any flow) does not have: the data scope of
 * the supervisor, the 密级 of the documents and the 督办 entries of migration 0017.
 *
 * Who is listed (`gwdbList`): holders of `document:supervise` see the running document flows of their data scope
 * (the widest `data_scope` of their roles: all; unit — started from a department of their unit; department —
 * from their department; own — started by them); everyone else the running ones they started. Never a document
 * classified above the caller's clearance (DESIGN §7). Rows are SuperviseItem (src/shared/flow.ts) like the
 * generic 督办 list, newest first.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { indexFlow, type FlowDef } from '../../../../engine/flow/index.js';
import type { DataScope } from '../../../../engine/schema/types.js';
import type { SuperviseItem } from '../../../shared/flow.js';
import type { DB } from '../../db/types.js';
import { keywordOf, like, paging } from '../../engine/flow/lists.js';
import { flowVersion } from '../../engine/flow/versions.js';
import { now } from '../../lib/clock.js';
import { isPg } from '../docNumbers.js';
import { SCOPE_CACHE_TTL_MS } from '../../engine/scope.js';

export type { SuperviseItem };

/** The permission of 督办 over documents (schemas/document/area.json). */
export const DOC_SUPERVISE_CODE = 'document:supervise';
/** The flows of official documents and their records' tables (derived from schemas/document/entities). */
export const DOC_FLOWS: Record<string, string> = { 'document.send': 'biz_doc_send', 'document.receive': 'biz_doc_receive' };
/** Longest 督办意见 (doc_supervisions.remark). */
export const SUPERVISION_REMARK_MAX = 1000;
/** How long the total of a 督办 list is reused for the same caller scope and filters (ms). */
export const GWDB_TOTAL_TTL_MS = 10_000;

const DECIDING = ['approve', 'handle', 'signfor'];

/** Who asks for the list: the 督办 right, its data scope, the session's department and unit, the clearance. */
export interface GwdbCaller {
  userId: number;
  supervisor: boolean;
  scope: DataScope;
  deptId: number | null;
  /** Departments of the caller's unit (for scope unit). */
  unitDepts: number[];
  clearance: number;
}

/** The body of gwdbList. */
export interface GwdbQuery {
  current?: number;
  pageSize?: number;
  keyword?: string;
  overdue?: boolean;
}

const totals = new WeakMap<object, Map<string, { at: number; n: number }>>();
const indexes = new WeakMap<FlowDef, ReturnType<typeof indexFlow>>();

/**
 * Row of the page statement: an instance of the page with one of its open deciding tasks (task columns null when
 * it has none).
 */
interface PageRow {
  id: number;
  title: string;
  def_id: string;
  def_version: number;
  status: string;
  initiator_id: number;
  started_at: number | null;
  urges: number | string;
  task_id: string | null;
  node_id: string | null;
  assignee_id: number | null;
  realname: string | null;
  task_created: number | null;
  deadline: number | null;
  overdue: number | null;
}

/** Parameters of one statement, with the placeholder syntax of the database ($n on PostgreSQL, ? on SQLite). */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly pg: boolean) {}
  /** The placeholder of `v`. */
  p(v: unknown): string {
    this.values.push(v);
    return this.pg ? `$${this.values.length}` : '?';
  }
  /** Placeholders of every value of `vs`, comma separated. */
  list(vs: readonly unknown[]): string {
    return vs.map((v) => this.p(v)).join(', ');
  }
}

const FLOW_IDS = Object.keys(DOC_FLOWS);

/**
 * `from … where …` of the running document instances of `c` (see the module comment), in `x`'s placeholders.
 * Plain SQL text (the same for both databases apart from placeholders): the list is read on every visit of the
 * 督办 page, and building it through the query builder cost more than running it.
 */
function listWhere(x: Params, c: GwdbCaller, q: GwdbQuery): string {
  const parts = [`from flow_instances i where i.def_id in (${x.list(FLOW_IDS)}) and i.status = ${x.p('running')}`];
  const own = !c.supervisor || c.scope === 'own' || (c.scope === 'department' && c.deptId == null) || (c.scope === 'unit' && !c.unitDepts.length);
  if (own) parts.push(`and i.initiator_id = ${x.p(c.userId)}`);
  else if (c.scope === 'department') parts.push(`and i.initiator_dept_id = ${x.p(c.deptId)}`);
  else if (c.scope === 'unit') parts.push(`and i.initiator_dept_id in (${x.list(c.unitDepts)})`);
  if (c.clearance < 3) {
    // 密级: no record of either document entity above the clearance ('0'..'3' compare as text).
    for (const [flow, table] of Object.entries(DOC_FLOWS)) {
      parts.push(`and not exists (select 1 from ${table} s where s.id = i.record_id and i.def_id = ${x.p(flow)} and s."secretLevel" > ${x.p(String(c.clearance))})`);
    }
  }
  const keyword = keywordOf(q as { keyword?: unknown });
  if (keyword) parts.push(`and i.title like ${x.p(like(keyword))}`);
  if (q.overdue) {
    parts.push(
      `and exists (select 1 from flow_tasks o where o.instance_id = i.id and o.status = ${x.p('pending')} and o.overdue = 1 and o.kind in (${x.list(DECIDING)}))`,
    );
  }
  return parts.join(' ');
}

async function rowsOf<R>(db: Kysely<DB>, x: Params, text: string): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, x.values))).rows;
}

/** Largest number of remembered pages per database. */
const PAGE_CACHE_MAX = 1000;
const pages = new WeakMap<object, Map<string, { mark: number; result: { list: SuperviseItem[]; total: number } }>>();

/** The newest entry of the flow log (max flow_events.id, 0 when empty): it moves with every action on any flow. */
async function flowLogMark(db: Kysely<DB>): Promise<number> {
  const r = await rowsOf<{ m: number | string | null }>(db, new Params(false), 'select max(id) as m from flow_events');
  return Number(r[0]?.m ?? 0);
}

/**
 * The 督办 list of `c`: `{list: SuperviseItem[], total}`, newest first, `text` naming steps in `locale`.
 *
 * A page is remembered per caller, scope, locale and query, together with the newest entry of the flow log when it
 * was read: as long as nothing happened on any flow since (no flow_events row was added — every start, action,
 * 催办 and fired deadline adds one), the same page is answered again without reading it; after any action it is
 * read afresh. (Renamed people keep their old names in a remembered page until the next action.)
 * A supervisor's total (scope wider than own) is counted at most every GWDB_TOTAL_TTL_MS for the same scope and
 * filters even while flows move: over a million documents counting the running ones costs more than the page.
 */
export async function gwdbList(
  db: Kysely<DB>,
  c: GwdbCaller,
  q: GwdbQuery,
  text: (t: { t: string; d: string } | undefined) => string,
  locale = '',
): Promise<{ list: SuperviseItem[]; total: number }> {
  const { current, pageSize } = paging(q);
  const key = [locale, c.userId, c.supervisor ? 1 : 0, c.scope, c.deptId, c.unitDepts.join(','), c.clearance, current, pageSize, q.overdue ? 1 : 0, keywordOf(q as { keyword?: unknown })].join('|');
  let cache = pages.get(db);
  if (!cache) pages.set(db, (cache = new Map()));
  const mark = await flowLogMark(db);
  const hit = cache.get(key);
  if (hit && hit.mark === mark) return hit.result;
  const result = await readList(db, c, q, text);
  if (cache.size >= PAGE_CACHE_MAX) cache.clear();
  cache.set(key, { mark, result });
  return result;
}

/** The 督办 list of `c` read from the database (see gwdbList). */
async function readList(db: Kysely<DB>, c: GwdbCaller, q: GwdbQuery, text: (t: { t: string; d: string } | undefined) => string): Promise<{ list: SuperviseItem[]; total: number }> {
  const { current, pageSize } = paging(q);
  const pg = isPg(db);
  let cache = totals.get(db);
  if (!cache) totals.set(db, (cache = new Map()));
  const at = now();
  // Only lists wider than the caller's own documents are worth caching (and might be read often).
  const shared = c.supervisor && c.scope !== 'own';
  const key = shared ? `${c.scope}|${c.scope === 'department' ? c.deptId : c.scope === 'unit' ? c.unitDepts[0] : 0}|${c.clearance}|${q.overdue ? 1 : 0}|${keywordOf(q as { keyword?: unknown })}` : '';
  const hit = shared ? cache.get(key) : undefined;
  const page = new Params(pg);
  // One statement: the page (with its 催办 count; ended_at is null while running) and the open deciding tasks of
  // each of its instances — current step, handlers, deadline, overdue.
  const urges = `(select count(*) from flow_events e where e.instance_id = i.id and e.type = ${page.p('urge')}) as urges`;
  const where = listWhere(page, c, q);
  const pageSql =
    `with p as (select i.id, i.title, i.def_id, i.def_version, i.status, i.initiator_id, i.started_at, ${urges} ${where} ` +
    `order by i.id desc limit ${page.p(pageSize)} offset ${page.p((current - 1) * pageSize)}) ` +
    `select p.id, p.title, p.def_id, p.def_version, p.status, p.initiator_id, p.started_at, p.urges, t.id as task_id, t.node_id, t.assignee_id, ` +
    `u.realname, t.created_at as task_created, t.deadline, t.overdue from p ` +
    `left join flow_tasks t on t.instance_id = p.id and t.status = ${page.p('pending')} and t.kind in (${page.list(DECIDING)}) ` +
    `left join users u on u.id = t.assignee_id order by p.id desc`;
  const [joined, total] = await Promise.all([
    rowsOf<PageRow>(db, page, pageSql),
    hit && at - hit.at < GWDB_TOTAL_TTL_MS && at >= hit.at
      ? hit.n
      : (async () => {
          const x = new Params(pg);
          const n = Number((await rowsOf<{ n: number | string }>(db, x, `select count(*) as n ${listWhere(x, c, q)}`))[0]?.n ?? 0);
          if (cache!.size > 1000) cache!.clear();
          if (shared) cache!.set(key, { at, n });
          return n;
        })(),
  ]);
  if (!joined.length) return { list: [], total };
  // The instances in page order, each with its open tasks in task order (created, then id).
  const rows: PageRow[] = [];
  const open = new Map<number, PageRow[]>();
  for (const r of joined) {
    let mine = open.get(r.id);
    if (!mine) {
      rows.push(r);
      open.set(r.id, (mine = []));
    }
    if (r.task_id != null) mine.push(r);
  }
  const byTaskOrder = (a: PageRow, b: PageRow) => Number(a.task_created) - Number(b.task_created) || (a.task_id! < b.task_id! ? -1 : a.task_id! > b.task_id! ? 1 : 0);
  const list: SuperviseItem[] = [];
  // A page holds one or two flow versions: each is looked up once.
  const versions = new Map<string, ReturnType<typeof indexFlow> | undefined>();
  for (const r of rows) {
    const vk = `${r.def_id}@${r.def_version}`;
    let ix = versions.get(vk);
    if (!versions.has(vk)) {
      const def = await flowVersion(db, r.def_id, r.def_version);
      ix = def ? indexes.get(def) : undefined;
      if (def && !ix) indexes.set(def, (ix = indexFlow(def)));
      versions.set(vk, ix);
    }
    const mine = (open.get(r.id) ?? []).sort(byTaskOrder);
    const nodeIds = [...new Set(mine.map((t) => t.node_id as string))];
    let deadline: number | null = null;
    for (const t of mine) if (t.deadline != null && (deadline === null || Number(t.deadline) < deadline)) deadline = Number(t.deadline);
    list.push({
      instanceId: r.id,
      title: r.title,
      defId: r.def_id,
      status: r.status,
      initiator: r.initiator_id,
      startedAt: r.started_at == null ? null : Number(r.started_at),
      endedAt: null,
      nodes: nodeIds.map((id) => {
        const node = ix?.nodes.get(id)?.node;
        return { id, title: node ? text(node.title) : id };
      }),
      handlers: [...new Set(mine.map((t) => t.realname ?? String(t.assignee_id)))],
      deadline,
      overdue: mine.some((t) => t.overdue === 1),
      urgeCount: Number(r.urges ?? 0),
      // The machine's rule (engine/flow mayUrge) for a running instance listed here: open work, and the
      // caller supervises or started it.
      mayUrge: mine.length > 0 && (c.supervisor || r.initiator_id === c.userId),
    });
  }
  return { list, total };
}

/** A 督办 entry as the API answers it. */
export interface SupervisionEntry {
  id: number;
  instanceId: number;
  userId: number;
  userName: string | null;
  deadline: number | null;
  remark: string;
  createdAt: number;
  /** 'supervise' a 督办 entry | 'reassign' a change of 督办人 (dbUpdateDbr, services/document/supervisors.ts). */
  kind: string;
  /** The 督办人 named by a 'reassign' entry, and the one it replaced; null on 'supervise' entries. */
  supervisorId: number | null;
  supervisorName: string | null;
  previousId: number | null;
  previousName: string | null;
}

/** Records a 督办 entry of instance `instanceId` by `userId` (one transaction); answers it. */
export async function saveSupervision(db: Kysely<DB>, input: { instanceId: number; userId: number; deadline: number | null; remark: string }): Promise<SupervisionEntry> {
  const at = now();
  const row = await db.transaction().execute((trx) =>
    trx
      .insertInto('doc_supervisions')
      .values({ instance_id: input.instanceId, user_id: input.userId, deadline: input.deadline, remark: input.remark, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const user = await db.selectFrom('users').select('realname').where('id', '=', input.userId).executeTakeFirst();
  const none = { supervisorId: null, supervisorName: null, previousId: null, previousName: null };
  return { id: Number(row.id), instanceId: input.instanceId, userId: input.userId, userName: user?.realname ?? null, deadline: input.deadline, remark: input.remark, createdAt: at, kind: 'supervise', ...none };
}

/** The 督办 entries of instance `instanceId`, oldest first. */
export async function supervisionHistory(db: Kysely<DB>, instanceId: number): Promise<SupervisionEntry[]> {
  const rows = await db
    .selectFrom('doc_supervisions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as n', 'n.id', 's.supervisor_id')
    .leftJoin('users as p', 'p.id', 's.previous_id')
    .select(['s.id', 's.instance_id', 's.user_id', 'u.realname', 's.deadline', 's.remark', 's.created_at', 's.kind', 's.supervisor_id', 'n.realname as supervisor_name', 's.previous_id', 'p.realname as previous_name'])
    .where('s.instance_id', '=', instanceId)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    instanceId: r.instance_id,
    userId: r.user_id,
    userName: r.realname ?? null,
    deadline: r.deadline == null ? null : Number(r.deadline),
    remark: r.remark,
    createdAt: Number(r.created_at),
    kind: r.kind,
    supervisorId: r.supervisor_id,
    supervisorName: r.supervisor_name ?? null,
    previousId: r.previous_id,
    previousName: r.previous_name ?? null,
  }));
}

/** Whether instance `instanceId` has a 督办 entry. */
export async function isSupervised(db: Kysely<DB>, instanceId: number): Promise<boolean> {
  return !!(await db.selectFrom('doc_supervisions').select('id').where('instance_id', '=', instanceId).limit(1).executeTakeFirst());
}

/** A 催办 of the flow log: when, by whom, the message, and the handlers it reminded (names, task order). */
export interface UrgeEntry {
  id: number;
  at: number;
  actor: number | null;
  actorName: string | null;
  opinion: string | null;
  handlers: string[];
}

/** The 催办 (urge) events of instance `instanceId` (flow_events type 'urge'), oldest first. */
export async function urgeHistory(db: Kysely<DB>, instanceId: number): Promise<UrgeEntry[]> {
  const rows = await db
    .selectFrom('flow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.at', 'e.actor_id', 'u.realname', 'e.opinion', 'e.detail'])
    .where('e.instance_id', '=', instanceId)
    .where('e.type', '=', 'urge')
    .orderBy('e.id')
    .execute();
  const taskIds = new Set<string>();
  const parsed = rows.map((r) => {
    const tasks = ((r.detail ? JSON.parse(r.detail) : {}) as { tasks?: unknown }).tasks;
    const ids = Array.isArray(tasks) ? tasks.filter((t): t is string => typeof t === 'string') : [];
    for (const t of ids) taskIds.add(t);
    return ids;
  });
  const holders = taskIds.size
    ? await db.selectFrom('flow_tasks as t').leftJoin('users as u', 'u.id', 't.assignee_id').select(['t.id', 'u.realname']).where('t.id', 'in', [...taskIds]).execute()
    : [];
  const nameOf = new Map(holders.map((h) => [h.id, h.realname ?? '']));
  return rows.map((r, i) => ({
    id: r.id,
    at: Number(r.at),
    actor: r.actor_id,
    actorName: r.realname ?? null,
    opinion: r.opinion,
    handlers: [...new Set(parsed[i].map((t) => nameOf.get(t)).filter((n): n is string => !!n))],
  }));
}

const unitDepts = new WeakMap<object, Map<number, { at: number; ids: number[] }>>();

/**
 * The departments whose unit is `unitId` (the unit itself included), from the department tree; reused for
 * SCOPE_CACHE_TTL_MS like the scope cache of engine/scope.ts.
 */
export async function departmentsOfUnit(db: Kysely<DB>, unitId: number | null): Promise<number[]> {
  if (unitId == null) return [];
  let cache = unitDepts.get(db);
  if (!cache) unitDepts.set(db, (cache = new Map()));
  const at = now();
  const hit = cache.get(unitId);
  if (hit && at - hit.at < SCOPE_CACHE_TTL_MS && at >= hit.at) return hit.ids;
  const ids = await unitDepartments(db, unitId);
  cache.set(unitId, { at, ids });
  return ids;
}

async function unitDepartments(db: Kysely<DB>, unitId: number): Promise<number[]> {
  const depts = await db.selectFrom('departments').select(['id', 'parent_id', 'kind']).execute();
  const byId = new Map(depts.map((d) => [d.id, d]));
  return depts
    .filter((d) => {
      let cur: (typeof depts)[number] | undefined = d;
      for (let hops = 0; cur && cur.kind !== 'unit' && hops < 64; hops++) cur = cur.parent_id == null ? undefined : byId.get(cur.parent_id);
      return cur?.id === unitId;
    })
    .map((d) => d.id);
}
