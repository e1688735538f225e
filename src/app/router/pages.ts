/**
 * Page registry: route key (src/shared/routes.ts) → lazy page component. A route without an entry shows
 * the UnderConstruction page until the issue that builds its area registers it here.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

/** Pages inside the shell and standalone pages, by route key (or `bare` key for bare section pages). */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard.console': lazyPage(() => import('../pages/dashboard/ConsolePage')),
  'dashboard.search': lazyPage(() => import('../pages/dashboard/SearchPage')),
  'acl.setting': lazyPage(() => import('../pages/setting/PersonalSettingPage')),
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
