/**
 * SQL of the generic entity service: every query on an entity table goes through here, with
 * the caller's data scope in the WHERE of every read, update and delete. One query for the page and,
 * when the total is not known (./totals.ts), one (same WHERE) for the total; no per-row queries.
 */
import { CompiledQuery, sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { ListQuery } from './query.js';
import type { ScopeFilter } from './scope.js';
import type { TableSpec } from './table.js';
import { TOTAL_ESTIMATE_MIN, cachedTotal, storeTotal, totalsGeneration } from './totals.js';
import { cursorWhere, keysetOrder } from './cursor.js';
import { sqliteHandleOf } from '../db/index.js';
import { arrayDecoder, rowToRecord, type EntityRecord } from './codec.js';
import { overlapSql } from './range.js';

type Db = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

/**
 * The scope's conditions. With `inline` (SQLite list statements) the department, unit or user id is written as a
 * number rather than bound: SQLite, planning with the index statistics of ANALYZE (sqlite_stat4), marks a
 * statement for re-preparation each time such a parameter is bound again, i.e. on every run. The ids are integers
 * from the session and the database; any other value stays a parameter.
 */
function scopeParts(eb: ExpressionBuilder<any, any>, scope: ScopeFilter, inline = false): Expression<SqlBool>[] {
  const id = (n: number) => (inline && Number.isSafeInteger(n) ? eb.lit(n) : n);
  const secret = scope.secret ? [eb.or([eb(scope.secret.column, 'is', null), eb(scope.secret.column, '<=', String(scope.secret.max))])] : [];
  if (scope.scope === 'all') return secret;
  if (scope.deptId != null) {
    const ids = (scope.deptIds?.length ? scope.deptIds : [scope.deptId]).map(id);
    const owned = ids.length === 1 ? eb('owner_dept_id', '=', ids[0]) : eb('owner_dept_id', 'in', ids);
    if (!scope.deptColumn) return [owned, ...secret];
    return [eb.or([owned, ids.length === 1 ? eb(scope.deptColumn, '=', ids[0]) : eb(scope.deptColumn, 'in', ids)]), ...secret];
  }
  if (scope.unitId != null) return [eb('owner_unit_id', '=', id(scope.unitId)), ...secret];
  return [eb('created_by', '=', id(scope.createdBy ?? -1)), ...secret];
}

/** The plain comparisons of list conditions → their SQL operator. */
const COMPARISONS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The WHERE of a list (scope, filters, keyword): also the WHERE of an aggregate (./aggregate.ts). */
export function listWhere(dialect: Dialect, searchable: string[], scope: ScopeFilter, q: Pick<ListQuery, 'conditions' | 'keyword'>) {
  const like = dialect === 'pg' ? 'ilike' : 'like';
  return (eb: ExpressionBuilder<any, any>) => {
    const parts = scopeParts(eb, scope, dialect === 'sqlite');
    for (const c of q.conditions) {
      const v = c.value as any;
      const cmp = Object.hasOwn(COMPARISONS, c.op) ? COMPARISONS[c.op as keyof typeof COMPARISONS] : undefined;
      if (cmp) {
        parts.push(eb(c.field, cmp, v));
        continue;
      }
      switch (c.op) {
        case 'like':
          // a reference field's label: the ids of the target records whose label matches
          if (c.label) parts.push(eb(c.field, 'in', eb.selectFrom(c.label.table).select('id').where(c.label.column, like, `%${v}%`)));
          else parts.push(eb(c.field, like, `%${v}%`));
          break;
        case 'in':
          parts.push(eb(c.field, 'in', v));
          break;
        case 'between':
          if (v[0] != null) parts.push(eb(c.field, '>=', v[0]));
          if (v[1] != null) parts.push(eb(c.field, '<=', v[1]));
          break;
        case 'overlap':
          parts.push(overlapSql(eb, c.field, v));
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

/** A list's total; `estimated` when it is PostgreSQL's estimate of a large count (see `listRows`). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/**
 * One page of rows and the total under the same WHERE (scope, filters, keyword, `extra`). The total is
 * not counted when the page shows it (a short page: offset + rows) or a fresh cached total fits the page
 * (./totals.ts); otherwise one COUNT — on PostgreSQL, when the planner expects more than TOTAL_ESTIMATE_MIN
 * rows, a COUNT stopped at that many, and beyond it the planner's estimate (`estimated`: counting would read
 * every row); either is remembered for the next calls.
 * `at` is now (ms); `columns` limits the selected columns (default all; the sort field is added). With
 * `q.cursor` the page is the one next to the cursor's row, read without OFFSET (./cursor.ts).
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
): Promise<{ rows: Row[] } & ListTotal> {
  const p = listPlan(db, dialect, spec, searchable, scope, q, extra, columns);
  const gen = totalsGeneration(db, spec.table);
  const rows = (await db.executeQuery(p.pageSql())).rows as Row[];
  if (q.cursor?.dir === 'before') rows.reverse();
  return { rows, ...(await listTotal(db, spec, p, rows.length, at, gen)) };
}

/**
 * `listRows` answering records (as `rowToRecord` converts rows, keys in `spec` column order). On SQLite, when
 * no transaction is open on the connection, the page is read outside Kysely: one prepared statement per shape
 * in raw mode (value arrays), decoded straight into records (bench: no row objects built twice).
 */
export async function listRecords(
  db: Kysely<any>,
  dialect: Dialect,
  spec: TableSpec,
  searchable: string[],
  scope: ScopeFilter,
  q: ListQuery,
  at: number,
  extra?: ExtraWhere,
  columns?: string[],
): Promise<{ records: EntityRecord[] } & ListTotal> {
  const p = listPlan(db, dialect, spec, searchable, scope, q, extra, columns);
  const gen = totalsGeneration(db, spec.table);
  const records = (dialect === 'sqlite' && readRaw(db, spec, p)) || ((await db.executeQuery(p.pageSql())).rows as Row[]).map((r) => rowToRecord(spec, r));
  if (q.cursor?.dir === 'before') records.reverse();
  return { records, ...(await listTotal(db, spec, p, records.length, at, gen)) };
}

/** What a list statement needs: its WHERE, cache keys, paging, and its SQL compiled once per shape. */
interface ListPlan {
  where: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
  /** Cache key of the WHERE (totals and compiled statements). */
  key: string;
  q: ListQuery;
  /** Rows before the page: the OFFSET, or (keyset paging) what the page number says. */
  offset: number;
  columns?: string[];
  /** The page's own WHERE: `where` and the cursor's condition. */
  pageWhere: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
  dialect: Dialect;
  /** The page statement as Kysely compiles it (select * or `columns`). */
  pageSql(): CompiledQuery;
}

function listPlan(
  db: Kysely<any>,
  dialect: Dialect,
  spec: TableSpec,
  searchable: string[],
  scope: ScopeFilter,
  q: ListQuery,
  extra: ExtraWhere | undefined,
  columns: string[] | undefined,
): ListPlan {
  const base = listWhere(dialect, searchable, scope, q);
  const where = extra ? (eb: ExpressionBuilder<any, any>) => eb.and([base(eb), extra.where(eb)]) : base;
  const key = JSON.stringify([scope, q.conditions, q.keyword, extra?.key ?? null]);
  const offset = (q.current - 1) * q.pageSize;
  const c = q.cursor;
  const pageWhere = c ? (eb: ExpressionBuilder<any, any>) => eb.and([where(eb), cursorWhere(eb, c, q.sort)]) : where;
  const cols = withSortField(columns, q.sort.field);
  const paging = JSON.stringify([cols ?? null, q.sort, c ? [c.dir, c.value, c.id] : q.current, q.pageSize]);
  return {
    where,
    pageWhere,
    key,
    q,
    offset,
    columns: cols,
    dialect,
    pageSql: () => compiledQuery(db, `${spec.table}\u0000${paging}\u0000${key}`, () => pageQuery(db, dialect, spec, q, pageWhere, c ? 0 : offset, cols)),
  };
}

const withSort = new WeakMap<readonly string[], Map<string, string[]>>();

/** `columns` with `field` among them (the next cursor needs each row's sort value); the same array for the same inputs. */
function withSortField(columns: string[] | undefined, field: string): string[] | undefined {
  if (!columns || columns.includes(field)) return columns;
  let m = withSort.get(columns);
  if (!m) withSort.set(columns, (m = new Map()));
  let out = m.get(field);
  if (!out) m.set(field, (out = [...columns, field]));
  return out;
}

/**
 * The page statement. On SQLite LIMIT and OFFSET are written as numbers, not bound: SQLite marks a statement
 * whose LIMIT is a bound parameter for re-preparation whenever that parameter is bound again, i.e. on every run
 * (it plans with the limit's value) — a full parse and plan per list. Both are integers computed here (a page
 * number too large for an exact integer keeps the parameters).
 */
function pageQuery(
  db: Kysely<any>,
  dialect: Dialect,
  spec: TableSpec,
  q: ListQuery,
  where: ListPlan['where'],
  offset: number,
  columns: readonly string[] | undefined,
): CompiledQuery {
  const from = db.selectFrom(spec.table);
  const order = keysetOrder(q.sort, q.cursor);
  let page = (columns ? from.select(columns as string[]) : from.selectAll()).where(where).orderBy(order.field, order.order);
  if (q.sort.field !== 'id') page = page.orderBy('id', order.id);
  if (dialect === 'sqlite' && Number.isSafeInteger(q.pageSize) && Number.isSafeInteger(offset))
    return page.limit(sql.lit(q.pageSize)).offset(sql.lit(offset)).compile();
  return page.limit(q.pageSize).offset(offset).compile();
}

/** The total of a list whose page (`plan`) held `count` rows (see `listRows`). */
async function listTotal(db: Kysely<any>, spec: TableSpec, p: ListPlan, count: number, at: number, gen: number): Promise<ListTotal> {
  const { q, offset } = p;
  // A short page (or an empty first page) read by OFFSET tells the total exactly.
  if (!q.cursor && count < q.pageSize && (count > 0 || offset === 0)) {
    const total = offset + count;
    storeTotal(db, spec.table, p.key, total, at, gen);
    return { total, estimated: false };
  }
  const cached = cachedTotal(db, spec.table, p.key, at);
  const fits = (n: number) => (count ? n >= offset + count : n <= offset);
  // An estimate is never below the rows shown.
  const atLeast = (n: number) => (count ? Math.max(n, offset + count) : n);
  if (cached !== undefined && (cached.estimated || fits(cached.n))) return { total: atLeast(cached.n), estimated: cached.estimated };
  const planned = p.dialect === 'pg' ? await estimatedRows(db, spec, p) : 0;
  if (planned > TOTAL_ESTIMATE_MIN) {
    // The planner expects many rows: count them only up to the threshold (its estimate may be far off).
    const capped = await db
      .selectFrom((eb) =>
        eb
          .selectFrom(spec.table)
          .select(sql.lit(1).as('x'))
          .where(p.where)
          .limit(TOTAL_ESTIMATE_MIN + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const n = Number(capped?.n ?? 0);
    if (n > TOTAL_ESTIMATE_MIN) {
      const estimate = Math.max(planned, n);
      storeTotal(db, spec.table, p.key, estimate, at, gen, true);
      return { total: atLeast(estimate), estimated: true };
    }
    storeTotal(db, spec.table, p.key, n, at, gen);
    return { total: n, estimated: false };
  }
  const row = await db
    .selectFrom(spec.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(p.where)
    .executeTakeFirst();
  const total = Number(row?.n ?? 0);
  storeTotal(db, spec.table, p.key, total, at, gen);
  return { total, estimated: false };
}

/** PostgreSQL's estimate of the rows under the list's WHERE (EXPLAIN's planned rows; no rows are read). */
async function estimatedRows(db: Kysely<any>, spec: TableSpec, p: ListPlan): Promise<number> {
  const q = db.selectFrom(spec.table).select(sql.lit(1).as('x')).where(p.where).compile();
  const r = await db.executeQuery(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
  const plan = (r.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(Number(top?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** A prepared raw-mode statement of one list shape and the decoder of its value arrays. */
interface RawList {
  stmt: SqliteStatement;
  decode: (values: readonly unknown[]) => EntityRecord;
}

type SqliteStatement = ReturnType<NonNullable<ReturnType<typeof sqliteHandleOf>>['prepare']>;

const rawLists = new WeakMap<object, WeakMap<TableSpec, Map<string, RawList>>>();

interface Names {
  names: string[];
  /** `names` as JSON (part of the statement's cache key). */
  key: string;
}
const namesOf = new WeakMap<TableSpec, { all?: Names; some: WeakMap<readonly string[], Names> }>();

/** The columns of `spec` a raw list selects (those of `columns` when given), in `spec` order; remembered per spec and `columns` array. */
function selectedNames(spec: TableSpec, columns: readonly string[] | undefined): Names {
  let m = namesOf.get(spec);
  if (!m) namesOf.set(spec, (m = { some: new WeakMap() }));
  let n = columns ? m.some.get(columns) : m.all;
  if (!n) {
    const names = (columns ? spec.columns.filter((c) => columns.includes(c.name)) : spec.columns).map((c) => c.name);
    n = { names, key: JSON.stringify(names) };
    if (columns) m.some.set(columns, n);
    else m.all = n;
  }
  return n;
}

/**
 * The page of `p` read straight from the SQLite connection under `db` as records, or null when it cannot be
 * (not an `openDatabase` instance, a transaction open on the connection, or any error preparing or running the
 * statement: the caller then reads through Kysely, which waits for the connection and reports real errors).
 * The statement names the columns of `spec` (those of `p.columns` when given) in `spec` order, so the records
 * equal `rowToRecord` of the Kysely rows.
 */
function readRaw(db: Kysely<any>, spec: TableSpec, p: ListPlan): EntityRecord[] | null {
  const sqlite = sqliteHandleOf(db);
  if (!sqlite || sqlite.inTransaction) return null;
  const { names, key: namesKey } = selectedNames(spec, p.columns);
  const compiled = compiledQuery(
    db,
    `raw\u0000${spec.table}\u0000${namesKey}\u0000${JSON.stringify([p.q.sort, p.q.cursor ? [p.q.cursor.dir, p.q.cursor.value, p.q.cursor.id] : p.q.current, p.q.pageSize])}\u0000${p.key}`,
    () => pageQuery(db, p.dialect, spec, p.q, p.pageWhere, p.q.cursor ? 0 : p.offset, names),
  );
  let bySpec = rawLists.get(sqlite);
  if (!bySpec) rawLists.set(sqlite, (bySpec = new WeakMap()));
  let lists = bySpec.get(spec);
  if (!lists) bySpec.set(spec, (lists = new Map()));
  try {
    let r = lists.get(compiled.sql);
    if (!r) {
      if (lists.size >= COMPILED_MAX) lists.clear();
      r = { stmt: sqlite.prepare(compiled.sql).raw(true), decode: arrayDecoder(spec, names) };
      lists.set(compiled.sql, r);
    }
    const values = r.stmt.all(compiled.parameters as unknown[]) as unknown[][];
    const out = new Array<EntityRecord>(values.length);
    for (let i = 0; i < values.length; i++) out[i] = r.decode(values[i]);
    return out;
  } catch {
    return null;
  }
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
