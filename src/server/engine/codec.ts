/**
 * Conversion between records (what the API answers and accepts) and rows (what the table stores)
 * of an entity table: booleans as 0/1, JSON kinds as text, numerics read back as numbers,
 * money rounded to cents on both databases, rich text cleaned of anything but the allow-list (lib/sanitize.ts).
 */
import type { ColumnSpec, TableSpec } from './table.js';
import { sanitizeRichText } from '../lib/sanitize.js';

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
    case 'html':
      return sanitizeRichText(String(v));
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
  const out: EntityRecord = {};
  // Keyed reads in column order (rows of 20+ columns are slow to walk with for…in); a list that selects a
  // few columns converts only those.
  for (const [name, conv] of readPlanOf(spec)) {
    const v = row[name];
    if (v === undefined) continue;
    out[name] = v === null || !conv ? v : conv(v);
  }
  return out;
}

/**
 * A decoder of rows read as value arrays (better-sqlite3 raw mode) whose columns are `names`, in that order:
 * the record `rowToRecord` would give for the same row as an object. `names` must be columns of `spec` in
 * `spec` order (so the record's keys come in the same order).
 */
export function arrayDecoder(spec: TableSpec, names: readonly string[]): (values: readonly unknown[]) => EntityRecord {
  const plan = readPlanOf(spec);
  const readers = names.map((n) => plan.find(([name]) => name === n) ?? ([n, null] as Reader));
  const convs = readers.map((r) => r[1]);
  if (names.includes('__proto__')) {
    return (values) => {
      const out: EntityRecord = {};
      for (let i = 0; i < readers.length; i++) {
        const v = values[i];
        if (v !== undefined) out[readers[i][0]] = v === null || !convs[i] ? v : convs[i]!(v);
      }
      return out;
    };
  }
  // One object literal per row (a fixed shape, ~10× faster than keyed stores with 20+ names). A raw row has a
  // value for every selected column, so none is left out as `rowToRecord` leaves out absent ones.
  const fields = readers.map(([name, conv], i) => `${JSON.stringify(name)}: ${conv ? `(v = values[${i}]) === null ? null : c[${i}](v)` : `values[${i}]`}`);
  return new Function('c', `return function decode(values) { let v; return {${fields.join(', ')}}; };`)(convs) as (values: readonly unknown[]) => EntityRecord;
}

type Reader = [name: string, conv: ((v: unknown) => unknown) | null];
const readPlans = new WeakMap<TableSpec, Reader[]>();

/** Per column: its name and the conversion its values need (null: none, e.g. text). */
function readPlanOf(spec: TableSpec): Reader[] {
  let plan = readPlans.get(spec);
  if (!plan) {
    plan = spec.columns.map((c): Reader => {
      if ((c.codec === 'plain' || c.codec === 'html') && c.family === 'text') return [c.name, null];
      if (c.codec === 'plain') return [c.name, (v) => (typeof v === 'number' ? v : fromColumn(c, v))];
      return [c.name, (v) => fromColumn(c, v)];
    });
    readPlans.set(spec, plan);
  }
  return plan;
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
