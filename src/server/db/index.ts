/**
 * Database access: Kysely over better-sqlite3 (default, file under DATA_DIR) or pg (DATABASE_URL).
 * The same queries and migrations run on both (DESIGN §2).
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from '../config.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'pg';

/** An open database: the Kysely handle, which engine it is, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric → number for aggregates such as count(*)::numeric.
pg.types.setTypeParser(1700, (v) => Number(v));

/** PostgreSQL time limits that never cut a long start-up step short (migrations, seed): only connecting is bounded. */
export const MAINTENANCE_PG_TIMEOUTS: PgTimeouts = { connectMs: 10_000, statementMs: 0, queryMs: 0, idleInTransactionMs: 0 };

/**
 * Opens the database. With `databaseUrl` it connects to PostgreSQL (pool of `poolSize`, time limits `timeouts`,
 * default DEFAULT_PG_TIMEOUTS of config.ts); otherwise it opens `<dataDir>/oa.sqlite` with WAL and foreign keys on.
 * `sqliteFile` ':memory:' gives a private in-memory database (tests).
 * @throws Error when `pgSchema` is not a plain identifier
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL schema to work in (tests use one private schema per file; PG_SCHEMA). */
  pgSchema?: string;
  timeouts?: PgTimeouts;
}): Database {
  if (opts.databaseUrl) {
    if (opts.pgSchema && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(opts.pgSchema))
      throw new Error(`PG_SCHEMA must be a plain identifier, not ${JSON.stringify(opts.pgSchema)}`);
    const t = opts.timeouts ?? DEFAULT_PG_TIMEOUTS;
    const settings = [
      opts.pgSchema ? `-c search_path=${opts.pgSchema}` : '',
      `-c statement_timeout=${t.statementMs}`,
      `-c idle_in_transaction_session_timeout=${t.idleInTransactionMs}`,
    ].filter(Boolean);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: settings.join(' '),
      connectionTimeoutMillis: t.connectMs || undefined,
      query_timeout: t.queryMs || undefined,
    });
    // An idle pooled connection that breaks (server restarted, network cut) is dropped by the pool; without a
    // listener its 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: dropBrokenClients(pool) }) });
    return { db, dialect: 'pg', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'oa.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoint every SQLITE_WAL_CHECKPOINT_PAGES pages of WAL instead of SQLite's 1,000: a page that many
  // transactions wrote (the tail of flow_tasks, flow_events, messages and their indexes) is copied into the
  // database once per checkpoint, and each checkpoint syncs twice (bench: ~25 pages per approval).
  sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_CHECKPOINT_PAGES}`);
  // …and the WAL file is cut back to this size after a checkpoint reset it (it does not keep its largest size).
  sqlite.pragma(`journal_size_limit = ${SQLITE_WAL_CHECKPOINT_PAGES * 4096 * 2}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();

/**
 * A pg pool as Kysely sees it, where a connection whose query timed out on the client side (pg `query_timeout`:
 * no answer at all) or lost its socket is destroyed on release instead of going back to the pool: the next
 * request then opens a fresh connection (bounded by `connectionTimeoutMillis`) rather than queueing behind an
 * answer that may never come. Further queries on such a connection fail at once with the same error, so a
 * transaction's ROLLBACK does not wait a second timeout.
 */
function dropBrokenClients(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        let broken: Error | null = null;
        wrapper = {
          query: ((text: unknown, params?: readonly unknown[]) => {
            if (typeof text !== 'string') return client.query(text as never);
            if (broken) return Promise.reject(broken);
            return client.query(text, params as unknown[]).catch((err: unknown) => {
              if (isConnectionLost(err)) broken = err as Error;
              throw err;
            });
          }) as PostgresPoolClient['query'],
          release() {
            const err = broken;
            if (err) wrappers.delete(client);
            client.release(err ?? undefined);
          },
        };
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** SQLSTATEs meaning "the database cannot serve this now" (PostgreSQL appendix A): not a fault of the request. */
const PG_UNAVAILABLE_STATES = new Set([
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket errors of a database connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages of node-postgres (pg, pg-pool) when a connection cannot be had or was lost; they carry no code. */
const PG_CONNECTION_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

function errorChain(err: unknown): Array<{ code?: unknown; message?: unknown }> {
  const out: Array<{ code?: unknown; message?: unknown }> = [];
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] } | undefined;
  for (let i = 0; e && typeof e === 'object' && i < 5; i++) {
    out.push(e);
    if (Array.isArray(e.errors)) for (const inner of e.errors) if (inner && typeof inner === 'object') out.push(inner as never);
    e = e.cause as typeof e;
  }
  return out;
}

/** True when `err` says the connection itself is gone or silent (not an SQL error the server answered). */
function isConnectionLost(err: unknown): boolean {
  return errorChain(err).some(
    (e) => (typeof e.code === 'string' && SOCKET_CODES.has(e.code)) || (typeof e.message === 'string' && PG_CONNECTION_MESSAGES.test(e.message)),
  );
}

/**
 * True when `err` (or its cause) means the database is unreachable, stalled or too busy to answer now —
 * a PostgreSQL connection or timeout failure (see PG_UNAVAILABLE_STATES, pg's own connection errors) or an
 * SQLite file locked past busy_timeout (SQLITE_BUSY*) — as opposed to a fault of the request or the code.
 * plugins/errors.ts answers these with "数据库暂时不可用，请稍后再试".
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isConnectionLost(err)) return true;
  return errorChain(err).some((e) => typeof e.code === 'string' && (PG_UNAVAILABLE_STATES.has(e.code) || e.code.startsWith('SQLITE_BUSY')));
}

/** How long one health probe of the database may take, ms. */
export const DB_PROBE_TIMEOUT_MS = 2000;

/** How long a probe's answer is reused, ms: health checks every few hundred ms cost one query a second at most. */
export const DB_PROBE_CACHE_MS = 1000;

const probes = new WeakMap<object, { at: number; up: Promise<boolean> }>();

/**
 * Whether the database answers `select 1` within DB_PROBE_TIMEOUT_MS (for /api/health). Answers are cached for
 * DB_PROBE_CACHE_MS and concurrent callers share one probe. Never throws.
 */
export function probeDatabase(database: Pick<Database, 'db'>): Promise<boolean> {
  const cached = probes.get(database.db);
  const at = Date.now();
  if (cached && at - cached.at < DB_PROBE_CACHE_MS) return cached.up;
  const up = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), DB_PROBE_TIMEOUT_MS);
    sql`select 1 as one`
      .execute(database.db)
      .then(
        () => resolve(true),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer));
  });
  probes.set(database.db, { at, up });
  return up;
}

/**
 * The better-sqlite3 connection under a Kysely instance that `openDatabase` opened on SQLite, for hot reads
 * run outside Kysely (engine/repository.ts list pages); undefined for PostgreSQL, transactions and any other
 * instance. Its one connection is Kysely's too: a caller must not read while `inTransaction` is true (another
 * request's open transaction) and must not change the connection's state.
 */
export function sqliteHandleOf(db: object): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}

/** WAL pages between automatic checkpoints (4 KiB pages: ~40 MB of WAL at most between two). */
export const SQLITE_WAL_CHECKPOINT_PAGES = 10_000;

/** Prepared statements kept per SQL text; the queries of the app are a small, fixed set. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Wraps better-sqlite3 so that Kysely reuses prepared statements instead of preparing every query
 * again (about 30 µs each). Least recently used statements are dropped past STATEMENT_CACHE_SIZE.
 * SQLite re-prepares a cached statement by itself when the schema changes.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      stmt = sqlite.prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return prepare;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
