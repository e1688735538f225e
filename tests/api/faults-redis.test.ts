/**
 * Redis stopped and started again (DESIGN §2): Redis only shares counters and pushes between processes, so while
 * it is away sign-in keeps working on limits counted in the process (a warning logged once), nothing answers 5xx,
 * and when it returns the limits are shared again by themselves. The test runs its own redis-server.
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type TestApp } from './helpers.js';
import { freePort, PrivateRedis, REDIS_SERVER, until } from './faults.js';

/** "Within a few seconds": a generous upper bound for one answer while Redis is away. */
const BOUND_MS = 5000;

describe.skipIf(!fs.existsSync(REDIS_SERVER))('Redis stopped and restarted', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let probe: Redis;
  const prefix = `oa-faults-${process.pid}:`;
  const logs: Array<{ level: number; msg: string }> = [];
  const keyOf = (ip: string, call: string) => `${prefix}rl:login:ip|${ip}|/api/${call}`;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix }, logger: { level: 'info', stream } });
    probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 1000, retryStrategy: () => 200 });
    probe.on('error', () => undefined);
    await probe.connect();
  });
  afterAll(async () => {
    probe?.disconnect();
    await t?.close();
    await redis?.stop();
  });

  it('counts sign-in calls in Redis while it answers', async () => {
    expect((await t.post('Login/getPublicKey', {}, undefined, { ip: '10.1.0.1' })).code).toBe(0);
    expect((await t.post('Login/getPublicKey', {}, undefined, { ip: '10.1.0.1' })).code).toBe(0);
    expect(await probe.get(keyOf('10.1.0.1', 'Login/getPublicKey'))).toBe('2');
  });

  it('keeps sign-in working within seconds while Redis is away, and warns once', async () => {
    const s = sessionOf(await t.login('lina'));
    await redis.stop();
    const outageWarnings = () => logs.filter((l) => l.level === 40 && /rate limits count in this process/.test(l.msg)).length;
    for (let round = 0; round < 3; round++) {
      for (const [call, body] of [
        ['Login/getPublicKey', {}],
        ['Login/captcha', {}],
      ] as const) {
        const started = Date.now();
        const r = await t.post(call, body, undefined, { ip: '10.1.0.2' });
        expect(Date.now() - started, call).toBeLessThan(BOUND_MS);
        expect({ call, status: r.status, code: r.code }).toEqual({ call, status: 200, code: 0 });
      }
      const started = Date.now();
      const login = await t.login('zhangwei', undefined, {}, { ip: '10.1.0.2' });
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(login.code).toBe(0);
      expect((await t.post('Person/userInfo', {}, s)).code).toBe(0);
    }
    expect(outageWarnings()).toBe(1);
  });

  it('limits in the process meanwhile', async () => {
    let last = await t.post('Login/getappid', {}, undefined, { ip: '10.1.0.3' });
    for (let i = 0; i < t.config.loginIpLimitPerMin && last.code === 0; i++) last = await t.post('Login/getappid', {}, undefined, { ip: '10.1.0.3' });
    expect(last).toMatchObject({ code: -1, status: 429, msg: '操作过于频繁，请稍后再试' });
  });

  it('shares the limits again by itself when Redis returns', async () => {
    await redis.start();
    expect(await until(() => t.app.ctx.redis?.status === 'ready' && probe.status === 'ready', 15_000)).toBe(true);
    expect((await t.post('Login/getPublicKey', {}, undefined, { ip: '10.1.0.4' })).code).toBe(0);
    expect((await t.post('Login/captcha', {}, undefined, { ip: '10.1.0.4' })).code).toBe(0);
    expect(await probe.get(keyOf('10.1.0.4', 'Login/getPublicKey'))).toBe('1');
    expect(await probe.get(keyOf('10.1.0.4', 'Login/captcha'))).toBe('1');
    expect(logs.some((l) => /rate limits are shared again/.test(l.msg))).toBe(true);
  });
});
