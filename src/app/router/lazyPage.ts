/**
 * Lazy pages with the chunk-load handling of SPEC §4 / §8: an import that fails or takes longer than
 * 120 s is an error; the first such failure retries the navigation once by reloading the route.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@shared/constants';
import { logFront } from '../services/frontLog';

const RETRY_KEY = 'oa_chunk_retry';

/** Rejects when `p` does not settle within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timeout after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** True for the errors a failed dynamic import produces. */
export function isChunkLoadError(err: unknown): boolean {
  const m = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError|chunk load timeout|error loading dynamically/i.test(m);
}

/** Retries the current navigation once (reload); returns false when this page already retried. */
export function retryNavigationOnce(): boolean {
  try {
    const at = window.location.pathname + window.location.search;
    if (sessionStorage.getItem(RETRY_KEY) === at) return false;
    sessionStorage.setItem(RETRY_KEY, at);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * `React.lazy` with the timeout and the single retry. Usage:
 * `const Page = lazyPage(() => import('./Page'))` where the module's default export is the page.
 */
export function lazyPage<P extends object = object>(loader: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const mod = await withTimeout(loader());
      try {
        sessionStorage.removeItem(RETRY_KEY);
      } catch {
        /* ignore */
      }
      return mod;
    } catch (err) {
      logFront({ kind: 'chunk', message: err instanceof Error ? err.message : String(err), url: window.location.pathname });
      if (retryNavigationOnce()) return new Promise<never>(() => {});
      throw err;
    }
  });
}
