/**
 * List views, page columns, refs and totals of the generic entity list on receptions: a view's
 * `where` (CEL) filters as defined (`record.status == "planned"`, this month's visit dates); a page of
 * another entity or an unknown view is -1 naming it; with a page the rows carry only the columns the page
 * needs; `refs` names the users and departments of the page, `_refs` those of an info answer; totals
 * follow adds and deletes at once (cached totals are forgotten on writes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/expr/index.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const PAGE = 'receptions.reception.list';
let t: TestApp;
const s: Record<string, Session> = {};
let dept = 0;
let zhangweiId = 0;
const month = today().slice(0, 7);
const otherMonth = month.startsWith('2019') ? '2020-01' : '2019-01';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina']) s[u] = sessionOf(await t.login(u));
  const row = await t.database.db.selectFrom('users').select(['id', 'current_dept_id']).where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
  dept = Number(row.current_dept_id);
  zhangweiId = row.id;
  const add = (title: string, visitDate: string, status: string, extra: Record<string, unknown> = {}) =>
    t.post('receptions/add', { title, guestUnit: '市统计局', people: 2, visitDate, dept, status, ...extra }, s.zhangwei);
  for (const r of [
    await add('本月计划', `${month}-01`, 'planned', { contact: zhangweiId, companions: [zhangweiId] }),
    await add('本月完成', `${month}-02`, 'done'),
    await add('往月计划', `${otherMonth}-15`, 'planned'),
    await add('往月取消', `${otherMonth}-16`, 'cancelled'),
  ]) {
    expect(r.code, r.msg).toBe(0);
  }
});
afterAll(async () => t.close());

const titles = (r: { data: { list: { title: string }[] } }) => r.data.list.map((x) => x.title).sort();

describe('views', () => {
  it('applies the view where: planned, this month, and no view', async () => {
    const planned = await t.post('receptions/list', { page: PAGE, view: 'view_planned' }, s.zhangwei);
    expect(planned.code, planned.msg).toBe(0);
    expect(titles(planned)).toEqual(['本月计划', '往月计划'].sort());
    expect(planned.data.total).toBe(2);
    const thisMonth = await t.post('receptions/list', { page: PAGE, view: 'view_thisMonth' }, s.zhangwei);
    expect(titles(thisMonth)).toEqual(['本月完成', '本月计划'].sort());
    const all = await t.post('receptions/list', { page: PAGE, view: 'view_all' }, s.zhangwei);
    expect(all.data.total).toBe(4);
    const both = await t.post('receptions/list', { page: PAGE, view: 'view_planned', keyword: '本月' }, s.zhangwei);
    expect(titles(both)).toEqual(['本月计划']);
  });

  it('answers -1 naming page or view when they do not fit', async () => {
    expect(await t.post('receptions/list', { page: 'nope' }, s.zhangwei)).toMatchObject({ code: -1, msg: '参数列表页面不正确' });
    expect(await t.post('receptions/list', { page: 'receptions.reception.form' }, s.zhangwei)).toMatchObject({ code: -1, msg: '参数列表页面不正确' });
    expect(await t.post('receptions/list', { page: PAGE, view: 'nope' }, s.zhangwei)).toMatchObject({ code: -1, msg: '参数视图不正确' });
    expect(await t.post('receptions/list', { view: 'view_planned' }, s.zhangwei)).toMatchObject({ code: -1, msg: '参数列表页面不正确' });
    expect((await t.post('outurl/list', { page: PAGE }, s.zhangwei)).code).toBe(-1);
  });

  it('answers only the columns the page needs when a page is given', async () => {
    const r = await t.post('receptions/list', { page: PAGE, keyword: '本月计划' }, s.zhangwei);
    const rec = r.data.list[0];
    expect(rec).toMatchObject({ title: '本月计划', status: 'planned', version: 1, _actions: ['edit', 'finish', 'cancel'] });
    expect(rec).not.toHaveProperty('arrangement');
    const more = await t.post('receptions/list', { page: PAGE, keyword: '本月计划', fields: ['arrangement'] }, s.zhangwei);
    expect(more.data.list[0]).toMatchObject({ title: '本月计划', status: 'planned', arrangement: null });
  });

  it('answers the columns of the list page without a page id, and the fields asked for', async () => {
    const columns = (await t.post('receptions/list', { page: PAGE, keyword: '本月计划' }, s.zhangwei)).data.list[0];
    const plain = (await t.post('receptions/list', { keyword: '本月计划' }, s.zhangwei)).data.list[0];
    expect(plain).toEqual(columns);
    expect(plain).not.toHaveProperty('arrangement');
    expect(plain).not.toHaveProperty('created_by');
    const asked = (await t.post('receptions/list', { keyword: '本月计划', fields: ['arrangement', 'created_by'] }, s.zhangwei)).data.list[0];
    expect(Object.keys(asked).sort()).toEqual(['_actions', 'arrangement', 'created_by', 'id', 'status', 'title', 'version']);
    expect(asked).toMatchObject({ title: '本月计划', arrangement: null, created_by: expect.any(Number), _actions: ['edit', 'finish', 'cancel'] });
  });

  it('answers -1 naming an unknown field of `fields`', async () => {
    expect(await t.post('receptions/list', { fields: ['title', 'nope'] }, s.zhangwei)).toMatchObject({ code: -1, msg: '未知字段：nope' });
    expect(await t.post('receptions/list', { page: PAGE, fields: ['password'] }, s.zhangwei)).toMatchObject({ code: -1, msg: '未知字段：password' });
    expect((await t.post('receptions/list', { fields: [1] }, s.zhangwei)).code).toBe(-1);
  });
});

describe('refs', () => {
  it('names the users and departments of the listed rows', async () => {
    const r = await t.post('receptions/list', { keyword: '本月计划' }, s.zhangwei);
    expect(r.data.refs.users).toEqual({ [zhangweiId]: '张伟' });
    expect(Object.keys(r.data.refs.depts)).toEqual([String(dept)]);
    expect(r.data.refs.depts[dept]).toMatch(/秘书科$/);
    const none = await t.post('receptions/list', { keyword: '查无此事' }, s.zhangwei);
    expect(none.data).toEqual({ list: [], total: 0, refs: { users: {}, depts: {} } });
  });

  it('gives an info answer its _refs', async () => {
    const id = (await t.post('receptions/list', { keyword: '本月计划' }, s.zhangwei)).data.list[0].id;
    const r = await t.post('receptions/info', { id }, s.zhangwei);
    expect(r.data._refs).toEqual({ users: { [zhangweiId]: '张伟' }, depts: { [dept]: expect.stringMatching(/秘书科$/) } });
  });
});

describe('totals', () => {
  it('follows adds and deletes at once, on every page', async () => {
    const first = await t.post('receptions/list', { pageSize: 2 }, s.zhangwei);
    expect(first.data.total).toBe(4);
    const add = await t.post('receptions/add', { title: '新增', guestUnit: '市统计局', people: 1, visitDate: '2026-01-01', dept }, s.zhangwei);
    expect((await t.post('receptions/list', { pageSize: 2 }, s.zhangwei)).data.total).toBe(5);
    expect((await t.post('receptions/list', { pageSize: 2, current: 3 }, s.zhangwei)).data).toMatchObject({ total: 5 });
    expect((await t.post('receptions/list', { pageSize: 2, current: 9 }, s.zhangwei)).data).toMatchObject({ list: [], total: 5 });
    expect((await t.post('receptions/del', { id: add.data.id }, s.lina)).code).toBe(0);
    expect((await t.post('receptions/list', { pageSize: 2 }, s.zhangwei)).data.total).toBe(4);
  });
});
