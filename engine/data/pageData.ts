/**
 * A page's data asked for together with its definition: when the router opens a route whose bundle this tab keeps
 * (./pageCache.ts), the list page's opening request (`<group>/list`, page 1 of its first view) starts at once, while
 * the definition revalidates, instead of after the page's code has loaded and rendered. The list page
 * (engine/renderers/list/useListData.ts) takes that answer for its first load when its request is the same one.
 */
import type { ListPageDef } from '../schema/types';
import { loadPage, resource, type ListAnswer, type ListParams } from './api';
import { cachedPage } from './pageCache';

/** An early list request: its key (see {@link listRequestKey}), the answer, and its value once it has come. */
export interface EarlyList {
  key: string;
  answer: Promise<ListAnswer>;
  value?: ListAnswer;
  /** When it was started (ms since epoch). */
  at: number;
  /** A list page has used it (or made it itself): the router does not ask again. */
  taken?: boolean;
}

/** An early answer older than this is not used (ms): the page asks again. */
export const EARLY_LIST_MS = 10_000;

const early = new Map<string, EarlyList>();

/** A key naming the request `params` of API group `group`: the same request gives the same key whatever its key order. */
export function listRequestKey(group: string, params: ListParams): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;
  return `${group}|${JSON.stringify(sorted(params))}`;
}

/** The request a list page makes when it opens without a URL query: page 1 of its first view, its page size and sort. */
export function openingListParams(page: ListPageDef, pageSize?: number): ListParams {
  const view = page.views?.[0]?.id;
  return {
    current: 1,
    pageSize: pageSize ?? page.pageSize ?? 20,
    page: page.id,
    ...(view ? { view } : {}),
    ...(page.sort ? { sort: page.sort } : {}),
  };
}

/**
 * Starts what the page at `route` needs: its definition (loadPage, revalidated by ETag) and, when this tab keeps
 * the route's bundle and it is a plain list page (no tree beside it) opened without a URL query (`search`), its
 * opening list request. Errors are the page's to show: nothing is thrown here.
 */
export function prefetchRoute(route: string, search = ''): void {
  void loadPage({ route }).catch(() => undefined);
  const kept = cachedPage({ route });
  const page = kept?.page;
  if (!page || page.pageKind !== 'list' || page.tree || !kept.entity) return;
  const sp = new URLSearchParams(search);
  if (sp.has('keyword') || sp.has('filters')) return;
  const params = openingListParams(page);
  const key = listRequestKey(kept.entity.group, params);
  // the page rendered first (its code and bundle at hand) and asked itself
  if (fresh(early.get(key))) return;
  const entry: EarlyList = { key, at: Date.now(), answer: resource(kept.entity.group, kept.entity).list(params) };
  entry.answer.then(
    (v) => (entry.value = v),
    () => early.delete(key),
  );
  early.set(key, entry);
}

const fresh = (e: EarlyList | undefined): e is EarlyList => !!e && Date.now() - e.at < EARLY_LIST_MS;

/**
 * The early request of `group` with `params` not yet used, unless it is older than EARLY_LIST_MS. A render may be
 * dropped (Suspense), so this only looks: the list page marks it `taken` once its first load commits.
 */
export function peekEarlyList(group: string, params: ListParams): EarlyList | undefined {
  const entry = early.get(listRequestKey(group, params));
  return fresh(entry) && !entry.taken ? entry : undefined;
}

/** Notes a list page's own first request (`answer`), so that the router, coming after, does not ask it again. */
export function noteListLoad(group: string, params: ListParams, answer: Promise<ListAnswer>): void {
  const key = listRequestKey(group, params);
  early.set(key, { key, answer, at: Date.now(), taken: true });
}
