/**
 * The 督办 list of official documents (SPEC §7 document/gwdbList "督办 with deadlines and urging"): the
 * running 发文 / 收文 a caller follows up, newest first, each with its current steps, handlers, earliest step
 * deadline, overdue flag, 催办 count, 文号, 督办人 and 督办期限.
 *
 * Who is listed: holders of `document:supervise` see the running document flows of their data scope (the widest
 * `data_scope` of their roles: all; unit — started from a department of their unit; department — from their
 * department; own — started by them); everyone else the running ones they started. Never a document classified
 * above the caller's clearance (flow_instances.secret_level, kept by the runtime; DESIGN §7).
 *
 * Speed (bench: ≤ 12× a hello-world over 1,000,000 documents, also when read afresh): one statement reads
 * the page — instances in id order straight from an index, each with its 催办 count (partial index of the 催办
 * events, migration 0028), 文号 (the record's primary key) and newest 督办 entry id, and its open deciding tasks
 * with their handlers' names. Every constant and validated integer is written into the SQL text (on SQLite a bound
 * value an index could use makes it plan the statement again on every run); only the keyword is bound. On SQLite
 * the statement runs as a prepared raw statement on the connection (value arrays, no row objects) when no
 * transaction holds it; otherwise, and on PostgreSQL, through Kysely. 督办人 and 督办期限 are read by a second
 * statement only for the rows that have 督办 entries. The total is counted at most every GWDB_TOTAL_TTL_MS for the
 * same caller scope and filters (as the generic lists do, engine/totals.ts): counting the running ones among a
 * million documents costs more than the page.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { indexFlow, type FlowDef } from '../../../../../engine/flow/index.js';
import { deadlineProvisional } from '../../../../../engine/calendar/index.js';
import type { DataScope } from '../../../../../engine/schema/types.js';
import type { SuperviseItem } from '../../../../shared/flow.js';
import { sqliteHandleOf } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { keywordOf, like, paging } from '../../../../server/engine/flow/listBody.js';
import { flowVersion } from '../../../../server/engine/flow/versions.js';
import { now } from '../../../../server/lib/clock.js';
import { registerCache } from '../../../../server/services/cacheBus.js';
import { isPg } from './docNumbers.js';
import { SUPERVISION_KIND } from './supervisors.js';

/** The flows of official documents and their records' tables (derived from schemas/document/entities). */
export const DOC_FLOWS: Record<string, string> = { 'document.send': 'biz_doc_send', 'document.receive': 'biz_doc_receive' };
/** How long the total of a 督办 list is reused for the same caller scope and filters (ms). */
export const GWDB_TOTAL_TTL_MS = 10_000;

/** A row of the 督办 list: the generic 督办 row plus what the 公文督办 page shows of the document and its 督办. */
export interface GwdbItem extends SuperviseItem {
  /** 文号: the 发文字号 of a 发文, the 来文字号 of a 收文; null while it has none. */
  docNumber: string | null;
  /** 督办人 (services/supervisors.ts: the one last named, else who recorded the first 督办); null when never supervised. */
  supervisorId: number | null;
  supervisorName: string | null;
  /** 督办期限: the deadline of the latest 督办 that set one (epoch ms), or null. */
  supervisionDeadline: number | null;
}

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

const DECIDING = "('approve', 'handle', 'signfor')";
const FLOWS = `(${Object.keys(DOC_FLOWS)
  .map((f) => `'${f}'`)
  .join(', ')})`;
const int = (n: number | null | undefined) => String(Math.trunc(Number(n ?? 0)));

/**
 * `from … where …` of the running document instances of `c` and `q` (module comment); `kw` the keyword's
 * placeholder; `ordered` for a page read in id order.
 */
