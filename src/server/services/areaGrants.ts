/**
 * Default grants of the areas (schemas/<area>/area.json `grants`, FORMATS.md "Area"): which roles get which of the
 * area's permission codes and the menus of which of its routes, given once per database.
 *
 * Rule: every item (role × permission code, role × route) is given once and recorded in `area_grants` (migration 0045);
 * a recorded item is never given again, so an administrator who later takes a code or a menu from a role keeps it
 * taken, and an item added to area.json by a later version is given once, at the next start. An item whose role or
 * menu row does not exist yet stays pending (not recorded) until a start where both exist. The 三员 are never given a
 * business code or menu (db/seed/menus.ts sanyuanMayHold; the lint refuses such a grant). Runs at every start and in
 * the demo seed, after the menu rows are in step (db/seed/sync.ts syncMenus).
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import type { AreaDef } from '../../../engine/schema/types.js';
import { buildRegistry } from '../../../engine/schema/loader.js';
import { routeKeyOf } from '../../../engine/schema/lintArea.js';
import { readDefinitionFiles } from '../engine/definitions.js';
import { SANYUAN_ROLES } from '../lib/business.js';
import { sanyuanMayHold } from '../db/seed/menus.js';
import { now } from '../lib/clock.js';

/** One item of a default grant: a code or the menu of a route key, for a role of an area. */
export interface GrantItem {
  area_id: string;
  role_code: string;
  kind: 'permission' | 'route';
  /** The permission code, or the route key (`receptions.index`) of a route. */
  target: string;
}

/** The area definitions of the definition folders (`schemas/` plus OA_SCHEMA_DIRS); files that do not load are left out. */
export function loadAreas(): AreaDef[] {
  const files = readDefinitionFiles().filter((f) => (f.data as { kind?: unknown } | undefined)?.kind === 'area');
  return buildRegistry(files).areas();
}

/** Every grant item `areas` declare, in file order, without duplicates. */
export function grantItems(areas: AreaDef[]): GrantItem[] {
  const out = new Map<string, GrantItem>();
  for (const a of areas) {
    for (const g of a.grants ?? []) {
      const items: GrantItem[] = [
        ...(g.permissions ?? []).map((code) => ({ area_id: a.id, role_code: g.role, kind: 'permission' as const, target: code })),
        ...(g.routes ?? []).map((route) => ({ area_id: a.id, role_code: g.role, kind: 'route' as const, target: routeKeyOf(route) })),
      ];
      for (const it of items) out.set(keyOf(it), it);
    }
  }
  return [...out.values()];
}

const keyOf = (it: GrantItem) => `${it.area_id}|${it.role_code}|${it.kind}|${it.target}`;

/** The key a 三员 check looks at: the route key, or `<area>.<object>` of a code `<area>:<object>[:…]`. */
function sanyuanKey(it: GrantItem): string {
  if (it.kind === 'route') return it.target;
  const [area, object] = it.target.split(':');
  return object ? `${area}.${object}` : area;
}

/**
 * Gives the items of `areas`' default grants not given before (see the module rule) and records them. Answers the
 * items given now, as `area role kind target` texts. Run it inside a transaction; on PostgreSQL a transaction-scoped
 * advisory lock keeps processes starting together from giving an item twice.
 */
export async function applyAreaGrants(trx: Transaction<DB> | Kysely<DB>, areas: AreaDef[] = loadAreas()): Promise<string[]> {
  const items = grantItems(areas);
  if (!items.length) return [];
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(7324045)`.execute(trx);
  const areaIds = [...new Set(items.map((i) => i.area_id))];
  const given = new Set(
    (await trx.selectFrom('area_grants').select(['area_id', 'role_code', 'kind', 'target']).where('area_id', 'in', areaIds).execute()).map((r) =>
      keyOf(r as GrantItem),
    ),
  );
  const pending = items.filter((i) => !given.has(keyOf(i)));
  if (!pending.length) return [];
  const roleIds = new Map((await trx.selectFrom('roles').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const menuIds = new Map((await trx.selectFrom('menus').select(['id', 'i18n_key']).execute()).map((m) => [m.i18n_key, m.id]));
  const t = now();
  const done: string[] = [];
  for (const it of pending) {
    const roleId = roleIds.get(it.role_code);
    if (roleId === undefined) continue;
    if (SANYUAN_ROLES.includes(it.role_code) && !sanyuanMayHold(sanyuanKey(it))) continue;
    if (it.kind === 'permission') {
      const held = await trx.selectFrom('role_permissions').select('role_id').where('role_id', '=', roleId).where('code', '=', it.target).executeTakeFirst();
      if (!held) await trx.insertInto('role_permissions').values({ role_id: roleId, code: it.target }).execute();
    } else {
      const menuId = menuIds.get(it.target);
      if (menuId === undefined) continue;
      const held = await trx.selectFrom('role_menus').select('role_id').where('role_id', '=', roleId).where('menu_id', '=', menuId).executeTakeFirst();
      if (!held) await trx.insertInto('role_menus').values({ role_id: roleId, menu_id: menuId }).execute();
    }
    await trx
      .insertInto('area_grants')
      .values({ ...it, applied_at: t })
      .execute();
    done.push(`${it.area_id} ${it.role_code} ${it.kind} ${it.target}`);
  }
  return done;
}
