/**
 * kill -9 during concurrent writes (DESIGN §2: each change is one transaction, acknowledged after commit): the
 * server runs as a child process (SQLite in a temporary DATA_DIR, or with DATABASE_URL a private PostgreSQL
 * schema through PG_SCHEMA); many writes run at once, the process is killed in the middle, started again, and
 * every write it acknowledged (code 0) is there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { ChildServer, freePort, httpCall } from './faults.js';

const WRITES = 300;
const CONCURRENCY = 16;
/** Acknowledged writes after which the process is killed (the others are in flight or not sent yet). */
const KILL_AFTER = 80;

describe('kill -9 during concurrent writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-faults-kill-'));
  const databaseUrl = process.env.DATABASE_URL;
  const pgSchema = databaseUrl ? `t_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  let server: ChildServer;

  beforeAll(async () => {
    server = new ChildServer(await freePort(), { DATA_DIR: dataDir, ...(pgSchema ? { DATABASE_URL: databaseUrl!, PG_SCHEMA: pgSchema } : {}) });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    }
  });

  const signIn = async () => {
    const key = (await httpCall(server.port, '/api/Login/getPublicKey', {})).body.data.publicKey;
    const r = await httpCall(server.port, '/api/Login/index', {
      username: 'zhangwei',
      password: encryptPassword('Demo@2026', key, Date.now()),
      isStrongPassword: 1,
    });
    expect(r.body.code, r.body.msg).toBe(0);
    return { 'x-token': r.body.data.token, 'x-uuid': r.body.data.uuid };
  };

  it('keeps every acknowledged write after kill -9 and a restart', async () => {
    const session = await signIn();
    const acknowledged: string[] = [];
    let next = 0;
    let killed: Promise<void> | null = null;
    const worker = async () => {
      while (next < WRITES && !killed) {
        const content = `kill-test-${next++}`;
        const r = await httpCall(server.port, '/api/Words/save', { content }, session, 10_000);
        if (r.status === 200 && r.body?.code === 0) acknowledged.push(content);
        if (acknowledged.length >= KILL_AFTER && !killed) killed = server.kill();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Killed in the middle: some writes were never acknowledged.
    expect(acknowledged.length).toBeLessThan(WRITES);

    await server.start();
    const again = await signIn();
    const stored = new Set<string>();
    for (let current = 1; ; current++) {
      const page = await httpCall(server.port, '/api/Words/list', { current, pageSize: 200 }, again);
      expect(page.body.code, page.body.msg).toBe(0);
      for (const w of page.body.data.list) stored.add(w.content);
      if (page.body.data.list.length < 200) break;
    }
    expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
  }, 120_000);
});
