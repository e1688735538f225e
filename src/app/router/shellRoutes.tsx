/**
 * Route objects rendered inside the shell (SPEC §2.3): the tab pages of every section, and the direct
 * routes that never become tabs (root, bare sections, /refresh, /redirect/*, unknown → 404). Built from the
 * route table (the shell's routes and the areas' tree from the server); hooks re-build them when it changes.
 */
import { useMemo } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { flattenRoutes, type RouteNode } from '@shared/routes';
import { Exception } from '../pages/exception/Exception';
import { RefreshPage } from '../pages/misc/RefreshPage';
import { RedirectPage } from '../pages/misc/RedirectPage';
import { routeTreeAtom } from '../stores/routes';
import { RoutePage } from './RoutePage';
import { CONSOLE_PATH, allSections, defaultChildPath, isTabRoute } from './routeTable';

const shellNodes = () => flattenRoutes(allSections()).filter((n) => !n.standalone);

/** Pages that live in tabs (one per route of the sections that is not standalone and renders a page). */
export function tabRoutes(): RouteObject[] {
  return shellNodes()
    .filter(isTabRoute)
    .map((node) => ({ path: node.path, element: <RoutePage node={node} /> }));
}

/** Routes rendered for the current location only. */
export function directRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={CONSOLE_PATH} replace /> },
    ...shellNodes()
      .filter((n: RouteNode): boolean => !isTabRoute(n))
      .map((node) => ({ path: node.path, element: <Navigate to={defaultChildPath(node) ?? CONSOLE_PATH} replace /> })),
    { path: '/refresh', element: <RefreshPage /> },
    { path: '/redirect/*', element: <RedirectPage /> },
    ...tabRoutes(),
    { path: '*', element: <Exception code={404} /> },
  ];
}

/** `tabRoutes()`, rebuilt when the route table changes. */
export function useTabRoutes(): RouteObject[] {
  const { version } = useAtomValue(routeTreeAtom);
  return useMemo(() => tabRoutes(), [version]);
}

/** `directRoutes()`, rebuilt when the route table changes. */
export function useDirectRoutes(): RouteObject[] {
  const { version } = useAtomValue(routeTreeAtom);
  return useMemo(() => directRoutes(), [version]);
}
