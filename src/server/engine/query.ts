/**
 * The list query of the generic entity API: paging, keyword, filters and sort from the body
 * of `/api/<group>/list`, checked against the entity (only model fields and a few system fields can
 * be filtered or sorted; anything else is -1 naming it).
 *
 * Body: `{current?: 1, pageSize?: 20 (max 200), keyword?, filters?: {field: value | [from, to] |
 * {op, value}}, sort?: {field, order: 'asc'|'desc'|'ascend'|'descend'}, range?: {start, end?, from, to}, after?, before?}`;
 * `filters` and `sort` may also come as JSON strings (form-encoded bodies). `range` keeps the records whose
 * span [start, end] meets the window [from, to) (a calendar's visible range; ./range.ts). `after` / `before` are
 * the `next` / `prev` cursors of a page answered before (./cursor.ts): the page next to it, read without OFFSET.
 */
import type { EntityDef } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { toColumn } from './codec.js';
import { INT_MAX } from './validation.js';
import { parseRange } from './range.js';
import { parseCursor, type Cursor } from './cursor.js';
import type { TableSpec } from './table.js';
import type { LabelColumns } from './records.js';
import type { EntityRecord } from './codec.js';
import type { RefNames } from './refs.js';

/** Page size when the body gives none. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page size a list answers; also the most values of an `in` filter. */
export const MAX_PAGE_SIZE = 200;

/** System fields a list may filter and sort on besides the model fields. */
export const QUERYABLE_SYSTEM_FIELDS = ['id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'owner_dept_id'];

/** Operators of a filter condition. */
export type FilterOp = 'eq' | 'ne' | 'like' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'overlap';
const OPS: FilterOp[] = ['eq', 'ne', 'like', 'in', 'gt', 'gte', 'lt', 'lte', 'between'];

/** One condition on one column (value already in column form). */
export interface Condition {
  field: string;
  op: FilterOp;
  value: unknown;
  /** A reference field's label filter (`like` only): the column holds an id of `table` whose `column` matches. */
  label?: { table: string; column: string };
}

/** A checked list query. */
export interface ListQuery {
  current: number;
  pageSize: number;
  keyword: string | null;
  conditions: Condition[];
  sort: { field: string; order: 'asc' | 'desc' };
  /** Keyset paging: the rows after or before a cursor (./cursor.ts) instead of OFFSET; `current` then only counts. */
  cursor?: Cursor | null;
}

/** The body of `/api/<group>/list` as it arrives (JSON or form-encoded; see the file comment). */
export interface ListBody {
  current?: number;
  pageSize?: number;
  keyword?: string;
  filters?: unknown;
  sort?: unknown;
  /** A list page id; with it the answer carries only the columns the page needs (./listPage.ts). */
  page?: unknown;
  /** A view id of `page`, whose `where` applies. */
  view?: unknown;
  /** The records whose span meets a window (./range.ts). */
  range?: unknown;
  /** A page's `next` cursor: the page after it (./cursor.ts). */
  after?: unknown;
  /** A page's `prev` cursor: the page before it. */
  before?: unknown;
  /** Field names the answer carries besides the page's columns (./listPage.ts). */
  fields?: unknown;
}

/** The answer of `/list` (./service.ts `list`). */
export interface ListAnswer {
  list: EntityRecord[];
  total: number;
  /** True when `total` is an estimate (PostgreSQL, more than TOTAL_ESTIMATE_MIN rows; ./totals.ts). */
  totalEstimated?: true;
  /** Cursor of the page after this one (body `after`), and of the page before it (body `before`). */
  next?: string;
  prev?: string;
  refs: RefNames;
}

function parseJson(v: unknown, field: string, locale: Locale): unknown {
  if (typeof v !== 'string') return v;
  if (!v.trim()) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    throw badInput(translate(locale, 'error.badParam', { field }));
  }
}

/**
 * Checks and normalises a list body against `def`; throws ApiError -1 naming a bad field. `labels`: the label
 * columns of reference fields (./records.ts), whose text or `like` filters match the referenced record's label.
 */
