/**
 * Security behaviour of sign-in and sessions (DESIGN §7): lockout, captcha after three
 * failures, SM2 replay and age, session lifetime and revocation, -98 for weak or expired passwords,
 * the per-IP rate limit of the Login group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { advanceClock, now } from '../../src/server/lib/clock.js';
import { createCaptcha } from '../../src/server/services/captcha.js';
import { hashPassword } from '../../src/server/services/password.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const PW = 'Demo@2026';
const MIN = 60_000;
let t: TestApp;
let pk = '';

/** POST through inject, each call from a fresh client address unless `ip` is given. */
const post = (path: string, body: Record<string, unknown> = {}, session?: Session, ip?: string) => t.post(path, body, session, { ip });
const enc = (pw: string, at = now()) => encryptPassword(pw, pk, at);
const login = (username: string, password = PW, extra: Record<string, unknown> = {}) =>
  post('Login/index', { username, password: enc(password), isStrongPassword: 1, ...extra });
const captcha = async () => {
  const c = await createCaptcha(t.database.db, '4321');
  return { captchaKey: c.captchaKey, captcha: '4321' };
};
const setPassword = async (username: string, password: string, changedAt = now()) =>
  t.database.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), password_changed_at: changedAt })
    .where('username', '=', username)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
});
afterAll(async () => t.close());

describe('lockout and captcha', () => {
  it('asks for a captcha after three failures and checks it once', async () => {
    for (let i = 1; i <= 3; i++) {
      const r = await login('zhangwei', 'Wrong@2026');
      expect(r).toMatchObject({ code: -1, msg: '用户名或密码错误', data: { needCaptcha: i >= 3 } });
    }
    const missing = await login('zhangwei');
    expect(missing).toMatchObject({ code: -1, msg: '请填写验证码', data: { needCaptcha: true } });
    const c = await captcha();
    const wrong = await login('zhangwei', PW, { captchaKey: c.captchaKey, captcha: '0000' });
    expect(wrong).toMatchObject({ code: -1, msg: '验证码错误或已失效', data: { needCaptcha: true } });
    // Single use: the right answer no longer works for that key.
    expect((await login('zhangwei', PW, c)).msg).toBe('验证码错误或已失效');
    const ok = await login('zhangwei', PW, await captcha());
    expect(ok.code).toBe(0);
    // A success clears the count.
    expect((await login('zhangwei', 'Wrong@2026')).data).toEqual({ needCaptcha: false });
  });

  it('locks a name for 15 minutes after five failures, the same whether the user exists or not', async () => {
    const answers: Record<string, string[]> = {};
    for (const name of ['lina', 'ghost_user']) {
      answers[name] = [];
      for (let i = 1; i <= 5; i++) {
        const extra = i > 3 ? await captcha() : {};
        const r = await login(name, 'Wrong@2026', extra);
        answers[name].push(r.msg);
      }
      const locked = await login(name, PW, await captcha());
      expect(locked).toMatchObject({ code: -1, msg: '账号已被锁定，请15分钟后再试', data: { needCaptcha: true } });
      answers[name].push(locked.msg);
    }
    expect(answers.lina).toEqual(answers.ghost_user);
    expect(answers.lina.slice(0, 4)).toEqual(Array(4).fill('用户名或密码错误'));
    expect(answers.lina[4]).toBe('账号已被锁定，请15分钟后再试');
    // Even the right password and captcha are refused while locked; the lock does not grow.
    advanceClock(10 * MIN);
    expect((await login('lina', PW, await captcha())).msg).toBe('账号已被锁定，请5分钟后再试');
    advanceClock(5 * MIN + 1000);
    expect((await login('lina')).code).toBe(0);
    const locked = await t.database.db.selectFrom('login_attempts').select('reason').where('username', '=', 'ghost_user').execute();
    expect(locked.map((r) => r.reason)).toEqual(['no_user', 'no_user', 'no_user', 'no_user', 'no_user', 'locked']);
  });
});

