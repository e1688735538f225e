/**
 * Keyset paging of the generic list: the next or previous page is asked with a cursor (`after` / `before` in
 * the list body) instead of an OFFSET, so a deep page costs what the first does. A cursor is opaque to the
 * client: base64url of the JSON `[sortValue, id]` of the last (next page) or first (previous page) row shown,
 * the sort value in its column form. The list answers `next` and `prev` cursors with each non-empty page when
 * its sort column cannot be null (always for the default sort, `id`); a typed page number still uses OFFSET.
 *
 * Rows are ordered by the sort field, then by id descending (./repository.ts); the cursor's condition follows
 * the same order: after (v, i) = sort beyond v, or equal to v with a smaller id.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { toColumn, type EntityRecord } from './codec.js';
import type { TableSpec } from './table.js';

/** A decoded cursor: rows after or before the row whose sort value is `value` and id is `id`. */
export interface Cursor {
  dir: 'after' | 'before';
  value: string | number;
  id: number;
}

/** Longest cursor string accepted (a sort value of a long text column fits). */
export const CURSOR_MAX_LENGTH = 2000;

/** The cursor of the row with sort column value `value` and id `id`. */
export function encodeCursor(value: unknown, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** True when lists of `spec` sorted on `field` can be paged by cursor (the column cannot be null). */
export function keysetSortable(spec: TableSpec, field: string): boolean {
  return field === 'id' || !!spec.columns.find((c) => c.name === field)?.notNull;
}

/**
 * The cursor of a list body (`after` or `before`, at most one), or null. Throws ApiError -1 naming the field
 * when it is not a cursor this server wrote, both are given, or the sort column can be null.
 */
export function parseCursor(body: { after?: unknown; before?: unknown }, spec: TableSpec, sortField: string, locale: Locale): Cursor | null {
  const has = (v: unknown) => v !== undefined && v !== null && v !== '';
  const dir = has(body.after) ? 'after' : has(body.before) ? 'before' : null;
  if (!dir) return null;
  const bad = () => badInput(translate(locale, 'error.badParam', { field: translate(locale, `field.${dir}`) }));
  if (dir === 'after' && has(body.before)) throw badInput(translate(locale, 'error.badParam', { field: translate(locale, 'field.before') }));
  const raw = body[dir];
  if (typeof raw !== 'string' || raw.length > CURSOR_MAX_LENGTH || !keysetSortable(spec, sortField)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [value, id] = parsed as unknown[];
  if (!Number.isSafeInteger(id) || (id as number) < 1) throw bad();
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) throw bad();
  return { dir, value, id: id as number };
}

/**
 * The condition of `cursor` on a list sorted by `sort` (then id descending). For `before` the page is read in
 * the reverse order (see `keysetOrder`) and turned round by the caller.
 */
export function cursorWhere(eb: ExpressionBuilder<any, any>, cursor: Cursor, sort: { field: string; order: 'asc' | 'desc' }): Expression<SqlBool> {
  const forward = cursor.dir === 'after';
  const idOp = forward ? '<' : '>';
  if (sort.field === 'id') {
    const op = (sort.order === 'desc') === forward ? '<' : '>';
    return eb('id', op, cursor.id);
  }
  const op = (sort.order === 'asc') === forward ? '>' : '<';
  return eb.or([eb(sort.field, op, cursor.value), eb.and([eb(sort.field, '=', cursor.value), eb('id', idOp, cursor.id)])]);
}

/** The order a page of `cursor` is read in: the list's own, or its reverse for `before`. */
export function keysetOrder(
  sort: { field: string; order: 'asc' | 'desc' },
  cursor: Cursor | null | undefined,
): { field: string; order: 'asc' | 'desc'; id: 'asc' | 'desc' } {
  const back = cursor?.dir === 'before';
  const flip = (o: 'asc' | 'desc') => (back ? (o === 'asc' ? 'desc' : 'asc') : o);
  return { field: sort.field, order: flip(sort.order), id: flip('desc') };
}

/** The `next` and `prev` cursors of a page of `records` (in list order) sorted on `field`, or {} when none. */
export function pageCursors(spec: TableSpec, field: string, records: EntityRecord[]): { next?: string; prev?: string } {
  if (!records.length || !keysetSortable(spec, field)) return {};
  const col = spec.columns.find((c) => c.name === field);
  const of = (r: EntityRecord) => encodeCursor(field === 'id' ? r.id : col ? toColumn(col, r[field]) : r[field], Number(r.id));
  return { prev: of(records[0]), next: of(records[records.length - 1]) };
}
