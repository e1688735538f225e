/**
 * Lookups over the route table (SPEC §2.2, §2.3): the shell's own routes (src/shared/routes.ts, static) merged with
 * the areas' route tree the server sends after sign-in (Menu/routes, src/shared/routeTree.ts). Until that tree is
 * set, only the shell's routes are known (`areaRoutesLoaded()` is false and the guard waits before deciding 404).
 * The table lives in this module so that plain functions (guard, openDetail, titles) can read it; components
 * re-render on a change through `routeTreeAtom` (stores/routes.ts).
 */
import { matchPath } from 'react-router-dom';
import { SHELL_SECTIONS, TOP_ROUTES, flattenRoutes, menuPathOf, type RouteNode } from '@shared/routes';
import { mergeSections, type RouteTree } from '@shared/routeTree';

/** The console path, root of the shell (SPEC §2.1 "Root / redirects to the dashboard console"). */
export const CONSOLE_PATH = '/dashboard/console';

/** Paths of the utility routes that never become tabs. */
export const UTILITY_PATHS = ['/refresh', '/redirect'];

interface Table {
  sections: RouteNode[];
  all: RouteNode[];
  byMenuPath: Map<string, RouteNode>;
  loaded: boolean;
}

function makeTable(sections: RouteNode[], loaded: boolean): Table {
  const all = flattenRoutes([...sections, ...TOP_ROUTES]);
  const byMenuPath = new Map<string, RouteNode>();
  for (const r of all) if (!r.path.includes(':') && !r.path.includes('*')) byMenuPath.set(r.path, r);
  return { sections, all, byMenuPath, loaded };
}

let table = makeTable(mergeSections(SHELL_SECTIONS, []), false);

/**
 * Sets the areas' route tree (answer of Menu/routes) merged with the shell's sections; `null` forgets it (only the
 * shell's routes stay). Callers bump `routeTreeAtom` so that the router re-renders.
 */
export function setAreaRoutes(tree: RouteTree | null): void {
  table = makeTable(mergeSections(SHELL_SECTIONS, tree?.sections ?? []), tree !== null);
}

/** Whether the areas' route tree has been set (after sign-in). */
export function areaRoutesLoaded(): boolean {
  return table.loaded;
}

/** Every section in menu order: the shell's and the areas'. */
export function allSections(): RouteNode[] {
  return table.sections;
}

/** Every route: sections, their children, then the top routes. */
export function allRoutes(): RouteNode[] {
  return table.all;
}

/** The route node matching `pathname` (case-sensitive, trailing slash ignored), or undefined. */
export function matchRoute(pathname: string): RouteNode | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = table.byMenuPath.get(p);
  if (exact) return exact;
  for (const r of table.all) {
    if (matchPath({ path: r.path, end: true, caseSensitive: true }, p)) return r;
  }
  return undefined;
}

/** The section (top-level route) a route belongs to, by its first path segment. */
export function sectionOf(node: RouteNode): RouteNode | undefined {
  const seg = node.path.split('/')[1];
  return table.sections.find((s) => s.path === `/${seg}`);
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
