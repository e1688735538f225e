/**
 * The browser router (history mode, basename = the injected BASE_PATH, SPEC §9): public pages, standalone
 * pages outside the shell, and the shell for everything else. Public pages are static; the standalone pages of
 * the areas come with the route tree the server sends after sign-in, so they are matched inside the catch-all
 * route (AppRoutes) and re-matched when that tree arrives.
 */
import { Suspense, useMemo } from 'react';
import { createBrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { TOP_ROUTES, flattenRoutes } from '@shared/routes';
import { routerBasename } from '../utils/basePath';
import { PageLoading } from '../components/PageLoading';
import { BlankLayout } from '../layouts/BlankLayout';
import { Shell } from '../layouts/Shell';
import { routeTreeAtom } from '../stores/routes';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import { RequireAuth } from './RequireAuth';
import { RoutePage } from './RoutePage';
import { PUBLIC_PAGES } from './pages';
import { allSections } from './routeTable';

const publicRoutes: RouteObject[] = TOP_ROUTES.filter((n) => n.public).map((node) => {
  const Page = PUBLIC_PAGES[node.key];
  return {
    path: node.path,
    element: (
      <Suspense fallback={<PageLoading full />}>
        <Page />
      </Suspense>
    ),
  };
});

/** The standalone routes of the current route table (outside the shell, SPEC §2.2). */
export function standaloneRoutes(): RouteObject[] {
  return flattenRoutes(allSections())
    .filter((n) => n.standalone)
    .map((node) => ({
      path: node.path,
      element: (
        <RequireAuth>
          {() => (
            <BlankLayout>
              <RoutePage node={node} />
            </BlankLayout>
          )}
        </RequireAuth>
      ),
    }));
}

/** Standalone pages of the route table, else the shell; re-matched when the route table changes. */
function AppRoutes() {
  const { version } = useAtomValue(routeTreeAtom);
  const routes = useMemo(() => [...standaloneRoutes(), { path: '*', element: <Shell /> }], [version]);
  return useRoutes(routes);
}

/** All route objects of the app. */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [...publicRoutes, { path: '*', element: <AppRoutes /> }],
  },
];

/** Creates the router under the injected base path. */
export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES, { basename: routerBasename() });
}
