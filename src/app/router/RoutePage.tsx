/**
 * Renders the page of a route node: the registered page (router/pages.ts), else the page its area definition
 * names (`node.page`, rendered by the page engine), else — until its area is built — the UnderConstruction page.
 * Props: `node` (route of the route table: the shell's or an area's).
 * A page rendered by the engine asks for its definition (Template/page) as soon as the route is known, while the
 * engine's code is still loading, and a list page this tab showed before its opening rows at the same time; the page
 * shares those calls (engine/data/pageData.ts prefetchRoute).
 */
import { Suspense, useEffect } from 'react';
import type { RouteNode } from '@shared/routes';
import { PageLoading } from '../components/PageLoading';
import { UnderConstruction } from '../pages/misc/UnderConstruction';
import { PAGES, RoutedEnginePage } from './pages';

/** Starts loading the definition (and, known from before, the data) of an engine page at `route` (errors are the page's to show). */
function prefetchDefinition(route: string): void {
  const search = window.location.search;
  void import('../../../engine/data/pageData').then((m) => m.prefetchRoute(route, search)).catch(() => undefined);
}

export function RoutePage({ node }: { node: RouteNode }) {
  const Page = PAGES[node.key] ?? (node.bare ? PAGES[node.bare] : undefined);
  const engineRoute = !Page && node.page ? node.path : null;
  useEffect(() => {
    if (engineRoute) prefetchDefinition(engineRoute);
  }, [engineRoute]);
  if (!Page && node.page) {
    return (
      <Suspense fallback={<PageLoading />}>
        <RoutedEnginePage route={node.path} />
      </Suspense>
    );
  }
  if (!Page) return <UnderConstruction node={node} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
