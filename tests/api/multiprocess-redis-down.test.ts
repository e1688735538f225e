/**
 * The cache bus while Redis is away (src/server/services/cacheBus.ts): two apps on one PostgreSQL schema and a
 * Redis of the test's own (a private redis-server on a free port, stopped and started again). With Redis stopped,
 * changes keep answering code 0 and stay within their process; when Redis returns, the other process forgets its
 * caches by itself (what it missed is gone) and later changes reach it at once again; a published form reaches it
 * at the latest at the store's next check (SCHEMA_CHECK_MS). Date is frozen during the cases, so no cache expires
 * by age unless the test moves the clock. Runs on PostgreSQL when /usr/bin/redis-server is installed (CI).
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { SCHEMA_CHECK_MS } from '../../src/server/engine/schemaStore.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { freePort, PrivateRedis, REDIS_SERVER } from './faults.js';

/** Polls `probe` every 20 ms until `done` holds or `ms` passed; answers the last value. */
async function eventually<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const until = performance.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v) || performance.now() > until) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(process.env.DATABASE_URL && fs.existsSync(REDIS_SERVER))('the cache bus while Redis is away', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let demo: Session;
  let userId: number;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: `oa-down-${process.pid}:` };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    admin = sessionOf(await a.login('admin'));
    demo = sessionOf(await a.login('demo'));
    userId = (await a.database.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const name = async () => (await b.post('Person/userInfo', {}, demo)).data.realname as string;
  const rename = async (realname: string) => {
    const info = (await a.post('Users/info', { id: userId }, admin)).data;
    return a.post('Users/edit', { id: userId, version: info.version, realname }, admin);
  };

  it('keeps answering while Redis is stopped, and B catches up by itself when it returns', async () => {
    expect(await name()).toBe('周明远');
    await redis?.stop();
    const started = performance.now();
    const edited = await rename('周明远（停）');
    expect(edited.status).toBe(200);
    expect(edited.code, edited.msg).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
    // The invalidation could not travel: B still serves what it cached.
    expect(await name()).toBe('周明远');

    await redis.start();
    expect(await eventually(name, (v) => v === '周明远（停）', 10_000)).toBe('周明远（停）');
    // Subscribed again: the next change reaches B at once.
    expect((await rename('周明远')).code).toBe(0);
    expect(await eventually(name, (v) => v === '周明远', 1_000)).toBe('周明远');
  });

  it('a form published while Redis is stopped is served by B after the schema check at the latest', async () => {
    const FORM = 'receptions.reception.form';
    const label = async () => (await b.post('Template/forminfo', { id: FORM }, demo)).data.schema.properties.guestUnit.title;
    expect(await label()).toBe('来宾单位');
    await redis?.stop();
    const form = structuredClone((await a.post('Template/revision', { id: FORM, revision: 0 }, admin)).data.definition);
    form.entity.model.properties.guestUnit['x-title'].d = '来访单位';
    const published = await a.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '改标签' }, admin);
    expect(published.code, published.msg).toBe(0);
    expect(await label()).toBe('来宾单位');
    advanceClock(SCHEMA_CHECK_MS);
    expect(await label()).toBe('来访单位');
    await redis.start();
  });
});
