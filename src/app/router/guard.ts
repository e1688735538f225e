/**
 * The route guard of SPEC §2.1, §5 and §8 as a pure decision: token, the user's menus and the route
 * → allow, login (with a redirect), 403 or 404.
 */
import type { MenuNode } from '@shared/types';
import { ALWAYS_ALLOWED, menuPathOf, type RouteNode } from '@shared/routes';
import { allowedMenuPaths } from '../layouts/menuModel';
import { areaRoutesLoaded, matchRoute } from './routeTable';

/** What the guard knows about the signed-in user. */
export interface GuardUser {
  is_admin: boolean;
  menu: MenuNode[];
  menu_my: MenuNode[];
}

/** Input of {@link guardDecision}. */
export interface GuardInput {
  pathname: string;
  search?: string;
  /** The session token (cookie admin-token); undefined or 'undefined' means none (SPEC §4). */
  token?: string | null;
  /** The loaded user; null/undefined while it loads. */
  user?: GuardUser | null;
  /** Whether the areas' route tree is loaded (default: the route table's state); until then an unknown path waits. */
  routesReady?: boolean;
}

/** Outcome of the guard. */
export type GuardDecision =
  | { kind: 'allow'; route?: RouteNode }
  | { kind: 'login'; to: string }
  | { kind: '403' }
  | { kind: '404' }
  /** A token but the user info (or, for a path not known yet, the areas' route tree) is not loaded: wait, then ask again. */
  | { kind: 'wait' };

/** The login location that brings the user back to `pathname + search` afterwards. */
export function loginRedirect(pathname: string, search = ''): string {
  const back = pathname + search;
  if (!back || back === '/' || pathname.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/** True when `route` is in the user's menu ∪ menu_my ∪ ALWAYS_ALLOWED (hidden menu items count). */
export function routeInMenu(route: RouteNode, allowed: Set<string>): boolean {
  const mp = menuPathOf(route.path);
  if (ALWAYS_ALLOWED.includes(mp) || allowed.has(mp)) return true;
  // A bare section path is allowed when one of its children is.
  if (route.children?.length) return route.children.some((c) => allowed.has(menuPathOf(c.path)));
  return false;
}

/** Decides what happens with a navigation to `pathname` (SPEC §2.1 access rules). */
export function guardDecision({ pathname, search = '', token, user, routesReady = areaRoutesLoaded() }: GuardInput): GuardDecision {
  const route = matchRoute(pathname);
  if (route?.public) return { kind: 'allow', route };
  const hasToken = !!token && token !== 'undefined' && token !== 'null';
  if (!hasToken) return { kind: 'login', to: loginRedirect(pathname, search) };
  if (pathname === '/' || pathname === '') return { kind: 'allow' };
  // A deep link (reload on /affair/show-audit/7) is an area route the server has not sent yet: not a 404.
  if (!route && !routesReady) return { kind: 'wait' };
  if (!route) return { kind: '404' };
  if (!user) return { kind: 'wait' };
  if (route.admin && !user.is_admin) return { kind: '403' };
  // An item of a flow (approval page, 阅办单): whoever the flow involves may open it; flow/info refuses the others.
  if (route.participants && /\/\d+(\/|$)|[?&]id=\d/.test(pathname + search)) return { kind: 'allow', route };
  return routeInMenu(route, allowedMenuPaths(user.menu, user.menu_my)) ? { kind: 'allow', route } : { kind: '403' };
}
