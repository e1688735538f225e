/**
 * Cached list totals (benchmark: a list must not COUNT on every request). A total is kept per
 * database, table and key (scope + filters + keyword + view condition, see repository.ts) for
 * TOTAL_TTL_MS, and every write to the table through the engine forgets the table's totals at once, so
 * this process never shows a stale total after its own writes; writes by other processes show at once
 * through the cache bus (../services/cacheBus.ts), within the TTL when Redis is away. Code that writes an entity table outside EntityService must call `invalidateTotals`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { invalidate, registerCache } from '../services/cacheBus.js';

/** How long a counted total is reused (30 s). */
export const TOTAL_TTL_MS = 30_000;
/**
 * Above this many rows (PostgreSQL's estimate) a list's total is not counted but estimated and marked so
 * (`totalEstimated`); counting would read every matching row (a sequential scan of an all-scope list).
 */
export const TOTAL_ESTIMATE_MIN = 100_000;
/** Most totals kept per table (the table's cache is emptied when full). */
const MAX_KEYS = 5000;

interface TableTotals {
  /** Bumped by every invalidation: a total counted before a write is not stored after it. */
  generation: number;
  totals: Map<string, { n: number; at: number; estimated: boolean }>;
}

const caches = new WeakMap<object, Map<string, TableTotals>>();

function forget(c: TableTotals): void {
  c.generation++;
  c.totals.clear();
}

registerCache('totals', (db, table) => {
  if (table !== undefined) forget(tableCache(db, table));
  else for (const c of caches.get(db)?.values() ?? []) forget(c);
});

function tableCache(db: object, table: string): TableTotals {
  let byTable = caches.get(db);
  if (!byTable) caches.set(db, (byTable = new Map()));
  let c = byTable.get(table);
  if (!c) byTable.set(table, (c = { generation: 0, totals: new Map() }));
  return c;
}

/** The current generation of `table`'s totals (take it before querying, pass it to storeTotal). */
export function totalsGeneration(db: object, table: string): number {
  return tableCache(db, table).generation;
}

/** The cached total of `key` on `table` of `db` (`estimated` when it is one), or undefined when none is fresh. `at` = now (ms). */
export function cachedTotal(db: object, table: string, key: string, at: number): { n: number; estimated: boolean } | undefined {
  const hit = caches.get(db)?.get(table)?.totals.get(key);
  return hit && at - hit.at < TOTAL_TTL_MS && at >= hit.at ? hit : undefined;
}

/** Remembers total `n` of `key` on `table` of `db`, counted (or `estimated`) at `at` (ms) in generation `generation`. */
export function storeTotal(db: object, table: string, key: string, n: number, at: number, generation: number, estimated = false): void {
  const c = tableCache(db, table);
  if (c.generation !== generation) return;
  if (c.totals.size >= MAX_KEYS) c.totals.clear();
  c.totals.set(key, { n, at, estimated });
}

/** Forgets every cached total of `table` of `db` in every process (./services/cacheBus.ts; call after any write to it). */
export function invalidateTotals(db: object, table: string): void {
  invalidate(db as Kysely<DB>, 'totals', table);
}
