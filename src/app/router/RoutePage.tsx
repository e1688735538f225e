/**
 * Renders the page of a route node: the registered page (router/pages.ts), else the page an area
 * definition maps the route to (rendered by the page engine), else — until its issue builds it — the
 * UnderConstruction page. Props: `node` (route of src/shared/routes.ts).
 */
import { Suspense } from 'react';
import type { RouteNode } from '@shared/routes';
import { PageLoading } from '../components/PageLoading';
import { UnderConstruction } from '../pages/misc/UnderConstruction';
import { ENGINE_ROUTES, PAGES, RoutedEnginePage } from './pages';

export function RoutePage({ node }: { node: RouteNode }) {
  const Page = PAGES[node.key] ?? (node.bare ? PAGES[node.bare] : undefined);
  if (!Page && ENGINE_ROUTES.has(node.path)) {
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