function listWhere(c: GwdbCaller, q: GwdbQuery, kw: string, pg: boolean, ordered: boolean): string {
  // On SQLite `+` keeps the flow filter of a page off the indexes, so the page is read in id order from (status, id)
  // or (initiator_id, status, id) and stops after pageSize rows instead of sorting every running document. A count
  // keeps it: (def_id, status, id) then counts from the index alone.
  const parts = [`from flow_instances i where i.status = 'running' and ${ordered && !pg ? '+' : ''}i.def_id in ${FLOWS}`];
  const own = !c.supervisor || c.scope === 'own' || (c.scope === 'department' && c.deptId == null) || (c.scope === 'unit' && !c.unitDepts.length);
  if (own) parts.push(`and i.initiator_id = ${int(c.userId)}`);
  else if (c.scope === 'department') parts.push(`and i.initiator_dept_id = ${int(c.deptId)}`);
  else if (c.scope === 'unit') parts.push(`and i.initiator_dept_id in (${c.unitDepts.map(int).join(', ')})`);
  if (c.clearance < 3) parts.push(`and i.secret_level <= ${int(c.clearance)}`);
  if (kw) parts.push(`and i.title like ${kw}`);
  if (q.overdue)
    parts.push(`and exists (select 1 from flow_tasks o where o.instance_id = i.id and o.status = 'pending' and o.overdue = 1 and o.kind in ${DECIDING})`);
  return parts.join(' ');
}

/** Column positions of the page statement's value arrays. */
const C = {
  id: 0,
  title: 1,
  defId: 2,
  defVersion: 3,
  initiator: 4,
  startedAt: 5,
  urges: 6,
  docNumber: 7,
  supervised: 8,
  taskId: 9,
  nodeId: 10,
  assignee: 11,
  realname: 12,
  taskCreated: 13,
  deadline: 14,
  overdue: 15,
} as const;

/** The page statement (one row per instance and open deciding task; task columns null when it has none). */
function pageSql(c: GwdbCaller, q: GwdbQuery, kw: string, pg: boolean, limit: number, offset: number): string {
  const docNumber =
    `case p.def_id when 'document.send' then (select s."docNumber" from biz_doc_send s where s.id = p.record_id) ` +
    `else (select r."fromNumber" from biz_doc_receive r where r.id = p.record_id) end`;
  return (
    `with p as (select i.id, i.title, i.def_id, i.def_version, i.initiator_id, i.started_at, i.record_id ${listWhere(c, q, kw, pg, true)} ` +
    `order by i.id desc limit ${int(limit)} offset ${int(offset)}) ` +
    `select p.id, p.title, p.def_id, p.def_version, p.initiator_id, p.started_at, ` +
    `(select count(*) from flow_events e where e.instance_id = p.id and e.type = 'urge') as urges, ${docNumber} as doc_number, ` +
    `(select max(d.id) from doc_supervisions d where d.instance_id = p.id) as supervised, ` +
    `t.id as task_id, t.node_id, t.assignee_id, u.realname, t.created_at as task_created, t.deadline, t.overdue from p ` +
    `left join flow_tasks t on t.instance_id = p.id and t.status = 'pending' and t.kind in ${DECIDING} ` +
    `left join users u on u.id = t.assignee_id order by p.id desc`
  );
}

type Raw = unknown[];
type SqliteStatement = ReturnType<NonNullable<ReturnType<typeof sqliteHandleOf>>['prepare']>;
/** Prepared raw-mode statements per SQLite connection, by SQL text (a caller's few shapes). */
const prepared = new WeakMap<object, Map<string, SqliteStatement>>();
const PREPARED_MAX = 500;

/**
 * Rows of `text` (bound `values`) as value arrays: on SQLite on the connection itself while no transaction holds
 * it, else through Kysely (rows turned into arrays in select order).
 */
