/**
 * Review of self-registered accounts (SPEC §2.3 /organization/account, §7 account/*): a registration
 * waits in the list; approving it needs a department and creates a user who can sign in with the registered
 * password; refusing needs a comment; a decision is final; staff cannot review; a stale review is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../../src/server/services/captcha.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let office = 0;

/** Registers someone as the public registration page does; answers the account id. */
async function registerSomeone(mobile: string, realname: string): Promise<number> {
  const c = await createCaptcha(t.database.db, '1357');
  const r = await t.post('api/register', {
    mail: `${mobile}@example.com`,
    mobile,
    password: await t.enc('Register@2026'),
    realname,
    captchaKey: c.captchaKey,
    captcha: '1357',
  });
  expect(r.code).toBe(0);
  return r.data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  office = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市政府办公室').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

describe('account review', () => {
  it('lists a registration as pending and names the review states', async () => {
    await registerSomeone('13911110001', '赵新');
    const list = await t.post('account/list', { keyword: '13911110001' }, admin);
    expect(list.code).toBe(0);
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ realname: '赵新', mobile: '13911110001', mail: '13911110001@example.com', status: '0', user: null });
    const types = await t.post('account/gettypes', {}, admin);
    expect(types.data).toEqual([
      { value: '0', label: '待审核' },
      { value: '1', label: '已通过' },
      { value: '2', label: '已驳回' },
    ]);
  });

  it('approves with a department: the person can then sign in with the registered password', async () => {
    const id = await registerSomeone('13911110002', '钱进');
    expect((await t.login('13911110002', 'Register@2026')).code).not.toBe(0);
    const { data: rec } = await t.post('account/info', { id }, admin);

    const noDept = await t.post('account/edit', { id, version: rec.version, status: '1' }, admin);
    expect(noDept).toMatchObject({ code: -1, msg: '请填写分配部门' });

    const ok = await t.post('account/edit', { id, version: rec.version, status: '1', dept: office }, admin);
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ status: '1', dept: office });
    expect(ok.data.user).toBeGreaterThan(0);

    const login = await t.login('13911110002', 'Register@2026');
    expect(login.code).toBe(0);
    const info = await t.post('Person/userInfo', {}, sessionOf(login));
    expect(info.data).toMatchObject({ realname: '钱进', dept_id: office });

    const again = await t.post('account/edit', { id, version: ok.data.version, status: '2', remark: '重复' }, admin);
    expect(again).toMatchObject({ code: -1, msg: '该账号已审核，审核状态不能再修改' });
    const del = await t.post('account/del', { id }, admin);
    expect(del).toMatchObject({ code: -1, msg: '已通过审核的账号不能删除' });
  });

  it('refuses with a comment, and keeps no user', async () => {
    const id = await registerSomeone('13911110003', '孙立');
    const { data: rec } = await t.post('account/info', { id }, admin);
    const bare = await t.post('account/edit', { id, version: rec.version, status: '2' }, admin);
    expect(bare).toMatchObject({ code: -1, msg: '请填写审核意见' });
    const ok = await t.post('account/edit', { id, version: rec.version, status: '2', remark: '非本单位人员' }, admin);
    expect(ok.data).toMatchObject({ status: '2', remark: '非本单位人员', user: null });
    expect((await t.login('13911110003', 'Register@2026')).code).not.toBe(0);
    expect((await t.post('account/del', { id }, admin)).data).toEqual({ deleted: 1 });
  });

  it('refuses a stale review and a reviewer who is not an administrator', async () => {
    const id = await registerSomeone('13911110004', '李青');
    const { data: rec } = await t.post('account/info', { id }, admin);
    expect((await t.post('account/edit', { id, version: rec.version, realname: '李青青', status: '0' }, admin)).code).toBe(0);
    const stale = await t.post('account/edit', { id, version: rec.version, status: '1', dept: office }, admin);
    expect(stale.code).toBe(-1);
    expect(stale.msg).toMatch(/修改/);
    expect((await t.post('account/list', {}, staff)).code).toBe(-1);
    expect((await t.post('account/edit', { id, version: rec.version + 1, status: '1', dept: office }, staff)).code).toBe(-1);
    expect((await t.post('account/list', {})).code).toBe(-99);
  });
});
