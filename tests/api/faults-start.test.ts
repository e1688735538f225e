/**
 * Start-up (README "The two commands"): it does not depend on a plugin finishing within fastify's default 10 s
 * (a start on a busy machine failed with AVV_ERR_PLUGIN_EXEC_TIMEOUT), and a start that fails says which step
 * it was doing and exits with a non-zero status.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/index.js';
import { migrate } from '../../src/server/db/migrate.js';
import { freePort, sleep } from './faults.js';

describe('start-up', () => {
  it('waits for a plugin that takes longer than 10 s on a busy machine', async () => {
    const config = loadConfig({ ...process.env, DATABASE_URL: '', CLIENT_DIR: '/nonexistent' });
    const database = openDatabase({ dataDir: '/tmp', sqliteFile: ':memory:' });
    await migrate(database.db, database.dialect);
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.register(async () => sleep(11_000));
      await expect(app.ready()).resolves.toBeDefined();
    } finally {
      await app.close();
      await database.close();
    }
  }, 30_000);

  it('names the step that failed and exits non-zero', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-faults-start-'));
    const closed = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--dev'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        CLIENT_DIR: '/nonexistent',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/oa`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (b: Buffer) => (output += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const status = await new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(status).not.toBe(0);
    expect(output).toMatch(/\[start\] failed while applying migrations: .*ECONNREFUSED/);
  }, 60_000);
});
