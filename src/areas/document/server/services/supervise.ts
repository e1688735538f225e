/**
 * 督办 of official documents (SPEC §7 document/gwdbList, saveDb, dbHistory, cbHistory, checkSupervision
 * "督办 with deadlines and urging"). The query layer over the document flows (发文 document.send, 收文
 * document.receive) that src/server/engine/flow/supervise.ts (督办 of any flow) does not have: the data scope of
 * the supervisor, the 密级 of the documents and the 督办 entries of migration 0017.
 *
 * The list itself (`gwdbList`: who is listed, what a row holds, how it is read) is ./gwdbList.ts; here its page
 * cache, the 督办 entries, the 催办 history and the departments of a unit.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { keywordOf, paging } from '../../../../server/engine/flow/listBody.js';
import { now } from '../../../../server/lib/clock.js';
import { registerCache } from '../../../../server/services/cacheBus.js';
import { SCOPE_CACHE_TTL_MS } from '../../../../server/engine/scope.js';
import { readGwdbList, valuesOf, type GwdbCaller, type GwdbItem, type GwdbQuery } from './gwdbList.js';
import type { SupervisionEntry } from '../../shared/types.js';

export type { SupervisionEntry };

export { DOC_FLOWS, GWDB_TOTAL_TTL_MS, type GwdbCaller, type GwdbItem, type GwdbQuery } from './gwdbList.js';

/** The permission of 督办 over documents (schemas/document/area.json). */
export const DOC_SUPERVISE_CODE = 'document:supervise';
/** Longest 督办意见 (doc_supervisions.remark). */
export const SUPERVISION_REMARK_MAX = 1000;

/**
 * Whether gwdbList remembers pages (below). `OA_GWDB_PAGE_CACHE=off` turns it off, so that every request reads its
 * page afresh: the bench measures both (tests/bench/scenarios/gwdb.ts).
 */
const PAGE_CACHE_ON = process.env.OA_GWDB_PAGE_CACHE !== 'off';
/** Largest number of remembered pages per database. */
const PAGE_CACHE_MAX = 1000;
const pages = new WeakMap<object, Map<string, { mark: string; result: { list: GwdbItem[]; total: number } }>>();

/**
 * The newest entries of the flow log and of the 督办 entries (max ids, 0 when empty): the mark moves with every
 * action on any flow and every 督办 or change of 督办人.
 */
async function flowLogMark(db: Kysely<DB>): Promise<string> {
  const r = (await valuesOf(db, 'select (select max(id) from flow_events) as e, (select max(id) from doc_supervisions) as s', []))[0];
  return `${r?.[0] ?? 0}|${r?.[1] ?? 0}`;
}

/**
 * The 督办 list of `c` (./gwdbList.ts): `{list: GwdbItem[], total}`, newest first, `text` naming steps in `locale`.
 *
 * A page is remembered per caller, scope, locale and query, together with the newest entries of the flow log and of
 * the 督办 entries when it was read: as long as nothing happened on any flow since (no flow_events row was added —
 * every start, action, 催办, fired deadline and 编号 adds one) and nobody recorded a 督办 or changed a 督办人, the
 * same page is answered again without reading it; otherwise it is read afresh. (Renamed people show after the next
 * such event.)
 */
export async function gwdbList(
  db: Kysely<DB>,
  c: GwdbCaller,
  q: GwdbQuery,
  text: (t: { t: string; d: string } | undefined) => string,
  locale = '',
): Promise<{ list: GwdbItem[]; total: number }> {
  if (!PAGE_CACHE_ON) return readGwdbList(db, c, q, text);
  const { current, pageSize } = paging(q);
  const key = [
    locale,
    c.userId,
    c.supervisor ? 1 : 0,
    c.scope,
    c.deptId,
    c.unitDepts.join(','),
    c.clearance,
    current,
    pageSize,
    q.overdue ? 1 : 0,
    keywordOf(q as { keyword?: unknown }),
  ].join('|');
  let cache = pages.get(db);
  if (!cache) pages.set(db, (cache = new Map()));
  const mark = await flowLogMark(db);
  const hit = cache.get(key);
  if (hit && hit.mark === mark) return hit.result;
  const result = await readGwdbList(db, c, q, text);
  if (cache.size >= PAGE_CACHE_MAX) cache.clear();
  cache.set(key, { mark, result });
  return result;
}

/** Records a 督办 entry of instance `instanceId` by `userId` (one transaction); answers it. */
export async function saveSupervision(
  db: Kysely<DB>,
  input: { instanceId: number; userId: number; deadline: number | null; remark: string },
): Promise<SupervisionEntry> {
  const at = now();
  const row = await db
    .transaction()
    .execute((trx) =>
      trx
        .insertInto('doc_supervisions')
        .values({ instance_id: input.instanceId, user_id: input.userId, deadline: input.deadline, remark: input.remark, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const user = await db.selectFrom('users').select('realname').where('id', '=', input.userId).executeTakeFirst();
  const none = { supervisorId: null, supervisorName: null, previousId: null, previousName: null };
  return {
    id: Number(row.id),
    instanceId: input.instanceId,
    userId: input.userId,
    userName: user?.realname ?? null,
    deadline: input.deadline,
    remark: input.remark,
    createdAt: at,
    kind: 'supervise',
    ...none,
  };
}

/** The 督办 entries of instance `instanceId`, oldest first. */
export async function supervisionHistory(db: Kysely<DB>, instanceId: number): Promise<SupervisionEntry[]> {
  const rows = await db
    .selectFrom('doc_supervisions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as n', 'n.id', 's.supervisor_id')
    .leftJoin('users as p', 'p.id', 's.previous_id')
    .select([
      's.id',
      's.instance_id',
      's.user_id',
      'u.realname',
      's.deadline',
      's.remark',
      's.created_at',
      's.kind',
      's.supervisor_id',
      'n.realname as supervisor_name',
      's.previous_id',
      'p.realname as previous_name',
    ])
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
    ? await db
        .selectFrom('flow_tasks as t')
        .leftJoin('users as u', 'u.id', 't.assignee_id')
        .select(['t.id', 'u.realname'])
        .where('t.id', 'in', [...taskIds])
        .execute()
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
registerCache('scopes', (db) => unitDepts.delete(db));

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
