/**
 * Renders the page of a route node: the registered page (router/pages.ts), else the page its area definition
 * names (`node.page`, rendered by the page engine), else — until its area is built — the UnderConstruction page.
 * Props: `node` (route of the route table: the shell's or an area's).
 */
import { Suspense } from 'react';
import type { RouteNode } from '@shared/routes';
import { PageLoading } from '../components/PageLoading';
import { UnderConstruction } from '../pages/misc/UnderConstruction';
import { PAGES, RoutedEnginePage } from './pages';

export function RoutePage({ node }: { node: RouteNode }) {
  const Page = PAGES[node.key] ?? (node.bare ? PAGES[node.bare] : undefined);
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
