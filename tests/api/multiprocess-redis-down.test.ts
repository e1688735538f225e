/**
 * The cache bus while Redis is away (src/server/services/cacheBus.ts): two apps on one PostgreSQL schema and a
 * Redis of the test's own (a private redis-server on a free port, stopped and started again). With Redis stopped,
 * changes keep answering code 0 and stay within their process; when Redis returns, the other process forgets its
 * caches by itself (what it missed is gone) and later changes reach it at once again; a published form reaches it
 * at the latest at the store's next check (SCHEMA_CHECK_MS). Date is frozen during the cases, so no cache expires
 * by age unless the test moves the clock. Runs on PostgreSQL when /usr/bin/redis-server is installed (CI).
 */
import fs from 'node:fs';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { SCHEMA_CHECK_MS } from '../../src/server/engine/schemaStore.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const REDIS_SERVER = '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Starts a private redis-server on `port` (no persistence) and waits until it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await listening(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return child;
}

async function stopRedis(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

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
  let port: number;
  let redis: ChildProcess | undefined;
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let demo: Session;
  let userId: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `oa-down-${process.pid}:` };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    admin = sessionOf(await a.login('admin'));
    demo = sessionOf(await a.login('demo'));
    userId = (await a.database.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await stopRedis(redis);
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
    await stopRedis(redis);
    const started = performance.now();
    const edited = await rename('周明远（停）');
    expect(edited.status).toBe(200);
    expect(edited.code, edited.msg).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
    // The invalidation could not travel: B still serves what it cached.
    expect(await name()).toBe('周明远');

    redis = await startRedis(port);
    expect(await eventually(name, (v) => v === '周明远（停）', 10_000)).toBe('周明远（停）');
    // Subscribed again: the next change reaches B at once.
    expect((await rename('周明远')).code).toBe(0);
    expect(await eventually(name, (v) => v === '周明远', 1_000)).toBe('周明远');
  });

  it('a form published while Redis is stopped is served by B after the schema check at the latest', async () => {
    const FORM = 'receptions.reception.form';
    const label = async () => (await b.post('Template/forminfo', { id: FORM }, demo)).data.schema.properties.guestUnit.title;
    expect(await label()).toBe('来宾单位');
    await stopRedis(redis);
    const form = structuredClone((await a.post('Template/revision', { id: FORM, revision: 0 }, admin)).data.definition);
    form.entity.model.properties.guestUnit['x-title'].d = '来访单位';
    const published = await a.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '改标签' }, admin);
    expect(published.code, published.msg).toBe(0);
    expect(await label()).toBe('来宾单位');
    advanceClock(SCHEMA_CHECK_MS);
    expect(await label()).toBe('来访单位');
    redis = await startRedis(port);
  });
});
