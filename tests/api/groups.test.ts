import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.js';
import { createSession } from '../../src/server/services/session.js';
import { verifyAuditChain } from '../../src/server/services/audit.js';

describe('groups group (SPEC §7 Users and groups: list, edit, info, del)', () => {
  let t: TestApp;
  const s: Record<string, Session> = {};
  const uid: Record<string, number> = {};
  const auditOf = (object: string) =>
    t.database.db.selectFrom('audit_log').select(['event', 'user_id', 'result', 'detail']).where('object', '=', object).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.database.db
      .selectFrom('users')
      .select(['id', 'uuid', 'username', 'current_dept_id'])
      .where('username', 'in', ['zhangwei', 'lina', 'demo', 'admin', 'wangfang'])
      .execute();
    for (const u of users) {
      uid[u.username] = u.id;
      const { token } = await createSession(t.database.db, { userId: u.id, deptId: u.current_dept_id });
      s[u.username] = { token, uuid: u.uuid };
    }
  });
  afterAll(async () => t.close());

  it('every call answers -99 without a session', async () => {
    for (const p of ['list', 'info', 'edit', 'del']) {
      expect((await t.post(`groups/${p}`, { id: 1, name: 'x', userIds: [] })).code).toBe(-99);
    }
  });

  it('edit adds a group (one transaction with its audit row) and info answers it with its members', async () => {
    const r = await t.post('groups/edit', { name: '值班联系人', userIds: [uid.lina, uid.zhangwei, uid.lina] }, s.zhangwei);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      name: '值班联系人',
      is_public: 0,
      owner_id: uid.zhangwei,
      owner: '张伟',
      count: 2,
      editable: true,
      userIds: [uid.lina, uid.zhangwei],
    });
    expect(r.data.users).toEqual([
      { id: uid.lina, realname: '李娜', status: 1 },
      { id: uid.zhangwei, realname: '张伟', status: 1 },
    ]);
    const info = await t.post('groups/info', { id: r.data.id }, s.zhangwei);
    expect(info.data).toEqual(r.data);
    const audit = await auditOf(`group:${r.data.id}`);
    expect(audit).toMatchObject([{ event: 'group.add', user_id: uid.zhangwei, result: 'success' }]);
    expect(JSON.parse(audit[0].detail!).after.userIds).toEqual([uid.lina, uid.zhangwei]);
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('names bad fields and changes nothing on refusal', async () => {
    expect(await t.post('groups/edit', { userIds: [] }, s.zhangwei)).toMatchObject({ code: -1, msg: '请填写群组名称' });
    expect(await t.post('groups/edit', { name: '   ', userIds: [] }, s.zhangwei)).toMatchObject({ code: -1, msg: '请填写群组名称' });
    expect(await t.post('groups/edit', { name: 'x'.repeat(51), userIds: [] }, s.zhangwei)).toMatchObject({ code: -1, msg: '群组名称不能超过50个字符' });
    expect(await t.post('groups/edit', { name: 'a' }, s.zhangwei)).toMatchObject({ code: -1, msg: '请填写成员' });
    expect(await t.post('groups/edit', { name: 'a', userIds: ['x'] }, s.zhangwei)).toMatchObject({ code: -1, msg: '成员类型不正确' });
    expect(await t.post('groups/edit', { name: 'a', userIds: [], is_public: 3 }, s.zhangwei)).toMatchObject({ code: -1, msg: '是否公开的取值不正确' });
    expect(await t.post('groups/info', {}, s.zhangwei)).toMatchObject({ code: -1, msg: '请填写群组' });
    expect(await t.post('groups/list', { pageSize: 0 }, s.zhangwei)).toMatchObject({ code: -1, msg: '每页条数不能小于1' });

    const g = await t.post('groups/edit', { name: '不变的组', userIds: [uid.demo] }, s.zhangwei);
    const before = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.post('groups/edit', { id: g.data.id, name: '改名', userIds: [uid.lina, 987654] }, s.zhangwei);
    expect(bad).toMatchObject({ code: -1, msg: '成员不正确' });
    const after = await t.post('groups/info', { id: g.data.id }, s.zhangwei);
    expect(after.data).toMatchObject({ name: '不变的组', userIds: [uid.demo] });
    const now = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(now.n)).toBe(Number(before.n));
  });

  it('list answers own and public groups, own first, with keyword and paging', async () => {
    await t.post('groups/edit', { name: '全市办公室主任', userIds: [uid.demo, uid.wangfang], is_public: 1 }, s.demo);
    await t.post('groups/edit', { name: '周的私人组', userIds: [uid.demo] }, s.demo);
    const mine = await t.post('groups/list', {}, s.zhangwei);
    const names = mine.data.list.map((g: { name: string }) => g.name);
    expect(names).toEqual(['值班联系人', '不变的组', '全市办公室主任']);
    expect(mine.data.total).toBe(3);
    expect(mine.data.list[2]).toMatchObject({ is_public: 1, owner: '周明远', editable: false, count: 2 });
    const kw = await t.post('groups/list', { keyword: '主任' }, s.zhangwei);
    expect(kw.data).toMatchObject({ total: 1, list: [{ name: '全市办公室主任' }] });
    const page = await t.post('groups/list', { current: 2, pageSize: 2 }, s.zhangwei);
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((g: { name: string }) => g.name)).toEqual(['全市办公室主任']);
    const pct = await t.post('groups/list', { keyword: '%' }, s.zhangwei);
    expect(pct.data.total).toBe(0);
  });

  it('info: own and public groups are visible, another person’s personal group is not (administrators see any)', async () => {
    const priv = (await t.post('groups/list', { keyword: '私人' }, s.demo)).data.list[0];
    expect(await t.post('groups/info', { id: priv.id }, s.zhangwei)).toMatchObject({ code: -1, msg: '群组不存在' });
    expect((await t.post('groups/info', { id: priv.id }, s.admin)).data).toMatchObject({ name: '周的私人组', editable: true });
    const pub = (await t.post('groups/list', { keyword: '全市' }, s.lina)).data.list[0];
    expect((await t.post('groups/info', { id: pub.id }, s.lina)).data).toMatchObject({ editable: false, userIds: [uid.demo, uid.wangfang] });
    expect(await t.post('groups/info', { id: 999999 }, s.lina)).toMatchObject({ code: -1, msg: '群组不存在' });
  });

  it('edit and del: only the owner, or an administrator', async () => {
    const pub = (await t.post('groups/list', { keyword: '全市' }, s.lina)).data.list[0];
    expect(await t.post('groups/edit', { id: pub.id, name: '抢来的', userIds: [] }, s.lina)).toMatchObject({ code: -1, msg: '只能修改或删除自己创建的群组' });
    expect(await t.post('groups/del', { id: pub.id }, s.lina)).toMatchObject({ code: -1, msg: '只能修改或删除自己创建的群组' });
    const priv = (await t.post('groups/list', { keyword: '私人' }, s.demo)).data.list[0];
    expect(await t.post('groups/edit', { id: priv.id, name: 'x', userIds: [] }, s.lina)).toMatchObject({ code: -1, msg: '群组不存在' });

    const edited = await t.post('groups/edit', { id: pub.id, name: '全市办公室主任（新）', userIds: [uid.wangfang], is_public: 1 }, s.demo);
    expect(edited.data).toMatchObject({ name: '全市办公室主任（新）', userIds: [uid.wangfang], owner_id: uid.demo });
    const audit = await auditOf(`group:${pub.id}`);
    expect(audit.map((a) => a.event)).toEqual(['group.add', 'group.edit']);
    expect(JSON.parse(audit[1].detail!).before).toMatchObject({ name: '全市办公室主任', userIds: [uid.demo, uid.wangfang] });

    const byAdmin = await t.post('groups/edit', { id: priv.id, name: '管理员改过', userIds: [uid.demo] }, s.admin);
    expect(byAdmin.data).toMatchObject({ name: '管理员改过', owner_id: uid.demo });
  });

  it('del removes own groups with their members and an audit row each; all or nothing', async () => {
    const a = await t.post('groups/edit', { name: '临时一', userIds: [uid.lina] }, s.lina);
    const b = await t.post('groups/edit', { name: '临时二', userIds: [uid.lina] }, s.lina);
    const other = (await t.post('groups/list', { keyword: '全市' }, s.lina)).data.list[0];
    expect(await t.post('groups/del', { ids: [a.data.id, other.id] }, s.lina)).toMatchObject({ code: -1 });
    expect((await t.post('groups/info', { id: a.data.id }, s.lina)).code).toBe(0);
    expect(await t.post('groups/del', {}, s.lina)).toMatchObject({ code: -1, msg: '请填写群组' });
    expect(await t.post('groups/del', { ids: ['x'] }, s.lina)).toMatchObject({ code: -1, msg: '群组列表类型不正确' });
    expect(await t.post('groups/del', { ids: [a.data.id, b.data.id] }, s.lina)).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect(await t.post('groups/info', { id: a.data.id }, s.lina)).toMatchObject({ code: -1, msg: '群组不存在' });
    const members = await t.database.db.selectFrom('user_group_members').select('user_id').where('group_id', 'in', [a.data.id, b.data.id]).execute();
    expect(members).toEqual([]);
    expect((await auditOf(`group:${a.data.id}`)).map((x) => x.event)).toEqual(['group.add', 'group.del']);
    expect(await t.post('groups/del', { id: other.id }, s.admin)).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});
