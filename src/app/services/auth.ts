/**
 * Sign-in and sign-out flows of SPEC §4: storing the session, loading the user with the persisted tabs,
 * logout, department switch.
 */
import type { LoginResult, UserInfo } from '@shared/types';
import { DEPARTMENT_SWITCH_RELOAD_MS } from '@shared/constants';
import { Code } from '@shared/codes';
import { appStore } from '../stores/store';
import { passwordChangeRequiredAtom, userAtom, userStatusAtom } from '../stores/user';
import { layoutAtom } from '../stores/layout';
import { tabsAtom, tabsRestoredAtom } from '../stores/tabs';
import { parseLayout } from '../layouts/layoutSetting';
import { initialTabs, parseTabs, tabsReducer } from '../components/tabs/tabsModel';
import { guardDecision } from '../router/guard';
import { CONSOLE_PATH } from '../router/routeTable';
import { getToken, setSession } from '../utils/cookies';
import { loginPathWithBrand } from '../utils/loginBrand';
import { api } from './api';
import { toast } from './feedback';
import { navigateTo } from './navigation';
import { clearLocalSession, isSessionExpiryPending, setSessionEnding } from './session';
import { ApiError } from './httpErrors';
import { flushTabsSave, resetTabsSave } from './tabsPersist';
import { loadRouteTree } from './routeTree';
import { setDisplayTimeZone } from '../../../engine/renderers/time';

/** Puts a loaded user into the stores: user, layout, and the persisted tabs the user may still open. */
export function applyUser(info: UserInfo): void {
  setDisplayTimeZone(info.time_zone);
  appStore.set(userAtom, info);
  appStore.set(userStatusAtom, 'ready');
  appStore.set(layoutAtom, parseLayout(info.layout));
  const token = getToken() ?? 'session';
  const allowed = parseTabs(info.tabs).filter((t) => {
    const [pathname, search = ''] = t.path.split('?');
    return guardDecision({ pathname, search: search ? `?${search}` : '', token, user: info }).kind === 'allow';
  });
  const restored = tabsReducer(initialTabs(), { type: 'restore', tabs: allowed });
  resetTabsSave(restored.tabs);
  appStore.set(tabsAtom, restored);
  appStore.set(tabsRestoredAtom, true);
}

/** Loads the user for a token found at start-up (Person/userInfo) together with the areas' route tree (Menu/routes). */
export async function loadUser(): Promise<UserInfo | null> {
  appStore.set(userStatusAtom, 'loading');
  try {
    const [info] = await Promise.all([api.userInfo(), loadRouteTree()]);
    applyUser(info);
    return info;
  } catch (e) {
    if (e instanceof ApiError && e.code === Code.SESSION_EXPIRED) {
      // The http layer shows the message and moves to login after 1.5 s; if it already did so once in
      // this session, drop the stale session now so the guard sends the user to login.
      if (!isSessionExpiryPending()) clearLocalSession();
      else appStore.set(userStatusAtom, 'loading');
      return null;
    }
    appStore.set(userStatusAtom, 'error');
    return null;
  }
}

/** A safe in-app redirect target from the login query (no external URLs, never back to login). */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) return CONSOLE_PATH;
  return redirect;
}

/**
 * Completes a login answer (SPEC §4): stores the cookies (skipped for an SSO answer with islogin true), loads the
 * areas' route tree, sets the user and the persisted tabs, then goes to `redirect` or the console. With code -98 the
 * user goes to personal settings, password tab, and sees `msg`.
 */
export async function completeLogin(result: LoginResult, opts: { code?: number; msg?: string; redirect?: string | null } = {}): Promise<void> {
  setSessionEnding(false);
  if (!result.islogin || !getToken()) setSession(result.token, result.uuid);
  await loadRouteTree();
  applyUser(result.info);
  if (opts.code === Code.PASSWORD_CHANGE_REQUIRED) {
    appStore.set(passwordChangeRequiredAtom, true);
    if (opts.msg) toast.warning(opts.msg);
    void navigateTo('/acl/setting?tab=password', { replace: true });
    return;
  }
  appStore.set(passwordChangeRequiredAtom, false);
  void navigateTo(safeRedirect(opts.redirect), { replace: true });
}

/**
 * Logout (SPEC §4): saves the open tabs, calls Index/logout, closes all tabs, removes the cookies, clears
 * the user and goes to login carrying the stored titleId and DepartmentName.
 */
export async function logout(): Promise<void> {
  await flushTabsSave();
  try {
    await api.logout();
  } catch {
    /* the session may already be gone */
  }
  // The shell's guard must not send the user to login with a redirect back while the router moves.
  setSessionEnding(true);
  await navigateTo(loginPathWithBrand(), { replace: true });
  clearLocalSession();
}

/** Department switch (SPEC §4): shows the server msg and reloads after 1 s. */
export async function switchDepartment(id: number): Promise<void> {
  const env = await api.changeDepartment(id);
  if (env.code === Code.OK) {
    if (env.msg) toast.success(env.msg);
    await flushTabsSave();
    window.setTimeout(() => window.location.reload(), DEPARTMENT_SWITCH_RELOAD_MS);
  } else if (env.msg) {
    toast.error(env.msg);
  }
}
