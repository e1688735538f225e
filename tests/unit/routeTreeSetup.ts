/**
 * Setup of the component tests (`unit-dom`): the route table holds the shipped areas' routes and the `route`
 * namespace their titles, as after sign-in in the browser (the tree the server sends, services/routeTree.ts); all
 * locale resources are loaded.
 */
import { setAreaRoutes } from '../../src/app/router/routeTable';
import { i18n, loadAllResources } from '../../src/app/i18n';
import type { RouteNode } from '../../src/shared/routes';
import { shippedRouteTree } from './shippedRoutes';

// every namespace in both languages, as the tests switch languages synchronously
await loadAllResources();
for (const locale of ['zh-CN', 'en-US']) {
  const titles: Record<string, string> = {};
  const walk = (nodes: RouteNode[]) => nodes.forEach((n) => (n.title && (titles[n.key] = n.title), walk(n.children ?? [])));
  walk(shippedRouteTree(locale).sections);
  i18n.addResourceBundle(locale, 'route', titles, true, true);
}
setAreaRoutes(shippedRouteTree('zh-CN'));
