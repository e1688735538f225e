/**
 * Whether a menu path leads to a page that exists: its route has a registered shell page (./pages.ts), or a page
 * definition of its area (`page` in the route tree the server sends), or is a section or redirect reaching one.
 * A route with none of these would show the under-construction page, so its menu is not offered (the menu model,
 * src/app/layouts/menuModel.ts, hides it). Until the areas' route tree is loaded every path counts as existing, so
 * that the menu does not flicker empty after sign-in.
 */
import type { RouteNode } from '@shared/routes';
import { PAGES } from './pages';
import { areaRoutesLoaded, defaultChildPath, matchRoute } from './routeTable';

/** True when route `node` renders a page of its own (a shell page or an area page definition). */
export function hasPage(node: RouteNode): boolean {
  return !!(PAGES[node.key] ?? (node.bare ? PAGES[node.bare] : undefined)) || !!node.page;
}

/** True when `path` (a menu path) opens an existing page (see the module comment). */
export function routeOpens(path: string): boolean {
  if (!areaRoutesLoaded()) return true;
  let node = matchRoute(path.split(/[?#]/)[0]);
  // A section or a redirect leads on to its first page: follow at most a few hops.
  for (let hops = 0; node && hops < 4; hops++) {
    if (hasPage(node)) return true;
    const next = node.redirect ?? (node.children?.length ? defaultChildPath(node) : undefined);
    node = next ? matchRoute(next) : undefined;
  }
  return false;
}
