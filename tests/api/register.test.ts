/**
 * /api/api/register (SPEC §3 "Account (registration)", §5 validation messages): the account
 * waits for approval; mobile and e-mail formats, image captcha, password strength and duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { now } from '../../src/server/lib/clock.js';
import { createCaptcha } from '../../src/server/services/captcha.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let pk = '';

const post = (path: string, body: Record<string, unknown> = {}) => t.post(path, body);
const enc = (pw: string) => encryptPassword(pw, pk, now());
const captcha = async () => {
  const c = await createCaptcha(t.database.db, '2468');
  return { captchaKey: c.captchaKey, captcha: '2468' };
};
const form = async (over: Record<string, unknown> = {}) => ({
  mail: 'xiaoming@example.com',
  mobile: '13912345678',
  password: enc('Register@2026'),
  realname: '王小明',
  ...(await captcha()),
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
});
afterAll(async () => t.close());

describe('api/register', () => {
  it('validates the fields with the messages of SPEC §5', async () => {
    expect((await post('api/register', await form({ mobile: '12345' }))).msg).toBe('手机号码格式不正确');
    expect((await post('api/register', await form({ mobile: '138001380001' }))).msg).toBe('手机号码格式不正确');
    expect((await post('api/register', await form({ mail: 'not-an-email' }))).msg).toBe('邮箱格式不正确');
    expect((await post('api/register', await form({ mail: 'a b@c.d' }))).msg).toBe('邮箱格式不正确');
    expect((await post('api/register', await form({ mail: '' }))).msg).toBe('请填写邮箱');
    expect((await post('api/register', await form({ mobile: undefined }))).msg).toBe('请填写手机号码');
    expect((await post('api/register', await form({ captcha: '' }))).msg).toBe('请填写验证码');
    expect((await post('api/register', await form({ password: undefined }))).msg).toBe('请填写密码');
    expect((await post('api/register', await form({ realname: 'x'.repeat(51) }))).msg).toBe('姓名不能超过50个字符');
  });

  it('checks the image captcha', async () => {
    const r = await post('api/register', await form({ captcha: '1111' }));
    expect(r).toMatchObject({ code: -1, msg: '验证码错误或已失效' });
  });

  it('refuses a weak password', async () => {
    const r = await post('api/register', await form({ password: enc('password') }));
    expect(r).toMatchObject({ code: -1, msg: '密码强度不足：至少8位，且包含大写字母、小写字母和数字' });
  });

  it('registers an account that waits for approval', async () => {
    const r = await post('api/register', await form());
    expect(r).toMatchObject({ code: 0, msg: '注册成功，请等待管理员审核' });
    const row = await t.database.db.selectFrom('accounts').selectAll().where('id', '=', r.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mail: 'xiaoming@example.com', mobile: '13912345678', realname: '王小明', status: 0, user_id: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(row.password_hash, 'Register@2026')).toBe(true);
  });

  it('refuses a mobile or mail already registered or used by a user', async () => {
    expect((await post('api/register', await form({ mail: 'other@example.com' }))).msg).toBe('该手机号码已注册');
    expect((await post('api/register', await form({ mobile: '13912340000', mail: 'XIAOMING@example.com' }))).msg).toBe('该邮箱已注册');
    expect((await post('api/register', await form({ mobile: '13800000011', mail: 'x2@example.com' }))).msg).toBe('该手机号码已注册');
    expect((await post('api/register', await form({ mobile: '13912340001', mail: 'zhangwei@city.gov.example' }))).msg).toBe('该邮箱已注册');
    // A refused registration frees its mobile and mail.
    await t.database.db.updateTable('accounts').set({ status: 2 }).where('mobile', '=', '13912345678').execute();
    expect((await post('api/register', await form())).code).toBe(0);
  });

  it('refuses a register SMS code for a mobile already taken', async () => {
    expect((await post('Login/getsmscode', { mobile: '13800000011', purpose: 'register' })).msg).toBe('该手机号码已注册');
    expect((await post('Login/getsmscode', { mobile: '13700000001', purpose: 'register' })).code).toBe(0);
  });
});
