/**
 * The signed-in user (SPEC §3 "User info"), the user's departments and the password-change lock (-98).
 */
import { atom } from 'jotai';
import type { DepartmentsInfo, UserInfo } from '@shared/types';

/** The user info from login or Person/userInfo; null when signed out or not loaded yet. */
export const userAtom = atom<UserInfo | null>(null);

/** Loading state of the user info for a token found at start-up. */
export const userStatusAtom = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/** Departments of the user (Index/getDepartments). */
export const departmentsAtom = atom<DepartmentsInfo | null>(null);

const LOCK_KEY = 'oa_password_change_required';

function readLock(): boolean {
  try {
    return sessionStorage.getItem(LOCK_KEY) === '1';
  } catch {
    return false;
  }
}

const lockBase = atom<boolean>(readLock());

/**
 * True after a -98 answer (weak or expired password): the shell keeps the user on personal settings,
 * password tab, until the password is changed. Kept in sessionStorage so a reload keeps it.
 */
export const passwordChangeRequiredAtom = atom(
  (get) => get(lockBase),
  (_get, set, value: boolean) => {
    set(lockBase, value);
    try {
      if (value) sessionStorage.setItem(LOCK_KEY, '1');
      else sessionStorage.removeItem(LOCK_KEY);
    } catch {
      /* storage unavailable */
    }
  },
);
