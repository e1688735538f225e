/**
 * The base path the server serves the app under ('/' by default, '/zwoa/' in production, SPEC §7).
 * The server injects `window.__BASE_PATH__` and `<base href>` into index.html.
 */
declare global {
  interface Window {
    __BASE_PATH__?: string;
  }
}

/** Normalises a base path to the '/x/' form ('' and '/' give '/'). */
export function normaliseBase(p: string | undefined | null): string {
  const trimmed = (p ?? '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** The base path with a trailing slash: '/' or '/zwoa/'. */
export function basePath(): string {
  return normaliseBase(typeof window === 'undefined' ? '/' : window.__BASE_PATH__);
}

/** The router basename: '/' or '/zwoa' (no trailing slash). */
export function routerBasename(): string {
  const b = basePath();
  return b === '/' ? '/' : b.replace(/\/$/, '');
}

/** An absolute URL path for an in-app path: `appHref('/document/show/1')` → '/zwoa/document/show/1'. */
export function appHref(path: string): string {
  return basePath() + path.replace(/^\/+/, '');
}
