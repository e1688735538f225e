/**
 * Users API (SPEC §7 "Users and groups"): the organisation's people served with the generic
 * resource contract over `users` (-99, refusal of non-administrators, fields named, add/edit/del,
 * stale edits, 三员 exclusive roles, disable → no sign-in, move, look-ups). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let deptId: number;
let otherDeptId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  const depts = await t.database.db.selectFrom('departments').select(['id', 'name']).where('kind', '=', 'dept').orderBy('id').limit(2).execute();
  [deptId, otherDeptId] = depts.map((d) => d.id);
});
afterAll(async () => t.close());

const base = () => ({
  realname: '测试人员',
  username: `u${Math.random().toString(36).slice(2, 9)}`,
  departments: [deptId],
  dept: deptId,
  mobile: '13912345678',
});

describe('Users', () => {
  it('answers -99 without a session and refuses people who are not administrators', async () => {
    expect((await t.post('Users/list', {})).code).toBe(-99);
    expect((await t.post('Users/add', base())).code).toBe(-99);
    const r = await t.post('Users/list', {}, staff);
    expect(r.code).toBe(-1);
    expect(r.msg).toBe('您没有该操作的权限');
    expect((await t.post('Users/add', base(), staff)).code).toBe(-1);
    expect((await t.post('Users/getPositions', {}, staff)).code).toBe(-1);
  });

  it('lists people with paging, keyword, department filter and names of departments', async () => {
    const r = await t.post('Users/list', { current: 1, pageSize: 5, keyword: '管理员' }, admin);
    expect(r.code).toBe(0);
    expect(r.data.list.length).toBeGreaterThan(0);
    expect(r.data.total).toBeGreaterThanOrEqual(2);
    const adminRow = r.data.list.find((u: any) => u.username === 'admin');
    expect(adminRow).toMatchObject({ realname: '系统管理员', status: '1', _actions: ['edit', 'delete'] });
    expect(typeof adminRow.version).toBe('number');
    expect(r.data.refs.depts[adminRow.dept]).toContain('信息科');
    const inDept = await t.post('Users/list', { filters: { dept: adminRow.dept }, pageSize: 200 }, admin);
    expect(inDept.data.list.every((u: any) => u.departments.includes(adminRow.dept))).toBe(true);
    expect((await t.post('Users/list', { filters: { nosuch: 1 } }, admin)).msg).toContain('nosuch');
  });

  it('names the bad field in Chinese', async () => {
    const missing = await t.post('Users/add', { ...base(), realname: '' }, admin);
    expect(missing).toMatchObject({ code: -1, msg: '请填写姓名' });
    expect((await t.post('Users/add', { ...base(), mobile: '2345' }, admin)).msg).toBe('手机号码格式不正确');
    expect((await t.post('Users/add', { ...base(), email: 'not-mail' }, admin)).msg).toBe('邮箱格式不正确');
    expect((await t.post('Users/add', { ...base(), clearance: '9' }, admin)).msg).toContain('涉密等级');
    expect((await t.post('Users/add', { ...base(), username: 'admin' }, admin)).msg).toBe('账号已存在');
    expect((await t.post('Users/add', { ...base(), departments: [999999], dept: 999999 }, admin)).msg).toBe('所在部门不存在');
    expect((await t.post('Users/add', { ...base(), bogus: 1 }, admin)).msg).toContain('bogus');
  });

  it('adds with a generated initial password, edits at the version read and refuses a stale edit', async () => {
    const add = await t.post('Users/add', base(), admin);
    expect(add.code).toBe(0);
    const { id, version, _initialPassword } = add.data;
    expect(version).toBe(1);
    expect(_initialPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{12}$/);
    expect(add.msg).toContain(_initialPassword);
    const info = await t.post('Users/info', { id }, admin);
    expect(info.data).toMatchObject({ realname: '测试人员', departments: [deptId], dept: deptId, status: '1', clearance: '0' });
    expect(info.data._refs.depts[deptId]).toBeTruthy();
    expect(info.data).not.toHaveProperty('password_hash');
    const edit = await t.post('Users/edit', { id, version: 1, realname: '改名人员', departments: [deptId, otherDeptId] }, admin);
    expect(edit.code).toBe(0);
    expect(edit.data).toMatchObject({ realname: '改名人员', version: 2, departments: expect.arrayContaining([deptId, otherDeptId]) });
    const stale = await t.post('Users/edit', { id, version: 1, realname: '再次改名' }, admin);
    expect(stale).toMatchObject({ code: -1, msg: '记录已被他人修改，请刷新后重试' });
    expect((await t.post('Users/info', { id }, admin)).data.realname).toBe('改名人员');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['event', 'detail'])
      .where('object', '=', `organization.user:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.event)).toEqual(['organization.user.add', 'organization.user.edit']);
    expect(audit[0].detail).not.toContain(_initialPassword);
    const del = await t.post('Users/del', { ids: [id] }, admin);
    expect(del).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await t.post('Users/info', { id }, admin)).code).toBe(-1);
  });

  it('takes an SM2-encrypted initial password; the new user signs in with it and must change it first', async () => {
    const u = base();
    const weak = await t.post('Users/add', { ...u, password: await t.enc('short') }, admin);
    expect(weak.code).toBe(-1);
    const add = await t.post('Users/save', { ...u, password: await t.enc('Start@2026x') }, admin);
    expect(add.code).toBe(0);
    expect(add.data._initialPassword).toBeUndefined();
    const first = await t.login(u.username, 'Start@2026x');
    expect(first).toMatchObject({ code: -98, msg: '您正在使用管理员设置的初始密码，请修改密码' });
    // Until the password is changed the session reaches nothing else.
    expect((await t.post('Index/getDepartments', {}, sessionOf(first))).code).toBe(-98);
    const s = await t.firstLogin(u.username, 'Start@2026x', 'Mine@2026x');
    expect((await t.post('Index/getDepartments', {}, s)).code).toBe(0);
    // Once changed, the person's own password signs in without the lock; the initial one no longer does.
    expect((await t.login(u.username, 'Mine@2026x')).code).toBe(0);
    expect((await t.login(u.username, 'Start@2026x')).code).toBe(-1);
  });

  it('refuses two roles of the same exclusive group (三员分立)', async () => {
    const roles = (await t.post('Users/getRoles', {}, admin)).data as any[];
    const sys = roles.find((r) => r.code === 'sysadmin');
    const sec = roles.find((r) => r.code === 'secadmin');
    const r = await t.post('Users/add', { ...base(), roles: [sys.id, sec.id] }, admin);
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('三员分立');
  });

  it('refuses a 三员 role together with a business role: the 三员 do no business', async () => {
    const roles = (await t.post('Users/getRoles', {}, admin)).data as any[];
    const aud = roles.find((r) => r.code === 'auditor');
    const staff = roles.find((r) => r.code === 'staff');
    const r = await t.post('Users/add', { ...base(), roles: [aud.id, staff.id] }, admin);
    expect(r).toMatchObject({ code: -1, msg: '“安全审计员”是三员角色，只管理和审计系统，不能同时授予业务角色“普通用户”' });
  });

  it('disables a user: his session ends and he cannot sign in; enabling lets him in again', async () => {
    const u = base();
    const add = await t.post('Users/add', { ...u, password: await t.enc('Start@2026x') }, admin);
    const s = await t.firstLogin(u.username, 'Start@2026x', 'Mine@2026x');
    expect((await t.post('Person/userInfo', {}, s)).code).toBe(0);
    const off = await t.post('Users/disabled', { id: add.data.id, status: 0 }, admin);
    expect(off.data.status).toBe('0');
    expect((await t.post('Person/userInfo', {}, s)).code).toBe(-99);
    expect((await t.login(u.username, 'Mine@2026x')).code).toBe(-1);
    await t.post('Users/disabled', { id: add.data.id, status: 1 }, admin);
    expect((await t.login(u.username, 'Mine@2026x')).code).toBe(0);
    expect((await t.post('Users/disabled', { id: add.data.id, status: 5 }, admin)).msg).toContain('状态');
  });

  it('moves people to another primary department', async () => {
    const a = await t.post('Users/add', base(), admin);
    const r = await t.post('Users/move', { ids: [a.data.id], deptId: otherDeptId }, admin);
    expect(r).toMatchObject({ code: 0, data: { moved: 1 } });
    const info = await t.post('Users/info', { id: a.data.id }, admin);
    expect(info.data.dept).toBe(otherDeptId);
    expect(info.data.departments).toEqual([otherDeptId]);
  });

  it('keeps 职级 and 人员类别 dictionaries in step with their tables', async () => {
    const { readFileSync } = await import('node:fs');
    for (const [table, dict, api] of [
      ['ranks', 'user_rank', 'Users/getRanks'],
      ['person_categories', 'person_category', 'Users/getPersonCategory'],
    ] as const) {
      const items = JSON.parse(readFileSync(`schemas/organization/dicts/${dict}.json`, 'utf8')).items.map((i: any) => [i.value, i.label.d]);
      const rows = (await t.post(api, {}, admin)).data.map((r: any) => [String(r.id), r.name]);
      expect(rows, table).toEqual(items);
    }
    const a = await t.post('Users/add', { ...base(), rank: '10', category: '2' }, admin);
    expect(a.data).toMatchObject({ rank: '10', category: '2' });
    expect((await t.post('Users/add', { ...base(), rank: '99' }, admin)).msg).toContain('职级');
  });

  it('answers the look-ups: positions, roles, ranks, person categories, department tree', async () => {
    expect((await t.post('Users/getRanks', {}, admin)).data.map((r: any) => r.name)).toContain('四级主任科员');
    expect((await t.post('Users/getPersonCategory', {}, admin)).data.map((r: any) => r.name)).toContain('参照公务员法管理人员');
    expect((await t.post('Users/getPositions', {}, admin)).data.length).toBeGreaterThan(0);
    const tree = await t.post('Users/getDepartmentSelect', {}, admin);
    expect(tree.data[0]).toMatchObject({ value: expect.any(Number), title: expect.any(String) });
    expect(tree.data[0].children.length).toBeGreaterThan(0);
  });
});

describe('Users look-ups and the remaining calls of SPEC §7', () => {
  it('getUsers: enabled people of a department, by keyword; -1 naming a bad deptId; readers only', async () => {
    expect((await t.post('Users/getUsers', {})).code).toBe(-99);
    expect((await t.post('Users/getUsers', {}, staff)).code).toBe(-1);
    const u = await t.post('Users/add', { ...base(), realname: '查找甲' }, admin);
    const inDept = (await t.post('Users/getUsers', { deptId }, admin)).data as any[];
    expect(inDept.some((p) => p.id === u.data.id)).toBe(true);
    expect(inDept.every((p) => typeof p.realname === 'string' && typeof p.username === 'string')).toBe(true);
    const other = (await t.post('Users/getUsers', { deptId: otherDeptId }, admin)).data as any[];
    expect(other.some((p) => p.id === u.data.id)).toBe(false);
    expect((await t.post('Users/getUsers', { keyword: '查找甲' }, admin)).data.map((p: any) => p.id)).toEqual([u.data.id]);
    await t.post('Users/disabled', { id: u.data.id, status: 0 }, admin);
    expect((await t.post('Users/getUsers', { keyword: '查找甲' }, admin)).data).toEqual([]);
    const bad = await t.post('Users/getUsers', { deptId: 'x' }, admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toBe('部门类型不正确');
  });

  it('getOffices: open departments in tree order (a parent before its children), or under one unit', async () => {
    const all = (await t.post('Users/getOffices', {}, admin)).data as any[];
    const seen = new Set<number>();
    for (const d of all) {
      if (d.parent_id !== null && all.some((x) => x.id === d.parent_id)) expect(seen.has(d.parent_id), d.name).toBe(true);
      seen.add(d.id);
    }
    const unit = all.find((d) => d.kind === 'unit' && d.parent_id !== null && all.some((x) => x.parent_id === d.id));
    const under = (await t.post('Users/getOffices', { unitId: unit.id }, admin)).data as any[];
    expect(under[0].id).toBe(unit.id);
    expect(under.length).toBeLessThan(all.length);
    const closed = await t.post('department/add', { name: `撤销科${Date.now() % 10000}`, parent: unit.id, kind: 'dept', status: '0' }, admin);
    expect(closed.code).toBe(0);
    expect((await t.post('Users/getOffices', {}, admin)).data.some((d: any) => d.id === closed.data.id)).toBe(false);
  });

  it('banUserList: only disabled people, with the list contract', async () => {
    const u = await t.post('Users/add', { ...base(), realname: '停用乙' }, admin);
    expect((await t.post('Users/banUserList', { keyword: '停用乙' }, admin)).data.total).toBe(0);
    await t.post('Users/disabled', { id: u.data.id, status: 0 }, admin);
    const r = await t.post('Users/banUserList', { keyword: '停用乙' }, admin);
    expect(r.data.list.map((p: any) => [p.id, p.status])).toEqual([[u.data.id, '0']]);
    expect((await t.post('Users/banUserList', {}, admin)).data.list.every((p: any) => p.status === '0')).toBe(true);
    expect((await t.post('Users/banUserList', { filters: '{bad' }, admin)).msg).toContain('filters');
  });

  it('moveUser moves one person; importList lists people created by import; getUnionid answers the binding', async () => {
    const u = await t.post('Users/add', base(), admin);
    const moved = await t.post('Users/moveUser', { id: u.data.id, deptId: otherDeptId }, admin);
    expect(moved).toMatchObject({ code: 0, data: { moved: 1 } });
    expect((await t.post('Users/info', { id: u.data.id }, admin)).data.dept).toBe(otherDeptId);
    expect((await t.post('Users/moveUser', { id: u.data.id, deptId: otherDeptId }, staff)).code).toBe(-1);
    const imports = await t.post('Users/importList', { pageSize: 5 }, admin);
    expect(imports.code).toBe(0);
    expect(imports.data).toMatchObject({ list: expect.any(Array), total: expect.any(Number) });
    await t.database.db.updateTable('users').set({ unionid: 'wx-union-1' }).where('id', '=', u.data.id).execute();
    expect((await t.post('Users/getUnionid', { id: u.data.id }, admin)).data).toEqual({ unionid: 'wx-union-1' });
    expect((await t.post('Users/getUnionid', { id: 99999999 }, admin)).code).toBe(-1);
  });

  it('the directory-sync calls say plainly that no external directory is configured', async () => {
    for (const name of ['usersync', 'syncDepartments', 'usersynclist']) {
      expect((await t.post(`Users/${name}`, {})).code, name).toBe(-99);
      expect(await t.post(`Users/${name}`, {}, admin), name).toMatchObject({ code: -1, msg: '未配置外部通讯录，无法同步' });
    }
  });
});
