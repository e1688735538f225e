import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.js';
import { createSession } from '../../src/server/services/session.js';
import { now } from '../../src/server/lib/clock.js';

describe('home group: header search and cache clearing (SPEC §2.4, §5, §7)', () => {
  let t: TestApp;
  const s: Record<string, Session> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.database.db
      .selectFrom('users')
      .select(['id', 'uuid', 'username', 'current_dept_id'])
      .where('username', 'in', ['demo', 'zhangwei', 'admin', 'secadmin'])
      .execute();
    for (const u of users) {
      const { token } = await createSession(t.database.db, { userId: u.id, deptId: u.current_dept_id });
      s[u.username] = { token, uuid: u.uuid };
    }
  });
  afterAll(async () => t.close());

  describe('without a session', () => {
    for (const path of ['home/searchType', 'home/search', 'home/cleancache']) {
      it(`${path} answers -99`, async () => {
        const r = await t.post(path, { keyword: '公文', type: 'menu' });
        expect(r.code).toBe(-99);
        expect(r.msg).toBe('登录已过期，请重新登录');
      });
    }
  });

  describe('home/searchType', () => {
    it('refuses an empty, blank or missing keyword with 请输入关键字', async () => {
      for (const body of [{ keyword: '' }, { keyword: '   ' }, {}]) {
        const r = await t.post('home/searchType', body, s.demo);
        expect(r).toMatchObject({ code: -1, msg: '请输入关键字' });
      }
      const en = await t.post('home/searchType', { keyword: '' }, s.demo, { headers: { 'x-lang': 'en-US' } });
      expect(en.msg).toBe('Please enter a keyword');
    });

    it('names the field of a malformed keyword', async () => {
      const r = await t.post('home/searchType', { keyword: { a: 1 } }, s.demo);
      expect(r.code).toBe(-1);
      expect(r.msg).toContain('关键字');
      const long = await t.post('home/searchType', { keyword: 'x'.repeat(51) }, s.demo);
      expect(long).toMatchObject({ code: -1, msg: '关键字不能超过50个字符' });
    });

    it('answers menu for a page the user can open, contact for a person or department', async () => {
      expect((await t.post('home/searchType', { keyword: '待办' }, s.demo)).data).toEqual({ type: 'menu' });
      expect((await t.post('home/searchType', { keyword: '/mail' }, s.demo)).data).toEqual({ type: 'menu' });
      expect((await t.post('home/searchType', { keyword: '张伟' }, s.demo)).data).toEqual({ type: 'contact' });
      expect((await t.post('home/searchType', { keyword: '市财政局' }, s.demo)).data).toEqual({ type: 'contact' });
      expect((await t.post('home/searchType', { keyword: '乌有之乡' }, s.demo)).data).toEqual({ type: 'menu' });
    });

    it('only counts menus the user can open', async () => {
      expect((await t.post('home/searchType', { keyword: '用户管理' }, s.admin)).data.type).toBe('menu');
      expect((await t.post('home/searchType', { keyword: '用户管理' }, s.zhangwei)).data.type).toBe('menu');
      const r = await t.post('home/search', { type: 'menu', keyword: '用户管理' }, s.zhangwei);
      expect(r.data).toEqual({ list: [], total: 0 });
    });

    it('accepts a form-encoded body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/home/searchType',
        payload: `keyword=${encodeURIComponent('收件箱')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': s.demo.token, 'x-uuid': s.demo.uuid },
      });
      expect(res.json()).toMatchObject({ code: 0, data: { type: 'menu' } });
    });
  });

  describe('home/search', () => {
    it('validates type, keyword and paging, naming the field', async () => {
      expect(await t.post('home/search', { keyword: '公文' }, s.demo)).toMatchObject({ code: -1, msg: '请填写搜索类型' });
      expect(await t.post('home/search', { type: 'file', keyword: '公文' }, s.demo)).toMatchObject({ code: -1, msg: '搜索类型的取值不正确' });
      expect(await t.post('home/search', { type: 'menu', keyword: '' }, s.demo)).toMatchObject({ code: -1, msg: '请输入关键字' });
      expect(await t.post('home/search', { type: 'menu', keyword: '公文', pageSize: 1000 }, s.demo)).toMatchObject({ code: -1, msg: '每页条数不能大于100' });
      expect(await t.post('home/search', { type: 'menu', keyword: '公文', current: 0 }, s.demo)).toMatchObject({ code: -1, msg: '页码不能小于1' });
    });

    it("searches the user's own visible pages by title and path, paged", async () => {
      const r = await t.post('home/search', { type: 'menu', keyword: '公文' }, s.demo);
      expect(r.code).toBe(0);
      const paths = r.data.list.map((m: { path: string }) => m.path);
      expect(paths).toContain('/document/dbgw');
      expect(paths).not.toContain('/document/show-audit');
      expect(paths).not.toContain('/document');
      expect(r.data.total).toBe(r.data.list.length);
      const hit = r.data.list.find((m: { path: string }) => m.path === '/document/dbgw');
      expect(hit).toMatchObject({ header: '待办公文', i18nKey: 'document.dbgw', section: '公文管理' });

      const page2 = await t.post('home/search', { type: 'menu', keyword: '公文', current: 2, pageSize: 2 }, s.demo);
      expect(page2.data.total).toBe(r.data.total);
      expect(page2.data.list.map((m: { path: string }) => m.path)).toEqual(paths.slice(2, 4));

      const byPath = await t.post('home/search', { type: 'menu', keyword: '/organization' }, s.zhangwei);
      expect(byPath.data.total).toBe(0);
      const en = await t.post('home/search', { type: 'menu', keyword: 'inbox' }, s.demo, { headers: { 'x-lang': 'en-US' } });
      expect(en.data.list.map((m: { path: string }) => m.path)).toContain('/mail/inbox');
    });

    it('searches people by name, department, unit, position and mobile', async () => {
      const byName = await t.post('home/search', { type: 'contact', keyword: '张伟' }, s.zhangwei);
      expect(byName.data.total).toBe(1);
      expect(byName.data.list[0]).toMatchObject({
        username: 'zhangwei',
        realname: '张伟',
        dept: '秘书科',
        unit: '市政府办公室',
        position: '科员',
        is_primary: true,
      });
      expect(byName.data.list[0]).not.toHaveProperty('password_hash');

      const two = await t.post('home/search', { type: 'contact', keyword: '何超' }, s.zhangwei);
      expect(two.data.list.map((c: { unit: string }) => c.unit)).toEqual(['市政府办公室', '市发展和改革委员会']);

      const unit = await t.post('home/search', { type: 'contact', keyword: '市财政局', pageSize: 100 }, s.zhangwei);
      const names = unit.data.list.map((c: { username: string }) => c.username);
      expect(names).toEqual(expect.arrayContaining(['zhoujie', 'sunli']));
      expect(unit.data.total).toBeGreaterThan(5);

      const mayor = await t.post('home/search', { type: 'contact', keyword: '市长' }, s.zhangwei);
      expect(mayor.data.list[0]).toMatchObject({ username: 'liqiang', dept: '市人民政府', unit: '市人民政府', position: '市长' });

      const mobile = await t.post('home/search', { type: 'contact', keyword: '13800138000' }, s.zhangwei);
      expect(mobile.data.list.map((c: { username: string }) => c.username)).toEqual(['demo']);

      const paged = await t.post('home/search', { type: 'contact', keyword: '科员', current: 2, pageSize: 10 }, s.zhangwei);
      expect(paged.data.list).toHaveLength(10);
      expect(paged.data.total).toBeGreaterThan(100);

      const wildcard = await t.post('home/search', { type: 'contact', keyword: '%' }, s.zhangwei);
      expect(wildcard.data).toEqual({ list: [], total: 0 });
    });

    it('leaves disabled users out', async () => {
      const db = t.database.db;
      await db.updateTable('users').set({ status: 0 }).where('username', '=', 'lina').execute();
      const r = await t.post('home/search', { type: 'contact', keyword: '李娜' }, s.zhangwei);
      expect(r.data.total).toBe(0);
      await db.updateTable('users').set({ status: 1 }).where('username', '=', 'lina').execute();
      expect((await t.post('home/search', { type: 'contact', keyword: '李娜' }, s.zhangwei)).data.total).toBe(1);
    });
  });

  describe('home/cleancache', () => {
    it('is refused to anyone but the system administrator', async () => {
      for (const u of ['zhangwei', 'demo', 'secadmin']) {
        expect(await t.post('home/cleancache', {}, s[u])).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
      }
    });

    it('clears expired rows and answers the disk-usage percent with 清除成功', async () => {
      const db = t.database.db;
      const past = now() - 1000;
      await db
        .insertInto('captchas')
        .values([
          { key: 'old', answer_hash: 'x', expires_at: past },
          { key: 'live', answer_hash: 'x', expires_at: now() + 60_000 },
        ])
        .execute();
      await db.insertInto('used_nonces').values({ hash: 'old', expires_at: past }).execute();
      await db
        .insertInto('sms_codes')
        .values({ mobile: '13800000011', purpose: 'login', code_hash: 'x', created_at: past - 300_000, expires_at: past, used_at: null, attempts: 0 })
        .execute();
      const zw = await db.selectFrom('users').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
      const old = await createSession(db, { userId: zw.id, deptId: null });
      await db.updateTable('sessions').set({ expires_at: past }).where('id', '=', old.sessionId).execute();

      const r = await t.post('home/cleancache', undefined, s.admin);
      expect(r.code).toBe(0);
      expect(r.msg).toBe('清除成功');
      expect(typeof r.data.concurrent).toBe('number');
      expect(r.data.concurrent).toBeGreaterThanOrEqual(0);
      expect(r.data.concurrent).toBeLessThanOrEqual(100);

      expect((await db.selectFrom('captchas').select('key').execute()).map((c) => c.key)).toEqual(['live']);
      expect(await db.selectFrom('used_nonces').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('sessions').select('id').where('id', '=', old.sessionId).execute()).toEqual([]);

      const again = await t.post('home/cleancache', {}, s.admin, { headers: { 'x-lang': 'en-US' } });
      expect(again).toMatchObject({ code: 0, msg: 'Cache cleared' });
      expect((await t.post('home/searchType', { keyword: '待办' }, s.demo)).code).toBe(0);
    });

    it('makes a permission changed in the database visible at once', async () => {
      const db = t.database.db;
      const access = async () => (await t.post('Person/userInfo', {}, s.zhangwei)).data.access as string[];
      expect(await access()).not.toContain('receptions:audit');
      const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
      await db.insertInto('role_permissions').values({ role_id: staff.id, code: 'receptions:audit' }).execute();
      // Still the cached answer (menus and user infos are cached for speed)…
      expect(await access()).not.toContain('receptions:audit');
      expect((await t.post('home/cleancache', {}, s.admin)).code).toBe(0);
      // …until the administrator clears the cache.
      expect(await access()).toContain('receptions:audit');
    });
  });
});
