/**
 * Conversion between records (what the API answers and accepts) and rows (what the table stores)
 * of an entity table (issue 3): booleans as 0/1, JSON kinds as text, numerics read back as numbers,
 * money rounded to cents on both databases.
 */
import type { ColumnSpec, TableSpec } from './table.js';

/** A record as the API sees it: field → value (system fields included when read). */
export type EntityRecord = Record<string, unknown>;

/** One value of a record → the column value. */
export function toColumn(c: ColumnSpec, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (c.codec) {
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0;
    case 'json':
      return JSON.stringify(v);
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      return c.sqlType === 'numeric(18,2)' ? roundCents(n) : n;
    }
    default:
      return v;
  }
}

/** `n` rounded half away from zero to 2 decimals, as PostgreSQL's numeric(18,2) stores it (money, 元). */
export function roundCents(n: number): number {
  if (!Number.isFinite(n)) return n;
  const r = Number(`${Math.round(Number(`${Math.abs(n)}e2`))}e-2`);
  return n < 0 ? -r : r;
}

/** One column value → the record value. */
export function fromColumn(c: ColumnSpec, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (c.codec) {
    case 'boolean':
      return Number(v) === 1;
    case 'json':
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    case 'number':
      return Number(v);
    default:
      return c.family === 'integer' || c.family === 'bigint' || c.family === 'id' ? Number(v) : v;
  }
}

/** A row of the table → the record (every column the row has, converted). */
export function rowToRecord(spec: TableSpec, row: Record<string, unknown>): EntityRecord {
  const cols = columnsOf(spec);
  const out: EntityRecord = {};
  // The row's own keys: a list that selects a few columns converts only those.
  for (const name in row) {
    const c = cols.get(name);
    if (!c) continue;
    const v = row[name];
    // Fast path for the common case (text and plain values need no conversion).
    out[name] = c.codec === 'plain' && (c.family === 'text' || typeof v === 'number' || v === null) ? v : fromColumn(c, v);
  }
  return out;
}

const byName = new WeakMap<TableSpec, Map<string, ColumnSpec>>();

function columnsOf(spec: TableSpec): Map<string, ColumnSpec> {
  let m = byName.get(spec);
  if (!m) byName.set(spec, (m = new Map(spec.columns.map((c) => [c.name, c]))));
  return m;
}

/** The model fields of `record` present in it → column values (system fields are never taken). */
export function recordToRow(spec: TableSpec, record: EntityRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of spec.columns) {
    if (c.system || !(c.name in record)) continue;
    out[c.name] = toColumn(c, record[c.name]);
  }
  return out;
}
