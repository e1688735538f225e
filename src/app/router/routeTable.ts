/**
 * Lookups over the shared route table (src/shared/routes.ts, SPEC §2.2, §2.3). Pure functions.
 */
import { matchPath } from 'react-router-dom';
import { SECTIONS, TOP_ROUTES, flattenRoutes, menuPathOf, type RouteNode } from '@shared/routes';

/** Every route: sections, their children, then the top routes. */
export const ALL_ROUTES: RouteNode[] = flattenRoutes([...SECTIONS, ...TOP_ROUTES]);

/** The console path, root of the shell (SPEC §2.1 "Root / redirects to the dashboard console"). */
export const CONSOLE_PATH = '/dashboard/console';

/** Paths of the utility routes that never become tabs. */
export const UTILITY_PATHS = ['/refresh', '/redirect'];

const byMenuPath = new Map<string, RouteNode>();
for (const r of ALL_ROUTES) if (!r.path.includes(':') && !r.path.includes('*')) byMenuPath.set(r.path, r);

/** The route node matching `pathname` (case-sensitive, trailing slash ignored), or undefined. */
export function matchRoute(pathname: string): RouteNode | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = byMenuPath.get(p);
  if (exact) return exact;
  for (const r of ALL_ROUTES) {
    if (matchPath({ path: r.path, end: true, caseSensitive: true }, p)) return r;
  }
  return undefined;
}

/** The section (top-level route) a route belongs to, by its first path segment. */
export function sectionOf(node: RouteNode): RouteNode | undefined {
  const seg = node.path.split('/')[1];
  return SECTIONS.find((s) => s.path === `/${seg}`);
}

/** True when a route renders a page of its own in the shell (and so becomes a tab). */
export function isTabRoute(node: RouteNode | undefined): node is RouteNode {
  if (!node || node.standalone || node.public || node.redirect) return false;
  if (UTILITY_PATHS.includes(menuPathOf(node.path))) return false;
  if (node.children?.length && !node.bare) return false;
  return true;
}

/** The first child of a section a bare section path falls through to when it has no `redirect`. */
export function defaultChildPath(node: RouteNode): string | undefined {
  if (node.redirect) return node.redirect;
  const child = node.children?.find((c) => !c.hidden && !c.standalone && !c.path.includes(':'));
  return child?.path;
}

/** The title key (namespace `route`) of a route: its `bare` page key when it has one, else its key. */
export function titleKeyOf(node: RouteNode): string {
  return node.bare ?? node.key;
}

/** Tab identity of a location: the pathname (search changes stay in the same tab). */
export function tabIdOf(fullPath: string): string {
  const p = fullPath.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
