/**
 * Route objects rendered inside the shell (SPEC §2.3): the tab pages of every section, and the direct
 * routes that never become tabs (root, bare sections, /refresh, /redirect/*, unknown → 404).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { SECTIONS, flattenRoutes, type RouteNode } from '@shared/routes';
import { Exception } from '../pages/exception/Exception';
import { RefreshPage } from '../pages/misc/RefreshPage';
import { RedirectPage } from '../pages/misc/RedirectPage';
import { RoutePage } from './RoutePage';
import { CONSOLE_PATH, defaultChildPath, isTabRoute } from './routeTable';

const shellNodes = flattenRoutes(SECTIONS).filter((n) => !n.standalone);

/** Pages that live in tabs (one per route of the sections that is not standalone and renders a page). */
export const TAB_ROUTES: RouteObject[] = shellNodes.filter(isTabRoute).map((node) => ({
  path: node.path,
  element: <RoutePage node={node} />,
}));

/** Routes rendered for the current location only. */
export const DIRECT_ROUTES: RouteObject[] = [
  { path: '/', element: <Navigate to={CONSOLE_PATH} replace /> },
  ...shellNodes
    .filter((n: RouteNode): boolean => !isTabRoute(n))
    .map((node) => ({ path: node.path, element: <Navigate to={defaultChildPath(node) ?? CONSOLE_PATH} replace /> })),
  { path: '/refresh', element: <RefreshPage /> },
  { path: '/redirect/*', element: <RedirectPage /> },
  ...TAB_ROUTES,
  { path: '*', element: <Exception code={404} /> },
];
