/**
 * The generic entity API (DESIGN §6) on the fixture entity `entitytest.notebook`
 * (tests/fixtures/schemas/entitytest, scope 'unit'): -99, -1 naming the field, data scope across
 * departments, permissions, success paths, stale edits, audit rows, keyword/filters/sort/paging.
 * The fixture's permission codes (entitytest:*) are granted to the staff and clerk roles by the first test.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/entitytest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const G = 'entitytestNotebooks';
let t: TestApp;
const s: Record<string, Session> = {};
let seq = 0;
const code = () => `NB-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'demo', 'sunli']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

async function add(who: string, rec: Record<string, unknown> = {}) {
  const r = await t.post(`${G}/add`, { title: '会议记录本', code: code(), ...rec }, s[who]);
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

describe('permission codes', () => {
  it('refuses add without entitytest:add, then allows it once granted (staff: add, delete; clerk: archive)', async () => {
    const denied = await t.post(`${G}/add`, { title: '无权', code: 'P-1' }, s.zhangwei);
    expect(denied).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    const { db } = t.database;
    const roles = await db.selectFrom('roles').select(['id', 'code']).where('code', 'in', ['staff', 'clerk']).execute();
    const id = (code: string) => roles.find((r) => r.code === code)!.id;
    await db
      .insertInto('role_permissions')
      .values([
        { role_id: id('staff'), code: 'entitytest:add' },
        { role_id: id('staff'), code: 'entitytest:delete' },
        { role_id: id('clerk'), code: 'entitytest:archive' },
      ])
      .execute();
    invalidateMenuCache(db);
    const ok = await t.post(`${G}/add`, { title: '有权', code: 'P-1' }, s.zhangwei);
    expect(ok.code, ok.msg).toBe(0);
  });
});

describe('authentication and validation', () => {
  it('answers -99 without a session on every call', async () => {
    for (const a of ['list', 'info', 'add', 'edit', 'del', 'archive']) {
      const r = await t.post(`${G}/${a}`, { id: 1, title: 'x' });
      expect(r.code, a).toBe(-99);
    }
  });

  it('names the field of a missing, too long or badly typed value (zh and en)', async () => {
    let r = await t.post(`${G}/add`, { code: 'A-1' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '请填写标题' });
    r = await t.post(`${G}/add`, { title: '长'.repeat(51), code: 'A-1' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '标题不能超过50个字符' });
    r = await t.post(`${G}/add`, { title: '本', code: 'A-1', pages: 'abc' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '页数类型不正确' });
    r = await t.post(`${G}/add`, { title: '本', code: 'a 1' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '编号只能包含大写字母、数字和连字符' });
    r = await t.post(`${G}/add`, { title: '本', code: 'A-1', category: 'x' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '类别的取值不正确' });
    r = await t.post(`${G}/add`, { title: '本', code: 'A-1', due_date: '2026-13-45' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '截止日期格式不正确' });
    r = await t.post(`${G}/add`, { code: 'A-1' }, s.zhangwei, { headers: { 'x-lang': 'en-US' } });
    expect(r).toMatchObject({ code: -1, msg: 'Title is required' });
    r = await t.post(`${G}/add`, { title: 'x', code: 'a 1' }, s.zhangwei, { headers: { 'x-lang': 'en-US' } });
    expect(r).toMatchObject({ code: -1, msg: 'The code may contain only capital letters, digits and hyphens' });
  });

  it('refuses unknown properties and ignores system fields', async () => {
    const r = await t.post(`${G}/add`, { title: '本', code: 'A-2', colour: 'red' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '不支持的参数：colour' });
    const ok = await t.post(`${G}/add`, { title: '本', code: 'A-3', id: 999999, created_by: 1, version: 7 }, s.zhangwei);
    expect(ok.code).toBe(0);
    expect(ok.data.id).not.toBe(999999);
    expect(ok.data.version).toBe(1);
  });

  it('coerces a form-encoded body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${G}/add`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': s.zhangwei.token, 'x-uuid': s.zhangwei.uuid },
      payload: new URLSearchParams({ title: '表单本', code: 'F-1', pages: '12', price: '35.5', shared: 'true', readers: '[1,2]' }).toString(),
    });
    const r = res.json();
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ title: '表单本', pages: 12, price: 35.5, shared: true, readers: [1, 2] });
  });

  it('answers -1 naming an unknown filter or sort field, never a crash', async () => {
    let r = await t.post(`${G}/list`, { filters: { password_hash: 'x' } }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '未知字段：password_hash' });
    r = await t.post(`${G}/list`, { sort: { field: 'nope', order: 'asc' } }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '未知字段：nope' });
    r = await t.post(`${G}/list`, { filters: '{bad' }, s.zhangwei);
    expect(r.code).toBe(-1);
    r = await t.post(`${G}/list`, { pageSize: 500 }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '每页条数不能大于200' });
    r = await t.post(`${G}/info`, { id: 'abc' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '记录ID类型不正确' });
    r = await t.post(`${G}/info`, { id: 99999999999 }, s.zhangwei);
    expect(r.code).toBe(-1);
    r = await t.post(`${G}/list`, { filters: { pages: 'abc' } }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '参数pages不正确' });
    r = await t.post(`${G}/list`, { filters: { pages: { op: 'like', value: '1' } } }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '参数pages不正确' });
    r = await t.post(`${G}/del`, { ids: 'x,y' }, s.zhangwei);
    expect(r.code).toBe(-1);
  });

  it('keeps values inside what the columns hold (varchar length, integer range)', async () => {
    let r = await t.post(`${G}/add`, { title: '本', code: 'L-1', keeper: 3000000000 }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '保管人不能大于2147483647' });
    r = await t.post(`${G}/add`, { title: '本', code: 'L-1', opened_at: '2026-01-01T08:00:00.000+08:00 and more' }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '启用时间不能超过30个字符' });
  });
});

describe('data scope and permissions', () => {
  let mine: any;
  let finance: any;
  beforeAll(async () => {
    mine = await add('zhangwei', { title: '秘书科张伟的本' });
    finance = await add('sunli', { title: '财政局孙丽的本' });
  });

  it('stores owner department and unit', async () => {
    const r = await t.post(`${G}/info`, { id: mine.id }, s.zhangwei);
    expect(r.code).toBe(0);
    expect(r.data.owner_dept_id).toBeTypeOf('number');
    expect(r.data.owner_unit_id).toBeTypeOf('number');
    expect(r.data.owner_dept_id).not.toBe(r.data.owner_unit_id);
  });

  it('never lists another department’s data', async () => {
    const z = await t.post(`${G}/list`, { pageSize: 200 }, s.zhangwei);
    expect(z.data.list.map((x: any) => x.id)).toContain(mine.id);
    expect(z.data.list.map((x: any) => x.id)).not.toContain(finance.id);
    const f = await t.post(`${G}/list`, { pageSize: 200 }, s.sunli);
    expect(f.data.list.map((x: any) => x.id)).toContain(finance.id);
    expect(f.data.list.map((x: any) => x.id)).not.toContain(mine.id);
    expect(f.data.total).toBe(f.data.list.length);
  });

  it('own scope: a staff member sees only their own; department and unit scopes see colleagues', async () => {
    const l = await add('lina', { title: '李娜的本' });
    const z = await t.post(`${G}/list`, { pageSize: 200 }, s.zhangwei);
    expect(z.data.list.every((x: any) => x.created_by === mine.created_by)).toBe(true);
    const lina = await t.post(`${G}/list`, { pageSize: 200 }, s.lina);
    expect(lina.data.list.map((x: any) => x.id)).toEqual(expect.arrayContaining([mine.id, l.id]));
    const demo = await t.post(`${G}/list`, { pageSize: 200 }, s.demo);
    expect(demo.data.list.map((x: any) => x.id)).toEqual(expect.arrayContaining([mine.id, l.id]));
    expect(demo.data.list.map((x: any) => x.id)).not.toContain(finance.id);
  });

  it('refuses an out-of-scope record on info, edit, del and actions without revealing it', async () => {
    const missing = await t.post(`${G}/info`, { id: 987654 }, s.sunli);
    for (const [call, body] of [
      ['info', { id: mine.id }],
      ['edit', { id: mine.id, version: 1, title: '改' }],
      ['del', { id: mine.id }],
      ['del', { ids: [finance.id, mine.id] }],
      ['archive', { id: mine.id }],
    ] as const) {
      const r = await t.post(`${G}/${call}`, body, s.sunli);
      expect(r, call).toMatchObject({ code: -1, msg: '记录不存在或无权访问' });
      expect(r.msg).toBe(missing.msg);
    }
    const still = await t.post(`${G}/info`, { id: mine.id }, s.zhangwei);
    expect(still.data).toMatchObject({ title: '秘书科张伟的本', version: 1 });
    expect((await t.post(`${G}/info`, { id: finance.id }, s.sunli)).code).toBe(0);
  });

  it('offers and enforces permission codes (_actions, forbidden action)', async () => {
    const z = await t.post(`${G}/info`, { id: mine.id }, s.zhangwei);
    expect(z.data._actions).toEqual(['edit', 'delete']);
    const r = await t.post(`${G}/archive`, { id: mine.id }, s.zhangwei);
    expect(r).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    const f = await t.post(`${G}/info`, { id: finance.id }, s.sunli);
    expect(f.data._actions).toEqual(['edit', 'delete', 'archive']);
    const a = await t.post(`${G}/archive`, { id: finance.id }, s.sunli);
    expect(a.code, a.msg).toBe(0);
    expect(a.data).toMatchObject({ status: 'archived', version: 2 });
    expect(a.data._actions).toEqual(['edit', 'delete']);
    const again = await t.post(`${G}/archive`, { id: finance.id }, s.sunli);
    expect(again).toMatchObject({ code: -1, msg: '记录当前状态不允许该操作' });
  });
});

describe('writes', () => {
  it('adds, edits with the version, refuses a stale edit, deletes — each audited with before/after', async () => {
    const rec = await add('zhangwei', { title: '待编辑', pages: 10, price: 12.34, shared: false, due_date: '2026-05-01', readers: [3], keeper: 1 });
    expect(rec).toMatchObject({ version: 1, pages: 10, price: 12.34, shared: false, readers: [3], keeper: 1 });
    const cents = await add('zhangwei', { title: '分', price: 12.345, weight: 0.125 });
    expect(cents).toMatchObject({ price: 12.35, weight: 0.125 });
    const e1 = await t.post(`${G}/edit`, { id: rec.id, version: 1, title: '已编辑', shared: true }, s.zhangwei);
    expect(e1.code, e1.msg).toBe(0);
    expect(e1.data).toMatchObject({ title: '已编辑', shared: true, pages: 10, version: 2 });
    const stale = await t.post(`${G}/edit`, { id: rec.id, version: 1, title: '覆盖' }, s.zhangwei);
    expect(stale).toMatchObject({ code: -1, msg: '记录已被他人修改，请刷新后重试' });
    const noVersion = await t.post(`${G}/edit`, { id: rec.id, title: '覆盖' }, s.zhangwei);
    expect(noVersion).toMatchObject({ code: -1, msg: '请填写版本号' });
    const bad = await t.post(`${G}/edit`, { id: rec.id, version: 2, title: '' }, s.zhangwei);
    expect(bad.code).toBe(-1);
    const cleared = await t.post(`${G}/edit`, { id: rec.id, version: 2, title: null }, s.zhangwei);
    expect(cleared).toMatchObject({ code: -1, msg: '请填写标题' });
    const now = await t.post(`${G}/info`, { id: rec.id }, s.zhangwei);
    expect(now.data).toMatchObject({ title: '已编辑', version: 2 });

    const { db } = t.database;
    const rows = await db.selectFrom('audit_log').selectAll().where('object', '=', `entitytest.notebook:${rec.id}`).orderBy('id').execute();
    expect(rows.map((r) => r.event)).toEqual(['entitytest.notebook.add', 'entitytest.notebook.edit']);
    const detail = JSON.parse(rows[1].detail!);
    expect(detail.before.title).toBe('待编辑');
    expect(detail.after.title).toBe('已编辑');
    expect(rows[1].username).toBe('zhangwei');
    expect(rows[1].ip).toBeTruthy();

    const d = await t.post(`${G}/del`, { ids: String(rec.id) }, s.zhangwei);
    expect(d).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await t.post(`${G}/info`, { id: rec.id }, s.zhangwei)).code).toBe(-1);
    const del = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'entitytest.notebook.del')
      .where('object', '=', `entitytest.notebook:${rec.id}`)
      .executeTakeFirst();
    expect(JSON.parse(del!.detail!).before.title).toBe('已编辑');
  });

  it('lets exactly one of two simultaneous edits at the same version win', async () => {
    const rec = await add('zhangwei', { title: '并发' });
    const [a, b] = await Promise.all([
      t.post(`${G}/edit`, { id: rec.id, version: 1, title: '甲改' }, s.zhangwei),
      t.post(`${G}/edit`, { id: rec.id, version: 1, title: '乙改' }, s.lina),
    ]);
    expect([a.code, b.code].sort()).toEqual([-1, 0]);
    const loser = a.code === -1 ? a : b;
    expect(loser.msg).toBe('记录已被他人修改，请刷新后重试');
    const now = await t.post(`${G}/info`, { id: rec.id }, s.zhangwei);
    expect(now.data.version).toBe(2);
    expect(now.data.title).toBe((a.code === 0 ? a : b).data.title);
  });

  it('refuses a duplicate unique key and a dangling reference without writing', async () => {
    await add('zhangwei', { code: 'UNIQ-1' });
    const dup = await t.post(`${G}/add`, { title: '重复', code: 'UNIQ-1' }, s.zhangwei);
    expect(dup).toMatchObject({ code: -1, msg: '编号已存在' });
    const ref = await t.post(`${G}/add`, { title: '悬空', code: 'REF-1', keeper: 999999 }, s.zhangwei);
    expect(ref).toMatchObject({ code: -1, msg: '引用的人员或部门不存在' });
    const l = await t.post(`${G}/list`, { keyword: '悬空' }, s.zhangwei);
    expect(l.data.total).toBe(0);
  });
});

describe('list: keyword, filters, sort, paging', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      await add('lina', {
        title: `分页测试${String(i).padStart(2, '0')}`,
        pages: i,
        category: i % 2 ? 'work' : 'life',
        due_date: `2026-03-${String(i).padStart(2, '0')}`,
        note: i === 7 ? '含有关键字青松' : null,
      });
    }
  });
  const list = (body: Record<string, unknown>) => t.post(`${G}/list`, { keyword: '分页测试', ...body }, s.lina);

  it('pages with current (default 1) and pageSize (default 20)', async () => {
    const p1 = await list({});
    expect(p1.data.total).toBe(25);
    expect(p1.data.list).toHaveLength(20);
    const p2 = await list({ current: 2 });
    expect(p2.data.list).toHaveLength(5);
    expect(new Set([...p1.data.list, ...p2.data.list].map((x: any) => x.id)).size).toBe(25);
  });

  it('finds by keyword over the searchable fields', async () => {
    const r = await t.post(`${G}/list`, { keyword: '青松' }, s.lina);
    expect(r.data.total).toBe(1);
    expect(r.data.list[0].title).toBe('分页测试07');
  });

  it('filters by value, range and operator, and sorts', async () => {
    expect((await list({ filters: { category: 'life' } })).data.total).toBe(12);
    expect((await list({ filters: { pages: [5, 9] } })).data.total).toBe(5);
    expect((await list({ filters: { due_date: ['2026-03-20', null] } })).data.total).toBe(6);
    expect((await list({ filters: { pages: { op: 'gt', value: 20 } } })).data.total).toBe(5);
    expect((await list({ filters: { pages: { op: 'in', value: [1, 2, 3] } } })).data.total).toBe(3);
    const asc = await list({ sort: { field: 'pages', order: 'ascend' }, pageSize: 3 });
    expect(asc.data.list.map((x: any) => x.pages)).toEqual([1, 2, 3]);
    const desc = await list({ sort: JSON.stringify({ field: 'pages', order: 'desc' }), pageSize: 2, filters: JSON.stringify({ category: 'work' }) });
    expect(desc.data.list.map((x: any) => x.pages)).toEqual([25, 23]);
    const bad = await list({ filters: { pages: { op: 'drop', value: 1 } } });
    expect(bad.code).toBe(-1);
  });
});
