/**
 * Connected apps (/apps/index, SPEC §2.3): the system administrator registers an app whose
 * secret then signs users in by Login/ssoindex; the secret is stored hashed and never answered;
 * staff are refused; edits carry the version they read.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const unionidOf = (username: string) => sha256(`unionid:${username}`).slice(0, 32);
const sso = (appid: string, secret: string) => t.post('Login/ssoindex', { appid, secret, unionid: unionidOf('demo') });

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

describe('apps', () => {
  it('registers an app whose secret signs users in, never answering the secret', async () => {
    const add = await t.post('apps/add', { appid: 'oa-mobile', name: '移动办公', secret: 'a-very-long-secret-1', remark: '手机端' }, admin);
    expect(add.code).toBe(0);
    expect(add.data).toMatchObject({ appid: 'oa-mobile', name: '移动办公', status: '1', version: 1 });
    expect(JSON.stringify(add.data)).not.toContain('a-very-long-secret-1');
    expect(add.data.secret).toBeUndefined();
    const row = await t.database.db.selectFrom('apps').select('secret_hash').where('appid', '=', 'oa-mobile').executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(sha256('a-very-long-secret-1'));
    expect((await sso('oa-mobile', 'a-very-long-secret-1')).code).toBe(0);
    const list = await t.post('apps/list', { keyword: '移动' }, admin);
    expect(list.data.list.map((r: any) => r.appid)).toEqual(['oa-mobile']);
    expect(list.data.total).toBe(1);
  });

  it('refuses a bad appid, a duplicate, a short or missing secret, naming the field', async () => {
    const bad = await t.post('apps/add', { appid: 'a b', name: 'x', secret: '1234567890abcdef' }, admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('应用标识');
    const dup = await t.post('apps/add', { appid: 'oa-mobile', name: 'x', secret: '1234567890abcdef' }, admin);
    expect(dup).toMatchObject({ code: -1 });
    expect(dup.msg).toContain('应用标识');
    const short = await t.post('apps/add', { appid: 'short-secret', name: 'x', secret: 'short' }, admin);
    expect(short.code).toBe(-1);
    expect(short.msg).toContain('应用密钥');
    const missing = await t.post('apps/add', { appid: 'no-secret', name: 'x' }, admin);
    expect(missing).toMatchObject({ code: -1, msg: '请填写应用密钥' });
  });

  it('keeps the secret on an edit that leaves it empty, replaces it when given, refuses a stale version', async () => {
    const { data: app } = await t.post('apps/list', { keyword: 'oa-mobile' }, admin);
    const rec = app.list[0];
    const e1 = await t.post('apps/edit', { id: rec.id, version: rec.version, name: '移动办公平台', secret: '' }, admin);
    expect(e1.data).toMatchObject({ name: '移动办公平台', version: 2 });
    expect((await sso('oa-mobile', 'a-very-long-secret-1')).code).toBe(0);
    const stale = await t.post('apps/edit', { id: rec.id, version: rec.version, name: '旧' }, admin);
    expect(stale.code).toBe(-1);
    const e2 = await t.post('apps/edit', { id: rec.id, version: 2, secret: 'another-secret-value-2' }, admin);
    expect(e2.code).toBe(0);
    expect((await sso('oa-mobile', 'a-very-long-secret-1')).code).toBe(-1);
    expect((await sso('oa-mobile', 'another-secret-value-2')).code).toBe(0);
    const audits = await t.database.db.selectFrom('audit_log').select('event').where('object', '=', `apps.app:${rec.id}`).execute();
    expect(audits.map((a) => a.event)).toEqual(['apps.app.add', 'apps.app.edit', 'apps.app.edit']);
  });

  it('disables and enables an app: a disabled one cannot sign in', async () => {
    const { data } = await t.post('apps/list', { filters: { appid: 'oa-mobile' } }, admin);
    const id = data.list[0].id;
    expect((await t.post('apps/disable', { id }, admin)).data.status).toBe('0');
    expect((await sso('oa-mobile', 'another-secret-value-2')).code).toBe(-1);
    expect((await t.post('apps/list', { filters: { status: '0' } }, admin)).data.list.map((r: any) => r.appid)).toEqual(['oa-mobile']);
    expect((await t.post('apps/enable', { id }, admin)).data.status).toBe('1');
    expect((await sso('oa-mobile', 'another-secret-value-2')).code).toBe(0);
  });

  it('refuses staff and deletes an app for the administrator', async () => {
    expect((await t.post('apps/list', {}, staff)).code).not.toBe(0);
    expect((await t.post('apps/add', { appid: 'staff-app', name: 'x', secret: '1234567890abcdef' }, staff)).code).not.toBe(0);
    const { data } = await t.post('apps/list', { keyword: 'oa-mobile' }, admin);
    expect((await t.post('apps/del', { id: data.list[0].id }, admin)).data).toEqual({ deleted: 1 });
    expect((await sso('oa-mobile', 'another-secret-value-2')).code).toBe(-1);
    expect((await t.post('apps/info', { id: data.list[0].id }, admin)).code).toBe(-1);
  });
});
