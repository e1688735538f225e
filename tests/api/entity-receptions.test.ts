/**
 * Smoke test of the receptions area (schemas/receptions) on the generic entity API: the
 * definition alone gives /api/receptions/* with scope 'department'. Staff record and edit the
 * receptions of their department; deleting needs a department leader (seeded role grants).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
let deptOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  for (const u of ['zhangwei', 'sunli', 'lina']) {
    const r = await t.login(u);
    s[u] = sessionOf(r);
  }
  const info = await db.selectFrom('users').select(['username', 'current_dept_id']).where('username', 'in', ['zhangwei', 'sunli']).execute();
  deptOf = Object.fromEntries(info.map((u) => [u.username, Number(u.current_dept_id)]));
});
afterAll(async () => t.close());

describe('receptions on the generic entity API', () => {
  it('lets staff list receptions through the seeded role grants', async () => {
    const ok = await t.post('receptions/list', {}, s.zhangwei);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ list: [], total: 0 });
  });

  it('adds, finds, edits, finishes and deletes a reception within the department', async () => {
    const missing = await t.post('receptions/add', { title: '省发改委调研', people: 3, visitDate: '2026-04-01', dept: deptOf.zhangwei }, s.zhangwei);
    expect(missing).toMatchObject({ code: -1, msg: '请填写来宾单位' });
    const en = await t.post('receptions/add', { title: 'Visit', people: 3, visitDate: '2026-04-01', dept: deptOf.zhangwei }, s.zhangwei, {
      headers: { 'x-lang': 'en-US' },
    });
    expect(en).toMatchObject({ code: -1, msg: 'Guest organisation is required' });
    const add = await t.post(
      'receptions/add',
      { title: '省发改委调研', guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01', dept: deptOf.zhangwei, cost: 1200.5, companions: [1] },
      s.zhangwei,
    );
    expect(add.code, add.msg).toBe(0);
    expect(add.data).toMatchObject({ status: 'planned', cost: 1200.5, companions: [1], version: 1 });
    const found = await t.post('receptions/list', { keyword: '发展和改革' }, s.zhangwei);
    expect(found.data.total).toBe(1);
    expect((await t.post('receptions/list', { keyword: '发展和改革' }, s.sunli)).code).toBe(0);
    expect((await t.post('receptions/list', { keyword: '发展和改革' }, s.sunli)).data.total).toBe(0);
    expect((await t.post('receptions/info', { id: add.data.id }, s.sunli)).msg).toBe('记录不存在或无权访问');
    const edit = await t.post('receptions/edit', { id: add.data.id, version: 1, place: '市政府第一会议室' }, s.zhangwei);
    expect(edit.data).toMatchObject({ place: '市政府第一会议室', version: 2 });
    expect(edit.data._actions).toEqual(['edit', 'finish', 'cancel']);
    const fin = await t.post('receptions/finish', { id: add.data.id }, s.zhangwei);
    expect(fin.data).toMatchObject({ status: 'done', version: 3, _actions: ['edit'] });
    const cancel = await t.post('receptions/cancel', { id: add.data.id }, s.zhangwei);
    expect(cancel).toMatchObject({ code: -1, msg: '记录当前状态不允许该操作' });
    expect(await t.post('receptions/del', { id: add.data.id }, s.zhangwei)).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    const del = await t.post('receptions/del', { id: add.data.id }, s.lina);
    expect(del).toMatchObject({ code: 0, data: { deleted: 1 } });
  });

  it('computes 接待天数 on the server for a record added and edited through the plain API', async () => {
    const base = { title: '市档案局检查', guestUnit: '市档案局', people: 2, dept: deptOf.zhangwei };
    // the caller's own value of the computed field does not count
    const add = await t.post('receptions/add', { ...base, visitDate: '2026-04-01', leaveDate: '2026-04-03', days: 99 }, s.zhangwei);
    expect(add.code, add.msg).toBe(0);
    expect(add.data.days).toBe(3);
    const info = await t.post('receptions/info', { id: add.data.id }, s.zhangwei);
    expect(info.data.days).toBe(3);
    // changing an input recomputes it
    const edit = await t.post('receptions/edit', { id: add.data.id, version: 1, leaveDate: '2026-04-06' }, s.zhangwei);
    expect(edit.code, edit.msg).toBe(0);
    expect(edit.data.days).toBe(6);
    // a one-day visit without a leave date: the form's formula gives 0
    const one = await t.post('receptions/add', { ...base, visitDate: '2026-05-01' }, s.zhangwei);
    expect(one.code, one.msg).toBe(0);
    expect(one.data.days).toBe(0);
  });
});
