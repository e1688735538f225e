/**
 * Queries of a fixed shape compiled once and then run with other values (benchmarks: Kysely builds and
 * compiles a query in 5–20 µs per call, as much as SQLite needs to answer the small ones). `preparedQuery(build)`
 * answers `run(db, values)`: the first run per SQL dialect calls `build(db, p)` with placeholders — `p.<name>`
 * stands for `values.<name>` — and compiles it; every run then executes that SQL with each placeholder replaced by
 * its value (constants written in the builder stay as they are). The SQL must not depend on the values: a builder
 * that branches on them (a filter present or not, a list's length) is a different shape, with its own prepared
 * query. Runs on a transaction too (same dialect). Plugins that rewrite queries are not applied (the app has none).
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { DB } from '../../db/types.js';

const SLOT = Symbol('preparedQuery.slot');
type Slot = { [SLOT]: string };

/** Placeholders of a prepared query: `p.name` (typed as the value it stands for). */
export type Placeholders<V> = { readonly [K in keyof V]: V[K] };

interface Compiled {
  sql: string;
  /** Per parameter: the name of its value, or a constant of the builder. */
  slots: ({ name: string } | { value: unknown })[];
}

/** A query run with values (see the module comment); `O` is one row. */
export type PreparedQuery<V, O> = (db: Kysely<DB>, values: V) => Promise<QueryResult<O>>;

/** The SQL of `build` run with placeholders, and per parameter the placeholder's name or the builder's constant. */
function compileWithSlots<V extends object>(db: Kysely<DB>, build: (db: Kysely<DB>, p: Placeholders<V>) => Compilable<unknown>): Compiled {
  const p = new Proxy({}, { get: (_, name) => ({ [SLOT]: String(name) }) as Slot }) as Placeholders<V>;
  const q = build(db, p).compile();
  return { sql: q.sql, slots: q.parameters.map((v) => (v !== null && typeof v === 'object' && SLOT in v ? { name: (v as Slot)[SLOT] } : { value: v })) };
}

/** Compiles `build` once per dialect (see the module comment). */
export function preparedQuery<V extends object, O>(build: (db: Kysely<DB>, p: Placeholders<V>) => Compilable<O>): PreparedQuery<V, O> {
  const byAdapter = new WeakMap<object, Compiled>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let c = byAdapter.get(adapter);
    if (!c) {
      c = compileWithSlots(db, build);
      byAdapter.set(adapter, c);
    }
    const parameters = c.slots.map((s) => {
      if (!('name' in s)) return s.value;
      const v = (values as Record<string, unknown>)[s.name];
      if (v === undefined) throw new Error(`preparedQuery: no value for ${s.name}`);
      return v;
    });
    return db.executeQuery<O>(CompiledQuery.raw(c.sql, parameters));
  };
}

/** Largest number of rows a preparedInsert runs as a prepared statement (one per row count). */
export const PREPARED_ROWS_MAX = 16;

/** A compiled multi-row insert: per parameter the row and column it takes, or the builder's constant. */
interface CompiledInsert {
  sql: string;
  slots: ({ row: number; column: string } | { value: unknown })[];
}

/**
 * Inserts `rows` into `table`, each row an object of exactly `columns` (values null rather than undefined):
 * one prepared statement per row count up to PREPARED_ROWS_MAX, whose parameters are read straight from the
 * rows; more rows, or a row with an undefined value (Kysely leaves such a column out), go through the query
 * builder as usual.
 */
export function preparedInsert(table: keyof DB & string, columns: readonly string[]): (db: Kysely<DB>, rows: Record<string, unknown>[]) => Promise<void> {
  const byCount = new Map<number, WeakMap<object, CompiledInsert>>();
  return async (db, rows) => {
    if (!rows.length) return;
    const n = rows.length;
    if (n > PREPARED_ROWS_MAX || rows.some((r) => columns.some((c) => r[c] === undefined))) {
      await db
        .insertInto(table)
        .values(rows as never)
        .execute();
      return;
    }
    let byAdapter = byCount.get(n);
    if (!byAdapter) byCount.set(n, (byAdapter = new WeakMap()));
    const adapter = db.getExecutor().adapter;
    let c = byAdapter.get(adapter);
    if (!c) {
      // Placeholder `<row>:<column>` for each value.
      const q = compileWithSlots<Record<string, unknown>>(db, (b, p) =>
        b.insertInto(table).values(Array.from({ length: n }, (_, i) => Object.fromEntries(columns.map((col) => [col, p[`${i}:${col}`]]))) as never),
      );
      c = {
        sql: q.sql,
        slots: q.slots.map((s) => {
          if (!('name' in s)) return s;
          const at = s.name.indexOf(':');
          return { row: Number(s.name.slice(0, at)), column: s.name.slice(at + 1) };
        }),
      };
      byAdapter.set(adapter, c);
    }
    const parameters = c.slots.map((s) => ('row' in s ? rows[s.row][s.column] : s.value));
    await db.executeQuery(CompiledQuery.raw(c.sql, parameters));
  };
}
