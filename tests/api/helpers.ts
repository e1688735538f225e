/**
 * API test harness: a fresh database per test file (in-memory SQLite, or a private schema on the
 * PostgreSQL of DATABASE_URL), migrated and seeded with the demo organisation, and the app built
 * for fastify `inject`.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seedIfEmpty } from '../../src/server/db/seed/index.js';
import { resetClock } from '../../src/server/lib/clock.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** POST /api/<path> with a JSON body and optional session headers; returns the parsed envelope. */
  post<T = any>(path: string, body?: Record<string, unknown>, session?: Session, headers?: Record<string, string>): Promise<{ code: number; msg: string; data: T; status: number; res: LightMyRequestResponse }>;
  close(): Promise<void>;
}

export interface Session {
  token: string;
  uuid: string;
}

/** Creates a test app. `seed` (default true) seeds the demo organisation. */
export async function createTestApp(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  resetClock();
  const config = loadConfig({ ...process.env, BASE_PATH: '/', CLIENT_DIR: '/nonexistent', ...opts.env });
  let pgSchema: string | undefined;
  if (config.databaseUrl) {
    pgSchema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: '/tmp', sqliteFile: ':memory:', pgSchema, poolSize: 5 });
  await migrate(database.db, database.dialect);
  if (opts.seed !== false) await seedIfEmpty(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async post(path, body, session, headers = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: body ?? {},
        headers: { ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}), ...headers },
      });
      const parsed = res.json();
      return { ...parsed, status: res.statusCode, res };
    },
    async close() {
      await app.close();
      await database.close();
      if (pgSchema && config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`drop schema ${pgSchema} cascade`);
        await client.end();
      }
    },
  };
}
