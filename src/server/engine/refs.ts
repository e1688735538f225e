/**
 * Names of the users and departments records refer to (`refs` of list answers, `_refs` of info
 * answers, labels of exports, and the reverse for imports). Users by realname, departments by their full
 * title (src/server/services/deptTitle.ts: an office inside a unit is `<unit><office>`).
 *
 * One query per kind, never per row: the department table is loaded whole per database and user names
 * are kept per id, both for REF_CACHE_TTL_MS, so a list usually costs no query at all; a renamed user
 * or department shows within that time.
 */
import type { Kysely } from 'kysely';
import type { EntityDef } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { deptTitle } from '../services/deptTitle.js';
import { invalidate, registerCache } from '../services/cacheBus.js';
import type { EntityRecord } from './codec.js';
import type { RefNames } from '../../shared/org.js';
export type { RefNames } from '../../shared/org.js';

/** How long loaded names are reused (60 s, like the scope and menu caches). */
export const REF_CACHE_TTL_MS = 60_000;
const MAX_USERS = 20_000;

/** The fields of `def` holding user ids (x-kind user, users) and department ids (dept, depts). */
export interface RefFields {
  users: { field: string; many: boolean }[];
  depts: { field: string; many: boolean }[];
}

/** Which fields of `def` refer to users and departments (by x-kind). */
export function refFields(def: EntityDef): RefFields {
  const out: RefFields = { users: [], depts: [] };
  for (const [field, p] of Object.entries(def.model.properties)) {
    const k = p['x-kind'];
    if (k === 'user' || k === 'users') out.users.push({ field, many: k === 'users' });
    if (k === 'dept' || k === 'depts') out.depts.push({ field, many: k === 'depts' });
  }
  return out;
}

interface DeptCache {
  at: number;
  /** id → full title. */
  titles: Map<number, string>;
  /** full title and (when unambiguous) bare name → id, for imports. */
  byTitle: Map<string, number>;
}

const deptCaches = new WeakMap<object, Promise<DeptCache>>();
const userCaches = new WeakMap<object, Map<number, { name: string; at: number }>>();

async function loadDepts(db: Kysely<DB>): Promise<DeptCache> {
  const rows = await db.selectFrom('departments').select(['id', 'parent_id', 'name', 'kind']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const titles = new Map<number, string>();
  const byTitle = new Map<string, number>();
  const names = new Map<string, number[]>();
  for (const r of rows) {
    const p = r.parent_id == null ? undefined : byId.get(r.parent_id);
    const title = deptTitle({ kind: r.kind, name: r.name, parentName: p?.name ?? null, parentParentId: p?.parent_id ?? null });
    titles.set(r.id, title);
    if (!byTitle.has(title)) byTitle.set(title, r.id);
    names.set(r.name, [...(names.get(r.name) ?? []), r.id]);
  }
  for (const [name, ids] of names) if (ids.length === 1 && !byTitle.has(name)) byTitle.set(name, ids[0]);
  return { at: now(), titles, byTitle };
}

async function depts(db: Kysely<DB>, need?: number[]): Promise<DeptCache> {
  let p = deptCaches.get(db);
  if (p) {
    const c = await p;
    const t = now();
    const fresh = t - c.at < REF_CACHE_TTL_MS && t >= c.at;
    // An unknown id reloads the tree (a department added since), at most once a second.
    if (fresh && (t - c.at < 1000 || !(need ?? []).some((id) => !c.titles.has(id)))) return c;
    if (deptCaches.get(db) !== p) return depts(db);
  }
  p = loadDepts(db);
  deptCaches.set(db, p);
  p.catch(() => deptCaches.delete(db));
  return p;
}

registerCache('refs', (db) => {
  deptCaches.delete(db);
  userCaches.delete(db);
});

/** Forgets the cached names of `db` in every process (tests, or after renaming users or departments). */
export function invalidateRefNames(db: Kysely<DB>): void {
  invalidate(db, 'refs');
}

/** Realnames of user `ids` (unknown ids are left out): cached ones, the rest in one query. */
export async function userNames(db: Kysely<DB>, ids: Iterable<number>): Promise<Record<string, string>> {
  let cache = userCaches.get(db);
  if (!cache) userCaches.set(db, (cache = new Map()));
  const t = now();
  const out: Record<string, string> = {};
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.get(id);
    if (hit && t - hit.at < REF_CACHE_TTL_MS && t >= hit.at) out[id] = hit.name;
    else missing.push(id);
  }
  if (missing.length) {
    const rows = await db.selectFrom('users').select(['id', 'realname']).where('id', 'in', missing).execute();
    if (cache.size + rows.length > MAX_USERS) cache.clear();
    for (const r of rows) {
      out[r.id] = r.realname;
      cache.set(r.id, { name: r.realname, at: t });
    }
  }
  return out;
}

/** Full titles of department `ids` (unknown ids are left out). */
export async function deptTitles(db: Kysely<DB>, ids: Iterable<number>): Promise<Record<string, string>> {
  const list = [...ids];
  const c = await depts(db, list);
  const out: Record<string, string> = {};
  for (const id of list) {
    const title = c.titles.get(id);
    if (title !== undefined) out[id] = title;
  }
  return out;
}

/** The department id of a full title or an unambiguous bare name, or undefined (imports). */
export async function deptIdOfTitle(db: Kysely<DB>, title: string): Promise<number | undefined> {
  return (await depts(db)).byTitle.get(title.trim());
}

/**
 * User ids of names given in an import: each name is a realname (when exactly one user has it) or an
 * account (username). One query for all names. Returns name → id; ambiguous or unknown names are absent.
 */
export async function userIdsOfNames(db: Kysely<DB>, names: string[]): Promise<Map<string, number>> {
  const list = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const out = new Map<string, number>();
  if (!list.length) return out;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'realname', 'username'])
    .where((eb) => eb.or([eb('realname', 'in', list), eb('username', 'in', list)]))
    .execute();
  const byReal = new Map<string, number[]>();
  for (const r of rows) byReal.set(r.realname, [...(byReal.get(r.realname) ?? []), r.id]);
  for (const name of list) {
    const account = rows.find((r) => r.username === name);
    const real = byReal.get(name);
    if (account) out.set(name, account.id);
    else if (real?.length === 1) out.set(name, real[0]);
  }
  return out;
}

/** The user and department ids the `fields` of `records` hold. */
export function collectIds(fields: RefFields, records: EntityRecord[]): { users: Set<number>; depts: Set<number> } {
  const pick = (list: RefFields['users'], into: Set<number>) => {
    for (const r of records) {
      for (const { field, many } of list) {
        const v = r[field];
        if (many && Array.isArray(v)) {
          for (const x of v) if (Number.isInteger(x)) into.add(x as number);
        } else if (Number.isInteger(v)) into.add(v as number);
      }
    }
  };
  const users = new Set<number>();
  const deptIds = new Set<number>();
  pick(fields.users, users);
  pick(fields.depts, deptIds);
  return { users, depts: deptIds };
}

/** The names of the users and departments `records` refer to through `fields` (one query per kind at most). */
export async function refsOf(db: Kysely<DB>, fields: RefFields, records: EntityRecord[]): Promise<RefNames> {
  const ids = collectIds(fields, records);
  const [users, deptNames] = await Promise.all([ids.users.size ? userNames(db, ids.users) : {}, ids.depts.size ? deptTitles(db, ids.depts) : {}]);
  return { users, depts: deptNames };
}
