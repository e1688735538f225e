/**
 * Sign-in calls of the Login group (SPEC §7 "Login and account"): public key, captcha,
 * password and admin login, SMS-code login, password reset, SSO both ways.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm3 } from 'sm-crypto-v2';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { advanceClock, now } from '../../src/server/lib/clock.js';
import { lastSmsTo } from '../../src/server/services/sms.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const PW = 'Demo@2026';
let t: TestApp;
let pk = '';

/** POST through inject, each call from a fresh client address unless `ip` is given. */
const post = (path: string, body: Record<string, unknown> = {}, session?: Session, ip?: string) => t.post(path, body, session, { ip });
/** Encrypts with the server's (possibly advanced) clock, as a browser in sync with it would. */
const enc = (pw: string, at = now()) => encryptPassword(pw, pk, at);
const login = (username: string, password = PW, extra: Record<string, unknown> = {}) =>
  post('Login/index', { username, password: enc(password), isStrongPassword: 1, ...extra });
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const unionidOf = (username: string) => sha256(`unionid:${username}`).slice(0, 32);
const codeFrom = (mobile: string) => /(\d{6})/.exec(lastSmsTo(mobile) ?? '')?.[1] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
});
afterAll(async () => t.close());

describe('Login/getPublicKey and Login/captcha', () => {
  it('answers a stable SM2 public key', async () => {
    expect(pk).toMatch(/^04[0-9a-f]{128}$/);
    expect((await post('Login/getPublicKey')).data.publicKey).toBe(pk);
  });

  it('answers a captcha image', async () => {
    const r = await post('Login/captcha');
    expect(r.code).toBe(0);
    expect(r.data.captchaKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(r.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
  });
});

describe('Login/index', () => {
  it('refuses bad input naming the field', async () => {
    expect((await post('Login/index', { password: enc(PW) })).msg).toBe('请填写用户名');
    expect((await post('Login/index', { username: ' ', password: enc(PW) })).msg).toBe('请填写用户名');
    expect((await post('Login/index', { username: 'demo' })).msg).toBe('请填写密码');
    const garbage = await post('Login/index', { username: 'demo', password: 'not-hex' });
    expect(garbage).toMatchObject({ code: -1, msg: '密码无法解密，请刷新页面后重试' });
    const flag = await post('Login/index', { username: 'demo', password: enc(PW), adminLogin: 'maybe' });
    expect(flag).toMatchObject({ code: -1, msg: '管理员登录标识的取值不正确' });
  });

  it('signs in, answers the LoginResult and sets the session cookies', async () => {
    const r = await login('demo');
    expect(r).toMatchObject({ code: 0, msg: '登录成功' });
    expect(r.data).toMatchObject({ islogin: false, info: { name: 'demo', realname: '周明远', dept: '市政府办公室', positions: ['主任'] } });
    expect(r.data.uuid).toBe(r.data.info.uuid);
    expect(JSON.parse(r.data.info.layout).menuSetting).toBe('left');
    expect(r.data.info.tabs).toEqual([]);
    expect(r.data.info.list_settings).toEqual({});
    expect(r.data.info.password_expires_in_days).toBeGreaterThanOrEqual(89);
    expect(Array.isArray(r.data.info.menu)).toBe(true);
    const cookies = r.res.headers['set-cookie'] as string[];
    const token = cookies.find((c) => c.startsWith('admin-token='))!;
    expect(token).toContain(`admin-token=${r.data.token}`);
    expect(token).toContain('Max-Age=86400');
    expect(token).toContain('Path=/');
    expect(token).toContain('SameSite=Lax');
    expect(token).not.toContain('HttpOnly');
    expect(cookies.some((c) => c.startsWith(`admin-uuid=${r.data.uuid}`))).toBe(true);
    // The session works from the headers and from the cookies.
    expect((await post('Person/userInfo', {}, sessionOf(r))).data.name).toBe('demo');
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/Person/userInfo',
      payload: {},
      cookies: { 'admin-token': r.data.token, 'admin-uuid': r.data.uuid },
    });
    expect(viaCookie.json()).toMatchObject({ code: 0, data: { name: 'demo' } });
    const row = await t.database.db.selectFrom('login_attempts').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'demo', success: 1, method: 'password', reason: 'ok' });
  });

  it('accepts a form-encoded body', async () => {
    const form = new URLSearchParams({ username: 'zhangwei', password: enc(PW), isStrongPassword: '1', adminLogin: '0' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Login/index',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.json()).toMatchObject({ code: 0, data: { info: { name: 'zhangwei', dept: '市政府办公室秘书科', positions: ['科员'] } } });
  });

  it('answers the same generic failure for a wrong password, an unknown name and a disabled user', async () => {
    const wrong = await login('liuyang', 'Wrong@2026x');
    expect(wrong).toMatchObject({ code: -1, msg: '用户名或密码错误', data: { needCaptcha: false } });
    const unknown = await login('no_such_person', PW);
    expect(unknown).toMatchObject({ code: -1, msg: '用户名或密码错误', data: { needCaptcha: false } });
    await t.database.db.updateTable('users').set({ status: 0 }).where('username', '=', 'wuhao').execute();
    const disabled = await login('wuhao', PW);
    expect(disabled).toMatchObject({ code: -1, msg: '用户名或密码错误', data: { needCaptcha: false } });
    await t.database.db.updateTable('users').set({ status: 1 }).where('username', '=', 'wuhao').execute();
    const reasons = await t.database.db
      .selectFrom('login_attempts')
      .select(['username', 'reason', 'success'])
      .where('username', 'in', ['liuyang', 'no_such_person', 'wuhao'])
      .execute();
    expect(reasons.map((r) => r.reason).sort()).toEqual(['bad_password', 'disabled', 'no_user']);
  });

  it('lets only the three administrators use the admin login', async () => {
    const plain = await login('zhangwei', PW, { adminLogin: 1 });
    expect(plain).toMatchObject({ code: -1, msg: '该账号不是管理员账号，不能使用管理员登录' });
    const demo = await post('Login/adminLogin', { username: 'demo', password: enc(PW) });
    expect(demo.code).toBe(-1);
    for (const name of ['admin', 'secadmin', 'auditor']) {
      const r = await post('Login/adminLogin', { username: name, password: enc(PW) });
      expect(r.code, name).toBe(0);
      expect(r.data.info.name).toBe(name);
    }
    const viaFlag = await login('admin', PW, { adminLogin: '1' });
    expect(viaFlag.code).toBe(0);
    const s = await t.database.db.selectFrom('sessions').select('admin_login').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(s.admin_login).toBe(1);
    expect((await post('Login/adminLogin', { username: 'admin' })).msg).toBe('请填写密码');
  });
});

