import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { createTestApp, type TestApp } from './helpers.js';
import { DEMO_APP, DEMO_PASSWORD, seedIfEmpty } from '../../src/server/db/seed/index.js';
import { FIXED_PEOPLE } from '../../src/server/db/seed/people.js';
import { buildPeople } from '../../src/server/db/seed/staff.js';
import { UNITS } from '../../src/server/db/seed/org.js';
import { flattenRoutes } from '../../src/shared/routes.js';
import { fullRouteTree } from '../../src/server/engine/routeTree.js';
import { sha256 } from '../../src/server/lib/clock.js';

describe('demo organisation seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const db = () => t.database.db;

  async function rolesOf(username: string): Promise<string[]> {
    const rows = await db()
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.code')
      .where('u.username', '=', username)
      .execute();
    return rows.map((r) => r.code).sort();
  }

  it('is deterministic', () => {
    const a = buildPeople().map((p) => `${p.username}|${p.realname}|${p.mobile}|${p.memberships.map((m) => m.dept).join(',')}`);
    const b = buildPeople().map((p) => `${p.username}|${p.realname}|${p.mobile}|${p.memberships.map((m) => m.dept).join(',')}`);
    expect(a).toEqual(b);
  });

  it('does nothing the second time', async () => {
    expect(await seedIfEmpty(db())).toBe(false);
  });

  it('has about 300 enabled staff with unique user names, mobiles and realnames', async () => {
    const users = await db().selectFrom('users').select(['username', 'realname', 'mobile', 'email', 'status', 'current_dept_id']).execute();
    expect(users.length).toBeGreaterThanOrEqual(280);
    expect(users.length).toBeLessThanOrEqual(360);
    expect(new Set(users.map((u) => u.mobile)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.realname)).size).toBe(users.length);
    for (const u of users) {
      expect(u.username).toMatch(/^[a-z]+\d*$/);
      expect(u.mobile).toMatch(/^1\d{10}$/);
      expect(u.email).toBe(`${u.username}@city.gov.example`);
      expect(u.status).toBe(1);
      expect(u.current_dept_id).not.toBeNull();
    }
  });

  it('stores one argon2id hash of Demo@2026 for everyone, not expired', async () => {
    const rows = await db().selectFrom('users').select(['password_hash', 'password_changed_at']).execute();
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(1);
    expect(rows[0].password_hash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(rows[0].password_hash, DEMO_PASSWORD)).toBe(true);
    expect(rows.every((r) => Date.now() - r.password_changed_at < 60 * 60 * 1000)).toBe(true);
  });

  it('has the fixed accounts with their roles, departments and positions', async () => {
    // 三员分立: the three administrators hold no business role (not even staff)
    expect(await rolesOf('admin')).toEqual(['sysadmin']);
    expect(await rolesOf('secadmin')).toEqual(['secadmin']);
    expect(await rolesOf('auditor')).toEqual(['auditor']);
    expect(await rolesOf('demo')).toEqual(['office_director', 'staff']);
    expect(await rolesOf('chenjing')).toContain('leader');
    expect(await rolesOf('sunli')).toContain('clerk');
    expect(await rolesOf('zhengmin')).toContain('unit_admin');
    const admin = await db().selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(1);
    expect(await db().selectFrom('users').select('id').where('is_admin', '=', 1).execute()).toHaveLength(1);

    const rows = await db()
      .selectFrom('users as u')
      .innerJoin('user_departments as ud', 'ud.user_id', 'u.id')
      .innerJoin('departments as d', 'd.id', 'ud.dept_id')
      .leftJoin('departments as pd', 'pd.id', 'd.parent_id')
      .leftJoin('positions as p', 'p.id', 'ud.position_id')
      .select(['u.username', 'u.realname', 'd.name as dept', 'pd.name as parent', 'p.name as position', 'ud.is_primary'])
      .where('u.username', 'in', Object.keys(FIXED_PEOPLE))
      .where('ud.is_primary', '=', 1)
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.username, r]));
    expect(Object.keys(by).sort()).toEqual(Object.keys(FIXED_PEOPLE).sort());
    expect(by.demo).toMatchObject({ realname: '周明远', dept: '市政府办公室', position: '主任' });
    expect(by.zhangwei).toMatchObject({ realname: '张伟', dept: '秘书科', parent: '市政府办公室', position: '科员' });
    expect(by.lina).toMatchObject({ realname: '李娜', dept: '秘书科', position: '科长' });
    expect(by.liuyang).toMatchObject({ realname: '刘洋', dept: '市政府办公室', position: '副主任' });
    expect(by.wangfang).toMatchObject({ realname: '王芳', dept: '文电科', position: '科长' });
    expect(by.chenjing).toMatchObject({ realname: '陈静', dept: '市人民政府', position: '秘书长' });
    expect(by.zhaolei).toMatchObject({ realname: '赵磊', dept: '市人民政府', position: '副市长' });
    expect(by.liqiang).toMatchObject({ realname: '李强', dept: '市人民政府', position: '市长' });
    expect(by.sunli).toMatchObject({ realname: '孙丽', dept: '办公室', parent: '市财政局' });
    expect(by.zhoujie).toMatchObject({ realname: '周杰', dept: '市财政局', position: '局长' });
    expect(by.wuhao).toMatchObject({ realname: '吴昊', dept: '办公室', parent: '市教育局' });
    expect(by.zhengmin).toMatchObject({ realname: '郑敏', dept: '人事科', position: '科长' });
    expect(by.hechao).toMatchObject({ realname: '何超', dept: '信息科' });
    for (const u of ['admin', 'secadmin', 'auditor']) expect(by[u]).toMatchObject({ dept: '信息科', parent: '市政府办公室' });
  });

  it('makes the three 三员 roles built-in and mutually exclusive', async () => {
    const roles = await db().selectFrom('roles').selectAll().execute();
    const sanyuan = roles
      .filter((r) => r.exclusive_group === 'sanyuan')
      .map((r) => r.code)
      .sort();
    expect(sanyuan).toEqual(['auditor', 'secadmin', 'sysadmin']);
    expect(roles.filter((r) => r.exclusive_group === 'sanyuan').every((r) => r.builtin === 1)).toBe(true);
    const scope = Object.fromEntries(roles.map((r) => [r.code, r.data_scope]));
    expect(scope).toMatchObject({ staff: 'own', dept_leader: 'department', clerk: 'department', unit_admin: 'unit', office_director: 'unit', leader: 'all' });
    const holders = await db()
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['ur.user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('r.exclusive_group', '=', 'sanyuan')
      .groupBy('ur.user_id')
      .execute();
    expect(holders).toHaveLength(3);
    expect(holders.every((h) => Number(h.n) === 1)).toBe(true);
  });

  it('gives everyone but the three 三员 the staff role', async () => {
    const [{ n: users }] = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    const [{ n: staff }] = await db()
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .where('r.code', '=', 'staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(staff)).toBe(Number(users) - 3);
  });

  it('builds 市人民政府 with units carrying a 机关代字 and offices, each led by one member', async () => {
    const depts = await db().selectFrom('departments').selectAll().execute();
    const root = depts.find((d) => d.parent_id === null)!;
    expect(root).toMatchObject({ name: '市人民政府', kind: 'unit' });
    const units = depts.filter((d) => d.parent_id === root.id);
    expect(units.map((u) => u.name)).toEqual(UNITS.map((u) => u.name));
    expect(units.every((u) => u.kind === 'unit' && !!u.code)).toBe(true);
    expect(units.find((u) => u.name === '市政府办公室')!.code).toBe('市政办');
    expect(units.find((u) => u.name === '市发展和改革委员会')!.code).toBe('市发改委');
    const go = units.find((u) => u.name === '市政府办公室')!;
    expect(depts.filter((d) => d.parent_id === go.id).map((d) => d.name)).toEqual([
      '秘书科',
      '综合科',
      '文电科',
      '督查科',
      '机要保密科',
      '信息科',
      '行政科',
      '人事科',
    ]);
    expect(depts.filter((d) => d.kind === 'dept').length).toBeGreaterThan(70);

    const leaders = await db().selectFrom('user_departments').select(['user_id', 'dept_id']).where('is_leader', '=', 1).execute();
    const members = await db().selectFrom('user_departments').select(['user_id', 'dept_id']).execute();
    for (const d of depts) {
      expect(d.leader_id, d.name).not.toBeNull();
      expect(
        members.some((m) => m.dept_id === d.id && m.user_id === d.leader_id),
        d.name,
      ).toBe(true);
      expect(
        leaders.filter((l) => l.dept_id === d.id).map((l) => l.user_id),
        d.name,
      ).toEqual([d.leader_id]);
    }
    const demo = await db().selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect(go.leader_id).toBe(demo.id);
  });

  it('puts about ten people in two departments, one of them primary', async () => {
    const rows = await db().selectFrom('user_departments').select(['user_id', 'is_primary']).execute();
    const per = new Map<number, number[]>();
    for (const r of rows) per.set(r.user_id, [...(per.get(r.user_id) ?? []), r.is_primary]);
    const two = [...per.values()].filter((v) => v.length === 2);
    expect(two.length).toBeGreaterThanOrEqual(8);
    expect([...per.values()].every((v) => v.filter((p) => p === 1).length === 1)).toBe(true);
    const hechao = await db()
      .selectFrom('users as u')
      .innerJoin('user_departments as ud', 'ud.user_id', 'u.id')
      .innerJoin('departments as d', 'd.id', 'ud.dept_id')
      .innerJoin('departments as pd', 'pd.id', 'd.parent_id')
      .select(['d.name', 'pd.name as unit', 'ud.is_primary'])
      .where('u.username', '=', 'hechao')
      .orderBy('ud.is_primary', 'desc')
      .execute();
    expect(hechao).toEqual([
      { name: '信息科', unit: '市政府办公室', is_primary: 1 },
      { name: '办公室', unit: '市发展和改革委员会', is_primary: 0 },
    ]);
  });

  it('spreads clearance 0–3 with leaders higher', async () => {
    const rows = await db()
      .selectFrom('users as u')
      .innerJoin('user_departments as ud', (j) => j.onRef('ud.user_id', '=', 'u.id').on('ud.is_primary', '=', 1))
      .innerJoin('positions as p', 'p.id', 'ud.position_id')
      .select(['u.clearance', 'p.level'])
      .execute();
    for (const level of [0, 1, 2, 3]) expect(rows.some((r) => r.clearance === level)).toBe(true);
    const avg = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const seniors = rows.filter((r) => r.level <= 6).map((r) => r.clearance);
    const juniors = rows.filter((r) => r.level >= 9).map((r) => r.clearance);
    expect(avg(seniors)).toBeGreaterThan(avg(juniors) + 1);
  });

  it('inserts one menu per route node with titles, hidden and admin flags', async () => {
    const menus = await db().selectFrom('menus').selectAll().execute();
    const nodes = flattenRoutes(fullRouteTree('zh-CN'));
    expect(menus).toHaveLength(nodes.length);
    const byKey = Object.fromEntries(menus.map((m) => [m.i18n_key, m]));
    expect(byKey['document.show-audit']).toMatchObject({ path: '/document/show-audit', header: '公文审批', auth: 'hidden' });
    expect(byKey['document.dbgw']).toMatchObject({ path: '/document/dbgw', header: '待办公文', auth: '' });
    expect(byKey.document).toMatchObject({ parent_id: null, icon: 'FileTextOutlined' });
    expect(byKey['document.dbgw'].parent_id).toBe(byKey.document.id);
    expect(byKey['codes.index'].admin_only).toBe(1);
    expect(byKey['apps.index'].admin_only).toBe(1);
    expect(menus.filter((m) => m.admin_only === 1).every((m) => m.path.startsWith('/codes') || m.path.startsWith('/apps'))).toBe(true);
  });

  it('registers the demo SSO app with a hashed secret and gives demo a personal menu', async () => {
    const app = await db().selectFrom('apps').selectAll().where('appid', '=', DEMO_APP.appid).executeTakeFirstOrThrow();
    expect(app).toMatchObject({ name: '市政务门户', status: 1, secret_hash: sha256('portal-secret-2026') });
    const mine = await db()
      .selectFrom('user_menus as um')
      .innerJoin('users as u', 'u.id', 'um.user_id')
      .select('um.menu_id')
      .where('u.username', '=', 'demo')
      .execute();
    expect(mine.length).toBeGreaterThanOrEqual(3);
  });

  it('gives roles permission codes', async () => {
    const rows = await db().selectFrom('role_permissions as rp').innerJoin('roles as r', 'r.id', 'rp.role_id').select(['r.code as role', 'rp.code']).execute();
    const of = (role: string) => rows.filter((r) => r.role === role).map((r) => r.code);
    expect(of('staff')).toContain('document:draft');
    expect(of('leader')).toContain('document:sign');
    expect(of('sysadmin')).toContain('system:cache');
    expect(of('auditor')).toContain('log:read');
  });
});
