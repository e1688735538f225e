/**
 * 0034: the 三员 hold no business (DESIGN §7 三员分立, 等保 2.0 三级).
 *
 * Databases seeded before gave the three administrators (roles sysadmin, secadmin, auditor) the `staff` role and,
 * through it, every business menu (公文 and 事务 lists, 发起申请, 登记接待…), and the sysadmin role the statistics and
 * form-filling menus. Here: people holding a 三员 role lose the built-in `staff` role, and the 三员 roles lose every
 * menu outside the administration sections (the same rule as db/seed/menus.ts sanyuanMayHold, written out here so
 * that this migration keeps meaning what it meant when it was written). New databases are seeded that way. The
 * server refuses business calls to the 三员 whatever their roles (src/server/lib/business.ts).
 */
import type { Migration } from '../migrate.js';

const SANYUAN = ['sysadmin', 'secadmin', 'auditor'];
const ALLOWED_SECTIONS = ['organization', 'examine', 'codes', 'apps', 'log', 'debug', 'outurl', 'dashboard', 'acl', 'setting', 'index', 'flowset', 'form'];
const NEVER = ['form.add'];

export const migration: Migration = {
  name: '0034_sanyuan_no_business',
  async up(db) {
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'code'])
      .where('code', 'in', [...SANYUAN, 'staff'])
      .execute();
    const sanyuanIds = roles.filter((r: { code: string }) => SANYUAN.includes(r.code)).map((r: { id: number }) => r.id);
    if (!sanyuanIds.length) return;
    const staff = roles.find((r: { code: string }) => r.code === 'staff');
    if (staff) {
      const holders = db.selectFrom('user_roles').select('user_id').where('role_id', 'in', sanyuanIds);
      await db.deleteFrom('user_roles').where('role_id', '=', staff.id).where('user_id', 'in', holders).execute();
    }
    const menus = await db.selectFrom('menus').select(['id', 'i18n_key', 'parent_id']).execute();
    const business = menus
      .filter(
        (m: { i18n_key: string; parent_id: number | null }) =>
          m.parent_id != null && (!ALLOWED_SECTIONS.includes(m.i18n_key.split('.')[0]) || NEVER.includes(m.i18n_key)),
      )
      .map((m: { id: number }) => m.id);
    for (let i = 0; i < business.length; i += 500) {
      await db
        .deleteFrom('role_menus')
        .where('role_id', 'in', sanyuanIds)
        .where('menu_id', 'in', business.slice(i, i + 500))
        .execute();
    }
  },
};
