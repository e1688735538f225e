/**
 * A stalled PostgreSQL (DESIGN §2): a TCP proxy in front of the database stops forwarding bytes, as a hung server
 * or a dead network path would. Every call answers within seconds with -1 "数据库暂时不可用，请稍后再试" (HTTP
 * 503 to a caller that is not the front end, 200 to the front end, which sends X-Requested-With), health says the
 * database is down, and everything works again by itself once bytes flow — no restart.
 * Runs when a PostgreSQL answers (DATABASE_URL, else 127.0.0.1:5432).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { postgresUrl, StallingProxy, until } from './faults.js';

const pgUrl = await postgresUrl();

/** "Within a few seconds": a generous upper bound for one answer while the database is stalled. */
const BOUND_MS = 10_000;
const UNAVAILABLE = '数据库暂时不可用，请稍后再试';
const FRONT_END = { 'x-requested-with': 'XMLHttpRequest' };

describe.runIf(pgUrl)('PostgreSQL stalled', () => {
  let proxy: StallingProxy;
  let t: TestApp;
  let s: Session;

  beforeAll(async () => {
    const target = new URL(pgUrl!);
    proxy = new StallingProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    t = await createTestApp({ env: { DATABASE_URL: target.toString() } });
    s = sessionOf(await t.login('zhangwei'));
  });
  afterAll(async () => {
    proxy?.resume();
    await t?.close();
    await proxy?.stop();
  });

  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { status: res.statusCode, ...res.json() };
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<T & { ms: number }> => {
    const started = Date.now();
    const r = await fn();
    return { ...r, ms: Date.now() - started };
  };

  it('answers -1 within seconds while the database is stalled, 503 to other callers', async () => {
    expect((await t.post('Words/getUserWord', {}, s)).code).toBe(0);
    expect(await health()).toMatchObject({ status: 200, code: 0, data: { status: 'up', database: 'up' } });
    proxy.stall();

    const other = await timed(() => t.post('Words/getUserWord', {}, s));
    expect({ status: other.status, code: other.code, msg: other.msg }).toEqual({ status: 503, code: -1, msg: UNAVAILABLE });
    expect(other.ms).toBeLessThan(BOUND_MS);
    expect(other.res.headers['retry-after']).toBeDefined();

    const front = await timed(() => t.post('Words/getUserWord', {}, s, { headers: FRONT_END }));
    expect({ status: front.status, code: front.code, msg: front.msg }).toEqual({ status: 200, code: -1, msg: UNAVAILABLE });
    expect(front.ms).toBeLessThan(BOUND_MS);

    const write = await timed(() => t.post('Words/save', { content: '同意。' }, s, { headers: FRONT_END }));
    expect({ code: write.code, msg: write.msg }).toEqual({ code: -1, msg: UNAVAILABLE });
    expect(write.ms).toBeLessThan(BOUND_MS);

    const signIn = await timed(() => t.post('Login/captcha', {}, undefined, { headers: FRONT_END }));
    expect({ code: signIn.code, msg: signIn.msg }).toEqual({ code: -1, msg: UNAVAILABLE });
    expect(signIn.ms).toBeLessThan(BOUND_MS);

    const h = await timed(health);
    expect(h).toMatchObject({ status: 503, code: -1, data: { status: 'down', database: 'down' } });
    expect(h.ms).toBeLessThan(BOUND_MS);
  }, 60_000);

  it('works again by itself once the database answers', async () => {
    proxy.resume();
    expect(await until(async () => (await health()).status === 200, 15_000)).toBe(true);
    expect(await until(async () => (await t.post('Words/getUserWord', {}, s)).code === 0, 15_000)).toBe(true);
    const saved = await t.post('Words/save', { content: '已阅。' }, s);
    expect(saved.code).toBe(0);
    expect((await t.login('lina')).code).toBe(0);
  }, 60_000);
});
