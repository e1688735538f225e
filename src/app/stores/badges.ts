/**
 * Menu badge counts (SPEC §3 "Menu badge counts", §7 flow/badges with `flag` = "db,df,cb,dbsw,mail", §9 badge
 * overflow 99): the counts of 待办 / 待发 / 督办 of documents and affairs and of unread mail, as the
 * menu shows them on their items and, summed, on their section. Loaded after sign-in, again when a reminder
 * arrives (the bell's newest message id grows), when the window regains focus and when the route changes.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { MenuNode } from '@shared/types';
import { post } from '../services/http';
import { singleFlight } from '../components/header/startReminders';
import { visibleMenu, type MenuEntry } from '../layouts/menuModel';
import { appStore } from './store';
import { noticesAtom } from './notices';
import { userAtom } from './user';

/** A document-area count: the current department's and all the person's departments'. */
export interface AreaCount {
  count: number;
  all_count: number;
}

/** The answer of flow/badges for every flag. */
export interface BadgeCounts {
  db?: AreaCount;
  df?: AreaCount;
  cb?: AreaCount;
  /** Affairs: 待办, 外部待办, 待阅, 外部待阅, 待发, 催办. */
  dbsw?: { db: number; wbdb: number; dy: number; wbdy: number; df: number; cb: number };
  /** Unread mail. */
  mail?: { sjwd: number };
}

/** The flags asked (all of SPEC §7). */
export const BADGE_FLAGS = 'db,df,cb,dbsw,mail';

/** The last counts loaded; null while signed out or not loaded yet. */
export const badgesAtom = atom<BadgeCounts | null>(null);

/** The count each menu path shows (leaf items), from the counts loaded. */
export function badgePaths(b: BadgeCounts | null): Record<string, number> {
  if (!b) return {};
  return {
    '/document/dbgw': b.db?.count ?? 0,
    '/document/dfgw': b.df?.count ?? 0,
    '/document/gwdb': b.cb?.count ?? 0,
    '/affair/dbsw': b.dbsw?.db ?? 0,
    '/affair/dfsw': b.dbsw?.df ?? 0,
    '/affair/swdb': b.dbsw?.cb ?? 0,
    '/mail/inbox': b.mail?.sjwd ?? 0,
  };
}

/**
 * Menu path → count for the menu `menu` (the user's tree): the leaf items of badgePaths the menu shows, and
 * on each entry above them the sum of its visible items' counts. Paths without a count are left out.
 */
export function menuBadgeCounts(b: BadgeCounts | null, menu: MenuNode[]): Record<string, number> {
  const leaves = badgePaths(b);
  const out: Record<string, number> = {};
  const walk = (e: MenuEntry): number => {
    const own = e.children.length ? e.children.reduce((n, c) => n + walk(c), 0) : (leaves[e.key] ?? 0);
    if (own > 0) out[e.key] = own;
    return own;
  };
  for (const e of visibleMenu(menu)) walk(e);
  return out;
}

/** The counts of the signed-in user's menu, by menu path (see menuBadgeCounts). */
export const menuBadgesAtom = atom((get) => menuBadgeCounts(get(badgesAtom), get(userAtom)?.menu ?? []));

/** Loads the counts (flow/badges); a failure keeps the previous ones. */
export async function loadBadges(): Promise<void> {
  const b = await post<BadgeCounts>('flow/badges', { flag: BADGE_FLAGS }, { silent: true });
  appStore.set(badgesAtom, b && typeof b === 'object' ? b : null);
}

/**
 * Keeps the counts fresh for a signed-in user: loads them now, again when a reminder arrives (the bell's
 * last id grows) and when the window regains focus. Answers the stop function, which forgets the counts,
 * and the refresh (for route changes).
 */
export function startBadges(): { stop: () => void; refresh: () => void } {
  const refresh = singleFlight(loadBadges);
  let lastId = appStore.get(noticesAtom).lastId;
  // The bell's first load (of reminders that came before this page) is not a new reminder: the counts loaded
  // below already hold them. Only a later growth of the last id refreshes.
  let primed = lastId > 0;
  const unsub = appStore.sub(noticesAtom, () => {
    const next = appStore.get(noticesAtom).lastId;
    if (primed && next > lastId) refresh();
    primed = true;
    lastId = next;
  });
  const onFocus = () => refresh();
  window.addEventListener('focus', onFocus);
  refresh();
  return {
    refresh,
    stop: () => {
      unsub();
      window.removeEventListener('focus', onFocus);
      appStore.set(badgesAtom, null);
    },
  };
}

/** Runs startBadges while a user is signed in; a change of `pathname` refreshes the counts too. */
export function useMenuBadges(pathname: string): void {
  const userId = useAtomValue(userAtom)?.id;
  const session = useRef<ReturnType<typeof startBadges> | null>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (!userId) return undefined;
    const s = startBadges();
    session.current = s;
    return () => {
      session.current = null;
      s.stop();
    };
  }, [userId]);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    session.current?.refresh();
  }, [pathname]);
}
