/**
 * Menus, the personal menu and permission codes of a user (SPEC §3, §6), from roles → role_menus,
 * user_menus and role_permissions.
 *
 * Called on every userInfo, so it is built for speed: the menu table, the roles, role_menus and
 * role_permissions (which change only through the admin screens) are loaded once per database into
 * memory, and the menu tree is built once per distinct set of roles. A call then costs one small
 * query (the user's role ids and personal menu ids). Admin screens that change menus, roles, role
 * menus or role permissions must call `invalidateMenuCache(db)`; the cache also reloads itself after
 * MENU_CACHE_TTL_MS (so several processes converge) and when it meets a role or menu id it does
 * not know. Changes to a user's own roles (user_roles) or personal menu take effect at once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, Menu } from '../db/types.js';
import type { MenuNode } from '../../shared/types.js';
import { now } from '../lib/clock.js';
import { preparedQuery } from '../engine/flow/prepared.js';
import { invalidate, registerCache } from './cacheBus.js';

/** What the shell needs to build the menu and guard routes. Arrays are shared: treat as read-only. */
export interface UserMenus {
  /** Menu tree: sections with their children, both ordered by `sort` (SPEC §3 Menu item). */
  menu: MenuNode[];
  /** Personal menu (user_menus), flat, in menu-tree order. */
  menu_my: MenuNode[];
  /** Distinct permission codes of the user's enabled roles, sorted. */
  access: string[];
  /** Permission codes per menu path (see `menuactionOf`); empty for most paths. */
  menuaction: Record<string, string[]>;
  /** Codes of the user's enabled roles, in role order. */
  roles: string[];
  /** Unit administrator (role `unit_admin`). */
  isdwgly: boolean;
}

/** Safety net for multi-process deployments: a catalogue older than this (60 s) is reloaded. */
export const MENU_CACHE_TTL_MS = 60_000;

interface RoleInfo {
  code: string;
  sort: number;
  status: number;
}

type RoleSetMenus = Omit<UserMenus, 'menu_my'> & { sysadmin: boolean };

interface Catalogue {
  loadedAt: number;
  /** Every menu row in tree order (siblings by sort, id). */
  rows: Menu[];
  byId: Map<number, Menu>;
  roles: Map<number, RoleInfo>;
  roleMenus: Map<number, number[]>;
  rolePerms: Map<number, string[]>;
  /** Built menus per set of enabled role ids (key: sorted ids joined by ','). */
  sets: Map<string, RoleSetMenus>;
}

let catalogues = new WeakMap<Kysely<DB>, Promise<Catalogue>>();
registerCache('menus', (db) => catalogues.delete(db));

/**
 * Drops the in-memory menu catalogue of `db` in every process (./cacheBus.ts), or of every database of this
 * process when omitted (start-up, seed), so the next `userMenus` call reloads menus, roles, role menus and
 * role permissions.
 */
export function invalidateMenuCache(db?: Kysely<DB>): void {
  if (db) invalidate(db, 'menus');
  else catalogues = new WeakMap();
}

async function loadCatalogue(db: Kysely<DB>): Promise<Catalogue> {
  const [rows, roles, roleMenus, rolePerms] = await Promise.all([
    db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute(),
    db.selectFrom('roles').select(['id', 'code', 'sort', 'status']).execute(),
    db.selectFrom('role_menus').select(['role_id', 'menu_id']).execute(),
    db.selectFrom('role_permissions').select(['role_id', 'code']).orderBy('code').execute(),
  ]);
  const group = <T>(list: { role_id: number }[], value: (r: any) => T) => {
    const m = new Map<number, T[]>();
    for (const r of list) {
      const arr = m.get(r.role_id) ?? [];
      arr.push(value(r));
      m.set(r.role_id, arr);
    }
    return m;
  };
  return {
    loadedAt: now(),
    rows: treeOrder(rows),
    byId: new Map(rows.map((r) => [r.id, r])),
    roles: new Map(roles.map((r) => [r.id, { code: r.code, sort: r.sort, status: r.status }])),
    roleMenus: group(roleMenus, (r) => r.menu_id as number),
    rolePerms: group(rolePerms, (r) => r.code as string),
    sets: new Map(),
  };
}

