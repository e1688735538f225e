/**
 * API group Index (SPEC §7 "Department, home and messages", §4 logout and department switch).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { now } from '../../src/server/lib/clock.js';
import { createTestApp, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let pk = '';
type S = Session;

const post = (path: string, body: Record<string, unknown> = {}, session?: Session) => t.post(path, body, session);
async function login(username: string): Promise<S & { info: any }> {
  const r = await post('Login/index', { username, password: encryptPassword('Demo@2026', pk, now()), isStrongPassword: 1 });
  expect(r.code, r.msg).toBe(0);
  return { token: r.data.token, uuid: r.data.uuid, info: r.data.info };
}

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
});
afterAll(async () => t.close());

describe('no session', () => {
  it('answers -99', async () => {
    for (const [path, body] of [
      ['Index/logout', {}],
      ['Index/getDepartments', {}],
      ['Index/changeCurrentDepartment', { department_id: 1 }],
    ] as const) {
      expect((await post(path, body)).code, path).toBe(-99);
    }
  });
});

describe('departments', () => {
  it('lists the current and other departments of a user in two departments', async () => {
    const s = await login('hechao');
    expect(s.info.dept).toBe('市政府办公室信息科');
    const r = await post('Index/getDepartments', {}, s);
    expect(r.code).toBe(0);
    expect(r.data.current).toMatchObject({ title: '市政府办公室信息科' });
    expect(r.data.departments_other).toHaveLength(1);
    expect(r.data.departments_other[0]).toMatchObject({ id: expect.any(Number), title: '市发展和改革委员会办公室' });
    expect(r.data.isdwgly).toBe(false);
    expect(r.data.concurrent).toBeGreaterThanOrEqual(0);
    expect(r.data.concurrent).toBeLessThanOrEqual(100);
  });

  it('switches the current department, remembered for the next login', async () => {
    const s = await login('hechao');
    const before = (await post('Index/getDepartments', {}, s)).data;
    const target = before.departments_other[0];
    const r = await post('Index/changeCurrentDepartment', { department_id: target.id }, s);
    expect(r).toMatchObject({ code: 0, msg: '已切换到市发展和改革委员会办公室', data: null });
    const after = (await post('Index/getDepartments', {}, s)).data;
    expect(after.current).toEqual(target);
    expect(after.departments_other).toEqual([before.current]);
    expect((await post('Person/userInfo', {}, s)).data).toMatchObject({ dept: '市发展和改革委员会办公室', dept_id: target.id, positions: ['科员'] });
    const next = await login('hechao');
    expect(next.info.dept_id).toBe(target.id);
    // Back again, with a form-encoded id.
    const back = await post('Index/changeCurrentDepartment', { department_id: String(before.current.id) }, s);
    expect(back.msg).toBe('已切换到市政府办公室信息科');
  });

  it('refuses a department the user does not belong to and bad input', async () => {
    const s = await login('hechao');
    const foreign = await t.database.db.selectFrom('departments').select('id').where('name', '=', '财政局').executeTakeFirst();
    const other = foreign?.id ?? 999_999;
    expect(await post('Index/changeCurrentDepartment', { department_id: other }, s)).toMatchObject({ code: -1, msg: '您不属于该部门' });
    expect((await post('Index/changeCurrentDepartment', { department_id: 'abc' }, s)).msg).toBe('部门类型不正确');
    expect((await post('Index/changeCurrentDepartment', {}, s)).msg).toBe('请填写部门');
  });

  it('reports the unit administrator flag', async () => {
    const s = await login('zhengmin');
    expect((await post('Index/getDepartments', {}, s)).data.isdwgly).toBe(true);
  });
});

describe('Index/logout', () => {
  it('revokes the session and clears the cookies', async () => {
    const s = await login('zhangwei');
    const res = await t.app.inject({ method: 'POST', url: '/api/Index/logout', payload: {}, headers: { 'x-token': s.token, 'x-uuid': s.uuid } });
    expect(res.json()).toMatchObject({ code: 0, msg: '已退出登录' });
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies.filter((c) => /^admin-(token|uuid)=;/.test(c))).toHaveLength(2);
    expect((await post('Person/userInfo', {}, s)).code).toBe(-99);
    const row = await t.database.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', s.info.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
});
