/**
 * Data scope of a caller (issue 3): which records of an entity a user may see and change.
 *
 * Rules:
 *  - the caller's scope is the widest `data_scope` among their enabled roles (all > unit > department
 *    > own); no role → own;
 *  - the entity's `scope` is the maximum visibility of its records: the effective scope is the
 *    narrower of the two (an entity declared `department` is never shown across departments, even to
 *    a role with `all`);
 *  - an entity declared `public` (shared reference data) is seen whole by everyone signed in; who may
 *    change it is decided by its permission codes alone;
 *  - own: created_by = the user; department: owner_dept_id = the session's current department;
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
  deptId?: number;
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
 * The scope filter of a caller: `roles` (role codes), `userId`, the session's `deptId`, capped by
 * the entity's `entityScope`.
 */
export async function scopeFilter(db: Kysely<DB>, user: { userId: number; deptId: number | null }, roles: string[], entityScope: DataScope | 'public'): Promise<ScopeFilter> {
  // Shared reference data (links, dictionaries-like lists): every signed-in user sees every record.
  if (entityScope === 'public') return { scope: 'all' };
  const scope = narrower(await roleScope(db, roles), SCOPE_ORDER.includes(entityScope) ? entityScope : 'own');
  if (scope === 'all') return { scope };
  if (scope === 'department' && user.deptId != null) return { scope, deptId: user.deptId };
  if (scope === 'unit') {
    const unit = await unitOf(db, user.deptId);
    if (unit != null) return { scope, unitId: unit };
  }
  return { scope: 'own', createdBy: user.userId };
}
