/**
 * Page registry: route key → lazy page component, for the shell's own pages and the components registered for an
 * area route key. A route whose area definition names a page (`page` of the route in the tree the server sends,
 * `schemas/<area>/area.json` routes, read at run time) renders that page through the page engine
 * (RoutedEnginePage). Any other route shows the UnderConstruction page until its area is built.
 */
import { createElement, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router-dom';
import { lazyPage } from './lazyPage';

/** Pages inside the shell and standalone pages, by route key (or `bare` key for bare section pages). */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  // The console shows the panels the areas register (engine/renderers/registry.ts registerConsolePanel): load them
  // with the page, at once (the areas' pages and widgets are registered lazily; the page kinds are not needed here).
  'dashboard.console': lazyPage(() => Promise.all([import('../../areas/clientModules'), import('../pages/dashboard/ConsolePage')]).then(([, page]) => page)),
  'dashboard.search': lazyPage(() => import('../pages/dashboard/SearchPage')),
  'acl.setting': lazyPage(() => import('../pages/personal/PersonalSettingPage')),
  'message.index': lazyPage(() => import('../pages/message/MessagePage')),
  frontLog: lazyPage(() => import('../pages/misc/FrontLogPage')),
};

/** Public pages outside the shell, by route key. */
export const PUBLIC_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  login: lazyPage(() => import('../pages/login/LoginPage')),
  register: lazyPage(() => import('../pages/register/RegisterPage')),
  registerResult: lazyPage(() => import('../pages/register/RegisterResultPage')),
  ssologin: lazyPage(() => import('../pages/sso/SsoLoginPage')),
  ussologin: lazyPage(() => import('../pages/sso/UssoLoginPage')),
  scan: lazyPage(() => import('../pages/misc/ScanPage')),
  test: lazyPage(() => import('../pages/misc/TestPage')),
  exception403: lazyPage(() => import('../pages/exception/Forbidden')),
  exception500: lazyPage(() => import('../pages/exception/ServerError')),
};

/**
 * The page engine (engine/renderers) loaded on first use; renders the page of `route`. A route with an
 * `:id` parameter (e.g. /affair/show-audit/:id) hands its value to the page as `recordId`. The designer pages
 * (designer/flow/pages/register, designer/form/pages/register) and the areas' own components
 * (src/areas/clientModules.ts) are registered with it.
 */
export const RoutedEnginePage = lazyPage<{ route: string }>(() =>
  Promise.all([
    import('../../../engine/renderers/index'),
    import('../../../designer/flow/pages/register'),
    import('../../../designer/form/pages/register'),
    import('../../areas/clientModules'),
  ]).then(([m]) => ({
    default: function RoutedPage({ route }: { route: string }) {
      const { id } = useParams();
      const recordId = id && /^\d+$/.test(id) ? Number(id) : undefined;
      return createElement(m.EnginePage, { route, recordId, key: recordId });
    },
  })),
);
