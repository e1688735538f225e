/**
 * A SQLite file locked by another writer past busy_timeout (DESIGN §2): the call answers -1
 * "数据库暂时不可用，请稍后再试" within seconds — HTTP 503 to a caller that is not the front end, 200 to the front
 * end (X-Requested-With) — never 500, and works again once the lock is gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { seedIfEmpty } from '../../src/server/db/seed/index.js';
import { encryptPassword } from '../../src/shared/passwordTransport.js';

const UNAVAILABLE = '数据库暂时不可用，请稍后再试';

describe('SQLite busy', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-faults-busy-'));
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let session: Record<string, string>;
  const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: body, headers: { ...session, ...headers } });
    return { status: res.statusCode, ms: Date.now() - started, ...res.json() };
  };

  beforeAll(async () => {
    database = openDatabase({ dataDir });
    await migrate(database.db, database.dialect);
    await (
      await import('../../src/server/engine/sync.js')
    ).syncEntityTables(database.db, database.dialect, (await import('../../src/server/engine/definitions.js')).loadEntities());
    await seedIfEmpty(database.db);
    app = await buildApp({ config: loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, CLIENT_DIR: '/nonexistent' }), database, logger: false });
    await app.ready();
    const key = (await app.inject({ method: 'POST', url: '/api/Login/getPublicKey', payload: {} })).json().data.publicKey;
    const r = (
      await app.inject({
        method: 'POST',
        url: '/api/Login/index',
        payload: { username: 'zhangwei', password: encryptPassword('Demo@2026', key, Date.now()), isStrongPassword: 1 },
      })
    ).json();
    session = { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers -1 within seconds while another process holds the write lock, and recovers', async () => {
    const other = new SqliteDatabase(path.join(dataDir, 'oa.sqlite'));
    other.exec('begin immediate');
    try {
      const api = await post('Words/save', { content: '同意。' });
      expect({ status: api.status, code: api.code, msg: api.msg }).toEqual({ status: 503, code: -1, msg: UNAVAILABLE });
      expect(api.ms).toBeLessThan(10_000);
      const front = await post('Words/save', { content: '同意。' }, { 'x-requested-with': 'XMLHttpRequest' });
      expect({ status: front.status, code: front.code, msg: front.msg }).toEqual({ status: 200, code: -1, msg: UNAVAILABLE });
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await post('Words/save', { content: '同意。' })).code).toBe(0);
  }, 60_000);
});
