/**
 * Loads the areas' route tree after sign-in (Menu/routes: sections and routes of the area definitions the server
 * reads at run time, titles in the UI language) into the route table (router/routeTable.ts), and puts the titles
 * into the `route` namespace so that menus, tabs, breadcrumbs and page titles name the routes as before. A language
 * switch loads the tree again in the new language.
 */
import type { RouteNode } from '@shared/routes';
import type { RouteTree } from '@shared/routeTree';
import { i18n } from '../i18n';
import { appStore } from '../stores/store';
import { routeTreeAtom } from '../stores/routes';
import { setAreaRoutes } from '../router/routeTable';
import { api } from './api';

let pending: { lang: string; promise: Promise<boolean> } | null = null;

/** Puts `tree` into the route table and its titles (language `lang`) into the `route` namespace. */
export function applyRouteTree(tree: RouteTree, lang: string = i18n.language): void {
  const titles: Record<string, string> = {};
  const walk = (nodes: RouteNode[]) =>
    nodes.forEach((n) => {
      if (n.title) titles[n.key] = n.title;
      if (n.children) walk(n.children);
    });
  walk(tree.sections);
  i18n.addResourceBundle(lang, 'route', titles, true, true);
  setAreaRoutes(tree);
  const cur = appStore.get(routeTreeAtom);
  appStore.set(routeTreeAtom, { status: 'ready', version: cur.version + 1 });
}

/**
 * Loads the tree in the current UI language (one request at a time per language). Never throws: answers whether
 * it loaded; on failure the status is 'error' (the guard then shows the error page instead of waiting).
 */
export function loadRouteTree(): Promise<boolean> {
  const lang = i18n.language;
  if (pending?.lang === lang) return pending.promise;
  const cur = appStore.get(routeTreeAtom);
  if (cur.status !== 'ready') appStore.set(routeTreeAtom, { ...cur, status: 'loading' });
  const promise = api
    .routes()
    .then((tree) => {
      applyRouteTree(tree, lang);
      return true;
    })
    .catch(() => {
      const now = appStore.get(routeTreeAtom);
      if (now.status !== 'ready') appStore.set(routeTreeAtom, { ...now, status: 'error' });
      return false;
    })
    .finally(() => {
      if (pending?.promise === promise) pending = null;
    });
  pending = { lang, promise };
  return promise;
}

i18n.on('languageChanged', () => {
  if (appStore.get(routeTreeAtom).status === 'ready') void loadRouteTree();
});
