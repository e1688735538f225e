/**
 * State and loading of a list page: view, filters, page, page size and sort make the list
 * request (`<group>/list` with the page id, so the server applies the view and answers only the page's
 * columns); the answer's rows, total and refs, loading and the error of the last load. The next and previous
 * pages are asked by the cursors of the page shown (keyset paging), any other page by its number. The first load
 * takes the answer the router asked for early (engine/data/pageData.ts) when it is the same request: already come,
 * the rows show on the first render.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListPageDef } from '../../schema/types';
import { resource, type EntityRecord, type ListAnswer, type ListParams, type RefNames } from '../../data/api';
import { listRequestKey, noteListLoad, peekEarlyList } from '../../data/pageData';
import type { SortState } from './columns';
import type { CallsOwner } from '../../schema/entityCalls';

/** The query part of the list state. */
export interface ListQueryState {
  view?: string;
  keyword?: string;
  filters?: Record<string, unknown>;
  current: number;
  pageSize: number;
  sort?: SortState;
  /** Cursor of the page asked (`after` the page before it, or `before` the page after it). */
  after?: string;
  before?: string;
}

/** What {@link useListData} gives the page. */
export interface ListData {
  query: ListQueryState;
  /** Merges a change into the query; filters, view or sort changes go back to page 1. */
  update: (change: Partial<ListQueryState>) => void;
  rows: EntityRecord[];
  total: number;
  /** The total is the server's estimate (shown as about so many). */
  totalEstimated: boolean;
  /** Goes to page `n`: by cursor when it is next to the page shown, else by number. */
  goTo: (n: number) => void;
  refs: RefNames;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** The request of the current query (also used by export). */
  params: ListParams;
}

const NO_REFS: RefNames = { users: {}, depts: {} };

type Answer = { rows: EntityRecord[]; total: number; refs: RefNames; estimated?: boolean; next?: string; prev?: string };

const answerOf = (r: ListAnswer): Answer => ({
  rows: r.list,
  total: r.total,
  refs: r.refs ?? NO_REFS,
  estimated: r.totalEstimated === true,
  next: r.next,
  prev: r.prev,
});

/** The list request of `query` on page `pageId`, `fixed` filters applied over the form's. */
function requestOf(query: ListQueryState, pageId: string, fixed: Record<string, unknown> | undefined, fixedKey: string): ListParams {
  return {
    current: query.current,
    pageSize: query.pageSize,
    page: pageId,
    ...(query.view ? { view: query.view } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.filters || fixedKey ? { filters: { ...query.filters, ...fixed } } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
  };
}

/**
 * Loads the rows of list page `page` from API group `group` whenever the query changes. `fixed` filters
 * (a related list's parent record) apply to every request whatever the filter form says; `start` is the keyword
 * and filters the list opens with (a chart's drill-down, ./urlQuery.ts); `owner` the entity, whose `calls` may name
 * the list call.
 */
export function useListData(
  page: ListPageDef,
  group: string | undefined,
  fixed?: Record<string, unknown>,
  initialPageSize?: number,
  start?: { keyword?: string; filters?: Record<string, unknown> },
  owner?: CallsOwner | null,
): ListData {
  const [query, setQuery] = useState<ListQueryState>(() => ({
    view: page.views?.[0]?.id,
    ...(start?.keyword ? { keyword: start.keyword } : {}),
    ...(start?.filters ? { filters: start.filters } : {}),
    current: 1,
    pageSize: initialPageSize ?? page.pageSize ?? 20,
    sort: page.sort,
  }));
  const fixedKey = fixed && Object.keys(fixed).length ? JSON.stringify(fixed) : '';
  // the router's early request of this page, when it is this hook's first one
  // (`shown`: its answer had come and the first render shows it)
  const [{ early, shown }] = useState(() => {
    const e = group ? peekEarlyList(group, requestOf(query, page.id, fixed, fixedKey)) : undefined;
    return { early: e, shown: e?.value };
  });
  const [answer, setAnswer] = useState<Answer>(() => (shown ? answerOf(shown) : { rows: [], total: 0, refs: NO_REFS }));
  const [loading, setLoading] = useState(!shown);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);

  const params = useMemo<ListParams>(
    () => requestOf(query, page.id, fixed, fixedKey),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fixed` is compared by value (fixedKey)
    [query, page.id, fixedKey],
  );

  useEffect(() => {
    if (!group) return;
    const n = ++seq.current;
    const taken = n === 1 && early && !early.taken && !query.after && !query.before && early.key === listRequestKey(group, params) ? early : undefined;
    if (taken) taken.taken = true;
    if (taken && shown) return;
    setLoading(true);
    const cursor = query.after ? { after: query.after } : query.before ? { before: query.before } : {};
    let call = taken?.answer;
    if (!call) {
      call = resource(group, owner).list({ ...params, ...cursor });
      if (n === 1 && !query.after && !query.before) noteListLoad(group, params, call);
    }
    call.then(
      (r) => {
        if (n !== seq.current) return;
        // A page beyond the end (after deletes): go to the last page that has rows.
        if (!r.list.length && r.total > 0 && params.current! > 1) {
          setQuery((q) => ({ ...q, after: undefined, before: undefined, current: Math.max(1, Math.ceil(r.total / q.pageSize)) }));
          return;
        }
        setAnswer(answerOf(r));
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (n !== seq.current) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entity's calls change with its group only
  }, [group, params, tick]);

  const update = useCallback((change: Partial<ListQueryState>) => {
    setQuery((q) => {
      const resets = 'view' in change || 'keyword' in change || 'filters' in change || 'sort' in change || 'pageSize' in change;
      return { ...q, ...(resets ? { current: 1 } : {}), after: undefined, before: undefined, ...change };
    });
  }, []);
  const goTo = useCallback(
    (n: number) =>
      setQuery((q) => {
        const cursor = n === q.current + 1 && answer.next ? { after: answer.next } : n === q.current - 1 && n > 1 && answer.prev ? { before: answer.prev } : {};
        return { ...q, current: n, after: undefined, before: undefined, ...cursor };
      }),
    [answer.next, answer.prev],
  );
  const reload = useCallback(() => setTick((n) => n + 1), []);

  return {
    query,
    update,
    goTo,
    rows: answer.rows,
    total: answer.total,
    totalEstimated: answer.estimated === true,
    refs: answer.refs,
    loading,
    error,
    reload,
    params,
  };
}