/** Rows (already ordered by sort, id) in tree order: each parent followed by its subtree. */
function treeOrder(rows: Menu[]): Menu[] {
  const kids = new Map<number | null, Menu[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const parent = r.parent_id != null && ids.has(r.parent_id) ? r.parent_id : null;
    kids.set(parent, [...(kids.get(parent) ?? []), r]);
  }
  const out: Menu[] = [];
  const walk = (parent: number | null) => {
    for (const r of kids.get(parent) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

async function catalogueOf(db: Kysely<DB>, forceReload = false): Promise<Catalogue> {
  let p = catalogues.get(db);
  if (p && !forceReload) {
    const c = await p;
    if (now() - c.loadedAt < MENU_CACHE_TTL_MS && now() >= c.loadedAt) return c;
    if (catalogues.get(db) !== p) return catalogueOf(db);
  }
  p = loadCatalogue(db);
  catalogues.set(db, p);
  p.catch(() => {
    if (catalogues.get(db) === p) catalogues.delete(db);
  });
  return p;
}

function nodeOf(r: Menu): MenuNode {
  return { id: r.id, path: r.path, header: r.header, i18nKey: r.i18n_key, icon: r.icon, auth: r.auth, status: r.status, children: [] };
}

/**
 * Attaches each permission code `<area>:<object>:…` to the menu it belongs to: `/<area>/<object>`
 * when the user has that menu, else the section `/<area>` when the user has it; other codes
 * (e.g. `system:cache`) are only in `access`.
 */
export function menuactionOf(codes: string[], paths: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const code of codes) {
    const [area, object] = code.split(':');
    const path = object && paths.has(`/${area}/${object}`) ? `/${area}/${object}` : paths.has(`/${area}`) ? `/${area}` : null;
    if (path) (out[path] ??= []).push(code);
  }
  return out;
}

function buildRoleSet(c: Catalogue, roleIds: number[]): RoleSetMenus {
  const roles = roleIds.map((id) => c.roles.get(id)!).sort((a, b) => a.sort - b.sort);
  const codes = roles.map((r) => r.code);
  const sysadmin = codes.includes('sysadmin');
  const granted = new Set<number>();
  for (const id of roleIds) for (const m of c.roleMenus.get(id) ?? []) granted.add(m);
  for (const id of [...granted]) {
    let parent = c.byId.get(id)?.parent_id ?? null;
    while (parent != null && !granted.has(parent)) {
      granted.add(parent);
      parent = c.byId.get(parent)?.parent_id ?? null;
    }
  }
  const nodes = new Map<number, MenuNode>();
  for (const r of c.rows) {
    if (granted.has(r.id) && r.status === 1 && (r.admin_only !== 1 || sysadmin)) nodes.set(r.id, nodeOf(r));
  }
  const menu: MenuNode[] = [];
  const paths = new Set<string>();
  const reachable = (r: Menu): boolean => r.parent_id == null || (nodes.has(r.parent_id) && reachable(c.byId.get(r.parent_id)!));
  for (const r of c.rows) {
    const node = nodes.get(r.id);
    if (!node || !reachable(r)) continue;
    if (r.parent_id == null) menu.push(node);
    else nodes.get(r.parent_id)!.children.push(node);
    paths.add(r.path);
  }
  const access = [...new Set(roleIds.flatMap((id) => c.rolePerms.get(id) ?? []))].sort();
  return { menu, access, menuaction: menuactionOf(access, paths), roles: codes, isdwgly: codes.includes('unit_admin'), sysadmin };
}

/**
 * The menus of `userId` (SPEC §3 "User info": menu, menu_my, access, menuaction): the tree of every
 * enabled (status 1) menu reachable through the user's enabled roles — a child brings its section,
 * admin-only menus only for `sysadmin` — plus the personal menu. An unknown user gets empty lists.
 * One database query per call once the catalogue is loaded.
 */
export async function userMenus(db: Kysely<DB>, userId: number): Promise<UserMenus> {
  const own = await db
    .selectFrom('user_roles')
    .select([sql<number>`0`.as('k'), 'role_id as id'])
    .where('user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('user_menus')
        .select([sql<number>`1`.as('k'), 'menu_id as id'])
        .where('user_id', '=', userId),
    )
    .execute();
  let c = await catalogueOf(db);
  if (own.some((r) => (Number(r.k) === 0 ? !c.roles.has(r.id) : !c.byId.has(r.id)))) c = await catalogueOf(db, true);

  const roleIds = own
    .filter((r) => Number(r.k) === 0 && c.roles.get(r.id)?.status === 1)
    .map((r) => r.id)
    .sort((a, b) => a - b);
  const key = roleIds.join(',');
  let set = c.sets.get(key);
  if (!set) {
    if (c.sets.size > 1000) c.sets.clear();
    set = buildRoleSet(c, roleIds);
    c.sets.set(key, set);
  }
  const mine = new Set(own.filter((r) => Number(r.k) === 1).map((r) => r.id));
  const menu_my = mine.size ? c.rows.filter((r) => mine.has(r.id) && r.status === 1 && (r.admin_only !== 1 || set.sysadmin)).map(nodeOf) : [];
  return { menu: set.menu, menu_my, access: set.access, menuaction: set.menuaction, roles: set.roles, isdwgly: set.isdwgly };
}

/**
 * The role ids of one user (userRolesAccess: compiled once, it runs on every approval and every entity call). The
 * user id is compared as `? + 0`: a bare `user_id = ?` lets SQLite plan with the index statistics of ANALYZE
 * (sqlite_stat4), and it then prepares the statement again every time the parameter is bound, i.e. on every run;
 * the same index is used either way (and on PostgreSQL).
 */
const ownRoleIds = preparedQuery<{ user: number }, { id: number }>((db, p) =>
  db
    .selectFrom('user_roles')
    .select('role_id as id')
    .where('user_id', '=', sql<number>`${p.user} + 0`),
);

/** Answers of `userRolesAccess` per request object (`memo`) and user: asked once per request. */
const perRequest = new WeakMap<object, Map<number, Promise<Pick<UserMenus, 'roles' | 'access'>>>>();

/**
 * `roles` and `access` of `userMenus(db, userId)` — the codes of the user's enabled roles and their permission
 * codes — without the personal menu: one small prepared query once the catalogue is loaded (the per-request
 * caller of the approval API bench). With `memo` (the request) the answer is asked once and reused by the
 * request's other checks (guard, business caller, entity service). Arrays are shared: treat as read-only.
 */
export function userRolesAccess(db: Kysely<DB>, userId: number, memo?: object): Promise<Pick<UserMenus, 'roles' | 'access'>> {
  if (!memo) return rolesAccessNow(db, userId);
  let m = perRequest.get(memo);
  if (!m) perRequest.set(memo, (m = new Map()));
  let p = m.get(userId);
  if (!p) {
    m.set(userId, (p = rolesAccessNow(db, userId)));
    // A failed query is not remembered.
    p.catch(() => m.delete(userId));
  }
  return p;
}

async function rolesAccessNow(db: Kysely<DB>, userId: number): Promise<Pick<UserMenus, 'roles' | 'access'>> {
  const own = (await ownRoleIds(db, { user: userId })).rows;
  let c = await catalogueOf(db);
  if (own.some((r) => !c.roles.has(r.id))) c = await catalogueOf(db, true);
  const roleIds = own
    .filter((r) => c.roles.get(r.id)?.status === 1)
    .map((r) => r.id)
    .sort((a, b) => a - b);
  const key = roleIds.join(',');
  let set = c.sets.get(key);
  if (!set) {
    if (c.sets.size > 1000) c.sets.clear();
    set = buildRoleSet(c, roleIds);
    c.sets.set(key, set);
  }
  return { roles: set.roles, access: set.access };
}

/** Every node of a menu tree, depth first (sections before their children). */
export function flattenMenus(nodes: MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
