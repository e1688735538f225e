import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Several server processes share one Redis (DESIGN §2 scale-out). Runs when REDIS_URL is set:
 * `.ci/run` sets it for the PostgreSQL + Redis pass.
 */
describe.runIf(process.env.REDIS_URL)('two processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `oa-test-${process.pid}-${Date.now()}:`, LOGIN_IP_LIMIT_PER_MIN: '20' };
    a = await createTestApp({ seed: false, env });
    b = await createTestApp({ seed: false, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts the sign-in rate limit across processes', async () => {
    const max = a.config.loginIpLimitPerMin;
    const half = Math.floor(max / 2);
    for (let i = 0; i < half; i++) expect((await a.post('Login/getPublicKey', {}, undefined, { ip: '127.0.0.1' })).code).toBe(0);
    for (let i = half; i < max; i++) expect((await b.post('Login/getPublicKey', {}, undefined, { ip: '127.0.0.1' })).code).toBe(0);
    const over = await a.post('Login/getPublicKey', {}, undefined, { ip: '127.0.0.1' });
    expect(over.status).toBe(429);
    expect(over.code).toBe(-1);
    expect(over.msg).toContain('操作过于频繁');
  });
});
