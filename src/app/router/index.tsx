/**
 * The browser router (history mode, basename = the injected BASE_PATH, SPEC §9): public pages, standalone
 * pages outside the shell, and the shell for everything else. Public pages are static; the standalone pages of
 * the areas come with the route tree the server sends after sign-in, so they are matched inside the catch-all
 * route (AppRoutes) and re-matched when that tree arrives.
 */
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { TOP_ROUTES } from '@shared/routes';
import { routerBasename } from '../utils/basePath';
import { PageLoading } from '../components/PageLoading';
import { RootRoute } from './RootRoute';
import { RouteError } from './RouteError';
import { lazyPage } from './lazyPage';
import { loadGroup } from '../i18n';
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

/**
 * Everything behind sign-in (standalone pages, the shell) in its own chunk, with the `app` namespaces of the
 * language (i18n/index.ts): the login page's first load carries neither the shell nor its menus (./AppRoutes.tsx).
 */
const AppRoutes = lazyPage(async () => {
  const [m] = await Promise.all([import('./AppRoutes'), loadGroup('app')]);
  return { default: m.default };
});

/** All route objects of the app. */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      {
        path: '*',
        element: (
          <Suspense fallback={<PageLoading full />}>
            <AppRoutes />
          </Suspense>
        ),
      },
    ],
  },
];

/** Creates the router under the injected base path. */
export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES, { basename: routerBasename() });
}