export async function valuesOf(db: Kysely<DB>, text: string, values: unknown[]): Promise<Raw[]> {
  const sqlite = sqliteHandleOf(db);
  if (sqlite && !sqlite.inTransaction) {
    let cache = prepared.get(sqlite);
    if (!cache) prepared.set(sqlite, (cache = new Map()));
    let stmt = cache.get(text);
    if (!stmt) {
      if (cache.size >= PREPARED_MAX) cache.clear();
      cache.set(text, (stmt = sqlite.prepare(text).raw(true)));
    }
    return stmt.all(values) as Raw[];
  }
  // Every column of these statements has its own name: the values of a row object are in select order.
  const rows = (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values))).rows;
  return rows.map((r) => Object.values(r));
}

const totals = new WeakMap<object, Map<string, { at: number; n: number }>>();
registerCache('totals', (db) => totals.delete(db));
const indexes = new WeakMap<FlowDef, ReturnType<typeof indexFlow>>();

/** The total of `c`'s list with `q`, counted at most every GWDB_TOTAL_TTL_MS per scope and filters. */
async function totalOf(db: Kysely<DB>, c: GwdbCaller, q: GwdbQuery, kw: string, values: unknown[], pg: boolean): Promise<number> {
  let cache = totals.get(db);
  if (!cache) totals.set(db, (cache = new Map()));
  const who =
    !c.supervisor || c.scope === 'own' ? `u${c.userId}` : c.scope === 'department' ? `d${c.deptId}` : c.scope === 'unit' ? `n${c.unitDepts.join(',')}` : 'all';
  const key = `${who}|${c.clearance}|${q.overdue ? 1 : 0}|${values[0] ?? ''}`;
  const at = now();
  const hit = cache.get(key);
  if (hit && at - hit.at < GWDB_TOTAL_TTL_MS && at >= hit.at) return hit.n;
  const n = Number((await valuesOf(db, `select count(*) ${listWhere(c, q, kw, pg, false)}`, values))[0]?.[0] ?? 0);
  if (cache.size > 5000) cache.clear();
  cache.set(key, { at, n });
  return n;
}

/** 督办人 (id and name) and 督办期限 of the instances `ids` that have 督办 entries. */
async function supervisionOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, { id: number | null; name: string | null; deadline: number | null }>> {
  const out = new Map<number, { id: number | null; name: string | null; deadline: number | null }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('doc_supervisions')
    .select(['instance_id', 'user_id', 'kind', 'supervisor_id', 'deadline'])
    .where('instance_id', 'in', ids)
    .orderBy('instance_id')
    .orderBy('id')
    .execute();
  const byInstance = new Map<number, { first: number | null; named: number | null; deadline: number | null }>();
  for (const r of rows) {
    const s = byInstance.get(r.instance_id) ?? { first: r.user_id, named: null, deadline: null };
    if (r.kind === SUPERVISION_KIND.REASSIGN) {
      if (r.supervisor_id != null) s.named = r.supervisor_id;
    } else if (r.deadline != null) s.deadline = Number(r.deadline);
    byInstance.set(r.instance_id, s);
  }
  const people = [...new Set([...byInstance.values()].map((s) => s.named ?? s.first).filter((u): u is number => u != null))];
  const names = new Map(
    people.length ? (await db.selectFrom('users').select(['id', 'realname']).where('id', 'in', people).execute()).map((u) => [u.id, u.realname]) : [],
  );
  for (const [id, s] of byInstance) {
    const who = s.named ?? s.first;
    out.set(id, { id: who, name: who == null ? null : (names.get(who) ?? null), deadline: s.deadline });
  }
  return out;
}

/**
 * The 督办 list of `c` read from the database: `{list, total}`, newest first (module comment), `text` naming steps
 * in the caller's language.
 */
