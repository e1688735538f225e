/**
 * SQL of the generic entity service (issue 3): every query on an entity table goes through here, with
 * the caller's data scope in the WHERE of every read, update and delete. One query for the page and,
 * when the total is not known (./totals.ts), one (same WHERE) for the total; no per-row queries.
 */
import type { CompiledQuery, ExpressionBuilder, Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { ListQuery } from './query.js';
import type { ScopeFilter } from './scope.js';
import type { TableSpec } from './table.js';
import { cachedTotal, storeTotal, totalsGeneration } from './totals.js';

type Db = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

function scopeParts(eb: ExpressionBuilder<any, any>, scope: ScopeFilter): Expression<SqlBool>[] {
  const secret = scope.secret ? [eb.or([eb(scope.secret.column, 'is', null), eb(scope.secret.column, '<=', String(scope.secret.max))])] : [];
  if (scope.scope === 'all') return secret;
  if (scope.deptId != null) return [eb('owner_dept_id', '=', scope.deptId), ...secret];
  if (scope.unitId != null) return [eb('owner_unit_id', '=', scope.unitId), ...secret];
  return [eb('created_by', '=', scope.createdBy ?? -1), ...secret];
}

function listWhere(dialect: Dialect, searchable: string[], scope: ScopeFilter, q: ListQuery) {
  const like = dialect === 'pg' ? 'ilike' : 'like';
  return (eb: ExpressionBuilder<any, any>) => {
    const parts = scopeParts(eb, scope);
    for (const c of q.conditions) {
      const v = c.value as any;
      switch (c.op) {
        case 'eq':
          parts.push(eb(c.field, '=', v));
          break;
        case 'ne':
          parts.push(eb(c.field, '<>', v));
          break;
        case 'gt':
          parts.push(eb(c.field, '>', v));
          break;
        case 'gte':
          parts.push(eb(c.field, '>=', v));
          break;
        case 'lt':
          parts.push(eb(c.field, '<', v));
          break;
        case 'lte':
          parts.push(eb(c.field, '<=', v));
          break;
        case 'like':
          parts.push(eb(c.field, like, `%${v}%`));
          break;
        case 'in':
          parts.push(eb(c.field, 'in', v));
          break;
        case 'between':
          if (v[0] != null) parts.push(eb(c.field, '>=', v[0]));
          if (v[1] != null) parts.push(eb(c.field, '<=', v[1]));
          break;
      }
    }
    if (q.keyword && searchable.length) parts.push(eb.or(searchable.map((f) => eb(f, like, `%${q.keyword}%`))));
    return eb.and(parts);
  };
}

/** Most compiled list statements kept per database (the list is emptied when full). */
const COMPILED_MAX = 500;
const compiled = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * The compiled SQL of `key` (table, columns, scope, filters, sort, paging, view: everything the statement
 * depends on), built by `build` once: a list asked again skips Kysely's query building.
 */
function compiledQuery(db: object, key: string, build: () => CompiledQuery): CompiledQuery {
  let m = compiled.get(db);
  if (!m) compiled.set(db, (m = new Map()));
  let q = m.get(key);
  if (!q) {
    if (m.size >= COMPILED_MAX) m.clear();
    m.set(key, (q = build()));
  }
  return q;
}

/** An extra WHERE part (a list view's condition, ./viewWhere.ts) and its cache key (its resolved form). */
export interface ExtraWhere {
  where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
  key: string;
}

/**
 * One page of rows and the total under the same WHERE (scope, filters, keyword, `extra`). The total is
 * not counted when the page shows it (a short page: offset + rows) or a fresh cached total fits the page
 * (./totals.ts); otherwise one COUNT, remembered for the next calls. `at` is now (ms); `columns` limits
 * the selected columns (default all).
 */
export async function listRows(
  db: Kysely<any>,
  dialect: Dialect,
  spec: TableSpec,
  searchable: string[],
  scope: ScopeFilter,
  q: ListQuery,
  at: number,
  extra?: ExtraWhere,
  columns?: string[],
): Promise<{ rows: Row[]; total: number }> {
  const base = listWhere(dialect, searchable, scope, q);
  const where = extra ? (eb: ExpressionBuilder<any, any>) => eb.and([base(eb), extra.where(eb)]) : base;
  const key = JSON.stringify([scope, q.conditions, q.keyword, extra?.key ?? null]);
  const offset = (q.current - 1) * q.pageSize;
  const pageSql = compiledQuery(db, `${spec.table}\u0000${JSON.stringify([columns ?? null, q.sort, q.current, q.pageSize])}\u0000${key}`, () => {
    const from = db.selectFrom(spec.table);
    let page = (columns ? from.select(columns) : from.selectAll()).where(where).orderBy(q.sort.field, q.sort.order);
    if (q.sort.field !== 'id') page = page.orderBy('id', 'desc');
    return page.limit(q.pageSize).offset(offset).compile();
  });
  const gen = totalsGeneration(db, spec.table);
  const rows = (await db.executeQuery(pageSql)).rows as Row[];
  // A short page (or an empty first page) tells the total exactly.
  if (rows.length < q.pageSize && (rows.length > 0 || offset === 0)) {
    const total = offset + rows.length;
    storeTotal(db, spec.table, key, total, at, gen);
    return { rows, total };
  }
  const cached = cachedTotal(db, spec.table, key, at);
  const fits = (n: number) => (rows.length ? n >= offset + rows.length : n <= offset);
  if (cached !== undefined && fits(cached)) return { rows, total: cached };
  const count = await db.selectFrom(spec.table).select((eb) => eb.fn.countAll().as('n')).where(where).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  storeTotal(db, spec.table, key, total, at, gen);
  return { rows, total };
}

/** The rows of `ids` inside `scope` (missing or out-of-scope ids are simply absent). */
export async function getRows(db: Db, spec: TableSpec, scope: ScopeFilter, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  return db
    .selectFrom(spec.table)
    .selectAll()
    .where((eb) => eb.and([...scopeParts(eb, scope), eb('id', 'in', ids)]))
    .execute();
}

/** Inserts `row` (system columns included); returns the stored row. */
export async function insertRow(db: Db, spec: TableSpec, row: Row): Promise<Row> {
  return db.insertInto(spec.table).values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates record `id` at `version` with `row` and bumps the version; returns the stored row, or
 * undefined when the version moved meanwhile (nothing written).
 */
export async function updateRow(db: Db, spec: TableSpec, id: number, version: number, row: Row): Promise<Row | undefined> {
  return db
    .updateTable(spec.table)
    .set((eb) => ({ ...row, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the rows `ids`; returns how many went. */
export async function deleteRows(db: Db, spec: TableSpec, ids: number[]): Promise<number> {
  const r = await db.deleteFrom(spec.table).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
