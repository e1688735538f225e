/**
 * What a work-list call's body asks for (the lists of ./lists.ts, 督办 of ./supervise.ts, the areas' lists built on
 * them): paging (`current`, `pageSize` ≤ FLOW_LIST_MAX), the keyword, the `flows` / `area` filters and the
 * date, overdue, read and status filters, each read leniently where a missing value means "all" and refused
 * (the caller's -1 naming the field) where its shape is wrong.
 */

/** Largest page of a work list. */
export const FLOW_LIST_MAX = 100;

/** Kinds of work list. */
export type FlowListKind = 'todo' | 'done' | 'cc' | 'sent' | 'drafts';

/** Paging of a list body. */
export function paging(body: { current?: unknown; pageSize?: unknown }): { current: number; pageSize: number } {
  const pageSize = Math.min(FLOW_LIST_MAX, Math.max(1, Math.trunc(Number(body.pageSize ?? 20)) || 20));
  const current = Math.max(1, Math.trunc(Number(body.current ?? 1)) || 1);
  return { current, pageSize };
}

/**
 * The body of a work list: paging, keyword, and `flows` (flow ids: only their items) or `area` (only the
 * items of the area's flows, whose ids are `<area>.<name>`).
 */
export interface ListBody {
  current?: unknown;
  pageSize?: unknown;
  keyword?: unknown;
  flows?: unknown;
  area?: unknown;
  from?: unknown;
  to?: unknown;
  overdue?: unknown;
  read?: unknown;
  status?: unknown;
}

/** The filters of a work list besides keyword and flows (see the module comment); all optional. */
export interface ListFilters {
  /** Epoch ms, inclusive: the list's date (received, handled, started, saved) at or after. */
  from?: number;
  /** Epoch ms, inclusive: at or before. */
  to?: number;
  /** todo, supervise: only overdue items. */
  overdue?: boolean;
  /** cc: only read or only unread items. */
  read?: 'read' | 'unread';
  /** supervise: instance status (default running; `all` = every submitted one). */
  status?: 'running' | 'finished' | 'rejected' | 'withdrawn' | 'all';
  /** The reader's clearance (密级, DESIGN §7): items classified above it are left out. Set by the server, never from the body. */
  clearance?: number;
}

const FILTER_STATUS = ['running', 'finished', 'rejected', 'withdrawn', 'all'] as const;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The filters of `body`; a value of the wrong shape throws `bad(field)` (the caller's -1 naming the field).
 * A range whose `to` is before `from` is refused as `to`.
 */
export function listFilters(body: ListBody, bad: (field: string) => Error): ListFilters {
  const out: ListFilters = {};
  for (const k of ['from', 'to'] as const) {
    const v = body[k];
    if (blank(v)) continue;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) throw bad(k);
    out[k] = n;
  }
  if (out.from !== undefined && out.to !== undefined && out.to < out.from) throw bad('to');
  if (!blank(body.overdue)) {
    if (![true, false, 1, 0, '1', '0', 'true', 'false'].includes(body.overdue as never)) throw bad('overdue');
    out.overdue = body.overdue === true || body.overdue === 1 || body.overdue === '1' || body.overdue === 'true';
  }
  if (!blank(body.read)) {
    if (body.read !== 'read' && body.read !== 'unread') throw bad('read');
    out.read = body.read;
  }
  if (!blank(body.status)) {
    if (!FILTER_STATUS.includes(body.status as never)) throw bad('status');
    out.status = body.status as ListFilters['status'];
  }
  return out;
}

/** The `flows` filter of a body: at most 50 ids, or null for all. */
export function flowsOf(body: ListBody): string[] | null {
  const f = body.flows;
  const list = (Array.isArray(f) ? f : typeof f === 'string' && f ? f.split(',') : []).filter(
    (x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 128,
  );
  return list.length ? list.slice(0, 50) : null;
}

/** The `area` filter of a body (an area id: letters, digits, _ and -), or null. */
export function areaOf(body: ListBody): string | null {
  return typeof body.area === 'string' && /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/.test(body.area) ? body.area : null;
}

/** A keyword as a LIKE pattern (a % or _ typed in it matches loosely: harmless in a title search). */
export const like = (k: string) => `%${k}%`;

/** The keyword of a body, trimmed, at most 100 characters ('' for none). */
export function keywordOf(body: ListBody): string {
  return typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 100) : '';
}
