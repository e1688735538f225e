/**
 * Renders the page of a route node: the registered page (router/pages.ts) or, until its issue builds it,
 * the UnderConstruction page. Props: `node` (route of src/shared/routes.ts).
 */
import { Suspense } from 'react';
import type { RouteNode } from '@shared/routes';
import { PageLoading } from '../components/PageLoading';
import { UnderConstruction } from '../pages/misc/UnderConstruction';
import { PAGES } from './pages';

export function RoutePage({ node }: { node: RouteNode }) {
  const Page = PAGES[node.key] ?? (node.bare ? PAGES[node.bare] : undefined);
  if (!Page) return <UnderConstruction node={node} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
