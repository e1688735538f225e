/**
 * Pure helpers of the console page: the greeting by hour and the shortcut list (the personal menu, else
 * common pages the user may open).
 */
import type { MenuNode } from '@shared/types';
import { ALWAYS_ALLOWED } from '@shared/routes';
import { allowedMenuPaths, isHiddenNode } from '../../layouts/menuModel';

/** Greeting key below `console.greeting.` for an hour of the day. */
export function greetingKey(hour: number): 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour < 11) return 'morning';
  if (hour < 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** A shortcut tile: a path and its route i18n key (or header). */
export interface Shortcut {
  path: string;
  i18nKey: string;
  header: string;
  icon: string | null;
}

/** Common pages offered when the personal menu is empty. */
export const COMMON_SHORTCUTS: Array<{ path: string; key: string }> = [
  { path: '/document/new', key: 'document.new' },
  { path: '/document/dbgw', key: 'document.dbgw' },
  { path: '/affair/dbsw', key: 'affair.dbsw' },
  { path: '/mail/inbox', key: 'mail.inbox' },
  { path: '/notice/list', key: 'notice.list' },
  { path: '/schedule/index', key: 'schedule.index' },
  { path: '/meeting/room', key: 'meeting.room' },
  { path: '/contact/index', key: 'contact.index' },
  { path: '/fileBox/index', key: 'fileBox.index' },
  { path: '/acl/setting', key: 'acl.setting' },
];

/**
 * The shortcuts: visible leaves of menu_my, else the common pages allowed by menu ∪ ALWAYS_ALLOWED — only pages that
 * exist (`opens`, src/app/router/routeOpens.ts: an area not built yet offers none).
 */
export function shortcutsOf(menu: MenuNode[], menuMy: MenuNode[], max = 10, opens: (path: string) => boolean = () => true): Shortcut[] {
  const leaves: Shortcut[] = [];
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (isHiddenNode(n)) continue;
      if (n.children?.length) walk(n.children);
      else if (opens(n.path)) leaves.push({ path: n.path, i18nKey: n.i18nKey, header: n.header, icon: n.icon });
    }
  };
  walk(menuMy);
  if (leaves.length) return leaves.slice(0, max);
  const allowed = allowedMenuPaths(menu, menuMy);
  return COMMON_SHORTCUTS.filter((s) => (allowed.has(s.path) || ALWAYS_ALLOWED.includes(s.path)) && opens(s.path))
    .slice(0, max)
    .map((s) => ({ path: s.path, i18nKey: s.key, header: s.key, icon: null }));
}
