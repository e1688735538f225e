/**
 * Keeps the menu table in step with the route tree at every start — the shell's routes (src/shared/routes.ts) and
 * the areas' routes of the definitions read at run time (src/server/engine/routeTree.ts): a route added by a later
 * release or a new area folder gets its menu row and the grants ROLE_MENU_GRANTS gives it, and an area's default grants are given once
 * (services/areaGrants.ts). Additive only: existing
 * rows, headers and grants an administrator changed are never touched, and a route gone from the definitions keeps
 * its row (an administrator removes it on /acl/menu).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../types.js';
import { ROLES } from './roles.js';
import { grantedMenuKeys, menuSpecs } from './menus.js';
import { applyAreaGrants } from '../../services/areaGrants.js';

/**
 * Inserts the menus that are missing (by route key) and grants each new one to the existing roles
 * whose ROLE_MENU_GRANTS include it, then gives the areas' default grants not given before
 * (services/areaGrants.ts). Returns the id of every menu by route key, the menus added and the grant
 * items given. Run it inside a transaction; on a new database it creates the whole menu tree.
 */
export async function syncMenus(trx: Transaction<DB> | Kysely<DB>): Promise<{ ids: Map<string, number>; added: string[]; granted: string[] }> {
  const menus = await syncMenuRows(trx);
  // The areas' default grants follow the menu rows (they may name a menu just added): given once per database.
  const granted = await applyAreaGrants(trx);
  return { ...menus, granted };
}

async function syncMenuRows(trx: Transaction<DB> | Kysely<DB>): Promise<{ ids: Map<string, number>; added: string[] }> {
  const specs = menuSpecs();
  const existing = await trx.selectFrom('menus').select(['id', 'i18n_key']).execute();
  const ids = new Map(existing.map((m) => [m.i18n_key, m.id]));
  const added: string[] = [];
  for (const m of specs) {
    if (ids.has(m.key)) continue;
    const row = await trx
      .insertInto('menus')
      .values({
        parent_id: m.parentKey ? (ids.get(m.parentKey) ?? null) : null,
        path: m.path,
        header: m.header,
        i18n_key: m.key,
        icon: m.icon,
        auth: m.auth,
        status: 1,
        admin_only: m.admin_only,
        sort: m.sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(m.key, row.id);
    added.push(m.key);
  }
  if (added.length === 0) return { ids, added };
  const roles = await trx.selectFrom('roles').select(['id', 'code']).execute();
  const roleIds = new Map(roles.map((r) => [r.code, r.id]));
  const fresh = new Set(added);
  const grants = ROLES.filter((r) => roleIds.has(r.code)).flatMap((r) =>
    [...grantedMenuKeys(r.code, specs)].filter((key) => fresh.has(key)).map((key) => ({ role_id: roleIds.get(r.code)!, menu_id: ids.get(key)! })),
  );
  for (let i = 0; i < grants.length; i += 100)
    await trx
      .insertInto('role_menus')
      .values(grants.slice(i, i + 100))
      .execute();
  return { ids, added };
}
