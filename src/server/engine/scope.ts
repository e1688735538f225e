/**
 * Data scope of a caller: which records of an entity a user may see and change.
 *
 * Rules:
 *  - the caller's scope is the widest `data_scope` among their enabled roles (all > unit > department
 *    > own); no role → own;
 *  - the entity's `scope` is the maximum visibility of its records: the effective scope is the
 *    narrower of the two (an entity declared `department` is never shown across departments, even to
 *    a role with `all`);
 *  - an entity declared `public` (shared reference data) is seen whole by everyone signed in; who may
 *    change it is decided by its permission codes alone;
 *  - own: created_by = the user;
 *    department: the record belongs to the session's current department or a department below it, not crossing
 *    into a unit below (a 局长 with department scope sees his 科室; a 科长 her 科; a unit below is another unit's
 *    business). A record belongs to its owner department (owner_dept_id, where it was registered) and, when the
 *    entity names one (`scopeDept`, e.g. the 承办部门 of a reception), to the department that field holds — so a
 *    reception the office registered for 秘书科 is seen by 秘书科's 科长;
 *    unit: owner_unit_id = the unit (nearest ancestor, itself included, of kind 'unit') of the current
 *    department; all: no condition. Without a current department, department and unit fall back to own.
 * Roles' scopes and the department → unit map are cached per database for SCOPE_CACHE_TTL_MS.
 */
import type { Kysely } from 'kysely';
import type { DataScope } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { invalidate, registerCache } from '../services/cacheBus.js';

/** Scopes from narrowest to widest. */
export const SCOPE_ORDER: DataScope[] = ['own', 'department', 'unit', 'all'];

/** Cache lifetime of role scopes and the department tree (60 s, like the menu cache). */
export const SCOPE_CACHE_TTL_MS = 60_000;

/** The condition a caller's records must meet: exactly one of the fields is set unless `all`. */
export interface ScopeFilter {
  scope: DataScope;
  createdBy?: number;
  /** The session's department (department scope); `deptIds` holds it and the departments below it. */
  deptId?: number;
  deptIds?: number[];
  /** Column of the entity's `scopeDept` field: a record also belongs to the department it names. */
  deptColumn?: string;
  unitId?: number;
  /** 密级 (DESIGN §7): only records whose classification column `column` ('0'..'3') is at most `max` (the caller's clearance). */
  secret?: { column: string; max: number };
}

interface Cache {
  at: number;
  roleScope: Map<string, DataScope>;
  parent: Map<number, { parent: number | null; kind: string }>;
}

const caches = new WeakMap<object, Promise<Cache>>();
registerCache('scopes', (db) => caches.delete(db));

async function load(db: Kysely<DB>): Promise<Cache> {
  const [roles, depts] = await Promise.all([
    db.selectFrom('roles').select(['code', 'data_scope']).execute(),
    db.selectFrom('departments').select(['id', 'parent_id', 'kind']).execute(),
  ]);
  return {
    at: now(),
    roleScope: new Map(roles.map((r) => [r.code, (SCOPE_ORDER.includes(r.data_scope as DataScope) ? r.data_scope : 'own') as DataScope])),
    parent: new Map(depts.map((d) => [d.id, { parent: d.parent_id, kind: d.kind }])),
  };
}

async function cacheOf(db: Kysely<DB>, reload = false): Promise<Cache> {
  let p = caches.get(db);
  if (p && !reload) {
    const c = await p;
    if (now() - c.at < SCOPE_CACHE_TTL_MS && now() >= c.at) return c;
  }
  p = load(db);
  caches.set(db, p);
  p.catch(() => caches.delete(db));
  return p;
}

/** Drops the cached role scopes and department tree in every process (call after changing roles or departments). */
export function invalidateScopeCache(db: Kysely<DB>): void {
  invalidate(db, 'scopes');
}

/** The narrower of two scopes. */
export function narrower(a: DataScope, b: DataScope): DataScope {
  return SCOPE_ORDER.indexOf(a) <= SCOPE_ORDER.indexOf(b) ? a : b;
}

/** The widest scope of the role `codes` (own when none is known). */
export async function roleScope(db: Kysely<DB>, codes: string[]): Promise<DataScope> {
  let c = await cacheOf(db);
  if (codes.some((code) => !c.roleScope.has(code))) c = await cacheOf(db, true);
  let best: DataScope = 'own';
  for (const code of codes) {
    const s = c.roleScope.get(code);
    if (s && SCOPE_ORDER.indexOf(s) > SCOPE_ORDER.indexOf(best)) best = s;
  }
  return best;
}

