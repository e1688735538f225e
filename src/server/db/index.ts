/**
 * Database access: Kysely over better-sqlite3 (default, file under DATA_DIR) or pg (DATABASE_URL).
 * The same queries and migrations run on both (DESIGN §2).
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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

/**
 * Opens the database. With `databaseUrl` it connects to PostgreSQL (pool of `poolSize`);
 * otherwise it opens `<dataDir>/oa.sqlite` with WAL and foreign keys on.
 * `sqliteFile` ':memory:' gives a private in-memory database (tests).
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL schema to work in (tests use one private schema per file). */
  pgSchema?: string;
}): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: opts.pgSchema ? `-c search_path=${opts.pgSchema}` : undefined,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
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
  // database once per checkpoint, and each checkpoint syncs twice (issue 4 bench: ~25 pages per approval).
  sqlite.pragma(`wal_autocheckpoint = ${SQLITE_WAL_CHECKPOINT_PAGES}`);
  // …and the WAL file is cut back to this size after a checkpoint reset it (it does not keep its largest size).
  sqlite.pragma(`journal_size_limit = ${SQLITE_WAL_CHECKPOINT_PAGES * 4096 * 2}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();

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
