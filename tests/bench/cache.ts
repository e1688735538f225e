/**
 * A cache of the filled benchmark database: filling 5,000,000 flow tasks (./scenarios/flow.ts) or 1,000,000
 * receptions (./scenarios/list.ts) takes minutes, so after a fill the SQLite file is copied to
 * BENCH_CACHE_DIR (default <tmp>/oa-bench-cache) with what the fill reported, and a later run with the same
 * inputs starts from a copy of it. The key is the SHA-256 of what shapes the filled tables: the fill scripts,
 * the flow fixtures, the row counts (BENCH_TASKS, BENCH_USERS, BENCH_LIST_ROWS) and which tables are filled;
 * one entry is kept per set of filled tables. The entry also records the content of every migration applied
 * to it: when one of them has changed since (or is gone) the entry is not used, while migrations added since
 * are simply applied by the app when it starts on the copy (as are new menus and entity tables). The demo
 * seed is not part of the key (it only runs on an empty database); after changing what the scenarios need
 * of it, run once with BENCH_CACHE=refresh (fills again and replaces the entry). The measured
 * run still works on its own copy (approve adds instances, push adds sessions), never on the cached file.
 * BENCH_CACHE=0 turns the cache off (fill, store nothing).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DIR = path.resolve(process.env.BENCH_CACHE_DIR ?? path.join(os.tmpdir(), 'oa-bench-cache'));
const ON = process.env.BENCH_CACHE !== '0';
const REFRESH = process.env.BENCH_CACHE === 'refresh';

/** Files (and every file under folders) whose content is part of the key, relative to the project root. */
const INPUTS = ['tests/bench/scenarios/flow.ts', 'tests/bench/scenarios/list.ts', 'tests/fixtures/schemas/flowtest'];
const MIGRATIONS = 'src/server/db/migrations';

const sha = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');

/** SHA-256 of each migration file now, by file name. */
function migrationHashes(): Record<string, string> {
  return Object.fromEntries(files(MIGRATIONS).map((f) => [path.basename(f), sha(fs.readFileSync(f))]));
}

/** What an entry records besides the fill's own report. */
interface Stored<T> {
  info: T;
  migrations: Record<string, string>;
}

function files(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => files(path.join(p, f)));
}

/** The cache entry name of the fills `what` (e.g. ['tasks']) with the current inputs. */
export function fillKey(what: string[]): string {
  const h = crypto.createHash('sha256');
  h.update(JSON.stringify({ what, env: ['BENCH_TASKS', 'BENCH_USERS', 'BENCH_LIST_ROWS'].map((k) => process.env[k] ?? '') }));
  for (const f of INPUTS.flatMap((p) => files(p))) h.update(f).update('\0').update(fs.readFileSync(f)).update('\0');
  return `${what.join('+')}-${h.digest('hex').slice(0, 16)}`;
}

/** Copies the cached file of `key` to `<dataDir>/oa.sqlite` and answers what its fill reported, or null (no entry). */
export function restoreFill<T>(key: string, dataDir: string): T | null {
  const db = path.join(DIR, `${key}.sqlite`);
  const info = path.join(DIR, `${key}.json`);
  if (!ON || REFRESH || !fs.existsSync(db) || !fs.existsSync(info)) return null;
  const stored = JSON.parse(fs.readFileSync(info, 'utf8')) as Stored<T>;
  if (!stored.migrations) return null;
  const now = migrationHashes();
  const changed = Object.keys(stored.migrations).filter((m) => now[m] !== stored.migrations[m]);
  if (changed.length) {
    console.log(`bench cache ${key}: migrations changed since it was filled (${changed.join(', ')}): filling again`);
    return null;
  }
  fs.copyFileSync(db, path.join(dataDir, 'oa.sqlite'), fs.constants.COPYFILE_FICLONE);
  return stored.info;
}

/**
 * Stores `<dataDir>/oa.sqlite` (closed, checkpointed; migrated by the migration files there now) and `info`
 * under `key`, dropping older entries of the same fills.
 */
export function storeFill(key: string, dataDir: string, info: unknown): string | null {
  if (!ON) return null;
  fs.mkdirSync(DIR, { recursive: true });
  const prefix = key.slice(0, key.lastIndexOf('-') + 1);
  for (const f of fs.readdirSync(DIR)) if (f.startsWith(prefix) && !f.startsWith(key)) fs.rmSync(path.join(DIR, f), { force: true });
  const db = path.join(DIR, `${key}.sqlite`);
  fs.copyFileSync(path.join(dataDir, 'oa.sqlite'), `${db}.tmp`, fs.constants.COPYFILE_FICLONE);
  fs.renameSync(`${db}.tmp`, db);
  const stored: Stored<unknown> = { info, migrations: migrationHashes() };
  fs.writeFileSync(path.join(DIR, `${key}.json`), JSON.stringify(stored));
  return db;
}