describe('SMS code login', () => {
  const mobile = '13800000011'; // zhangwei

  it('validates the mobile and the purpose', async () => {
    expect((await post('Login/getsmscode', {})).msg).toBe('请填写手机号码');
    expect((await post('Login/getsmscode', { mobile: '23800000011' })).msg).toBe('手机号码格式不正确');
    expect((await post('Login/getsmscode', { mobile: '1380000001' })).msg).toBe('手机号码格式不正确');
    expect((await post('Login/getsmscode', { mobile, purpose: 'spam' })).msg).toBe('用途的取值不正确');
    expect((await post('Login/smsindex', { mobile, sms_code: '12ab' })).msg).toBe('短信验证码格式不正确');
    expect((await post('Login/smsindex', { mobile })).msg).toBe('请填写短信验证码');
  });

  it('sends a code, refuses a resend within 60 s, and signs in with it once', async () => {
    const r = await post('Login/getsmscode', { mobile });
    expect(r).toMatchObject({ code: 0, msg: '验证码已发送', data: { countdown: 60 } });
    const code = codeFrom(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const log = await t.database.db.selectFrom('sms_log').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ purpose: 'login', provider: 'log', status: 1 });
    expect(log.content).toContain(code);
    const stored = await t.database.db.selectFrom('sms_codes').select('code_hash').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const again = await post('Login/getsmscode', { mobile });
    expect(again.code).toBe(-1);
    expect(again.msg).toMatch(/^请\d+秒后再获取验证码$/);

    const wrong = await post('Login/smsindex', { mobile, sms_code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ code: -1, msg: '短信验证码错误或已失效' });
    const ok = await post('Login/smsindex', { mobile, sms_code: code });
    expect(ok).toMatchObject({ code: 0, data: { islogin: false, info: { name: 'zhangwei' } } });
    expect((ok.res.headers['set-cookie'] as string[]).some((c) => c.startsWith('admin-token='))).toBe(true);
    expect((await post('Login/smsindex', { mobile, sms_code: code })).code).toBe(-1);
  });

  it('voids a code after 5 wrong tries and lets a new one be asked after 60 s', async () => {
    advanceClock(61_000);
    expect((await post('Login/getsmscode', { mobile })).code).toBe(0);
    const code = codeFrom(mobile);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await post('Login/smsindex', { mobile, sms_code: wrongCode })).code).toBe(-1);
    expect((await post('Login/smsindex', { mobile, sms_code: code })).msg).toBe('短信验证码错误或已失效');
  });

  it('answers alike for an unknown mobile but sends nothing', async () => {
    const unknown = '13999999999';
    const r = await post('Login/getsmscode', { mobile: unknown });
    expect(r).toMatchObject({ code: 0, msg: '验证码已发送', data: { countdown: 60 } });
    expect(lastSmsTo(unknown)).toBeUndefined();
    const logged = await t.database.db.selectFrom('sms_log').select('id').where('mobile', '=', unknown).execute();
    expect(logged).toHaveLength(0);
    expect((await post('Login/getsmscode', { mobile: unknown })).msg).toMatch(/秒后再获取验证码/);
    expect((await post('Login/smsindex', { mobile: unknown, sms_code: '123456' })).msg).toBe('短信验证码错误或已失效');
  });

  it('expires a code after 5 minutes', async () => {
    advanceClock(61_000);
    const mobileLina = '13800000012';
    expect((await post('Login/getsmscode', { mobile: mobileLina })).code).toBe(0);
    advanceClock(5 * 60_000 + 1000);
    expect((await post('Login/smsindex', { mobile: mobileLina, sms_code: codeFrom(mobileLina) })).code).toBe(-1);
  });
});

