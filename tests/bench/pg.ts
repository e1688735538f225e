/**
 * The PostgreSQL mode of the server scenarios (BENCH_DB=pg): the app runs on a database of its own
 * (BENCH_PG_DB, default `oa_bench`, created afresh on the server of DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test — the database named there is only used to connect, never changed).
 *
 * The filled tables are made once on SQLite (./scenarios/list.ts, ./scenarios/flow.ts, cached by ./cache.ts)
 * and copied into PostgreSQL with COPY (psql `\copy … from stdin`, CSV streamed from the SQLite file), after the
 * app has migrated and seeded the PostgreSQL database itself; the seeded users must carry the same ids on both
 * (the seed is deterministic), which is checked. PostgreSQL's own CPU per request is the CPU (/proc) of the
 * backends connected to the bench database, sampled before and after each load.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/** True when the server scenarios run on PostgreSQL. */
export const PG_MODE = process.env.BENCH_DB === 'pg';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Name of the bench's own database (dropped and created by `createBenchDatabase`). */
export const BENCH_PG_DB = process.env.BENCH_PG_DB ?? 'oa_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_PG_DB) || BENCH_PG_DB === new URL(SERVER_URL).pathname.slice(1))
  throw new Error(`BENCH_PG_DB must be a plain name other than the database of DATABASE_URL, not ${BENCH_PG_DB}`);

/** The connection string of the bench database. */
export function benchDatabaseUrl(): string {
  const u = new URL(SERVER_URL);
  u.pathname = `/${BENCH_PG_DB}`;
  return u.toString();
}

/** Drops (when present) and creates the bench database. */
export async function createBenchDatabase(): Promise<void> {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(`drop database if exists ${BENCH_PG_DB} with (force)`);
    await c.query(`create database ${BENCH_PG_DB}`);
  } finally {
    await c.end();
  }
}

/** One field of a CSV line (COPY's CSV: null unquoted empty, text quoted). */
function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v)) return `"\\x${v.toString('hex')}"`;
  return `"${String(v).replace(/"/g, '""')}"`;
}

/** Streams `rows` into `table` (columns `cols`) of `url` by psql's \copy from stdin; resolves with psql's output. */
function copyIn(url: string, table: string, cols: string[], rows: Iterable<unknown[]>): Promise<string> {
  // Foreign keys are not checked row by row (the rows come from a database that checked them).
  const proc = spawn(
    'psql',
    [
      url,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      'set session_replication_role = replica',
      '-c',
      `\\copy "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) from stdin with (format csv)`,
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const done = new Promise<string>((resolve, reject) =>
    proc.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`psql \\copy ${table}: ${out.trim()}`)))),
  );
  return (async () => {
    let chunk = '';
    for (const r of rows) {
      chunk += r.map(csvField).join(',') + '\n';
      if (chunk.length > 1 << 20) {
        if (!proc.stdin.write(chunk)) await new Promise((r2) => proc.stdin.once('drain', r2));
        chunk = '';
      }
    }
    proc.stdin.end(chunk);
    return done;
  })();
}

/**
 * Copies the filled tables from `<dataDir>/oa.sqlite` into the bench database (migrated and seeded by the app,
 * which is stopped): `tables` are emptied in PostgreSQL and copied whole; `users` rows beyond PostgreSQL's are
 * appended (the fill's extra people). The secondary indexes of `tables` are dropped during the copy and built
 * again after it (like the SQLite fill); sequences are set past the copied ids, then everything is analysed.
 * @throws Error when the seeded users differ between the two databases (ids would not match)
 */
