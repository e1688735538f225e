/**
 * API group Person (SPEC §7): user info and the user's own settings. Each call: no session → -99,
 * bad input → -1 naming the field, success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { now } from '../../src/server/lib/clock.js';
import { createTestApp, type Session, type TestApp } from './helpers.js';

const PW = 'Demo@2026';
let t: TestApp;
let pk = '';
type S = Session;
let demo: S;

const post = (path: string, body: Record<string, unknown> = {}, session?: Session) => t.post(path, body, session);
const enc = (pw: string) => encryptPassword(pw, pk, now());
async function login(username: string, password = PW): Promise<S> {
  const r = await post('Login/index', { username, password: enc(password), isStrongPassword: 1 });
  expect(r.code, `${username}: ${r.msg}`).toBe(0);
  return { token: r.data.token, uuid: r.data.uuid };
}
const info = async (s: S) => (await post('Person/userInfo', {}, s)).data;

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
  demo = await login('demo');
});
afterAll(async () => t.close());

describe('no session', () => {
  it('answers -99 for every Person call', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['Person/userInfo', {}],
      ['Person/saveUserInfo', { realname: '某人' }],
      ['Person/changePassword', { oldPassword: enc(PW), newPassword: enc('New@20261') }],
      ['Person/saveLayout', { layout: '{}' }],
      ['Person/saveListSetting', { key: 'k', setting: '{}' }],
      ['Person/saveTabs', { tabs: '[]' }],
      ['Person/smsSetting', {}],
      ['Person/saveSmsSetting', { setting: '{"enabled":true,"types":[]}' }],
    ];
    for (const [path, body] of calls) {
      expect(await post(path, body), path).toMatchObject({ code: -99, msg: '登录已过期，请重新登录' });
    }
  });
});

describe('Person/userInfo', () => {
  it('answers the UserInfo of SPEC §3', async () => {
    const u = await info(demo);
    expect(u).toMatchObject({ name: 'demo', realname: '周明远', dept: '市政府办公室', positions: ['主任'], is_admin: false, isdwgly: false });
    for (const k of ['id', 'uuid', 'avatar', 'layout', 'menu', 'menu_my', 'access', 'menuaction', 'roles', 'tabs', 'list_settings', 'document_print']) {
      expect(u, k).toHaveProperty(k);
    }
    expect(u.roles).toContain('office_director');
    expect((await info(await login('admin'))).is_admin).toBe(true);
  });

  it("answers well-formed JSON from its cache, in the caller's language", async () => {
    const headers = { 'x-token': demo.token, 'x-uuid': demo.uuid, 'x-lang': 'en-US' };
    const first = await t.app.inject({ method: 'POST', url: '/api/Person/userInfo', payload: {}, headers });
    const second = await t.app.inject({ method: 'POST', url: '/api/Person/userInfo', payload: {}, headers });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toMatchObject({ code: 0, msg: 'Done', data: { name: 'demo' } });
  });
});

describe('Person/saveUserInfo', () => {
  it('validates the fields', async () => {
    expect((await post('Person/saveUserInfo', { mobile: '2380000' }, demo)).msg).toBe('手机号码格式不正确');
    expect((await post('Person/saveUserInfo', { email: 'nope' }, demo)).msg).toBe('邮箱格式不正确');
    expect((await post('Person/saveUserInfo', { gender: 5 }, demo)).msg).toBe('性别的取值不正确');
    expect((await post('Person/saveUserInfo', { realname: '  ' }, demo)).msg).toBe('请填写姓名');
    expect((await post('Person/saveUserInfo', { mobile: '13800000011' }, demo)).msg).toBe('该手机号码已被其他用户使用');
  });

  it('saves the profile and userInfo shows it at once', async () => {
    const r = await post(
      'Person/saveUserInfo',
      { realname: '周明远', mobile: '13800138001', email: 'zmy@city.gov.example', gender: '1', avatar: '/avatar/1.png' },
      demo,
    );
    expect(r).toMatchObject({ code: 0, msg: '保存成功' });
    expect(await info(demo)).toMatchObject({ mobile: '13800138001', email: 'zmy@city.gov.example', gender: 1, avatar: '/avatar/1.png' });
    expect((await post('Person/saveUserInfo', { avatar: '' }, demo)).code).toBe(0);
    expect((await info(demo)).avatar).toBe('');
  });
});

describe('Person/changePassword', () => {
  it('validates and changes the password', async () => {
    const s = await login('liuyang');
    expect((await post('Person/changePassword', { newPassword: enc('New@20261') }, s)).msg).toBe('请填写原密码');
    expect((await post('Person/changePassword', { oldPassword: enc(PW), newPassword: 'zz' }, s)).msg).toBe('新密码无法解密，请刷新页面后重试');
    expect((await post('Person/changePassword', { oldPassword: enc('Wrong@2026'), newPassword: enc('New@20261') }, s)).msg).toBe('原密码错误');
    expect((await post('Person/changePassword', { oldPassword: enc(PW), newPassword: enc('short1A') }, s)).msg).toBe(
      '密码强度不足：至少8位，且包含大写字母、小写字母和数字',
    );
    expect((await post('Person/changePassword', { oldPassword: enc(PW), newPassword: enc(PW) }, s)).msg).toBe('新密码不能与原密码相同');
    const ok = await post('Person/changePassword', { oldPassword: enc(PW), newPassword: enc('New@20261'), isStrongPassword: 1 }, s);
    expect(ok).toMatchObject({ code: 0, msg: '密码修改成功', data: null });
    await login('liuyang', 'New@20261');
    const row = await t.database.db.selectFrom('users').select('password_hash').where('username', '=', 'liuyang').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('Person/saveLayout', () => {
  it('validates the layout JSON', async () => {
    expect((await post('Person/saveLayout', {}, demo)).msg).toBe('请填写布局设置');
    expect((await post('Person/saveLayout', { layout: '{bad' }, demo)).msg).toBe('布局设置不是有效的 JSON');
    expect((await post('Person/saveLayout', { layout: '[1]' }, demo)).msg).toBe('布局设置不是有效的 JSON');
    expect((await post('Person/saveLayout', { layout: '{"menuSetting":"side"}' }, demo)).msg).toBe('菜单布局的取值不正确');
    expect((await post('Person/saveLayout', { layout: '{"setlayoutStyle":7}' }, demo)).msg).toBe('布局样式的取值不正确');
  });

  it('saves the layout and answers the server msg', async () => {
    const layout = { menuSetting: 'mix2', setlayoutStyle: 3, menubgcolor: '#123456' };
    const r = await post('Person/saveLayout', { layout: JSON.stringify(layout) }, demo);
    expect(r).toMatchObject({ code: 0, msg: '布局已保存' });
    expect(JSON.parse((await info(demo)).layout)).toEqual(layout);
  });
});

describe('Person/saveListSetting', () => {
  it('validates and saves per-list settings', async () => {
    expect((await post('Person/saveListSetting', { setting: '{}' }, demo)).msg).toBe('请填写列表标识');
    expect((await post('Person/saveListSetting', { key: 'document.dbgw', setting: '{x' }, demo)).msg).toBe('设置不是有效的 JSON');
    const r = await post('Person/saveListSetting', { key: 'document.dbgw', setting: '{"columns":["title","date"],"pageSize":50}' }, demo);
    expect(r).toMatchObject({ code: 0, msg: '保存成功' });
    await post('Person/saveListSetting', { key: 'mail.inbox', setting: { pageSize: 10 } }, demo);
    expect((await info(demo)).list_settings).toEqual({ 'document.dbgw': { columns: ['title', 'date'], pageSize: 50 }, 'mail.inbox': { pageSize: 10 } });
    await post('Person/saveListSetting', { key: 'mail.inbox', setting: '' }, demo);
    expect(Object.keys((await info(demo)).list_settings)).toEqual(['document.dbgw']);
  });
});

describe('Person/saveTabs', () => {
  it('validates and persists the opened tabs', async () => {
    expect((await post('Person/saveTabs', { tabs: '{"path":"/x"}' }, demo)).msg).toBe('标签页不是有效的 JSON');
    expect((await post('Person/saveTabs', { tabs: '[{"path":"x","key":"k"}]' }, demo)).msg).toBe('标签页不正确');
    const many = Array.from({ length: 51 }, (_, i) => ({ path: `/notice/list?p=${i}`, key: 'notice.list' }));
    expect((await post('Person/saveTabs', { tabs: JSON.stringify(many) }, demo)).msg).toBe('标签页不能超过50个');
    const tabs = [
      { path: '/dashboard/console', key: 'dashboard.console' },
      { path: '/document/show?id=9', key: 'document.show', title: '关于春节值班的通知' },
    ];
    const r = await post('Person/saveTabs', { tabs: JSON.stringify(tabs) }, demo);
    expect(r).toMatchObject({ code: 0, msg: '保存成功', data: { tabs } });
    expect((await info(demo)).tabs).toEqual(tabs);
    // Restored after the next login.
    const again = await post('Login/index', { username: 'demo', password: enc(PW) });
    expect(again.data.info.tabs).toEqual(tabs);
  });
});

describe('Person/smsSetting and saveSmsSetting', () => {
  it('answers defaults, validates and saves either shape', async () => {
    expect((await post('Person/smsSetting', {}, demo)).data).toEqual({ settings: { enabled: false, types: [] }, setting: {} });
    expect((await post('Person/saveSmsSetting', {}, demo)).msg).toBe('请填写设置');
    expect((await post('Person/saveSmsSetting', { setting: 'nope' }, demo)).msg).toBe('设置不是有效的 JSON');
    expect((await post('Person/saveSmsSetting', { setting: '{"enabled":"yes"}' }, demo)).msg).toBe('设置不正确');
    expect((await post('Person/saveSmsSetting', { setting: { document: 'on' } }, demo)).msg).toBe('设置不正确');
    const r = await post('Person/saveSmsSetting', { setting: '{"enabled":true,"types":["document","meeting"]}' }, demo);
    expect(r).toMatchObject({ code: 0, msg: '保存成功', data: { settings: { enabled: true, types: ['document', 'meeting'] } } });
    // The key → 0/1 shape of the personal-settings switches, as an object in a JSON body.
    const flat = await post('Person/saveSmsSetting', { setting: { document: 1, meeting: 0, mail: 1 } }, demo);
    expect(flat.code).toBe(0);
    expect((await post('Person/smsSetting', {}, demo)).data).toEqual({
      settings: { enabled: true, types: ['document', 'mail'] },
      setting: { document: 1, meeting: 0, mail: 1 },
    });
  });
});
