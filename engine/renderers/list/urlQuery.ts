/**
 * A list page opened with a query (a chart's drill-down, engine/renderers/ChartPage.tsx): the route's URL carries
 * `keyword` and `filters` (JSON, as the list request's: field → value, [from, to] or {op, value}), which the list
 * applies on opening and shows in its filter form. Pure but for reading the host's location.
 */
import dayjs from 'dayjs';
import { host } from '../../host';
import type { ListFilter } from '../../schema/types';
import { orgTime } from '../time';
import type { FilterValues } from './model';

/** What a list URL carries. */
export interface ListUrlQuery {
  keyword?: string;
  filters?: Record<string, unknown>;
}

/** `route` with `q` as its query (`/charttest/list?filters=%7B…%7D`). */
export function listUrl(route: string, q: ListUrlQuery): string {
  const sp = new URLSearchParams();
  if (q.keyword) sp.set('keyword', q.keyword);
  if (q.filters && Object.keys(q.filters).length) sp.set('filters', JSON.stringify(q.filters));
  const s = sp.toString();
  return s ? `${route}?${s}` : route;
}

/** The query of a location's search text (`?filters=…&keyword=…`); a malformed `filters` is ignored. */
export function listQueryOf(search: string): ListUrlQuery {
  const sp = new URLSearchParams(search);
  const out: ListUrlQuery = {};
  const keyword = sp.get('keyword')?.trim();
  if (keyword) out.keyword = keyword;
  const raw = sp.get('filters');
  if (raw) {
    try {
      const f = JSON.parse(raw) as unknown;
      if (f && typeof f === 'object' && !Array.isArray(f)) out.filters = f as Record<string, unknown>;
    } catch {
      /* a hand-edited URL: no filters */
    }
  }
  return out;
}

/** The query of the current location (none without a host, e.g. a list rendered in a test). */
export function currentListQuery(): ListUrlQuery {
  try {
    return listQueryOf(host().location().search);
  } catch {
    return {};
  }
}

/** The filter form's values (by filter id) showing `q`: the keyword box, a field's value, a range as two days. */
export function filterValuesOf(filters: ListFilter[] | undefined, q: ListUrlQuery): FilterValues {
  const out: FilterValues = {};
  for (const f of filters ?? []) {
    if (f.field === '$keyword') {
      if (q.keyword) out[f.id] = q.keyword;
      continue;
    }
    const v = q.filters?.[f.field];
    if (v === undefined || v === null) continue;
    if (f.op === 'between' && Array.isArray(v)) out[f.id] = v.map((x) => (x === null || x === '' ? null : dayjs(orgTime(x)?.format('YYYY-MM-DD'))));
    else if (f.op === 'in') out[f.id] = Array.isArray(v) ? v : [v];
    else if (!Array.isArray(v) && typeof v !== 'object') out[f.id] = v;
  }
  return out;
}