describe('guessing through Person/changePassword', () => {
  it('counts wrong old passwords towards the lockout', async () => {
    const s = sessionOf(await login('chenjing'));
    for (let i = 0; i < 5; i++) {
      const r = await post('Person/changePassword', { oldPassword: enc('Guess@2026' + i), newPassword: enc('Next@20261') }, s);
      expect(r.msg).toBe('原密码错误');
    }
    const locked = await post('Person/changePassword', { oldPassword: enc(PW), newPassword: enc('Next@20261') }, s);
    expect(locked).toMatchObject({ code: -1, msg: '账号已被锁定，请15分钟后再试' });
    expect((await login('chenjing', PW, await captcha())).msg).toBe('账号已被锁定，请15分钟后再试');
  });
});

describe('SM2 password transport', () => {
  it('refuses a replayed ciphertext', async () => {
    const cipher = enc(PW);
    expect((await post('Login/index', { username: 'wangfang', password: cipher })).code).toBe(0);
    const replay = await post('Login/index', { username: 'wangfang', password: cipher });
    expect(replay).toMatchObject({ code: -1, msg: '密码已被使用过，请重新提交' });
  });

  it('refuses a ciphertext older than 5 minutes or from the future', async () => {
    const cipher = enc(PW);
    advanceClock(5 * MIN + 1000);
    expect((await post('Login/index', { username: 'wangfang', password: cipher })).msg).toBe('密码已超时，请重新提交');
    expect((await post('Login/index', { username: 'wangfang', password: enc(PW, now() + 2 * MIN) })).msg).toBe('密码已超时，请重新提交');
    expect((await post('Login/index', { username: 'wangfang', password: enc(PW, now() + 30_000) })).code).toBe(0);
  });

  it('refuses ciphertexts it cannot decrypt or whose content is wrong', async () => {
    const other = '04' + 'ab'.repeat(64) + 'cd'.repeat(32) + 'ef'.repeat(20);
    expect((await post('Login/index', { username: 'wangfang', password: other })).msg).toBe('密码无法解密，请刷新页面后重试');
    const { sm2 } = await import('sm-crypto-v2');
    const notJson = sm2.doEncrypt('Demo@2026', pk, 1);
    expect((await post('Login/index', { username: 'wangfang', password: notJson })).msg).toBe('密码无法解密，请刷新页面后重试');
    const noTime = sm2.doEncrypt(JSON.stringify({ p: PW, n: 'x' }), pk, 1);
    expect((await post('Login/index', { username: 'wangfang', password: noTime })).msg).toBe('密码无法解密，请刷新页面后重试');
  });
});

describe('sessions', () => {
  it('expires a session after one day', async () => {
    const s = sessionOf(await login('sunli'));
    // Used every 20 minutes, so the idle timeout (30 min) never ends it first.
    for (let spent = 0; spent < 23 * 60 * MIN; spent += 20 * MIN) {
      advanceClock(20 * MIN);
      expect((await post('Person/userInfo', {}, s)).code).toBe(0);
    }
    advanceClock(60 * MIN + 1000);
    expect(await post('Person/userInfo', {}, s)).toMatchObject({ code: -99, msg: '登录已过期，请重新登录' });
  });

  it("refuses a token with another user's uuid", async () => {
    const a = sessionOf(await login('sunli'));
    const b = sessionOf(await login('zhoujie'));
    expect((await post('Person/userInfo', {}, { token: a.token, uuid: b.uuid })).code).toBe(-99);
    expect((await post('Person/userInfo', {}, { token: 'undefined', uuid: 'undefined' })).code).toBe(-99);
  });

  it('revokes the session on logout and clears the cookies', async () => {
    const s = sessionOf(await login('sunli'));
    const out = await post('Index/logout', {}, s);
    expect(out).toMatchObject({ code: 0, msg: '已退出登录' });
    const cookies = out.res.headers['set-cookie'] as string[];
    expect(cookies.some((c) => c.startsWith('admin-token=;') && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('admin-uuid=;'))).toBe(true);
    expect((await post('Person/userInfo', {}, s)).code).toBe(-99);
    expect((await post('Index/logout', {}, s)).code).toBe(-99);
  });

  it('revokes the other sessions on password change', async () => {
    const s1 = sessionOf(await login('zhoujie'));
    const s2 = sessionOf(await login('zhoujie'));
    const r = await post('Person/changePassword', { oldPassword: enc(PW), newPassword: enc('Changed@2026'), isStrongPassword: 1 }, s1);
    expect(r).toMatchObject({ code: 0, msg: '密码修改成功' });
    expect((await post('Person/userInfo', {}, s1)).code).toBe(0);
    expect((await post('Person/userInfo', {}, s2)).code).toBe(-99);
    expect((await login('zhoujie')).code).toBe(-1);
    expect((await login('zhoujie', 'Changed@2026')).code).toBe(0);
  });
});

