/**
 * department, position and role API groups (SPEC §7 /api/department/*, /organization/position, role and
 * permission): -99, refusal of non-administrators, fields named, add/edit/del, stale edits,
 * the department tree, close and drag-sort, built-in roles, and a role's menus reaching a new user's
 * menu. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let secadmin: Session;
let staff: Session;
let rootId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  secadmin = sessionOf(await t.login('secadmin'));
  staff = sessionOf(await t.login('zhangwei'));
  rootId = (await t.database.db.selectFrom('departments').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('department', () => {
  it('answers -99 without a session; only administrators write, the security administrator reads', async () => {
    expect((await t.post('department/tree', {})).code).toBe(-99);
    expect((await t.post('department/list', {}, staff)).code).toBe(-1);
    expect((await t.post('department/list', {}, secadmin)).code).toBe(0);
    const r = await t.post('department/add', { name: '不应写入', kind: 'dept', parent: rootId }, secadmin);
    expect(r).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
  });

  it('names bad fields, adds, edits at the version read, refuses stale edits and cycles', async () => {
    expect((await t.post('department/add', { kind: 'dept' }, admin)).msg).toBe('请填写名称');
    expect((await t.post('department/add', { name: 'x', kind: 'team' }, admin)).msg).toContain('机构类型');
    expect((await t.post('department/add', { name: 'x', kind: 'dept', parent: 999999 }, admin)).msg).toBe('上级部门不存在');
    const a = await t.post('department/edit', { name: '测试处', kind: 'dept', parent: rootId, code: '测' }, admin);
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ name: '测试处', parent: rootId, status: '1', version: 1 });
    const b = await t.post('department/add', { name: '测试科', kind: 'dept', parent: a.data.id }, admin);
    const e = await t.post('department/edit', { id: a.data.id, version: 1, phone: '0571-1234567' }, admin);
    expect(e.data).toMatchObject({ phone: '0571-1234567', version: 2 });
    expect((await t.post('department/edit', { id: a.data.id, version: 1, name: '旧版本' }, admin)).msg).toBe('记录已被他人修改，请刷新后重试');
    expect((await t.post('department/edit', { id: a.data.id, version: 2, parent: b.data.id }, admin)).msg).toBe('上级部门不能是该部门自身或其下级部门');
    const list = await t.post('department/list', { keyword: '测试', sort: { field: 'name', order: 'asc' } }, admin);
    expect(list.data.list.map((d: any) => d.name)).toEqual(['测试科', '测试处'].sort());
    expect(list.data.refs.depts[String(rootId)]).toBeTruthy();
  });

  it('closes only without open sub-departments, deletes only when empty', async () => {
    const p = await t.post('department/add', { name: '待撤销处', kind: 'dept', parent: rootId }, admin);
    const c = await t.post('department/add', { name: '待撤销科', kind: 'dept', parent: p.data.id }, admin);
    expect((await t.post('department/close', { id: p.data.id }, admin)).msg).toBe('该部门还有未撤销的下级部门，请先撤销下级部门');
    expect((await t.post('department/del', { id: p.data.id }, admin)).msg).toBe('该部门还有下级部门，不能删除');
    expect((await t.post('department/close', { id: c.data.id }, admin)).code).toBe(0);
    expect((await t.post('department/close', { id: p.data.id }, admin)).code).toBe(0);
    expect((await t.post('department/info', { id: p.data.id }, admin)).data.status).toBe('0');
    const open = flat((await t.post('department/tree', { openOnly: 1 }, admin)).data).map((n) => n.id);
    expect(open).not.toContain(p.data.id);
    const withUsers = (
      await t.database.db
        .selectFrom('user_departments as ud')
        .innerJoin('departments as d', 'd.id', 'ud.dept_id')
        .select('ud.dept_id')
        .where('d.kind', '=', 'dept')
        .executeTakeFirstOrThrow()
    ).dept_id;
    expect((await t.post('department/del', { id: withUsers }, admin)).msg).toBe('该部门还有人员，请先调出人员再删除');
    expect((await t.post('department/del', { ids: [c.data.id, p.data.id] }, admin)).data).toEqual({ deleted: 2 });
  });

  it('sorts by drag: reorders among siblings, reparents, refuses a cycle', async () => {
    const a = (await t.post('department/add', { name: '甲处', kind: 'dept', parent: rootId }, admin)).data;
    const b = (await t.post('department/add', { name: '乙处', kind: 'dept', parent: rootId }, admin)).data;
    expect((await t.post('department/sort', { id: a.id, parentId: rootId, afterId: b.id }, admin)).code).toBe(0);
    const kids = (await t.post('department/tree', {}, admin)).data.find((n: any) => n.id === rootId).children.map((n: any) => n.id);
    expect(kids.indexOf(a.id)).toBe(kids.indexOf(b.id) + 1);
    expect((await t.post('department/sort', { id: b.id, parentId: a.id }, admin)).code).toBe(0);
    expect((await t.post('department/info', { id: b.id }, admin)).data.parent).toBe(a.id);
    expect((await t.post('department/sort', { id: a.id, parentId: b.id }, admin)).msg).toBe('上级部门不能是该部门自身或其下级部门');
  });

  it('names each department by its full path and filters a subtree of departments and of people (the tree beside the lists)', async () => {
    const root = (await t.post('department/info', { id: rootId }, admin)).data;
    const unit = (await t.post('department/add', { name: '路径测试局', kind: 'unit', parent: rootId }, admin)).data;
    const office = (await t.post('department/add', { name: '办公室', kind: 'dept', parent: unit.id }, admin)).data;
    expect(office.path).toBe(`${root.name} / 路径测试局 / 办公室`);
    expect(root.path).toBe(root.name);
    const sub = await t.post('department/list', { filters: { id: { op: 'in', value: [unit.id, office.id] } } }, admin);
    expect(sub.data.list.map((d: any) => d.path).sort()).toEqual([`${root.name} / 路径测试局`, `${root.name} / 路径测试局 / 办公室`]);
    // path is answered, never written
    const e = await t.post('department/edit', { id: office.id, version: office.version, path: '别处 / 办公室' }, admin);
    expect(e.data.path).toBe(`${root.name} / 路径测试局 / 办公室`);
    const member = await t.database.db
      .selectFrom('user_departments')
      .select(['dept_id', 'user_id'])
      .where('dept_id', '!=', rootId)
      .orderBy('user_id')
      .executeTakeFirstOrThrow();
    const people = await t.post('Users/list', { filters: { dept: { op: 'in', value: [member.dept_id, office.id] } }, pageSize: 200 }, admin);
    expect(people.data.list.map((u: any) => u.id)).toContain(member.user_id);
    expect(people.data.list.every((u: any) => u.departments.includes(member.dept_id))).toBe(true);
    expect((await t.post('Users/list', { filters: { dept: { op: 'in', value: [office.id] } } }, admin)).data.total).toBe(0);
  });
});

describe('position', () => {
  it('adds, edits, refuses a duplicate name and a position someone holds', async () => {
    expect((await t.post('position/add', { name: '新职务' }, staff)).code).toBe(-1);
    const a = await t.post('position/add', { name: '测试职务', level: 50 }, admin);
    expect(a.data).toMatchObject({ name: '测试职务', level: 50, version: 1 });
    expect((await t.post('position/add', { name: '测试职务' }, admin)).msg).toBe('名称已存在');
    expect((await t.post('position/edit', { id: a.data.id, version: 1, level: 'high' }, admin)).msg).toContain('级别');
    const held = (await t.database.db.selectFrom('user_departments').select('position_id').where('position_id', 'is not', null).executeTakeFirstOrThrow())
      .position_id!;
    expect((await t.post('position/del', { id: held }, admin)).msg).toBe('该职务仍有人员担任，不能删除');
    expect((await t.post('position/del', { id: a.data.id }, admin)).data).toEqual({ deleted: 1 });
  });
});

describe('role', () => {
  it('keeps built-in roles, names bad fields, refuses unknown permission codes', async () => {
    const roles = (await t.post('role/list', { pageSize: 50, sort: { field: 'sort', order: 'asc' } }, admin)).data.list;
    const sys = roles.find((r: any) => r.code === 'sysadmin');
    expect(sys).toMatchObject({ builtin: true, data_scope: 'all' });
    expect((await t.post('role/del', { id: sys.id }, admin)).msg).toBe('内置角色不能删除');
    expect((await t.post('role/add', { code: 'Bad Code', name: 'x', data_scope: 'own' }, admin)).msg).toContain('角色代码');
    expect((await t.post('role/add', { code: 'r1', name: 'x', data_scope: 'galaxy' }, admin)).msg).toContain('数据范围');
    const r = await t.post('role/add', { code: 'tester', name: '测试角色', data_scope: 'department' }, admin);
    expect((await t.post('role/saveMenus', { id: r.data.id, menuIds: [], codes: ['nosuch:code'] }, admin)).msg).toBe('权限代码“nosuch:code”不存在');
    expect((await t.post('role/saveMenus', { id: r.data.id, menuIds: [], codes: [] }, secadmin)).code).toBe(-1);
  });

  it('a role with three menus gives a new user exactly those menus and its permission codes', async () => {
    const tree = flat((await t.post('menu/tree', {}, admin)).data);
    const paths = ['/receptions/index', '/notice/list', '/mail/inbox'];
    const menuIds = paths.map((p) => tree.find((n) => n.path === p).id);
    const role = await t.post('role/add', { code: 'three_menus', name: '三菜单角色', data_scope: 'own' }, admin);
    const saved = await t.post('role/saveMenus', { id: role.data.id, menuIds, codes: ['receptions:view'] }, admin);
    expect(saved).toMatchObject({ code: 0, msg: '保存成功' });
    expect((await t.post('role/menus', { id: role.data.id }, admin)).data).toEqual({ menuIds: [...menuIds].sort((a, b) => a - b), codes: ['receptions:view'] });
    const dept = (await t.database.db.selectFrom('departments').select('id').where('kind', '=', 'dept').executeTakeFirstOrThrow()).id;
    const username = `menu${Date.now() % 100000}`;
    const u = await t.post(
      'Users/add',
      { realname: '菜单测试', username, departments: [dept], dept, roles: [role.data.id], password: await t.enc('Menu@2026x') },
      admin,
    );
    expect(u.code).toBe(0);
    const s = await t.firstLogin(username, 'Menu@2026x');
    const info = (await t.post('Person/userInfo', {}, s)).data;
    const pages = flat(info.menu)
      .filter((n) => !n.children.length)
      .map((n) => n.path);
    expect(pages.sort()).toEqual([...paths].sort());
    expect(info.menu.map((n: any) => n.path).sort()).toEqual(['/mail', '/notice', '/receptions']);
    expect(info.access).toEqual(['receptions:view']);
    // Taking a menu away shows at once.
    await t.post('role/saveMenus', { id: role.data.id, menuIds: menuIds.slice(0, 1), codes: [] }, admin);
    const again = (await t.post('Person/userInfo', {}, s)).data;
    expect(
      flat(again.menu)
        .filter((n) => !n.children.length)
        .map((n) => n.path),
    ).toEqual(['/receptions/index']);
    const audit = await t.database.db.selectFrom('audit_log').select('event').where('object', '=', `organization.role:${role.data.id}`).execute();
    expect(audit.map((a) => a.event)).toContain('organization.role.saveMenus');
  });
});