export async function readGwdbList(
  db: Kysely<DB>,
  c: GwdbCaller,
  q: GwdbQuery,
  text: (t: { t: string; d: string } | undefined) => string,
): Promise<{ list: GwdbItem[]; total: number }> {
  const { current, pageSize } = paging(q);
  const pg = isPg(db);
  const keyword = keywordOf(q as { keyword?: unknown });
  const values = keyword ? [like(keyword)] : [];
  const kw = keyword ? (pg ? '$1' : '?') : '';
  const [joined, total] = await Promise.all([
    valuesOf(db, pageSql(c, q, kw, pg, pageSize, (current - 1) * pageSize), values),
    totalOf(db, c, q, kw, values, pg),
  ]);
  if (!joined.length) return { list: [], total };
  // The instances in page order, each with its open tasks.
  const rows: Raw[] = [];
  const open = new Map<number, Raw[]>();
  for (const r of joined) {
    const id = Number(r[C.id]);
    let mine = open.get(id);
    if (!mine) {
      rows.push(r);
      open.set(id, (mine = []));
    }
    if (r[C.taskId] != null) mine.push(r);
  }
  const supervised = await supervisionOf(
    db,
    rows.filter((r) => r[C.supervised] != null).map((r) => Number(r[C.id])),
  );
  // Tasks in task order: created, then id.
  const byTaskOrder = (a: Raw, b: Raw) => Number(a[C.taskCreated]) - Number(b[C.taskCreated]) || (String(a[C.taskId]) < String(b[C.taskId]) ? -1 : 1);
  const versions = new Map<string, ReturnType<typeof indexFlow> | undefined>();
  const list: GwdbItem[] = [];
  for (const r of rows) {
    const id = Number(r[C.id]);
    const defId = String(r[C.defId]);
    const vk = `${defId}@${r[C.defVersion]}`;
    let ix = versions.get(vk);
    if (!versions.has(vk)) {
      const def = await flowVersion(db, defId, Number(r[C.defVersion]));
      ix = def ? indexes.get(def) : undefined;
      if (def && !ix) indexes.set(def, (ix = indexFlow(def)));
      versions.set(vk, ix);
    }
    const mine = open.get(id)!;
    if (mine.length > 1) mine.sort(byTaskOrder);
    let deadline: number | null = null;
    let deadlineFrom: number | null = null;
    const nodeIds: string[] = [];
    const handlers: string[] = [];
    let overdue = false;
    for (const t of mine) {
      if (t[C.deadline] != null && (deadline === null || Number(t[C.deadline]) < deadline)) {
        deadline = Number(t[C.deadline]);
        deadlineFrom = t[C.taskCreated] == null ? null : Number(t[C.taskCreated]);
      }
      const node = String(t[C.nodeId]);
      if (!nodeIds.includes(node)) nodeIds.push(node);
      const name = t[C.realname] == null ? String(t[C.assignee]) : String(t[C.realname]);
      if (!handlers.includes(name)) handlers.push(name);
      if (Number(t[C.overdue]) === 1) overdue = true;
    }
    const initiator = Number(r[C.initiator]);
    const sv = supervised.get(id);
    list.push({
      instanceId: id,
      title: String(r[C.title]),
      defId,
      status: 'running',
      initiator,
      startedAt: r[C.startedAt] == null ? null : Number(r[C.startedAt]),
      endedAt: null,
      nodes: nodeIds.map((n) => {
        const node = ix?.nodes.get(n)?.node;
        return { id: n, title: node ? text(node.title) : n };
      }),
      handlers,
      deadline,
      deadlineProvisional: deadlineProvisional(deadlineFrom, deadline),
      overdue,
      urgeCount: Number(r[C.urges] ?? 0),
      // The machine's rule (engine/flow mayUrge) for a running instance listed here: open work, and the
      // caller supervises or started it.
      mayUrge: mine.length > 0 && (c.supervisor || initiator === c.userId),
      docNumber: r[C.docNumber] == null || r[C.docNumber] === '' ? null : String(r[C.docNumber]),
      supervisorId: sv?.id ?? null,
      supervisorName: sv?.name ?? null,
      supervisionDeadline: sv?.deadline ?? null,
    });
  }
  return { list, total };
}
