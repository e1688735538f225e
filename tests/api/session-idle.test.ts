/**
 * The idle timeout of sessions (等保 2.0: 登录连接超时自动退出; src/server/services/session.ts): a session without a
 * request for `session.idleMinutes` (default 30, a system setting) answers -99 saying it ended for inactivity;
 * activity keeps it alive (written at most once a minute), up to the 24 h lifetime; the reminder polling of an open
 * tab is not activity. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const MIN = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const info = (s: Session, lang?: string) => t.post('Person/userInfo', {}, s, lang ? { headers: { 'x-lang': lang } } : {});
const lastActive = async (s: Session) => {
  const row = await t.database.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.last_active_at')
    .where('u.uuid', '=', s.uuid)
    .orderBy('s.id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.last_active_at);
};
/** Sets the idle timeout as the system administrator does (a fresh sign-in: the clock may have moved). */
const setIdle = async (value: unknown) => t.post('systemmanage/edit', { key: 'session.idleMinutes', value }, sessionOf(await t.login('admin')));

describe('session idle timeout', () => {
  it('ends a session idle for 30 minutes by default, saying so; activity keeps it alive', async () => {
    const s = sessionOf(await t.login('zhangwei'));
    advanceClock(29 * MIN);
    expect((await info(s)).code).toBe(0);
    advanceClock(29 * MIN);
    expect((await info(s)).code).toBe(0);
    advanceClock(30 * MIN);
    expect(await info(s)).toMatchObject({ code: -99, msg: '长时间未操作，登录已超时，请重新登录' });
    expect((await info(s, 'en-US')).msg).toBe('Your session ended after a period of inactivity. Please sign in again.');
    // Another session of the same person is not touched.
    expect((await info(sessionOf(await t.login('zhangwei')))).code).toBe(0);
  });

  it('is not kept alive by the reminder polling of an open tab', async () => {
    const s = sessionOf(await t.login('hechao'));
    for (let i = 0; i < 5; i++) {
      advanceClock(5 * MIN);
      expect((await t.post('Msg/newMsg', { last_id: 0 }, s)).code).toBe(0);
      expect((await t.post('Msg/list', {}, s)).code).toBe(0);
    }
    advanceClock(5 * MIN);
    expect((await t.post('Msg/newMsg', { last_id: 0 }, s)).code).toBe(-99);
    expect(await info(s)).toMatchObject({ code: -99, msg: '长时间未操作，登录已超时，请重新登录' });
  });

  it('writes the last activity at most once a minute', async () => {
    const s = sessionOf(await t.login('lina'));
    const signedIn = await lastActive(s);
    for (let i = 0; i < 5; i++) {
      advanceClock(10_000);
      expect((await info(s)).code).toBe(0);
    }
    expect(await lastActive(s)).toBe(signedIn);
    advanceClock(11_000);
    expect((await info(s)).code).toBe(0);
    expect(await lastActive(s)).toBeGreaterThanOrEqual(signedIn + MIN);
  });

  it('follows the setting the administrator changes, and names a bad value', async () => {
    const settings = (await t.post('systemmanage/list', {}, sessionOf(await t.login('admin')))).data.list;
    expect(settings.find((x: any) => x.key === 'session.idleMinutes')).toMatchObject({ title: '会话空闲超时（分钟）', value: '30', default: '30' });
    const bad = await setIdle(0);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('会话空闲超时（分钟）');
    expect((await setIdle(5)).code).toBe(0);
    const s = sessionOf(await t.login('liuyang'));
    advanceClock(4 * MIN);
    expect((await info(s)).code).toBe(0);
    advanceClock(6 * MIN);
    expect((await info(s)).code).toBe(-99);
    expect((await setIdle(30)).code).toBe(0);
  });

  it('still ends an active session after one day, as expired', async () => {
    const s = sessionOf(await t.login('wangfang'));
    for (let spent = 0; spent < 23 * 60 * MIN; spent += 20 * MIN) {
      advanceClock(20 * MIN);
      expect((await info(s)).code).toBe(0);
    }
    advanceClock(60 * MIN + 1000);
    expect(await info(s)).toMatchObject({ code: -99, msg: '登录已过期，请重新登录' });
  });
});
