/**
 * The page bundles (Template/page) this tab has loaded: in memory for this page load, and in sessionStorage for a
 * reload of the tab (per session: the key holds the session's uuid, and the language). engine/data/api.ts loadPage
 * fills and revalidates it; EnginePage renders a kept bundle at once.
 */
import type { PageBundle } from '../schema/bundle';
import { host } from '../host';

/** A page by route or by id (with the flow instance whose form revision it pins). */
export type PageRef = { route: string } | { id: string; instanceId?: number };

const memory = new Map<string, PageBundle>();
/** sessionStorage prefix of the kept bundles. */
const STORED_PAGE = 'oa_page|';

/** The cache key of `ref`: session uuid, language, route or id. */
export function pageKey(ref: PageRef): string {
  const at = 'id' in ref ? `id:${ref.id}${ref.instanceId ? `@${ref.instanceId}` : ''}` : `route:${ref.route}`;
  return `${host().session().uuid ?? ''}|${host().i18n.language}|${at}`;
}

/** The bundle kept under `key` (memory, else sessionStorage), or undefined. */
export function keptPage(key: string): PageBundle | undefined {
  let kept = memory.get(key);
  if (!kept) {
    try {
      const text = sessionStorage.getItem(STORED_PAGE + key);
      kept = text ? (JSON.parse(text) as PageBundle) : undefined;
    } catch {
      kept = undefined;
    }
    if (kept) memory.set(key, kept);
  }
  return kept;
}

/** Keeps `bundle` under `key`, in memory and (when there is room) in sessionStorage. */
export function keepPage(key: string, bundle: PageBundle): void {
  memory.set(key, bundle);
  try {
    sessionStorage.setItem(STORED_PAGE + key, JSON.stringify(bundle));
  } catch {
    /* full or unavailable: the memory copy still serves this page load */
  }
}

/**
 * The bundle of a route or page id this tab loaded before (this page load, or an earlier one of the same session
 * and language), to render at once while loadPage revalidates it; undefined when there is none (or no host yet).
 */
export function cachedPage(ref: PageRef): PageBundle | undefined {
  try {
    return keptPage(pageKey(ref));
  } catch {
    return undefined;
  }
}
