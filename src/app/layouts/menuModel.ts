/**
 * Menu building for the four layouts of SPEC §2.4 / §4 (mix, mix2, top, left). Pure functions over the
 * server's menu tree (SPEC §3 "Menu item": path, header, children, auth, status).
 */
import type { MenuNode } from '@shared/types';
import type { MenuLayout } from '@shared/constants';
import { MAIN_MENU_COLOUR_CLASSES, TOP_MENU_SLIDE_STEPS, TOP_MENU_SLIDE_THRESHOLD } from '@shared/constants';
import { menuPathOf } from '@shared/routes';

/** A visible menu entry. `key` is the menu path. */
export interface MenuEntry {
  key: string;
  path: string;
  i18nKey: string;
  header: string;
  icon: string | null;
  /** Main-menu colour class of a top-level entry (cycles through 6, SPEC §4). */
  colourClass?: string;
  children: MenuEntry[];
}

/** What each area of the shell shows for a layout. */
export interface LayoutMenus {
  /** Entries of the horizontal top bar (top: whole tree; mix: sections only). */
  top: MenuEntry[];
  /** Entries of the sidebar (left: whole tree; mix/mix2: children of the current section). */
  side: MenuEntry[];
  /** The narrow icon rail of sections (mix2 only). */
  rail: MenuEntry[];
  /** Path of the top-level section holding the current route, if any. */
  section?: string;
  /** Menu path of the selected entry, if the route is in the visible menu. */
  selected?: string;
  /** Keys of the submenus to open for the current route. */
  openKeys: string[];
}

/** True when a menu item is hidden from the menu (status 0 or auth 'hidden'); it still grants access. */
export function isHiddenNode(n: MenuNode): boolean {
  return n.status === 0 || n.auth === 'hidden';
}

/** The main-menu colour class of the top-level entry at `index`: oa-menu-c1 … oa-menu-c6. */
export function colourClass(index: number): string {
  return `oa-menu-c${(index % MAIN_MENU_COLOUR_CLASSES) + 1}`;
}

/**
 * Whether an item shows: not hidden, and not a section whose children are all hidden. Such a section would lead
 * nowhere the user may go: a click opens the section's first visible child, which they do not hold (SPEC §2.1 → 403)
 * — e.g. staff hold only 填写表单 (/form/add, hidden and standalone) of 表单设计, opened from 发起申请.
 */
function showsInMenu(n: MenuNode, opens: PageExists): boolean {
  if (isHiddenNode(n)) return false;
  return n.children?.length ? n.children.some((c) => showsInMenu(c, opens)) : opens(n.path);
}

/** Whether a menu path opens a page that exists (src/app/router/routeOpens.ts); a leaf without one is not shown. */
export type PageExists = (path: string) => boolean;

const ALWAYS: PageExists = () => true;

/**
 * The visible tree: hidden items, their subtrees, leaves whose page does not exist (`opens`; an area not built yet)
 * and sections left without a visible child removed; top-level entries get colour classes.
 */
export function visibleMenu(nodes: MenuNode[], opens: PageExists = ALWAYS): MenuEntry[] {
  const walk = (list: MenuNode[], depth: number): MenuEntry[] =>
    list
      .filter((n) => showsInMenu(n, opens))
      .map((n, i) => ({
        key: n.path,
        path: n.path,
        i18nKey: n.i18nKey,
        header: n.header,
        icon: n.icon,
        ...(depth === 0 ? { colourClass: colourClass(i) } : {}),
        children: walk(n.children ?? [], depth + 1),
      }));
  return walk(nodes, 0);
}

/** Every menu path the user may open (menu ∪ menu_my, hidden items included), normalised by menuPathOf. */
export function allowedMenuPaths(menu: MenuNode[], menuMy: MenuNode[] = []): Set<string> {
  const out = new Set<string>();
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.status !== 0 && n.path) out.add(menuPathOf(n.path));
      if (n.children?.length) walk(n.children);
    }
  };
  walk(menu);
  walk(menuMy);
  return out;
}

function matches(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(entryPath.endsWith('/') ? entryPath : `${entryPath}/`);
}

/** The chain of entries from a top-level section down to the deepest entry matching `pathname`. */
export function entryChain(entries: MenuEntry[], pathname: string): MenuEntry[] {
  for (const e of entries) {
    if (!matches(e.path, pathname)) {
      const inner = entryChain(e.children, pathname);
      if (inner.length) return [e, ...inner];
      continue;
    }
    const inner = entryChain(e.children, pathname);
    return [e, ...inner];
  }
  return [];
}

