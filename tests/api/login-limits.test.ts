/**
 * Sign-in limits (DESIGN §7): a whole office behind one NAT address signs in at 9:00 — the per-address limit is
 * far above an office's peak (LOGIN_IP_LIMIT_PER_MIN) — while one account stays protected by its own limit
 * (LOGIN_ACCOUNT_LIMIT_PER_MIN), the lockout and the captcha; behind a trusted proxy (TRUST_PROXY) the address
 * counted is the one the proxy forwarded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN, DEFAULT_LOGIN_IP_LIMIT_PER_MIN, loadConfig } from '../../src/server/config.js';
import { createTestApp, type TestApp } from './helpers.js';

const TOO_MANY = { code: -1, msg: '操作过于频繁，请稍后再试', status: 429 };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in from one address', () => {
  it('lets 300 different people sign in through one NAT address within a minute', async () => {
    const users = await t.database.db
      .selectFrom('users')
      .select('username')
      .where('status', '=', 1)
      .where('username', 'not in', ['admin', 'secadmin', 'auditor', 'zhangwei', 'lina'])
      .orderBy('id')
      .limit(300)
      .execute();
    expect(users.length).toBe(300);
    const office = '192.168.10.1';
    const refused: string[] = [];
    for (const { username } of users) {
      if ((await t.post('Login/getPublicKey', {}, undefined, { ip: office })).code !== 0) refused.push(`${username}: getPublicKey`);
      const r = await t.login(username, undefined, {}, { ip: office });
      if (r.code !== 0) refused.push(`${username}: ${r.code} ${r.msg}`);
    }
    expect(refused).toEqual([]);
  }, 180_000);

  it('still limits one account hammered from many addresses, behind its captcha', async () => {
    const answers = [];
    for (let i = 0; i <= DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN; i++) answers.push(await t.login('zhangwei', 'Wrong@2026x', {}, { ip: `172.16.0.${i + 1}` }));
    expect(answers.slice(0, 3).map((a) => a.msg)).toEqual(Array(3).fill('用户名或密码错误'));
    // After three failures every attempt needs a captcha (services/lockout.ts), whatever the address.
    expect(answers.slice(3, DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN).every((a) => a.msg === '请填写验证码' && a.data?.needCaptcha)).toBe(true);
    expect(answers[DEFAULT_LOGIN_ACCOUNT_LIMIT_PER_MIN]).toMatchObject(TOO_MANY);
    // The limit is the account's, not the addresses': another person signs in from the same address.
    expect((await t.login('lina', undefined, {}, { ip: '172.16.0.1' })).code).toBe(0);
  });

  it('refuses an address far above an office peak (default 3,000 a minute per call, configurable)', async () => {
    expect(t.config.loginIpLimitPerMin).toBe(DEFAULT_LOGIN_IP_LIMIT_PER_MIN);
    expect(loadConfig({ LOGIN_IP_LIMIT_PER_MIN: '120' }).loginIpLimitPerMin).toBe(120);
    const flood = '192.168.20.1';
    let accepted = 0;
    let last = await t.post('Login/captcha', {}, undefined, { ip: flood });
    while (last.code === 0 && accepted <= DEFAULT_LOGIN_IP_LIMIT_PER_MIN) {
      accepted++;
      last = await t.post('Login/captcha', {}, undefined, { ip: flood });
    }
    expect(accepted).toBe(DEFAULT_LOGIN_IP_LIMIT_PER_MIN);
    expect(last).toMatchObject(TOO_MANY);
  }, 120_000);
});

describe('behind a trusted proxy', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ seed: false, env: { TRUST_PROXY: '1', LOGIN_IP_LIMIT_PER_MIN: '20' } });
  });
  afterAll(async () => {
    await p?.close();
  });
  const via = (forwarded: string) => p.post('Login/getPublicKey', {}, undefined, { ip: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } });

  it('counts the address the proxy forwarded, not the proxy, and not one the client wrote itself', async () => {
    for (let i = 0; i < 20; i++) expect((await via('203.0.113.5')).code).toBe(0);
    expect(await via('203.0.113.5')).toMatchObject(TOO_MANY);
    // A client that sends its own X-Forwarded-For is still counted under the address the proxy appended.
    expect(await via(`198.51.100.${Math.floor(Math.random() * 200)}, 203.0.113.5`)).toMatchObject(TOO_MANY);
    // Other people behind the same proxy are not affected.
    expect((await via('203.0.113.6')).code).toBe(0);
  });
});
