/**
 * Session cookies of SPEC §3 ("Session"): admin-token and admin-uuid, lifetime 1 day, path = base path.
 */
import { LOGOUT_MARK_COOKIE, SESSION_LIFETIME_MS, TOKEN_COOKIE, UUID_COOKIE } from '@shared/constants';
import { basePath } from './basePath';

/** Reads a cookie value, or undefined. */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Writes a cookie for `maxAgeMs` (default 1 day, SPEC §9) under the base path. */
export function setCookie(name: string, value: string, maxAgeMs: number = SESSION_LIFETIME_MS): void {
  const maxAge = Math.round(maxAgeMs / 1000);
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=${basePath()}; SameSite=Lax`;
}

/** Removes a cookie under the base path (and '/', in case it was set there). */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=${basePath()}`;
  if (basePath() !== '/') document.cookie = `${name}=; max-age=0; path=/`;
}

/** The session token, or undefined when there is none or it is the string 'undefined' (SPEC §4). */
export function getToken(): string | undefined {
  const t = getCookie(TOKEN_COOKIE);
  return t && t !== 'undefined' && t !== 'null' ? t : undefined;
}

/** The session uuid, or undefined. */
export function getUuid(): string | undefined {
  const u = getCookie(UUID_COOKIE);
  return u && u !== 'undefined' && u !== 'null' ? u : undefined;
}

/** Stores the session cookies after a login (SPEC §4) and clears the -99 mark. */
export function setSession(token: string, uuid: string): void {
  setCookie(TOKEN_COOKIE, token);
  setCookie(UUID_COOKIE, uuid);
  removeCookie(LOGOUT_MARK_COOKIE);
}

/** Removes the session cookies (logout, session expiry). */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(UUID_COOKIE);
}
