/**
 * The unit administrator (SPEC §3 isdwgly; role `unit_admin`, demo: zhengmin of 市政府办公室 / 人事科) on the
 * Users and department groups: he reads only his unit's people and departments, maintains his unit's people
 * (add, edit, disable, move inside the unit), never assigns roles and never reaches another unit.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { unitDepartmentIds } from '../../src/areas/organization/server/services/orgDepartments.js';
import { unitOf } from '../../src/server/engine/scope.js';

let t: TestApp;
let admin: Session;
let unitAdmin: Session;
let mine: number[];
let foreignDept: number;
let foreignUser: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  unitAdmin = sessionOf(await t.login('zhengmin'));
  const db = t.database.db;
  const me = await db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhengmin').executeTakeFirstOrThrow();
  mine = await unitDepartmentIds(db, await unitOf(db, me.current_dept_id));
  const other = await db.selectFrom('departments').select('id').where('kind', '=', 'dept').where('id', 'not in', mine).orderBy('id').executeTakeFirstOrThrow();
  foreignDept = other.id;
  const u = await db.selectFrom('user_departments').select('user_id').where('dept_id', '=', foreignDept).where('is_primary', '=', 1).executeTakeFirstOrThrow();
  foreignUser = u.user_id;
});
afterAll(async () => t.close());

const inUnit = () => mine.find((d) => d !== mine[0]) ?? mine[0];
const person = (dept: number) => ({ realname: '单位人员', username: `ua${Math.random().toString(36).slice(2, 9)}`, departments: [dept], dept });

describe('unit administrator', () => {
  it('lists only the people and departments of his unit; another unit’s person is not found', async () => {
    expect(mine.length).toBeGreaterThan(1);
    const all = (await t.post('Users/list', { pageSize: 200 }, admin)).data.total;
    const list = (await t.post('Users/list', { pageSize: 200 }, unitAdmin)).data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThan(all);
    for (const p of list.list)
      expect(
        (p.departments as number[]).some((d) => mine.includes(d)),
        p.realname,
      ).toBe(true);
    expect((await t.post('Users/info', { id: foreignUser }, unitAdmin)).code).toBe(-1);
    // Filtered by another unit's department: only his own people who also work there (兼职) show.
    const there = (await t.post('Users/list', { filters: { dept: foreignDept }, pageSize: 200 }, unitAdmin)).data.list as any[];
    expect(there.map((p) => p.id)).not.toContain(foreignUser);
    for (const p of there)
      expect(
        (p.departments as number[]).some((d) => mine.includes(d)),
        p.realname,
      ).toBe(true);
    const depts = (await t.post('department/list', { pageSize: 200 }, unitAdmin)).data.list;
    expect(depts.map((d: any) => d.id).every((id: number) => mine.includes(id))).toBe(true);
    const looked = (await t.post('Users/getUsers', { deptId: foreignDept }, unitAdmin)).data as any[];
    expect(looked.map((p) => p.id)).not.toContain(foreignUser);
    expect(looked.map((p) => p.id).sort()).toEqual(
      there
        .filter((p) => p.status === '1')
        .map((p) => p.id)
        .sort(),
    );
    expect((await t.post('Users/getOffices', {}, unitAdmin)).data.every((d: any) => mine.includes(d.id))).toBe(true);
  });

  it('adds, edits, disables and moves his unit’s people; records carry edit and delete', async () => {
    const add = await t.post('Users/add', person(inUnit()), unitAdmin);
    expect(add.code).toBe(0);
    expect(add.data._actions).toEqual(['edit', 'delete']);
    const edit = await t.post('Users/edit', { id: add.data.id, version: add.data.version, mobile: '13912340000' }, unitAdmin);
    expect(edit).toMatchObject({ code: 0, data: { mobile: '13912340000' } });
    expect((await t.post('Users/disabled', { id: add.data.id, status: 0 }, unitAdmin)).code).toBe(0);
    expect(await t.post('Users/move', { ids: [add.data.id], deptId: mine[0] }, unitAdmin)).toMatchObject({ code: 0, data: { moved: 1 } });
    expect(await t.post('Users/del', { ids: [add.data.id] }, unitAdmin)).toMatchObject({ code: 0, data: { deleted: 1 } });
  });

  it('is refused outside his unit and for roles, with the reason; nothing is written', async () => {
    const outside = await t.post('Users/add', person(foreignDept), unitAdmin);
    expect(outside).toMatchObject({ code: -1, msg: '只能维护本单位的人员与科室' });
    const p = (await t.post('Users/add', person(inUnit()), unitAdmin)).data;
    const moveOut = await t.post('Users/edit', { id: p.id, version: p.version, departments: [foreignDept], dept: foreignDept }, unitAdmin);
    expect(moveOut.msg).toBe('只能维护本单位的人员与科室');
    expect((await t.post('Users/move', { ids: [p.id], deptId: foreignDept }, unitAdmin)).msg).toBe('只能维护本单位的人员与科室');
    const roles = (await t.post('Users/getRoles', {}, unitAdmin)).data as any[];
    const sys = roles.find((r) => r.code === 'sysadmin');
    const grant = await t.post('Users/edit', { id: p.id, version: p.version, roles: [sys.id] }, unitAdmin);
    expect(grant).toMatchObject({ code: -1, msg: '单位管理员不能分配角色，请联系系统管理员' });
    expect((await t.post('Users/add', { ...person(inUnit()), roles: [sys.id] }, unitAdmin)).msg).toBe('单位管理员不能分配角色，请联系系统管理员');
    const still = (await t.post('Users/info', { id: p.id }, admin)).data;
    expect(still).toMatchObject({ version: p.version, roles: [], dept: inUnit() });
    for (const [path, body] of [
      ['Users/edit', { id: foreignUser, version: 1, mobile: '13900000000' }],
      ['Users/disabled', { id: foreignUser, status: 0 }],
      ['Users/del', { ids: [foreignUser] }],
      ['Users/move', { ids: [foreignUser], deptId: inUnit() }],
    ] as const) {
      expect((await t.post(path, body, unitAdmin)).msg, path).toBe('记录不存在或无权访问');
    }
    expect((await t.post('Users/info', { id: foreignUser }, admin)).data.status).toBe('1');
    // Departments, roles and imports stay with the system administrator.
    expect((await t.post('department/add', { name: '单位新科室', parent: mine[0], kind: 'dept' }, unitAdmin)).msg).toBe('您没有该操作的权限');
    expect((await t.post('role/add', { code: 'x_unit', name: '单位角色', data_scope: 'own' }, unitAdmin)).code).toBe(-1);
  });
});
