/**
 * Opening detail and draft pages (SPEC §2.2): a route flagged `newTab` opens in a new browser tab when
 * reached from a list page inside the shell, and in the same tab when coming from login or from another
 * detail page.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { appHref } from '../utils/basePath';
import { matchRoute, tabIdOf } from './routeTable';
import { currentLocation, navigateTo } from '../services/navigation';

/** True when going from `fromPathname` to `targetPath` opens a new browser tab. */
export function shouldOpenInNewTab(fromPathname: string, targetPath: string): boolean {
  const target = matchRoute(tabIdOf(targetPath));
  if (!target?.newTab) return false;
  const from = matchRoute(tabIdOf(fromPathname));
  if (!from || from.public || from.newTab || from.standalone) return false;
  return true;
}

/**
 * Opens `path` in a new browser tab (base path included) — a plain helper for code that decided already.
 */
export function openInNewBrowserTab(path: string): void {
  window.open(appHref(path), '_blank', 'noopener');
}

/**
 * Hook returning `openDetail(path)`: a new browser tab from a list page, the same tab otherwise.
 * @example const openDetail = useOpenDetail(); openDetail(`/document/show-audit/${id}`);
 */
export function useOpenDetail(): (path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (path: string) => {
      if (shouldOpenInNewTab(pathname, path)) openInNewBrowserTab(path);
      else navigate(path);
    },
    [navigate, pathname],
  );
}

/**
 * `openDetail(path)` for code outside components: decides from the current location (SPEC §2.2) and
 * opens a new browser tab or navigates in this one.
 */
export function openDetail(path: string, fromPathname: string = currentLocation().pathname): void {
  if (shouldOpenInNewTab(fromPathname, path)) openInNewBrowserTab(path);
  else void navigateTo(path);
}
