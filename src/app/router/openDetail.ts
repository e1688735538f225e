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

/**
 * For a detail page whose path is known only after a call: reserves its browser tab now, while the click's
 * user activation lasts (browsers block `window.open` once an awaited call has taken a few seconds), and
 * answers a function that sends the reserved tab to the path, or closes it when given null. `samplePath`
 * is any path of the target route (it decides new tab or same tab as `openDetail` does, SPEC §2.2); without
 * a new tab, or when the browser refused one, the function navigates this tab instead.
 * @example const open = reserveDetailTab('/document/show/0'); try { open(path(await call())); } catch { open(null); }
 */
export function reserveDetailTab(samplePath: string, fromPathname: string = currentLocation().pathname): (path: string | null) => void {
  const sameTab = (path: string | null) => {
    if (path) void navigateTo(path);
  };
  if (!shouldOpenInNewTab(fromPathname, samplePath)) return sameTab;
  const tab = window.open('', '_blank');
  if (!tab) return sameTab;
  tab.opener = null;
  return (path) => {
    if (path) tab.location.href = new URL(appHref(path), window.location.href).href;
    else tab.close();
  };
}