/** The unit (nearest ancestor of kind 'unit', the department itself included) of `deptId`, or null. */
export async function unitOf(db: Kysely<DB>, deptId: number | null): Promise<number | null> {
  if (deptId == null) return null;
  let c = await cacheOf(db);
  if (!c.parent.has(deptId)) c = await cacheOf(db, true);
  let id: number | null = deptId;
  for (let hops = 0; id != null && hops < 64; hops++) {
    const d = c.parent.get(id);
    if (!d) return null;
    if (d.kind === 'unit') return id;
    id = d.parent;
  }
  return null;
}

/**
 * `deptId` and the departments below it, not crossing into a department of kind 'unit' below it (see the module
 * rules). Unknown id → [deptId].
 */
export async function departmentsUnder(db: Kysely<DB>, deptId: number): Promise<number[]> {
  const c = await cacheOf(db);
  const kids = new Map<number, number[]>();
  for (const [id, d] of c.parent) if (d.parent != null && d.kind !== 'unit') kids.set(d.parent, [...(kids.get(d.parent) ?? []), id]);
  const out = [deptId];
  for (let i = 0; i < out.length && out.length < 10_000; i++) out.push(...(kids.get(out[i]) ?? []));
  return out;
}

/** `units` and every department of kind 'unit' below one of them (the units a supervisor oversees). */
export async function unitsBelow(db: Kysely<DB>, units: number[]): Promise<number[]> {
  if (!units.length) return [];
  const c = await cacheOf(db);
  const kids = new Map<number, number[]>();
  for (const [id, d] of c.parent) if (d.parent != null) kids.set(d.parent, [...(kids.get(d.parent) ?? []), id]);
  const seen = new Set<number>(units);
  const queue = [...units];
  while (queue.length) {
    for (const k of kids.get(queue.pop()!) ?? []) {
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push(k);
    }
  }
  return [...seen].filter((id) => c.parent.get(id)?.kind === 'unit' || units.includes(id));
}

/**
 * The departments a supervisor (督办, flow:supervise) of `userId` oversees: every department inside the units of the
 * person's departments and inside the units below them (the 主任 of 市政府办公室: his office and its 科室; the 市长 of
 * 市人民政府: every unit). Sibling units stay out: a unit's flows stay within the unit (DESIGN §7).
 */
export async function overseenDepartments(db: Kysely<DB>, userId: number): Promise<number[]> {
  const mine = await db.selectFrom('user_departments').select('dept_id').where('user_id', '=', userId).execute();
  const units: number[] = [];
  for (const m of mine) {
    const u = await unitOf(db, m.dept_id);
    if (u != null && !units.includes(u)) units.push(u);
  }
  const overseen = new Set(await unitsBelow(db, units));
  const c = await cacheOf(db);
  const out: number[] = [];
  for (const id of c.parent.keys()) {
    const u = await unitOf(db, id);
    if (u != null && overseen.has(u)) out.push(id);
  }
  return out;
}

/**
 * The scope filter of a caller: `roles` (role codes), `userId`, the session's `deptId`, capped by
 * the entity's `entityScope`; `deptColumn` is the column of the entity's `scopeDept` field, if any.
 */
export async function scopeFilter(
  db: Kysely<DB>,
  user: { userId: number; deptId: number | null },
  roles: string[],
  entityScope: DataScope | 'public',
  deptColumn?: string,
): Promise<ScopeFilter> {
  // Shared reference data (links, dictionaries-like lists): every signed-in user sees every record.
  if (entityScope === 'public') return { scope: 'all' };
  const scope = narrower(await roleScope(db, roles), SCOPE_ORDER.includes(entityScope) ? entityScope : 'own');
  if (scope === 'all') return { scope };
  if (scope === 'department' && user.deptId != null)
    return { scope, deptId: user.deptId, deptIds: await departmentsUnder(db, user.deptId), ...(deptColumn ? { deptColumn } : {}) };
  if (scope === 'unit') {
    const unit = await unitOf(db, user.deptId);
    if (unit != null) return { scope, unitId: unit };
  }
  return { scope: 'own', createdBy: user.userId };
}
