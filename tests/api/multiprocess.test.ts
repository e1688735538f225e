/**
 * Several server processes are one (DESIGN §2 scale-out): two apps A and B, each with its own database handle on
 * the same PostgreSQL schema and its own caches, sharing one Redis — two processes of one deployment. A change
 * made through A is seen by B at once, through the cache bus (src/server/services/cacheBus.ts): published forms,
 * flows and dictionaries, list totals, menus, role menus, data scopes, user info, settings, 清除缓存, logout, password change
 * and a disabled user.
 *
 * The clock (Date) is frozen after start-up, so no cache of B can expire by age during a case: B sees a change
 * only because A's invalidation reached it over Redis. Runs when DATABASE_URL and REDIS_URL are set (CI's
 * PostgreSQL + Redis pass).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionOf, type Answer, type Session, type TestApp } from './helpers.js';

/** How long B is given to see a change: a Redis round trip takes milliseconds. */
const WITHIN_MS = 1_000;

/** Polls `probe` until `done` holds of its answer (every 10 ms, at most WITHIN_MS); answers the last answer. */
async function eventually<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = performance.now() + WITHIN_MS;
  for (;;) {
    const v = await probe();
    if (done(v) || performance.now() > until) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

type Node = { path: string; header?: string; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two processes on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const sessions: Record<string, Session> = {};
  const as = async (u: string) => (sessions[u] ??= sessionOf(await a.login(u)));
  const ok = (r: Answer, what: string) => {
    expect(r.code, `${what}: ${r.msg}`).toBe(0);
    return r.data;
  };

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `oa-mp-${process.pid}-${Date.now()}:` };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    expect(b.database.db).not.toBe(a.database.db);
    for (const u of ['admin', 'demo', 'zhangwei', 'lina', 'liuyang', 'zhoujie']) await as(u);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  // Only Date is frozen: timers and I/O run, so Redis and PostgreSQL answer as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a form published on A is served by B at once', async () => {
    const FORM = 'receptions.reception.form';
    const label = async () => (await b.post('Template/forminfo', { id: FORM }, await as('zhangwei'))).data.schema.properties.guestUnit.title;
    expect(await label()).toBe('来宾单位');
    const form = structuredClone(ok(await a.post('Template/revision', { id: FORM, revision: 0 }, await as('admin')), 'revision').definition);
    form.entity.model.properties.guestUnit['x-title'].d = '来访单位';
    ok(await a.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '改标签' }, await as('admin')), 'Template/set');
    expect(await eventually(label, (v) => v === '来访单位')).toBe('来访单位');
  });

  it('a dictionary edited on A is used by B at once', async () => {
    const values = async () =>
      (
        (await b.post('Template/page', { route: '/receptions/index' }, await as('zhangwei'))).data.dicts.find((d: any) => d.id === 'reception_status')
          .items as any[]
      ).map((i) => i.value);
    expect(await values()).not.toContain('postponed');
    const info = ok(await a.post('codes/info', { code: 'reception_status' }, await as('admin')), 'codes/info');
    const items = info.items.map((i: any) => ({ value: i.value, labelZh: i.labelZh, labelEn: i.labelEn, color: i.color }));
    items.push({ value: 'postponed', labelZh: '已延期', labelEn: 'Postponed', color: 'orange' });
    ok(await a.post('codes/edit', { code: 'reception_status', items }, await as('admin')), 'codes/edit');
    expect(await eventually(values, (v) => v.includes('postponed'))).toContain('postponed');
  });

  it('a flow published on A names the work lists of B at once', async () => {
    const rec = ok(
      await a.post('affair/add', { title: '多进程事务', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, await as('zhangwei')),
      'affair/add',
    );
    const started = ok(await a.post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, await as('zhangwei')), 'flow/start');
    const title = async () =>
      (await b.post('flow/todo', { flows: ['affair.default'] }, await as('lina'))).data.list.find((x: any) => x.instanceId === started.id)?.flowTitle;
    expect(await title()).toBe('事务审批');
    const def = structuredClone(ok(await a.post('Flowset/getInfo', { id: 'affair.default' }, await as('admin')), 'getInfo').definition);
    def.title = { ...def.title, t: 'affair.flow.multiprocess', d: '事务审批（新版）' };
    ok(await a.post('Flowset/saveJson', { id: 'affair.default', json: JSON.stringify(def), comment: '改名' }, await as('admin')), 'Flowset/saveJson');
    expect(await eventually(title, (v) => v === '事务审批（新版）')).toBe('事务审批（新版）');
  });

  it('a record added on A counts in B’s list total at once', async () => {
    const dept = (await a.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow())
      .current_dept_id;
    const add = async (title: string) =>
      ok(
        await a.post('receptions/add', { title, guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01', dept }, await as('zhangwei')),
        'receptions/add',
      );
    await add('多进程接待一');
    await add('多进程接待二');
    // One row a page: the total is counted (and kept), not read off a short page.
    const total = async () => (await b.post('receptions/list', { pageSize: 1 }, await as('zhangwei'))).data.total as number;
    const before = await total();
    expect(before).toBeGreaterThanOrEqual(2);
    await add('多进程接待三');
    expect(await eventually(total, (v) => v !== before)).toBe(before + 1);
  });

  it('a menu edited on A shows on B at once', async () => {
    const header = async () => flat((await b.post('Person/userInfo', {}, await as('demo'))).data.menu).find((n) => n.path === '/receptions/index')?.header;
    expect(await header()).not.toBe('来访接待（多进程）');
    const tree = flat(ok(await a.post('menu/tree', {}, await as('admin')), 'menu/tree'));
    const id = (tree.find((n) => n.path === '/receptions/index') as unknown as { id: number }).id;
    ok(await a.post('menu/edit', { id, header: '来访接待（多进程）' }, await as('admin')), 'menu/edit');
    expect(await eventually(header, (v) => v === '来访接待（多进程）')).toBe('来访接待（多进程）');
  });

  it('a role’s menus changed on A change its users’ menus on B at once', async () => {
    const admin = await as('admin');
    const tree = flat(ok(await a.post('menu/tree', {}, admin), 'menu/tree')) as unknown as { id: number; path: string }[];
    const menuIds = ['/receptions/index', '/notice/list'].map((p) => tree.find((n) => n.path === p)!.id);
    const role = ok(await a.post('role/add', { code: 'mp_role', name: '多进程角色', data_scope: 'own' }, admin), 'role/add');
    ok(await a.post('role/saveMenus', { id: role.id, menuIds, codes: [] }, admin), 'role/saveMenus');
    const dept = (await a.database.db.selectFrom('departments').select('id').where('kind', '=', 'dept').executeTakeFirstOrThrow()).id;
    ok(
      await a.post(
        'Users/add',
        { realname: '多进程', username: 'mpuser', departments: [dept], dept, roles: [role.id], password: await a.enc('Mp@2026xyz') },
        admin,
      ),
      'Users/add',
    );
    const s = await a.firstLogin('mpuser', 'Mp@2026xyz');
    const pages = async () =>
      flat((await b.post('Person/userInfo', {}, s)).data.menu)
        .filter((n) => !n.children.length)
        .map((n) => n.path)
        .sort();
    expect(await pages()).toEqual(['/notice/list', '/receptions/index']);
    ok(await a.post('role/saveMenus', { id: role.id, menuIds: menuIds.slice(0, 1), codes: [] }, admin), 'role/saveMenus');
    expect(await eventually(pages, (v) => v.length === 1)).toEqual(['/receptions/index']);
  });

  it('a role’s data scope widened on A widens its users’ lists on B at once', async () => {
    const admin = await as('admin');
    const tree = flat(ok(await a.post('menu/tree', {}, admin), 'menu/tree')) as unknown as { id: number; path: string }[];
    const role = ok(await a.post('role/add', { code: 'mp_scope', name: '多进程范围', data_scope: 'own' }, admin), 'role/add');
    const menuIds = [tree.find((n) => n.path === '/receptions/index')!.id];
    ok(await a.post('role/saveMenus', { id: role.id, menuIds, codes: ['receptions:view'] }, admin), 'role/saveMenus');
    const dept = (await a.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow())
      .current_dept_id;
    ok(
      await a.post(
        'Users/add',
        { realname: '范围测试', username: 'mpscope', departments: [dept], dept, roles: [role.id], password: await a.enc('Mp@2026xyz') },
        admin,
      ),
      'Users/add',
    );
    const s = await a.firstLogin('mpscope', 'Mp@2026xyz');
    ok(
      await a.post('receptions/add', { title: '本科室接待', guestUnit: '省财政厅', people: 2, visitDate: '2026-04-02', dept }, await as('zhangwei')),
      'receptions/add',
    );
    const total = async () => (await b.post('receptions/list', { pageSize: 1 }, s)).data.total as number;
    expect(await total()).toBe(0);
    const info = ok(await a.post('role/info', { id: role.id }, admin), 'role/info');
    ok(await a.post('role/edit', { id: role.id, version: info.version, data_scope: 'department' }, admin), 'role/edit');
    expect(await eventually(total, (v) => v > 0)).toBeGreaterThan(0);
  });

  it('a person edited on A shows in their user info on B at once', async () => {
    const name = async () => (await b.post('Person/userInfo', {}, await as('liuyang'))).data.realname;
    expect(await name()).toBe('刘洋');
    const id = (await a.database.db.selectFrom('users').select('id').where('username', '=', 'liuyang').executeTakeFirstOrThrow()).id;
    const info = ok(await a.post('Users/info', { id }, await as('admin')), 'Users/info');
    ok(await a.post('Users/edit', { id, version: info.version, realname: '刘洋洋' }, await as('admin')), 'Users/edit');
    expect(await eventually(name, (v) => v === '刘洋洋')).toBe('刘洋洋');
  });

  it('a setting changed on A applies on B at once', async () => {
    const days = async () => (await b.post('Person/userInfo', {}, await as('demo'))).data.password_expires_in_days as number;
    const before = await days();
    ok(await a.post('systemmanage/edit', { key: 'password.maxAgeDays', value: 3650 }, await as('admin')), 'systemmanage/edit');
    expect(await eventually(days, (v) => v !== before)).toBeGreaterThan(before);
  });

  it('清除缓存 on A empties the caches of B', async () => {
    const name = async () => (await b.post('Person/userInfo', {}, await as('zhoujie'))).data.realname;
    expect(await name()).toBe('周杰');
    // Written behind both apps' backs (as a database tool would): B keeps serving what it cached.
    await a.database.db.updateTable('users').set({ realname: '周杰（改）' }).where('username', '=', 'zhoujie').execute();
    expect(await name()).toBe('周杰');
    const cleared = await a.post('home/cleancache', {}, await as('admin'));
    expect(cleared.msg).toBe('清除成功');
    expect(await eventually(name, (v) => v === '周杰（改）')).toBe('周杰（改）');
  });

  it('a logout on A is refused on B at once', async () => {
    const s = sessionOf(await a.login('wangfang'));
    expect((await b.post('Person/userInfo', {}, s)).code).toBe(0);
    ok(await a.post('Index/logout', {}, s), 'logout');
    expect(
      (
        await eventually(
          () => b.post('Person/userInfo', {}, s),
          (r) => r.code === -99,
        )
      ).code,
    ).toBe(-99);
  });

  it('a password changed on A ends the person’s other sessions on B at once', async () => {
    const mine = sessionOf(await a.login('sunli'));
    const other = sessionOf(await b.login('sunli'));
    expect((await b.post('Person/userInfo', {}, other)).code).toBe(0);
    ok(
      await a.post('Person/changePassword', { oldPassword: await a.enc('Demo@2026'), newPassword: await a.enc('Sunli@2026x'), isStrongPassword: 1 }, mine),
      'changePassword',
    );
    expect(
      (
        await eventually(
          () => b.post('Person/userInfo', {}, other),
          (r) => r.code === -99,
        )
      ).code,
    ).toBe(-99);
    expect((await b.post('Person/userInfo', {}, mine)).code).toBe(0);
  });

  it('a person disabled on A is refused on B at once', async () => {
    const s = sessionOf(await a.login('wuhao'));
    expect((await b.post('Person/userInfo', {}, s)).code).toBe(0);
    const id = (await a.database.db.selectFrom('users').select('id').where('username', '=', 'wuhao').executeTakeFirstOrThrow()).id;
    ok(await a.post('Users/disabled', { id, status: 0 }, await as('admin')), 'Users/disabled');
    expect(
      (
        await eventually(
          () => b.post('Person/userInfo', {}, s),
          (r) => r.code === -99,
        )
      ).code,
    ).toBe(-99);
  });
});