export async function copyFill(dataDir: string, tables: string[]): Promise<{ rows: number; seconds: number }> {
  const t0 = performance.now();
  const lite = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
  const c = new pg.Client({ connectionString: benchDatabaseUrl() });
  await c.connect();
  let rows = 0;
  try {
    const pgUsers = (await c.query(`select id, username from users order by id`)).rows as { id: number; username: string }[];
    const maxId = pgUsers.length ? Number(pgUsers[pgUsers.length - 1].id) : 0;
    const liteUsers = lite.prepare(`select id, username from users where id <= ? order by id`).all(maxId) as { id: number; username: string }[];
    if (JSON.stringify(liteUsers.map((u) => [u.id, u.username])) !== JSON.stringify(pgUsers.map((u) => [Number(u.id), u.username])))
      throw new Error('the seeded users differ between SQLite and PostgreSQL: the filled rows cannot be copied');
    const columnsOf = async (t: string) =>
      (
        (await c.query(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`, [t])).rows as {
          column_name: string;
        }[]
      ).map((r) => r.column_name);
    const copy = async (t: string, where: string, args: unknown[]) => {
      const pgCols = new Set(await columnsOf(t));
      const cols = (lite.prepare(`select name from pragma_table_info(?)`).all(t) as { name: string }[]).map((r) => r.name).filter((n) => pgCols.has(n));
      const stmt = lite.prepare(`select ${cols.map((x) => `"${x}"`).join(', ')} from "${t}" ${where}`).raw(true);
      const n = (lite.prepare(`select count(*) as n from "${t}" ${where}`).get(...args) as { n: number }).n;
      await copyIn(benchDatabaseUrl(), t, cols, stmt.iterate(...args) as Iterable<unknown[]>);
      rows += n;
    };
    await copy('users', 'where id > ?', [maxId]);
    if (tables.length) await c.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`);
    const indexes = (
      await c.query(
        `select indexname, indexdef from pg_indexes i where schemaname = current_schema() and tablename = any($1)
           and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
        [tables],
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const ix of indexes) await c.query(`drop index "${ix.indexname}"`);
    for (const t of tables) await copy(t, '', []);
    await c.query(`set maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await c.query(ix.indexdef);
    for (const t of ['users', ...tables]) {
      const seq = (await c.query(`select pg_get_serial_sequence($1, 'id') as s`, [t])).rows[0]?.s;
      if (seq) await c.query(`select setval($1, greatest((select coalesce(max(id), 0) from "${t}"), 1))`, [seq]);
      await c.query(`analyze "${t}"`);
    }
  } finally {
    lite.close();
    await c.end();
  }
  return { rows, seconds: (performance.now() - t0) / 1000 };
}

/**
 * Creates the bench database, lets the app migrate and seed it (`start` starts it on that database; `publish`,
 * when given, publishes the flows through it), stops it, then copies `tables` of the SQLite fill into it.
 */
export async function preparePg(
  dataDir: string,
  tables: string[],
  start: () => Promise<{ port: number; stop: () => Promise<void> }>,
  publish: ((port: number) => Promise<void>) | null,
): Promise<void> {
  await createBenchDatabase();
  const first = await start();
  try {
    await publish?.(first.port);
  } finally {
    await first.stop();
  }
  const r = await copyFill(dataDir, tables);
  console.log(
    `PostgreSQL ${benchDatabaseUrl()}: ${r.rows} rows of ${['users', ...tables].join(', ')} copied from the SQLite fill in ${r.seconds.toFixed(1)} s (COPY), analysed`,
  );
}

/** The target on PostgreSQL: list and 待办's 12× become 16× (the driver's round trips), others stay. */
export function pgTarget(t: number): number {
  return t === 12 ? 16 : t;
}

/**
 * A watcher of PostgreSQL's backends serving the bench database: `pids()` answers their process ids (not the
 * watcher's own connection), to be sampled around each load.
 */
export async function backendWatcher(): Promise<{ pids: () => Promise<number[]>; close: () => Promise<void> }> {
  const c = new pg.Client({ connectionString: benchDatabaseUrl() });
  await c.connect();
  return {
    pids: async () =>
      ((await c.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [BENCH_PG_DB])).rows as { pid: number }[]).map((r) =>
        Number(r.pid),
      ),
    close: () => c.end(),
  };
}
