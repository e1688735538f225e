import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Starts `npm start`'s entry on a throw-away data directory (no front-end build, no seed). */
function startServer(port: number, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--dev'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`, { method: 'POST' });
      if (r.ok) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

describe('server process', () => {
  it('migrates a new data directory, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-life-'));
    const port = 18250 + Math.floor(Math.random() * 40);
    const proc = startServer(port, dataDir);
    let out = '';
    proc.stdout!.on('data', (c) => (out += c));
    proc.stderr!.on('data', (c) => (out += c));
    try {
      await waitHealthy(port);
      expect(fs.existsSync(path.join(dataDir, 'oa.sqlite'))).toBe(true);
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('shutting down');
      // The database was closed: the WAL was checkpointed into the main file.
      const wal = path.join(dataDir, 'oa.sqlite-wal');
      expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    } finally {
      if (proc.exitCode == null) proc.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
