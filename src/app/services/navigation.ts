/**
 * Navigation for code outside React (http layer, auth): the router registers its navigate function;
 * before that, or without one, the browser location is used.
 */
import { appHref, basePath } from '../utils/basePath';

type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let nav: Navigate | null = null;

/** Registers the router's navigate function. */
export function setNavigator(fn: Navigate | null): void {
  nav = fn;
}

/** Navigates to an in-app path (without the base path); resolves once the router has moved. */
export async function navigateTo(to: string, opts?: { replace?: boolean }): Promise<void> {
  if (nav) await nav(to, opts);
  else window.location.assign(appHref(to));
}

/** The current in-app location (pathname without the base path, plus search). */
export function currentLocation(): { pathname: string; search: string } {
  const base = basePath();
  let p = window.location.pathname;
  if (base !== '/' && (p + '/').startsWith(base)) p = '/' + p.slice(base.length);
  return { pathname: p || '/', search: window.location.search };
}
