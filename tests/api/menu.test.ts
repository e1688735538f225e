import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, type TestApp } from './helpers.js';
import { flattenMenus, invalidateMenuCache, menuactionOf, userMenus, type UserMenus } from '../../src/server/services/menu.js';
import { SECTIONS } from '../../src/shared/routes.js';
import { syncMenus } from '../../src/server/db/seed/sync.js';

describe('userMenus (SPEC §3 menu, menu_my, access)', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const u of await t.database.db.selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
  });
  afterAll(async () => t.close());
  const db = () => t.database.db;
  const menusOf = (username: string) => userMenus(db(), ids[username]);
  const pathsOf = (m: UserMenus) => new Set([...flattenMenus(m.menu), ...m.menu_my].map((n) => n.path));

  it('together, demo, admin, secadmin and auditor open every menu row', async () => {
    const all = await db().selectFrom('menus').select(['id', 'path']).execute();
    const seen = new Set<number>();
    for (const u of ['demo', 'admin', 'secadmin', 'auditor']) {
      const m = await menusOf(u);
      for (const n of [...flattenMenus(m.menu), ...m.menu_my]) seen.add(n.id);
    }
    expect(all.filter((m) => !seen.has(m.id)).map((m) => m.path)).toEqual([]);
  });

  it('gives demo every business menu but no administration', async () => {
    const m = await menusOf('demo');
    const paths = pathsOf(m);
    for (const p of ['/document/dbgw', '/document/gwsz', '/affair/swsz', '/exchange/new', '/smwexchange/list', '/stamp/info', '/assets/logs',
      '/attence/logshow', '/classes/scheduling', '/clock/add', '/sms/mass', '/stat/dwfw', '/flowset/list', '/form/list', '/setting/holiday', '/meeting/setting']) {
      expect(paths.has(p), p).toBe(true);
    }
    for (const p of ['/organization', '/examine', '/codes', '/apps', '/log', '/debug', '/acl/menu', '/setting/index', '/setting/auths']) {
      expect(paths.has(p), p).toBe(false);
    }
    expect(m.roles).toEqual(['office_director', 'staff']);
    expect(m.access).toEqual(expect.arrayContaining(['document:sign', 'document:number', 'document:draft']));
    expect(m.isdwgly).toBe(false);
  });

  it('orders sections and children by sort, sections carrying their icon', async () => {
    const m = await menusOf('demo');
    const order = SECTIONS.map((s) => s.path);
    const got = m.menu.map((s) => s.path);
    expect(got).toEqual(order.filter((p) => got.includes(p)));
    const doc = m.menu.find((s) => s.path === '/document')!;
    expect(doc).toMatchObject({ header: '公文管理', i18nKey: 'document', icon: 'FileTextOutlined', status: 1, auth: '' });
    const docKids = SECTIONS.find((s) => s.key === 'document')!.children!.map((c) => c.key);
    expect(doc.children.map((c) => c.i18nKey)).toEqual(docKids);
  });

  it('gives demo a personal menu', async () => {
    const m = await menusOf('demo');
    expect(m.menu_my.map((n) => n.path)).toEqual(['/document/new', '/document/dbgw', '/mail/inbox', '/schedule/index', '/meeting/room']);
    expect(m.menu_my.every((n) => n.children.length === 0)).toBe(true);
    expect((await menusOf('zhangwei')).menu_my).toEqual([]);
  });

  it('gives staff the everyday menus with their hidden detail pages, never organization', async () => {
    const m = await menusOf('zhangwei');
    const paths = pathsOf(m);
    for (const p of ['/dashboard/console', '/document/new', '/document/dbgw', '/document/show-audit', '/affair/dbsw', '/affair/show-audit',
      '/flow/view-flow', '/mail/inbox', '/contact/index', '/schedule/index', '/meeting/room', '/car/apply', '/leave/record', '/acl/setting', '/fileBox/index']) {
      expect(paths.has(p), p).toBe(true);
    }
    for (const p of ['/organization', '/organization/user', '/examine', '/log', '/document/gwdb', '/exchange/new', '/codes']) {
      expect(paths.has(p), p).toBe(false);
    }
    expect(m.roles).toEqual(['staff']);
    const hidden = flattenMenus(m.menu).find((n) => n.path === '/document/show-audit')!;
    expect(hidden.auth).toBe('hidden');
  });

  it('opens admin-only menus (codes, apps) to sysadmin only', async () => {
    const holders: string[] = [];
    for (const [username, id] of Object.entries(ids)) {
      const paths = pathsOf(await userMenus(db(), id));
      if (paths.has('/codes/index') || paths.has('/apps/index') || paths.has('/codes') || paths.has('/apps')) holders.push(username);
      if (username !== 'admin') expect(paths.has('/organization/menu'), username).toBe(false);
    }
    expect(holders).toEqual(['admin']);
  });

  it('gives the 三员 their own areas', async () => {
    const sec = pathsOf(await menusOf('secadmin'));
    for (const p of ['/examine/user', '/examine/codes', '/organization/user', '/organization/role', '/organization/permission', '/log/action']) expect(sec.has(p), p).toBe(true);
    expect(sec.has('/organization/menu')).toBe(false);
    const aud = await menusOf('auditor');
    const ap = pathsOf(aud);
    for (const p of ['/log', '/log/login', '/log/action', '/log/sms-mass']) expect(ap.has(p), p).toBe(true);
    expect(ap.has('/examine/user')).toBe(false);
    expect(aud.access).toContain('log:read');
    expect(aud.menuaction['/log']).toContain('log:read');
    const adm = await menusOf('admin');
    expect(adm.access).toContain('system:cache');
    expect(adm.menuaction['/organization/user']).toContain('organization:user:edit');
  });

  it('flags unit administrators (isdwgly) and adds clerk menus', async () => {
    const z = await menusOf('zhengmin');
    expect(z.isdwgly).toBe(true);
    expect(pathsOf(z).has('/organization/user')).toBe(true);
    expect(pathsOf(z).has('/organization/permission')).toBe(false);
    const s = await menusOf('sunli');
    expect(pathsOf(s).has('/document/gwqs')).toBe(true);
    expect(pathsOf(s).has('/exchange/new')).toBe(true);
    expect(s.access).toContain('document:receive');
  });

  it('answers empty lists for an unknown user', async () => {
    expect(await userMenus(db(), 987654)).toEqual({ menu: [], menu_my: [], access: [], menuaction: {}, roles: [], isdwgly: false });
  });

  it('follows status changes after invalidateMenuCache, and role changes at once', async () => {
    const inbox = await db().selectFrom('menus').select('id').where('path', '=', '/mail/inbox').executeTakeFirstOrThrow();
    await db().updateTable('menus').set({ status: 0 }).where('id', '=', inbox.id).execute();
    invalidateMenuCache(db());
    expect(pathsOf(await menusOf('zhangwei')).has('/mail/inbox')).toBe(false);
    await db().updateTable('menus').set({ status: 1 }).where('id', '=', inbox.id).execute();
    invalidateMenuCache();
    expect(pathsOf(await menusOf('zhangwei')).has('/mail/inbox')).toBe(true);

    const clerk = await db().selectFrom('roles').select('id').where('code', '=', 'clerk').executeTakeFirstOrThrow();
    await db().insertInto('user_roles').values({ user_id: ids.zhangwei, role_id: clerk.id }).execute();
    expect(pathsOf(await menusOf('zhangwei')).has('/exchange/list')).toBe(true);
    await db().updateTable('roles').set({ status: 0 }).where('id', '=', clerk.id).execute();
    invalidateMenuCache(db());
    expect(pathsOf(await menusOf('zhangwei')).has('/exchange/list')).toBe(false);
    await db().updateTable('roles').set({ status: 1 }).where('id', '=', clerk.id).execute();
    await db().deleteFrom('user_roles').where('user_id', '=', ids.zhangwei).where('role_id', '=', clerk.id).execute();
    invalidateMenuCache(db());
  });

  it('picks up a role created after the cache was loaded', async () => {
    await menusOf('zhangwei');
    const role = await db()
      .insertInto('roles')
      .values({ code: 'tmp_stamp', name: '印章管理员', builtin: 0, exclusive_group: null, data_scope: 'unit', sort: 999, status: 1, remark: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stamp = await db().selectFrom('menus').select('id').where('path', '=', '/stamp/list').executeTakeFirstOrThrow();
    await db().insertInto('role_menus').values({ role_id: role.id, menu_id: stamp.id }).execute();
    await db().insertInto('user_roles').values({ user_id: ids.zhangwei, role_id: role.id }).execute();
    const m = await menusOf('zhangwei');
    expect(pathsOf(m).has('/stamp/list')).toBe(true);
    expect(m.roles).toContain('tmp_stamp');
    await db().deleteFrom('roles').where('id', '=', role.id).execute();
    invalidateMenuCache(db());
  });

  it('costs one query per call once the catalogue is loaded', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    };
    const counted = db().withPlugin(counter);
    await userMenus(counted, ids.demo);
    queries = 0;
    for (const u of ['demo', 'zhangwei', 'admin', 'lina']) await userMenus(counted, ids[u]);
    expect(queries).toBe(4);
  });

  it('attaches permission codes to the deepest menu the user has', () => {
    const paths = new Set(['/organization', '/organization/user', '/document']);
    expect(menuactionOf(['organization:user:edit', 'organization:role:edit', 'document:sign', 'system:cache'], paths)).toEqual({
      '/organization/user': ['organization:user:edit'],
      '/organization': ['organization:role:edit'],
      '/document': ['document:sign'],
    });
  });
});

