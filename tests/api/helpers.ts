/**
 * API test harness: a fresh database per test file (in-memory SQLite, or a private schema on the
 * PostgreSQL of DATABASE_URL), migrated and seeded with the demo organisation, and the app built
 * for fastify `inject`.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seedIfEmpty } from '../../src/server/db/seed/index.js';
import { now, resetClock } from '../../src/server/lib/clock.js';
import { encryptPassword } from '../../src/shared/passwordTransport.js';

/** A parsed envelope answer plus the HTTP status and the raw response. */
export interface Answer<T = any> {
  code: number;
  msg: string;
  data: T;
  status: number;
  res: LightMyRequestResponse;
}

export interface PostOptions {
  headers?: Record<string, string>;
  /** Client address; by default every call comes from a fresh one, so per-IP rate limits never interfere. */
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The private PostgreSQL schema of this test app (undefined on SQLite). */
  pgSchema?: string;
  /** POST /api/<path> with a JSON body and optional session headers; returns the parsed envelope. */
  post<T = any>(path: string, body?: Record<string, unknown>, session?: Session, opts?: PostOptions): Promise<Answer<T>>;
  /** The server's SM2 public key (Login/getPublicKey), fetched once. */
  publicKey(): Promise<string>;
  /** Encrypts a password as the browser does, timed by the server's (possibly advanced) clock. */
  enc(password: string, at?: number): Promise<string>;
  /** Login/index with `password` (default Demo@2026); returns the answer. */
  login(username: string, password?: string, extra?: Record<string, unknown>, opts?: PostOptions): Promise<Answer>;
  /**
   * The first sign-in of a person an administrator created with `initial`: expects -98 (initial password),
   * changes it to `chosen` in that session and answers the session of a sign-in with `chosen`.
   */
  firstLogin(username: string, initial: string, chosen?: string): Promise<Session>;
  close(): Promise<void>;
}

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo@2026';

/** The session of a login answer. */
export function sessionOf(r: { data: { token: string; uuid: string } }): Session {
  return { token: r.data.token, uuid: r.data.uuid };
}

export interface Session {
  token: string;
  uuid: string;
}

/**
 * Creates a test app. `seed` (default true) seeds the demo organisation; `logger` as BuildOptions (default silent).
 * `sameDatabaseAs` (PostgreSQL only) makes a second app with its own database handle on the other app's schema and
 * its Redis prefix — a second server process of one deployment; its close leaves the schema to the first app.
 */
export async function createTestApp(
  opts: { seed?: boolean; env?: Record<string, string>; logger?: boolean | object; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  resetClock();
  // Each app is its own deployment in a shared Redis (its own key prefix: rate-limit counters of one test file
  // never reach another); apps meant to act as processes of one deployment pass the same REDIS_PREFIX.
  const redisPrefix = opts.sameDatabaseAs?.config.redisPrefix ?? `oa-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  const config = loadConfig({ ...process.env, BASE_PATH: '/', CLIENT_DIR: '/nonexistent', REDIS_PREFIX: redisPrefix, ...opts.env });
  let pgSchema: string | undefined;
  const shared = opts.sameDatabaseAs;
  if (shared && !shared.pgSchema) throw new Error('createTestApp: sameDatabaseAs needs PostgreSQL (DATABASE_URL)');
  if (shared) pgSchema = shared.pgSchema;
  else if (config.databaseUrl) {
    pgSchema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: '/tmp', sqliteFile: ':memory:', pgSchema, poolSize: 5 });
  if (!shared) {
    await migrate(database.db, database.dialect);
    await (
      await import('../../src/server/engine/sync.js')
    ).syncEntityTables(database.db, database.dialect, (await import('../../src/server/engine/definitions.js')).loadEntities());
    if (opts.seed !== false) await seedIfEmpty(database.db);
  }
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.ready();
  let ipSeq = 0;
  let key = '';
  const t: TestApp = {
    app,
    database,
    config,
    pgSchema,
    async post(path, body, session, opts = {}) {
      ipSeq++;
      const res = await app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body ?? {},
        remoteAddress: opts.ip ?? `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
        headers: { ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}), ...opts.headers },
      });
      const parsed = res.json();
      return { ...parsed, status: res.statusCode, res };
    },
    async publicKey() {
      if (!key) key = (await t.post('Login/getPublicKey')).data.publicKey;
      return key;
    },
    async enc(password, at = now()) {
      return encryptPassword(password, await t.publicKey(), at);
    },
    async login(username, password = DEMO_PASSWORD, extra = {}, opts = {}) {
      return t.post('Login/index', { username, password: await t.enc(password), isStrongPassword: 1, ...extra }, undefined, opts);
    },
    async firstLogin(username, initial, chosen = 'Mine@2026x') {
      const first = await t.login(username, initial);
      if (first.code !== -98) throw new Error(`first sign-in of ${username}: code ${first.code} ${first.msg}`);
      const changed = await t.post(
        'Person/changePassword',
        { oldPassword: await t.enc(initial), newPassword: await t.enc(chosen), isStrongPassword: 1 },
        sessionOf(first),
      );
      if (changed.code !== 0) throw new Error(`password change of ${username}: ${changed.msg}`);
      const again = await t.login(username, chosen);
      if (again.code !== 0) throw new Error(`sign-in of ${username} with the chosen password: ${again.code} ${again.msg}`);
      return sessionOf(again);
    },
    async close() {
      await app.close();
      await database.close();
      if (pgSchema && config.databaseUrl && !shared) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
    },
  };
  return t;
}

/**
 * Calls made as demo people named by user name (`zhangwei`, `lina`…), each signed in once on first use:
 * `as(name)` answers the session, `post(path, body, name)` the envelope, `ok(path, body, name)` the `data` of a
 * call that must succeed (code 0, else the test fails naming the person, the call and the message). `app` gives the
 * test file's app, created in its beforeAll.
 */
export function actors(app: () => TestApp) {
  const sessions: Record<string, Session> = {};
  const as = async (username: string) => (sessions[username] ??= sessionOf(await app().login(username)));
  const post = async (path: string, body: Record<string, unknown>, who: string, opts?: PostOptions) => app().post(path, body, await as(who), opts);
  async function ok(path: string, body: Record<string, unknown>, who: string) {
    const r = await post(path, body, who);
    expect(r.code, `${who} ${path}: ${r.msg}`).toBe(0);
    return r.data;
  }
  return { as, post, ok };
}
