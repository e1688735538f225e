import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('envelope and error handling (SPEC §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('answers health', async () => {
    const r = await t.post('health');
    expect(r.code).toBe(0);
    expect(r.data.status).toBe('up');
  });

  it('answers an unknown API with -1 and a message naming the path', async () => {
    const r = await t.post('Nothing/here');
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('/api/Nothing/here');
  });

  it('answers bad JSON with -1, not a crash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health', payload: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(res.json()).toMatchObject({ code: -1, msg: '请求体不是有效的 JSON' });
  });

  it('answers a wrong content type with -1', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/health', payload: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.json().code).toBe(-1);
    expect(res.json().msg).toContain('application/xml');
  });

  it('answers an oversize body with -1', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(3 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/health', payload: big, headers: { 'content-type': 'application/json' } });
    expect(res.json()).toMatchObject({ code: -1, msg: '请求内容过大' });
  });

  it('answers in English when the client asks for en-US', async () => {
    const r = await t.post('Nothing/here', {}, undefined, { headers: { 'x-lang': 'en-US' } });
    expect(r.msg).toBe('No such API: /api/Nothing/here');
  });
});

describe('order of checks (DESIGN §6: authenticate → validate → authorise)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers -99 to a call without a session even when its body is invalid', async () => {
    const r = await t.post('Index/changeCurrentDepartment', { department_id: 'not-a-number' });
    expect(r.code).toBe(-99);
  });

  it('answers -99 to a forged token', async () => {
    const r = await t.post('Person/userInfo', {}, { token: 'forged', uuid: 'forged' });
    expect(r.code).toBe(-99);
  });
});

describe('form-encoded bodies (SPEC §7: the main API sends form-encoded bodies)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return res.json();
  }

  it('signs in and switches department with form-encoded bodies, numbers coerced from text', async () => {
    const login = await form('Login/index', { username: 'hechao', password: await t.enc('Demo@2026'), isStrongPassword: '1', adminLogin: '0' });
    expect(login.code).toBe(0);
    const session = { 'x-token': login.data.token, 'x-uuid': login.data.uuid };
    const deps = await form('Index/getDepartments', {}, session);
    expect(deps.data.departments_other.length).toBeGreaterThan(0);
    const other = deps.data.departments_other[0];
    const sw = await form('Index/changeCurrentDepartment', { department_id: String(other.id) }, session);
    expect(sw.code).toBe(0);
    expect(sw.msg).toContain(other.title);
    const bad = await form('Index/changeCurrentDepartment', { department_id: 'abc' }, session);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('部门');
  });
});