describe('-98: weak or expired password', () => {
  it('signs in with a weak password into a session that may only change it', async () => {
    await setPassword('wuhao', 'weakpass1');
    const r = await post('Login/index', { username: 'wuhao', password: enc('weakpass1'), isStrongPassword: 1 });
    expect(r).toMatchObject({ code: -98, msg: '密码强度不足，请修改密码', data: { islogin: false, info: { name: 'wuhao' } } });
    expect((r.res.headers['set-cookie'] as string[]).some((c) => c.startsWith(`admin-token=${r.data.token}`))).toBe(true);
    const s = sessionOf(r);
    expect((await post('Person/userInfo', {}, s)).code).toBe(0);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['Index/getDepartments', {}],
      ['Person/smsSetting', {}],
      ['Person/saveLayout', { layout: '{"menuSetting":"top"}' }],
      ['Person/saveTabs', { tabs: '[]' }],
      ['Index/changeCurrentDepartment', { department_id: 1 }],
    ];
    for (const [path, body] of calls) expect((await post(path, body, s)).code, path).toBe(-98);
    const weakAgain = await post('Person/changePassword', { oldPassword: enc('weakpass1'), newPassword: enc('weakpass2') }, s);
    expect(weakAgain).toMatchObject({ code: -1, msg: '密码强度不足：至少8位，且包含大写字母、小写字母和数字' });
    const ok = await post('Person/changePassword', { oldPassword: enc('weakpass1'), newPassword: enc('Strong@2026') }, s);
    expect(ok.code).toBe(0);
    expect((await post('Index/getDepartments', {}, s)).code).toBe(0);
    expect((await login('wuhao', 'Strong@2026')).code).toBe(0);
  });

  it('answers -98 for a password older than 90 days, also after an SMS login', async () => {
    await setPassword('sunli', PW, now() - 91 * 24 * 60 * MIN);
    const r = await login('sunli');
    expect(r).toMatchObject({ code: -98, msg: '密码已过期，请修改密码' });
    expect(r.data.info.password_expires_in_days).toBeLessThan(0);
    expect((await post('Index/getDepartments', {}, sessionOf(r))).code).toBe(-98);
    advanceClock(61_000);
    expect((await post('Login/getsmscode', { mobile: '13800000017' })).code).toBe(0);
    const { lastSmsTo } = await import('../../src/server/services/sms.js');
    const code = /(\d{6})/.exec(lastSmsTo('13800000017') ?? '')![1];
    expect((await post('Login/smsindex', { mobile: '13800000017', sms_code: code })).code).toBe(-98);
    expect((await post('Index/logout', {}, sessionOf(r))).code).toBe(0);
  });
});

describe('rate limit of the Login group', () => {
  it('limits one address per call and leaves other groups alone', async () => {
    const ip = '10.250.0.1';
    const s = sessionOf(await login('demo'));
    let last = await post('Login/getappid', {}, undefined, ip);
    for (let i = 0; i < t.config.loginIpLimitPerMin && last.code === 0; i++) last = await post('Login/getappid', {}, undefined, ip);
    expect(last).toMatchObject({ code: -1, msg: '操作过于频繁，请稍后再试', status: 429 });
    expect((await post('Login/getPublicKey', {}, undefined, ip)).code).toBe(0);
    expect((await post('Login/getappid', {}, undefined, '10.250.0.2')).code).toBe(0);
    expect((await post('Person/userInfo', {}, s, ip)).code).toBe(0);
  });
});
