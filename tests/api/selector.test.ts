import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.js';
import { createSession } from '../../src/server/services/session.js';

const PATHS = [
  'tree',
  'treeall',
  'user',
  'search',
  'getlist',
  'getpagelist',
  'getrecent',
  'saverecent',
  'position',
  'positionuser',
  'groups',
  'groupsusers',
  'saveGroup',
  'officeslist',
  'officesuser',
  'getDefault',
];

describe('selector group (SPEC §7 Selector, §3 Selector state)', () => {
  let t: TestApp;
  const s: Record<string, Session> = {};
  const uid: Record<string, number> = {};
  const dept: Record<string, number> = {};
  const deptIdOf = async (name: string, parent?: string) => {
    let q = t.database.db.selectFrom('departments as d').leftJoin('departments as p', 'p.id', 'd.parent_id').select('d.id').where('d.name', '=', name);
    if (parent) q = q.where('p.name', '=', parent);
    return (await q.executeTakeFirstOrThrow()).id;
  };
  const setSmw = async (on: boolean) => {
    await t.database.db.deleteFrom('settings').where('key', '=', 'smw').execute();
    if (on) await t.database.db.insertInto('settings').values({ key: 'smw', value: '1' }).execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.database.db.selectFrom('users').select(['id', 'uuid', 'username', 'current_dept_id']).execute();
    for (const u of users) {
      uid[u.username] = u.id;
      if (['demo', 'zhangwei', 'admin', 'secadmin', 'auditor', 'lina', 'hechao'].includes(u.username)) {
        const { token } = await createSession(t.database.db, { userId: u.id, deptId: u.current_dept_id });
        s[u.username] = { token, uuid: u.uuid };
      }
    }
    dept.root = await deptIdOf('市人民政府');
    dept.office = await deptIdOf('市政府办公室');
    dept.secretary = await deptIdOf('秘书科', '市政府办公室');
    dept.finance = await deptIdOf('市财政局');
    dept.drcOffice = await deptIdOf('办公室', '市发展和改革委员会');
  });
  afterAll(async () => t.close());

  describe('without a session every call answers -99', () => {
    for (const p of PATHS) {
      it(`selector/${p}`, async () => {
        const r = await t.post(`selector/${p}`, { departmentId: 1, keyword: '张', ids: [1], positionId: 1, groupId: 1, officeId: 1, name: 'x', userIds: [] });
        expect(r.code).toBe(-99);
      });
    }
  });

  it('serves every signed-in user, the three administrators included', async () => {
    for (const who of ['admin', 'secadmin', 'auditor', 'hechao']) {
      expect((await t.post('selector/getDefault', {}, s[who])).code).toBe(0);
      expect((await t.post('selector/user', { departmentId: dept.secretary }, s[who])).code).toBe(0);
    }
  });

  describe('tree and treeall', () => {
    it('answers the top department without parentId, then children in sort order with hasChildren', async () => {
      const top = await t.post('selector/tree', {}, s.zhangwei);
      expect(top.code).toBe(0);
      expect(top.data).toEqual([{ id: dept.root, title: '市人民政府', kind: 'unit', parentId: null, hasChildren: true }]);
      const units = await t.post('selector/tree', { parentId: dept.root }, s.zhangwei);
      expect(units.data[0]).toMatchObject({ id: dept.office, title: '市政府办公室', kind: 'unit', parentId: dept.root, hasChildren: true });
      expect(units.data.length).toBe(21);
      const offices = await t.post('selector/tree', { parentId: dept.office }, s.zhangwei);
      expect(offices.data.map((d: { title: string }) => d.title)).toContain('秘书科');
      expect(offices.data.every((d: { kind: string; hasChildren: boolean }) => d.kind === 'dept' && !d.hasChildren)).toBe(true);
    });

    it('names a bad or unknown parentId', async () => {
      expect(await t.post('selector/tree', { parentId: 'abc' }, s.zhangwei)).toMatchObject({ code: -1, msg: '上级部门类型不正确' });
      expect(await t.post('selector/tree', { parentId: 987654 }, s.zhangwei)).toMatchObject({ code: -1, msg: '上级部门不正确' });
      const en = await t.post('selector/tree', { parentId: 987654 }, s.zhangwei, { headers: { 'x-lang': 'en-US' } });
      expect(en.msg).toContain('Parent department');
    });

    it('leaves closed departments out, with everything under them', async () => {
      await t.database.db.updateTable('departments').set({ status: 0 }).where('id', '=', dept.finance).execute();
      try {
        const units = await t.post('selector/tree', { parentId: dept.root }, s.zhangwei);
        expect(units.data.map((d: { id: number }) => d.id)).not.toContain(dept.finance);
        const all = await t.post('selector/treeall', {}, s.zhangwei);
        expect(JSON.stringify(all.data)).not.toContain('市财政局');
        expect((await t.post('selector/user', { departmentId: dept.finance }, s.zhangwei)).code).toBe(-1);
      } finally {
        await t.database.db.updateTable('departments').set({ status: 1 }).where('id', '=', dept.finance).execute();
      }
    });

    it('treeall nests every open department', async () => {
      const r = await t.post('selector/treeall', {}, s.zhangwei);
      expect(r.code).toBe(0);
      let n = 0;
      const walk = (list: { children?: unknown[] }[]) => list.forEach((d) => (n++, d.children && walk(d.children as never)));
      walk(r.data);
      const open = await t.database.db
        .selectFrom('departments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      expect(n).toBe(Number(open.n));
      expect(r.data[0].children[0].children.find((c: { title: string }) => c.title === '秘书科')).toBeTruthy();
    });
  });

  describe('user, officesuser, position, positionuser', () => {
    it('lists the people of a department with position and full department title; deep adds sub-departments', async () => {
      const r = await t.post('selector/user', { departmentId: dept.secretary }, s.demo);
      expect(r.code).toBe(0);
      expect(r.data).toContainEqual({
        id: uid.zhangwei,
        realname: '张伟',
        username: 'zhangwei',
        deptId: dept.secretary,
        deptTitle: '市政府办公室秘书科',
        position: '科员',
      });
      expect(r.data.map((u: { username: string }) => u.username)).toContain('lina');
      expect(r.data.map((u: { username: string }) => u.username)).not.toContain('demo');
      const deep = await t.post('selector/user', { departmentId: dept.office, deep: true }, s.demo);
      expect(deep.data.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['demo', 'zhangwei', 'lina']));
      const flat = await t.post('selector/user', { departmentId: dept.office }, s.demo);
      expect(flat.data.map((u: { username: string }) => u.username)).not.toContain('zhangwei');
    });

    it('shows a person of two departments with the membership asked for', async () => {
      const drc = await t.post('selector/user', { departmentId: dept.drcOffice }, s.demo);
      expect(drc.data.find((u: { username: string }) => u.username === 'hechao')).toMatchObject({
        deptId: dept.drcOffice,
        deptTitle: '市发展和改革委员会办公室',
      });
      const found = await t.post('selector/search', { keyword: '何超' }, s.demo);
      expect(found.data.users.find((u: { username: string }) => u.username === 'hechao').deptTitle).toBe('市政府办公室信息科');
    });

    it('reads 999999999 as the caller’s current department and leaves out disabled people', async () => {
      const r = await t.post('selector/user', { departmentId: 999999999 }, s.zhangwei);
      expect(r.data.map((u: { username: string }) => u.username)).toContain('zhangwei');
      await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', uid.lina).execute();
      try {
        const again = await t.post('selector/user', { departmentId: dept.secretary }, s.zhangwei);
        expect(again.data.map((u: { username: string }) => u.username)).not.toContain('lina');
      } finally {
        await t.database.db.updateTable('users').set({ status: 1 }).where('id', '=', uid.lina).execute();
      }
    });

    it('names a missing or bad departmentId', async () => {
      expect(await t.post('selector/user', {}, s.demo)).toMatchObject({ code: -1, msg: '请填写部门' });
      expect(await t.post('selector/user', { departmentId: 0 }, s.demo)).toMatchObject({ code: -1, msg: '部门不能小于1' });
      expect(await t.post('selector/user', { departmentId: 5, deep: 'x' }, s.demo)).toMatchObject({ code: -1, msg: '包含下级部门类型不正确' });
    });

    it('officeslist answers the units, officesuser the people of a unit and its offices', async () => {
      const list = await t.post('selector/officeslist', {}, s.demo);
      expect(list.data.length).toBe(22);
      expect(list.data.every((d: { kind: string }) => d.kind === 'unit')).toBe(true);
      const people = await t.post('selector/officesuser', { officeId: dept.finance }, s.demo);
      expect(people.data.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['zhoujie', 'sunli']));
      expect(people.data.find((u: { username: string }) => u.username === 'sunli').deptTitle).toBe('市财政局办公室');
      expect(await t.post('selector/officesuser', {}, s.demo)).toMatchObject({ code: -1, msg: '请填写单位' });
    });

    it('position lists positions with counts; positionuser their holders', async () => {
      const list = await t.post('selector/position', {}, s.demo);
      const clerk = list.data.find((p: { name: string }) => p.name === '科员');
      expect(clerk.count).toBeGreaterThan(10);
      const holders = await t.post('selector/positionuser', { positionId: clerk.id }, s.demo);
      expect(holders.data.length).toBe(clerk.count);
      expect(holders.data.every((u: { position: string }) => u.position === '科员')).toBe(true);
      expect(await t.post('selector/positionuser', { positionId: 99999 }, s.demo)).toMatchObject({ code: -1, msg: '职务不正确' });
    });
  });

  describe('search, getlist, getpagelist', () => {
    it('finds people by realname, account and pinyin initials, departments by name', async () => {
      for (const keyword of ['张伟', 'zhangwei', 'zw']) {
        const r = await t.post('selector/search', { keyword }, s.demo);
        expect(r.data.users.map((u: { id: number }) => u.id)).toContain(uid.zhangwei);
      }
      const d = await t.post('selector/search', { keyword: '财政' }, s.demo);
      expect(d.data.depts[0]).toMatchObject({ id: dept.finance, title: '市财政局', kind: 'unit' });
      const initials = await t.post('selector/search', { keyword: 'sczj' }, s.demo);
      expect(initials.data.depts.map((x: { id: number }) => x.id)).toContain(dept.finance);
      for (const keyword of ['%', '_', '\\']) {
        expect((await t.post('selector/getpagelist', { keyword }, s.demo)).data.total).toBe(0);
      }
      const many = await t.post('selector/search', { keyword: 'z' }, s.demo);
      expect(many.data.users.length).toBe(50);
    });

    it('names a blank or bad keyword', async () => {
      expect(await t.post('selector/search', { keyword: '  ' }, s.demo)).toMatchObject({ code: -1, msg: '请填写关键字' });
      expect(await t.post('selector/search', {}, s.demo)).toMatchObject({ code: -1, msg: '请填写关键字' });
      expect(await t.post('selector/search', { keyword: 'x'.repeat(51) }, s.demo)).toMatchObject({ code: -1, msg: '关键字不能超过50个字符' });
    });

    it('getlist answers realnames and full department titles by id', async () => {
      const r = await t.post('selector/getlist', { users: [uid.zhangwei, uid.demo, 999999], depts: [dept.secretary] }, s.demo);
      expect(r.data).toEqual({ users: { [uid.zhangwei]: '张伟', [uid.demo]: '周明远' }, depts: { [dept.secretary]: '市政府办公室秘书科' } });
      expect((await t.post('selector/getlist', {}, s.demo)).data).toEqual({ users: {}, depts: {} });
      expect(await t.post('selector/getlist', { users: ['a'] }, s.demo)).toMatchObject({ code: -1, msg: '人员类型不正确' });
    });

    it('getpagelist pages all people, a department with its offices, or keyword hits', async () => {
      const enabled = await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      const all = await t.post('selector/getpagelist', { current: 1, pageSize: 5 }, s.demo);
      expect(all.data.total).toBe(Number(enabled.n));
      expect(all.data.list.length).toBe(5);
      const page2 = await t.post('selector/getpagelist', { current: 2, pageSize: 5 }, s.demo);
      expect(page2.data.list[0].id).not.toBe(all.data.list[0].id);
      const office = await t.post('selector/getpagelist', { departmentId: dept.office, pageSize: 100 }, s.demo);
      expect(office.data.list.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['demo', 'zhangwei']));
      const kw = await t.post('selector/getpagelist', { keyword: '张伟' }, s.demo);
      expect(kw.data.list.map((u: { id: number }) => u.id)).toContain(uid.zhangwei);
      expect(await t.post('selector/getpagelist', { pageSize: 101 }, s.demo)).toMatchObject({ code: -1, msg: '每页条数不能大于100' });
      expect(await t.post('selector/getpagelist', { departmentId: 777777 }, s.demo)).toMatchObject({ code: -1, msg: '部门不正确' });
    });
  });

  describe('recent people', () => {
    it('keeps the picked people per user, newest first, at most 20', async () => {
      const a = uid.zhangwei,
        b = uid.lina,
        c = uid.demo;
      expect(await t.post('selector/saverecent', { ids: [a, b, c] }, s.hechao)).toMatchObject({ code: 0, data: null });
      expect((await t.post('selector/getrecent', {}, s.hechao)).data.map((u: { id: number }) => u.id)).toEqual([a, b, c]);
      await t.post('selector/saverecent', { ids: [c] }, s.hechao);
      expect((await t.post('selector/getrecent', {}, s.hechao)).data.map((u: { id: number }) => u.id)).toEqual([c, a, b]);
      expect((await t.post('selector/getrecent', {}, s.lina)).data).toEqual([]);
      const many = Object.values(uid).slice(0, 25);
      await t.post('selector/saverecent', { ids: many.slice(0, 12) }, s.hechao);
      await t.post('selector/saverecent', { ids: many.slice(12) }, s.hechao);
      const r = await t.post('selector/getrecent', {}, s.hechao);
      expect(r.data.length).toBeLessThanOrEqual(20);
      expect(r.data[0].id).toBe(many[12]);
      const rows = await t.database.db.selectFrom('selector_recent').select('picked_id').where('user_id', '=', uid.hechao).execute();
      expect(rows.length).toBe(20);
    });

    it('names bad ids', async () => {
      expect(await t.post('selector/saverecent', {}, s.hechao)).toMatchObject({ code: -1, msg: '请填写记录ID列表' });
      expect(await t.post('selector/saverecent', { ids: [999999] }, s.hechao)).toMatchObject({ code: -1, msg: '记录ID列表不正确' });
    });
  });

  describe('groups in the selector', () => {
    it('saveGroup adds a personal group; groups lists own and public ones; groupsusers its members in order', async () => {
      const saved = await t.post('selector/saveGroup', { name: '秘书科同事', userIds: [uid.lina, uid.zhangwei] }, s.zhangwei);
      expect(saved).toMatchObject({ code: 0, data: { name: '秘书科同事', is_public: 0, userIds: [uid.lina, uid.zhangwei] } });
      const pub = await t.post('selector/saveGroup', { name: '办公室领导', userIds: [uid.demo], public: 1 }, s.demo);
      const mine = await t.post('selector/groups', {}, s.zhangwei);
      expect(mine.data.map((g: { name: string }) => g.name)).toEqual(['秘书科同事', '办公室领导']);
      expect(mine.data[0]).toMatchObject({ id: saved.data.id, count: 2 });
      const other = await t.post('selector/groups', {}, s.lina);
      expect(other.data.map((g: { name: string }) => g.name)).toEqual(['办公室领导']);
      const members = await t.post('selector/groupsusers', { groupId: saved.data.id }, s.zhangwei);
      expect(members.data.map((u: { id: number }) => u.id)).toEqual([uid.lina, uid.zhangwei]);
      expect((await t.post('selector/groupsusers', { groupId: pub.data.id }, s.lina)).data[0].id).toBe(uid.demo);
      expect(await t.post('selector/groupsusers', { groupId: saved.data.id }, s.lina)).toMatchObject({ code: -1, msg: '群组不存在' });
      expect(await t.post('selector/saveGroup', { name: '', userIds: [] }, s.zhangwei)).toMatchObject({ code: -1, msg: '群组名称不能少于1个字符' });
    });
  });

  describe('getDefault and smw mode', () => {
    it('getDefault answers the current department, its unit and the default departmentId', async () => {
      const r = await t.post('selector/getDefault', {}, s.zhangwei);
      expect(r.data).toEqual({ departmentId: 999999999, deptId: dept.secretary, unitId: dept.office, smw: false });
    });

    it('ignores document_mj when smw is off, and only offers cleared people when it is on', async () => {
      await setSmw(false);
      const off = await t.post('selector/user', { departmentId: dept.secretary, document_mj: '3' }, s.demo);
      expect(off.data.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(['zhangwei', 'lina']));
      await setSmw(true);
      try {
        expect((await t.post('selector/getDefault', {}, s.demo)).data.smw).toBe(true);
        const lvl2 = await t.post('selector/user', { departmentId: dept.secretary, document_mj: '2' }, s.demo);
        const names2 = lvl2.data.map((u: { username: string }) => u.username);
        expect(names2).toContain('lina');
        expect(names2).not.toContain('zhangwei');
        const lvl3 = await t.post('selector/user', { departmentId: dept.secretary, document_mj: 3 }, s.demo);
        expect(lvl3.data.map((u: { username: string }) => u.username)).not.toContain('lina');
        const cleared = await t.database.db
          .selectFrom('users')
          .select('clearance')
          .where(
            'id',
            'in',
            lvl2.data.map((u: { id: number }) => u.id),
          )
          .execute();
        expect(cleared.every((u) => u.clearance >= 2)).toBe(true);
        expect(
          (await t.post('selector/user', { departmentId: dept.secretary, document_mj: '0' }, s.demo)).data.map((u: { username: string }) => u.username),
        ).toContain('zhangwei');
        expect((await t.post('selector/search', { keyword: '张伟', document_mj: '2' }, s.demo)).data.users.map((u: { id: number }) => u.id)).not.toContain(
          uid.zhangwei,
        );
        expect((await t.post('selector/getpagelist', { keyword: 'zhangwei', document_mj: '2' }, s.demo)).data).toEqual({ list: [], total: 0 });
        await t.post('selector/saverecent', { ids: [uid.zhangwei, uid.lina] }, s.admin);
        expect((await t.post('selector/getrecent', { document_mj: '2' }, s.admin)).data.map((u: { id: number }) => u.id)).toEqual([uid.lina]);
        const clerk = (await t.post('selector/position', {}, s.demo)).data.find((p: { name: string }) => p.name === '科员');
        const holders = await t.post('selector/positionuser', { positionId: clerk.id, document_mj: '3' }, s.demo);
        expect(holders.data.map((u: { id: number }) => u.id)).not.toContain(uid.zhangwei);
        const office = await t.post('selector/officesuser', { officeId: dept.office, document_mj: '3' }, s.demo);
        expect(office.data.map((u: { id: number }) => u.id)).toContain(uid.demo);
        expect(office.data.map((u: { id: number }) => u.id)).not.toContain(uid.lina);
      } finally {
        await setSmw(false);
      }
    });

    it('names a bad document_mj', async () => {
      expect(await t.post('selector/user', { departmentId: dept.secretary, document_mj: '7' }, s.demo)).toMatchObject({ code: -1, msg: '密级的取值不正确' });
    });
  });
});
