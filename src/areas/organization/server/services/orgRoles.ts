/**
 * Roles and positions as organisation entities (SPEC §2.3 /organization/role, position,
 * permission): `organization.role` (code, name, data_scope, remark, sort, status '1'|'0', builtin
 * read-only) and `organization.position` (name, level, sort), plus the role's menus and permission
 * codes (role/menus, role/saveMenus, used by /organization/permission).
 *
 * Rules: built-in roles (三员, 普通用户) cannot be deleted nor have their code changed; a position
 * held by someone cannot be deleted; saveMenus takes existing menu ids and permission codes declared
 * by an area (schemas/<area>/area.json) or already held by the role. Changes reload menus and scopes.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { badInput } from '../../../../server/lib/errors.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { invalidateScopeCache } from '../../../../server/engine/scope.js';
import { invalidateMenuCache } from '../../../../server/services/menu.js';
import { invalidateAllUserInfo } from '../../../../server/services/userInfo.js';
import { idOf, intOf, orgAudit, strOf, tr, type OrgCaller, type OrgRecord, type OrgResource } from '../../../../server/services/orgCrud.js';

function forgetRoles(db: Kysely<DB>): void {
  invalidateMenuCache(db);
  invalidateScopeCache(db);
  invalidateAllUserInfo(db);
}

/** The role resource (see the file comment). */
export const roleResource: OrgResource = {
  entity: 'organization.role',
  table: 'roles',
  columns: { code: 'code', name: 'name', data_scope: 'data_scope', sort: 'sort', status: 'status', builtin: 'builtin' },
  readOnly: ['builtin'],
  async toRecords(_db, rows) {
    return rows.map(
      (r) =>
        ({
          id: Number(r.id),
          version: Number(r.version),
          code: r.code,
          name: r.name,
          data_scope: r.data_scope,
          remark: r.remark ?? null,
          sort: Number(r.sort),
          status: strOf(r.status),
          builtin: Number(r.builtin) === 1,
          exclusive_group: r.exclusive_group ?? null,
        }) as OrgRecord,
    );
  },
  toRow(rec) {
    return { code: rec.code, name: rec.name, data_scope: rec.data_scope, remark: rec.remark || null, sort: intOf(rec.sort), status: intOf(rec.status, 1) };
  },
  async beforeWrite(_trx, c, id, rec, before) {
    if (id != null && before?.builtin && rec.code !== before.code) throw badInput(tr(c, 'org.builtinRoleCode'));
    if (id != null && before?.builtin && before.code === 'sysadmin' && rec.status === '0') throw badInput(tr(c, 'org.builtinRoleCode'));
  },
  async beforeDelete(_trx, c, recs) {
    if (recs.some((r) => r.builtin)) throw badInput(tr(c, 'org.builtinRole'));
  },
  invalidate(db) {
    forgetRoles(db);
  },
};

/** The position resource (see the file comment). */
export const positionResource: OrgResource = {
  entity: 'organization.position',
  table: 'positions',
  columns: { name: 'name', level: 'level', sort: 'sort' },
  async toRecords(_db, rows) {
    return rows.map((r) => ({ id: Number(r.id), version: Number(r.version), name: r.name, level: Number(r.level), sort: Number(r.sort) }) as OrgRecord);
  },
  toRow(rec) {
    return { name: rec.name, level: intOf(rec.level, 99), sort: intOf(rec.sort) };
  },
  async beforeDelete(trx, c, recs) {
    const held = await trx
      .selectFrom('user_departments')
      .select('user_id')
      .where(
        'position_id',
        'in',
        recs.map((r) => r.id as number),
      )
      .executeTakeFirst();
    if (held) throw badInput(tr(c, 'org.positionInUse'));
  },
  invalidate(db) {
    invalidateAllUserInfo(db);
  },
};

/** role/menus {id} → {menuIds, codes}: the menus (children and sections as stored) and permission codes of a role. */
export async function roleMenus(db: Kysely<DB>, c: OrgCaller, body: { id?: unknown }): Promise<{ menuIds: number[]; codes: string[] }> {
  const id = idOf(c, body?.id);
  if (!(await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst())) throw badInput(tr(c, 'entity.notFound'));
  const [menus, codes] = await Promise.all([
    db.selectFrom('role_menus').select('menu_id').where('role_id', '=', id).orderBy('menu_id').execute(),
    db.selectFrom('role_permissions').select('code').where('role_id', '=', id).orderBy('code').execute(),
  ]);
  return { menuIds: menus.map((m) => m.menu_id), codes: codes.map((x) => x.code) };
}

/**
 * role/saveMenus {id, menuIds, codes}: replaces the role's menus and permission codes in one
 * transaction (audited with before/after). -1 naming 菜单 for an unknown menu id, naming the code for
 * one no area declares (codes the role already holds are kept valid). Menus reload at once.
 */
export async function saveRoleMenus(
  db: Kysely<DB>,
  dialect: Dialect,
  c: OrgCaller,
  body: { id?: unknown; menuIds?: unknown; codes?: unknown },
): Promise<{ menuIds: number[]; codes: string[] }> {
  if (!c.admin) throw badInput(tr(c, 'error.forbidden'));
  const id = idOf(c, body?.id);
  const list = (v: unknown, key: string): unknown[] => {
    if (v === undefined || v === null || v === '') return [];
    const arr = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter(Boolean) : null;
    if (!arr || arr.length > 2000) throw badInput(tr(c, 'error.badParam', { field: tr(c, key) }));
    return arr;
  };
  const menuIds = [...new Set(list(body?.menuIds, 'field.menuIds').map((v) => idOf(c, v, 'field.menuIds')))];
  const codes = [...new Set(list(body?.codes, 'field.codes').map((v) => String(v).trim()))].filter(Boolean);
  const s = await schemaStore(db);
  const declared = new Set(s.registry.areas().flatMap((a) => a.permissions.map((p) => p.code)));
  const result = await db.transaction().execute(async (trx) => {
    const role = await trx.selectFrom('roles').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    if (!role) throw badInput(tr(c, 'entity.notFound'));
    const before = await roleMenus(trx as unknown as Kysely<DB>, c, { id });
    const held = new Set(before.codes);
    const unknownCode = codes.find((code) => !declared.has(code) && !held.has(code));
    if (unknownCode) throw badInput(tr(c, 'org.unknownCode', { code: unknownCode }));
    if (menuIds.length) {
      const found = await trx.selectFrom('menus').select('id').where('id', 'in', menuIds).execute();
      if (found.length !== menuIds.length) throw badInput(tr(c, 'org.unknownRef', { field: tr(c, 'field.menuIds') }));
    }
    await trx.deleteFrom('role_menus').where('role_id', '=', id).execute();
    await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
    if (menuIds.length)
      await trx
        .insertInto('role_menus')
        .values(menuIds.map((menu_id) => ({ role_id: id, menu_id })))
        .execute();
    if (codes.length)
      await trx
        .insertInto('role_permissions')
        .values(codes.map((code) => ({ role_id: id, code })))
        .execute();
    const after = { menuIds: [...menuIds].sort((a, b) => a - b), codes: [...codes].sort() };
    await orgAudit(trx, dialect, c, 'organization.role.saveMenus', `organization.role:${id}`, { before, after });
    return after;
  });
  forgetRoles(db);
  return result;
}