/** The first leaf path under an entry (where a click on a section goes). */
export function firstLeafPath(entry: MenuEntry): string {
  let e = entry;
  while (e.children.length) e = e.children[0];
  return e.path;
}

/** The menus of each shell area for `mode` and the current `pathname` (SPEC §4 "Layout"); `opens` as visibleMenu's. */
export function buildLayoutMenus(menu: MenuNode[], mode: MenuLayout, pathname: string, opens: PageExists = ALWAYS): LayoutMenus {
  const tree = visibleMenu(menu, opens);
  const chain = entryChain(tree, pathname);
  const sectionEntry = chain[0];
  const selected = chain.length ? chain[chain.length - 1].key : undefined;
  const openKeys = chain.slice(0, -1).map((e) => e.key);
  const sectionsOnly = tree.map((e) => ({ ...e, children: [] }));
  const base = { section: sectionEntry?.key, selected, openKeys };
  switch (mode) {
    case 'top':
      return { top: tree, side: [], rail: [], ...base };
    case 'mix':
      return { top: sectionsOnly, side: sectionEntry?.children ?? [], rail: [], ...base, openKeys: openKeys.slice(1) };
    case 'mix2':
      return { top: [], side: sectionEntry?.children ?? [], rail: sectionsOnly, ...base, openKeys: openKeys.slice(1) };
    case 'left':
    default:
      return { top: [], side: tree, rail: [], ...base };
  }
}

/** Sliding of the top menu (SPEC §4, §9): two steps when it holds 16 or more top-level items. */
export function topMenuSlide(count: number): { enabled: boolean; steps: number } {
  return count >= TOP_MENU_SLIDE_THRESHOLD ? { enabled: true, steps: TOP_MENU_SLIDE_STEPS } : { enabled: false, steps: 0 };
}

/** Horizontal offset (px, ≤ 0) of the top menu strip at `step` of `steps` when it overflows by `overflowPx`. */
export function slideOffset(step: number, steps: number, overflowPx: number): number {
  if (steps <= 0 || overflowPx <= 0) return 0;
  const s = Math.max(0, Math.min(step, steps));
  return s === 0 ? 0 : -Math.round((overflowPx * s) / steps);
}

/**
 * Top-bar entries without sliding: the first `menunum` entries and the rest folded into a "more" group
 * (SPEC §3 menunum). Returns `[shown, folded]`.
 */
export function foldTopEntries(entries: MenuEntry[], menunum: number): [MenuEntry[], MenuEntry[]] {
  if (entries.length <= menunum) return [entries, []];
  return [entries.slice(0, menunum), entries.slice(menunum)];
}

/**
 * How many top-bar entries fit `availablePx` (the menu's width) when the rest fold into "more": the largest n whose
 * widths (px, in order) plus the "more" item's (only when some are left) fit; all of them when they fit without
 * "more". `null` when a width is unknown (not measured yet: show them all once to measure them).
 */
export function fitTopCount(widths: Array<number | undefined>, availablePx: number, morePx: number): number | null {
  if (widths.some((w) => w === undefined)) return null;
  const ws = widths as number[];
  if (ws.reduce((a, b) => a + b, 0) <= availablePx) return ws.length;
  let used = morePx;
  let n = 0;
  while (n < ws.length && used + ws[n] <= availablePx) used += ws[n++];
  return n;
}

/**
 * Snaps a slide offset (px, ≥ 0) back to the start of the item it would cut, so no item is shown half:
 * the largest item start ≤ `px` (`starts` ascending). The last step keeps the exact overflow.
 */
export function snapOffset(px: number, starts: number[], isLast: boolean): number {
  if (isLast || px <= 0) return Math.max(0, px);
  let best = 0;
  for (const s of starts) if (s <= px) best = s;
  return best;
}

/** The first slide step whose window [offset, offset + width] shows the item [left, right], or 0. */
export function stepShowing(left: number, right: number, width: number, offsets: number[]): number {
  const i = offsets.findIndex((o) => left >= o && right <= o + width);
  return i < 0 ? 0 : i;
}

/** The entry with `key` (a menu path) anywhere in `entries`, depth first. */
export function findEntry(entries: MenuEntry[], key: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const inner = findEntry(e.children, key);
    if (inner) return inner;
  }
  return undefined;
}
