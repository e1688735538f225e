/**
 * SQL of the generic entity service (issue 3): every query on an entity table goes through here, with
 * the caller's data scope in the WHERE of every read, update and delete. One query for the page and
 * one (same WHERE) for the total; no per-row queries.
 */
import type { ExpressionBuilder, Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { ListQuery } from './query.js';
import type { ScopeFilter } from './scope.js';
import type { TableSpec } from './table.js';

type Db = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

function scopeParts(eb: ExpressionBuilder<any, any>, scope: ScopeFilter): Expression<SqlBool>[] {
  if (scope.scope === 'all') return [];
  if (scope.deptId != null) return [eb('owner_dept_id', '=', scope.deptId)];
  if (scope.unitId != null) return [eb('owner_unit_id', '=', scope.unitId)];
  return [eb('created_by', '=', scope.createdBy ?? -1)];
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

/** One page of rows and the total under the same WHERE (scope, filters, keyword). */
export async function listRows(db: Db, dialect: Dialect, spec: TableSpec, searchable: string[], scope: ScopeFilter, q: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const where = listWhere(dialect, searchable, scope, q);
  let page = db.selectFrom(spec.table).selectAll().where(where).orderBy(q.sort.field, q.sort.order);
  if (q.sort.field !== 'id') page = page.orderBy('id', 'desc');
  const [rows, count] = await Promise.all([
    page.limit(q.pageSize).offset((q.current - 1) * q.pageSize).execute(),
    db.selectFrom(spec.table).select((eb) => eb.fn.countAll().as('n')).where(where).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
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