describe('menu sync at start (routes added by a later release)', () => {
  it('adds a missing menu with its grants and leaves the others as the administrator left them', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.database;
      const target = await db.selectFrom('menus').select(['id', 'path']).where('i18n_key', '=', 'mail.inbox').executeTakeFirstOrThrow();
      await db.deleteFrom('menus').where('id', '=', target.id).execute();
      await db.updateTable('menus').set({ header: '我的工作台' }).where('i18n_key', '=', 'dashboard.console').execute();
      const { added } = await db.transaction().execute((trx) => syncMenus(trx));
      expect(added).toEqual(['mail.inbox']);
      const back = await db.selectFrom('menus').select(['id', 'path', 'header']).where('i18n_key', '=', 'mail.inbox').executeTakeFirstOrThrow();
      expect(back.path).toBe(target.path);
      const granted = await db
        .selectFrom('role_menus as rm')
        .innerJoin('roles as r', 'r.id', 'rm.role_id')
        .select('r.code')
        .where('rm.menu_id', '=', back.id)
        .execute();
      expect(granted.map((g) => g.code)).toContain('staff');
      const console_ = await db.selectFrom('menus').select('header').where('i18n_key', '=', 'dashboard.console').executeTakeFirstOrThrow();
      expect(console_.header).toBe('我的工作台');
      expect((await db.transaction().execute((trx) => syncMenus(trx))).added).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
