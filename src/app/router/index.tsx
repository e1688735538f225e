/**
 * The browser router (history mode, basename = the injected BASE_PATH, SPEC §9): public pages, standalone
 * pages outside the shell, and the shell for everything else.
 */
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SECTIONS, TOP_ROUTES, flattenRoutes } from '@shared/routes';
import { routerBasename } from '../utils/basePath';
import { PageLoading } from '../components/PageLoading';
import { BlankLayout } from '../layouts/BlankLayout';
import { Shell } from '../layouts/Shell';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import { RequireAuth } from './RequireAuth';
import { RoutePage } from './RoutePage';
import { PUBLIC_PAGES } from './pages';

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

const standaloneRoutes: RouteObject[] = flattenRoutes(SECTIONS)
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

/** All route objects of the app. */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [...publicRoutes, ...standaloneRoutes, { path: '*', element: <Shell /> }],
  },
];

/** Creates the router under the injected base path. */
export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES, { basename: routerBasename() });
}