export function parseListQuery(def: EntityDef, spec: TableSpec, body: ListBody, locale: Locale, labels?: LabelColumns): ListQuery {
  const cols = new Map(spec.columns.map((c) => [c.name, c]));
  const queryable = (f: string) => f in def.model.properties || QUERYABLE_SYSTEM_FIELDS.includes(f);
  const unknown = (f: string) => badInput(translate(locale, 'entity.unknownField', { field: f }));
  const conditions: Condition[] = [];
  const filters = parseJson(body.filters, 'filters', locale);
  if (filters != null) {
    if (typeof filters !== 'object' || Array.isArray(filters)) throw badInput(translate(locale, 'error.badParam', { field: 'filters' }));
    for (const [field, raw] of Object.entries(filters as Record<string, unknown>)) {
      if (!queryable(field)) throw unknown(field);
      if (raw === undefined || raw === null || raw === '') continue;
      const col = cols.get(field)!;
      const bad = () => badInput(translate(locale, 'error.badParam', { field }));
      const label = labels?.[field];
      const text =
        typeof raw === 'string' && !/^\s*\d+\s*$/.test(raw)
          ? raw
          : (raw as { op?: string; value?: unknown })?.op === 'like'
            ? (raw as { value?: unknown }).value
            : undefined;
      if (label && text !== undefined) {
        if (typeof text !== 'string' && typeof text !== 'number') throw bad();
        if (String(text).trim()) conditions.push({ field, op: 'like', value: String(text).trim(), label });
        continue;
      }
      // A filter value must fit its column (an integer column never meets 'abc'): else -1 naming the field.
      const conv = (v: unknown): unknown => {
        if (col.codec === 'json') return typeof v === 'string' ? v : JSON.stringify(v);
        if (col.codec === 'boolean') return toColumn(col, v);
        if (typeof v === 'object') throw bad();
        if (col.family === 'text') return String(v);
        const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
        if (!Number.isFinite(n)) throw bad();
        if (col.family !== 'numeric' && (!Number.isInteger(n) || Math.abs(n) > (col.family === 'bigint' ? Number.MAX_SAFE_INTEGER : INT_MAX))) throw bad();
        return n;
      };
      let op: FilterOp;
      let value: unknown;
      if (Array.isArray(raw)) {
        if (raw.length > 2) throw bad();
        op = 'between';
        value = [raw[0] ?? null, raw[1] ?? null].map((v) => (v === null || v === '' ? null : conv(v)));
      } else if (typeof raw === 'object') {
        const o = raw as { op?: string; value?: unknown };
        if (!OPS.includes(o.op as FilterOp)) throw badInput(translate(locale, 'error.badParam', { field: `${field}.op` }));
        op = o.op as FilterOp;
        if (op === 'like' && col.family !== 'text') throw bad();
        if (o.value === undefined || o.value === null || o.value === '') continue;
        if (op === 'in' || op === 'between') {
          if (!Array.isArray(o.value) || o.value.length > MAX_PAGE_SIZE) throw bad();
          value = o.value.map((v) => (v === null || v === '' ? null : conv(v)));
          if (op === 'in' && !(value as unknown[]).length) continue;
        } else value = op === 'like' ? String(o.value) : conv(o.value);
      } else {
        op = col.family === 'text' && col.codec === 'json' ? 'like' : 'eq';
        value = op === 'like' ? String(raw) : conv(raw);
      }
      conditions.push({ field, op, value });
    }
  }
  const range = parseRange(def, body.range, locale);
  if (range) conditions.push(range);
  let sort: ListQuery['sort'] = { field: 'id', order: 'desc' };
  const s = parseJson(body.sort, 'sort', locale) as { field?: string; order?: string } | undefined;
  if (s && typeof s === 'object' && s.field) {
    if (!queryable(s.field)) throw unknown(s.field);
    const order = String(s.order ?? 'asc').toLowerCase();
    sort = { field: s.field, order: order === 'desc' || order === 'descend' ? 'desc' : 'asc' };
  }
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(Number(body.pageSize ?? DEFAULT_PAGE_SIZE)) || DEFAULT_PAGE_SIZE));
  const current = Math.max(1, Math.trunc(Number(body.current ?? 1)) || 1);
  const keyword = typeof body.keyword === 'string' && body.keyword.trim() ? body.keyword.trim() : null;
  const cursor = parseCursor(body, spec, sort.field, locale);
  return { current, pageSize, keyword, conditions, sort, cursor };
}
