/**
 * The routes behind sign-in, loaded apart from the entry (router/index.tsx): the standalone pages of the route table
 * (outside the shell, SPEC §2.2) and the shell for everything else, re-matched when the route table changes.
 */
import { useMemo } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { flattenRoutes } from '@shared/routes';
import { BlankLayout } from '../layouts/BlankLayout';
import { Shell } from '../layouts/Shell';
import { routeTreeAtom } from '../stores/routes';
import { RequireAuth } from './RequireAuth';
import { RoutePage } from './RoutePage';
import { allSections } from './routeTable';

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
export default function AppRoutes() {
  const { version } = useAtomValue(routeTreeAtom);
  const routes = useMemo(() => [...standaloneRoutes(), { path: '*', element: <Shell /> }], [version]); // eslint-disable-line react-hooks/exhaustive-deps -- the route table changed: build the routes again
  return useRoutes(routes);
}
