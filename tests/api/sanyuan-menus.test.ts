/**
 * 三员分立 in the menus (DESIGN §7): admin, secadmin and auditor administer and audit; they hold no business menu
 * (公文 and 事务 lists, 发起申请, 登记接待, 统计…) — not from the seed, not from a route added later (syncMenus), and a
 * database seeded before loses them (migration 0034). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, actors, type TestApp } from './helpers.js';
import { flattenMenus, invalidateMenuCache } from '../../src/server/services/menu.js';
import { invalidateAllUserInfo } from '../../src/server/services/userInfo.js';
import { ROLE_MENU_GRANTS, grantedMenuKeys, sanyuanMayHold } from '../../src/server/db/seed/menus.js';
import { migration as m0034 } from '../../src/server/db/migrations/0034_sanyuan_no_business.js';

let t: TestApp;
const people = actors(() => t);
const db = () => t.database.db;

/** Business menu paths: everything outside administration, the console, own and system settings and the designers. */
const BUSINESS =
  /^\/(document|affair|flow|receptions|stat|mail|meeting|car|leave|notice|systemNotice|schedule|contact|attence|stamp|proposal|fileBox|file|approval|message|exchange|smwexchange|businessTrip|assets|clock|classes|sms)(\/|$)|^\/form\/add/;

async function menuPaths(who: string): Promise<string[]> {
  const info = await people.ok('Person/userInfo', {}, who);
  return flattenMenus([...info.menu, ...info.menu_my]).map((m) => m.path);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('三员 hold no business menu', () => {
  it('admin, secadmin and auditor open their duties and no business page; demo keeps every business menu', async () => {
    const admin = await menuPaths('admin');
    expect(admin).toEqual(expect.arrayContaining(['/organization/user', '/acl/menu', '/flowset/list', '/form/list', '/codes/index']));
    expect(await menuPaths('secadmin')).toEqual(expect.arrayContaining(['/examine/user', '/organization/role', '/log/action']));
    expect(await menuPaths('auditor')).toEqual(expect.arrayContaining(['/log/login']));
    for (const who of ['admin', 'secadmin', 'auditor']) {
      const business = (await menuPaths(who)).filter((p) => BUSINESS.test(p));
      expect(business, `${who} holds business menus`).toEqual([]);
    }
    const demo = await menuPaths('demo');
    expect(demo).toEqual(expect.arrayContaining(['/document/dbgw', '/document/search', '/affair/new', '/receptions/index', '/flow/tree', '/stat/total']));
  });

  it('a business route granted by mistake to a 三员 role is still not given to it (what syncMenus grants a new route)', () => {
    const before = ROLE_MENU_GRANTS.secadmin;
    try {
      ROLE_MENU_GRANTS.secadmin = [...(before as string[]), 'document', 'receptions'];
      const keys = [...grantedMenuKeys('secadmin')];
      expect(keys.filter((k) => !sanyuanMayHold(k))).toEqual([]);
      expect(keys).toContain('examine.user');
    } finally {
      ROLE_MENU_GRANTS.secadmin = before;
    }
    expect(grantedMenuKeys('office_director')).toContain('document.dbgw');
  });

  it('a database seeded with business menus and the staff role for the 三员 loses them (migration 0034)', async () => {
    const roleId = async (code: string) => (await db().selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const userId = async (name: string) => (await db().selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    const menuId = async (key: string) => (await db().selectFrom('menus').select('id').where('i18n_key', '=', key).executeTakeFirstOrThrow()).id;
    await db()
      .insertInto('user_roles')
      .values({ user_id: await userId('auditor'), role_id: await roleId('staff') })
      .execute();
    await db()
      .insertInto('role_menus')
      .values([
        { role_id: await roleId('secadmin'), menu_id: await menuId('document.dbgw') },
        { role_id: await roleId('sysadmin'), menu_id: await menuId('receptions.index') },
      ])
      .execute();
    invalidateMenuCache(db());
    invalidateAllUserInfo(db());
    expect(await menuPaths('auditor')).toContain('/document/dbgw');
    await db()
      .transaction()
      .execute((trx) => m0034.up(trx, undefined as never));
    invalidateMenuCache(db());
    invalidateAllUserInfo(db());
    for (const who of ['admin', 'secadmin', 'auditor'])
      expect(
        (await menuPaths(who)).filter((p) => BUSINESS.test(p)),
        who,
      ).toEqual([]);
    expect(await menuPaths('auditor')).toContain('/log/login');
    expect(await menuPaths('zhangwei')).toContain('/document/dbgw');
  });
});