describe('Login/repassword', () => {
  const mobile = '13800000013'; // liuyang

  it('resets the password with an SMS code and revokes the sessions', async () => {
    const before = await login('liuyang');
    expect(before.code).toBe(0);
    expect((await post('Login/repassword', { mobile, sms_code: '123456' })).msg).toBe('请填写密码');
    expect((await post('Login/getsmscode', { mobile, purpose: 'repassword' })).code).toBe(0);
    const code = codeFrom(mobile);
    const weak = await post('Login/repassword', { mobile, sms_code: code, password: enc('weakpass') });
    expect(weak).toMatchObject({ code: -1, msg: '密码强度不足：至少8位，且包含大写字母、小写字母和数字' });
    const wrong = await post('Login/repassword', { mobile, sms_code: code === '000000' ? '111111' : '000000', password: enc('Reset@2026a') });
    expect(wrong.msg).toBe('短信验证码错误或已失效');
    const ok = await post('Login/repassword', { mobile, sms_code: code, password: enc('Reset@2026a') });
    expect(ok).toMatchObject({ code: 0, msg: '密码已重置，请使用新密码登录' });
    expect((await post('Person/userInfo', {}, sessionOf(before))).code).toBe(-99);
    expect((await login('liuyang', PW)).code).toBe(-1);
    expect((await login('liuyang', 'Reset@2026a')).code).toBe(0);
  });
});

describe('single sign-on', () => {
  const secret = 'portal-secret-2026';
  const sign = (appid: string, unionid: string, ts: number, key = sha256(secret)) => sm3(`${appid}|${unionid}|${ts}`, { key, mode: 'hmac' });
  const info = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('lists the enabled apps', async () => {
    const r = await post('Login/getappid');
    expect(r.code).toBe(0);
    expect(r.data.list).toContainEqual({ appid: 'demo-portal', name: expect.any(String) });
  });

  it('ssoindex signs in with appid, secret and unionid, without cookies', async () => {
    expect((await post('Login/ssoindex', { appid: 'demo-portal', secret })).msg).toBe('请填写统一身份标识');
    const bad = await post('Login/ssoindex', { appid: 'demo-portal', secret: 'wrong', unionid: unionidOf('demo') });
    expect(bad).toMatchObject({ code: -1, msg: '应用认证失败' });
    const noApp = await post('Login/ssoindex', { appid: 'nope', secret, unionid: unionidOf('demo') });
    expect(noApp).toMatchObject({ code: -1, msg: '应用认证失败' });
    const noUser = await post('Login/ssoindex', { appid: 'demo-portal', secret, unionid: 'nobody' });
    expect(noUser).toMatchObject({ code: -1, msg: '未找到对应的用户' });
    const ok = await post('Login/ssoindex', { appid: 'demo-portal', secret, unionid: unionidOf('demo') });
    expect(ok).toMatchObject({ code: 0, data: { islogin: true, info: { name: 'demo' } } });
    expect(ok.res.headers['set-cookie']).toBeUndefined();
    expect((await post('Person/userInfo', {}, sessionOf(ok))).code).toBe(0);
  });

  it('ssoindex refuses a disabled app', async () => {
    await t.database.db.updateTable('apps').set({ status: 0 }).where('appid', '=', 'demo-portal').execute();
    const r = await post('Login/ssoindex', { appid: 'demo-portal', secret, unionid: unionidOf('demo') });
    expect(r).toMatchObject({ code: -1, msg: '应用认证失败' });
    expect((await post('Login/getappid')).data.list.some((a: { appid: string }) => a.appid === 'demo-portal')).toBe(false);
    await t.database.db.updateTable('apps').set({ status: 1 }).where('appid', '=', 'demo-portal').execute();
  });

  it('usso signs in with a signed info once, within 5 minutes', async () => {
    const unionid = unionidOf('lina');
    const ts = now();
    const good = info({ appid: 'demo-portal', unionid, ts, sign: sign('demo-portal', unionid, ts) });
    const ok = await post('Login/usso', { info: good });
    expect(ok).toMatchObject({ code: 0, data: { islogin: true, info: { name: 'lina' } } });
    expect((await post('Login/usso', { info: good })).msg).toBe('单点登录信息已过期');
    const forged = info({ appid: 'demo-portal', unionid, ts, sign: sign('demo-portal', unionid, ts, sha256('guess')) });
    expect((await post('Login/usso', { info: forged })).msg).toBe('单点登录信息无效');
    const old = ts - 6 * 60_000;
    expect((await post('Login/usso', { info: info({ appid: 'demo-portal', unionid, ts: old, sign: sign('demo-portal', unionid, old) }) })).msg).toBe(
      '单点登录信息已过期',
    );
    expect((await post('Login/usso', { info: 'not base64 json' })).msg).toBe('单点登录信息无效');
    expect((await post('Login/usso', {})).msg).toBe('请填写单点登录信息');
  });
});
