/**
 * Local session state: clearing everything a signed-in user leaves behind (cookies, user, tabs), and the
 * once-per-session handling of an expired session (SPEC §8, code -99).
 */
import { LOGOUT_MARK_COOKIE, SESSION_EXPIRED_REDIRECT_MS } from '@shared/constants';
import { appStore } from '../stores/store';
import { departmentsAtom, passwordChangeRequiredAtom, userAtom, userStatusAtom } from '../stores/user';
import { tabsAtom, tabsRestoredAtom, tabVersionsAtom } from '../stores/tabs';
import { initialTabs } from '../components/tabs/tabsModel';
import { clearSession, getCookie, setCookie } from '../utils/cookies';
import { loginRedirect } from '../router/guard';
import { currentLocation, navigateTo } from './navigation';
import { toast } from './feedback';

let ending = false;

/**
 * Marks a logout in progress: the shell renders nothing instead of sending the user to login with a
 * redirect back (the router commits the login location in a transition, after the user is cleared).
 */
export function setSessionEnding(value: boolean): void {
  ending = value;
}

/** True while a logout is in progress. */
export function isSessionEnding(): boolean {
  return ending;
}

/** Removes cookies, user, departments and tabs (logout and session expiry, SPEC §4). */
export function clearLocalSession(): void {
  clearSession();
  appStore.set(userAtom, null);
  appStore.set(userStatusAtom, 'idle');
  appStore.set(departmentsAtom, null);
  appStore.set(passwordChangeRequiredAtom, false);
  appStore.set(tabsRestoredAtom, false);
  appStore.set(tabsAtom, initialTabs());
  appStore.set(tabVersionsAtom, {});
}

let expiryPending = false;

/** True between a -99 message and the move to login 1.5 s later. */
export function isSessionExpiryPending(): boolean {
  return expiryPending;
}

/**
 * Code -99 (SPEC §8): once per session (logout-mark cookie) show `msg` and, after 1.5 s, clear the session
 * and go to login with a redirect back — unless already on login.
 */
export function handleSessionExpired(msg: string): void {
  if (getCookie(LOGOUT_MARK_COOKIE)) return;
  setCookie(LOGOUT_MARK_COOKIE, '1');
  if (msg) toast.error(msg);
  expiryPending = true;
  window.setTimeout(() => {
    expiryPending = false;
    const { pathname, search } = currentLocation();
    if (pathname.startsWith('/login')) return;
    void navigateTo(loginRedirect(pathname, search), { replace: true }).then(clearLocalSession);
  }, SESSION_EXPIRED_REDIRECT_MS);
}
