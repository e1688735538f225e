import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@shared/types';
import {
  allowedMenuPaths,
  buildLayoutMenus,
  colourClass,
  fitTopCount,
  foldTopEntries,
  slideOffset,
  snapOffset,
  stepShowing,
  topMenuSlide,
  visibleMenu,
} from '@app/layouts/menuModel';
import { routeOpens } from '@app/router/routeOpens';

let id = 0;
const node = (path: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: ++id,
  path,
  header: path,
  i18nKey: path.slice(1),
  icon: null,
  auth: '',
  status: 1,
  children,
  ...extra,
});

const MENU: MenuNode[] = [
  node('/dashboard', [node('/dashboard/console'), node('/dashboard/search', [], { auth: 'hidden' })]),
  node('/document', [node('/document/dbgw'), node('/document/ybgw'), node('/document/show', [], { auth: 'hidden' })]),
  node('/mail', [node('/mail/inbox'), node('/mail/send', [], { status: 0 })]),
  node('/secret', [node('/secret/x')], { status: 0 }),
];
const keys = (list: { key: string }[]) => list.map((e) => e.key);

describe('menu building for the four layouts (SPEC §2.4, §4)', () => {
  it('drops hidden items (auth hidden, status 0) and their subtrees', () => {
    const tree = visibleMenu(MENU);
    expect(keys(tree)).toEqual(['/dashboard', '/document', '/mail']);
    expect(keys(tree[0].children)).toEqual(['/dashboard/console']);
    expect(keys(tree[1].children)).toEqual(['/document/dbgw', '/document/ybgw']);
    expect(keys(tree[2].children)).toEqual(['/mail/inbox']);
  });

  it('drops a section whose every child is hidden (staff holding only 填写表单 of 表单设计 see no 表单设计 leading to 403)', () => {
    const form = node('/form', [node('/form/add', [], { auth: 'hidden' })]);
    expect(keys(visibleMenu([...MENU, form]))).toEqual(['/dashboard', '/document', '/mail']);
    expect(allowedMenuPaths([...MENU, form]).has('/form/add')).toBe(true);
  });

  it('gives top-level entries six cycling colour classes', () => {
    expect([0, 1, 5, 6, 7].map(colourClass)).toEqual(['oa-menu-c1', 'oa-menu-c2', 'oa-menu-c6', 'oa-menu-c1', 'oa-menu-c2']);
    expect(visibleMenu(MENU).map((e) => e.colourClass)).toEqual(['oa-menu-c1', 'oa-menu-c2', 'oa-menu-c3']);
  });

  it('left: the whole tree in the sidebar, nothing on top', () => {
    const m = buildLayoutMenus(MENU, 'left', '/document/ybgw');
    expect(m.top).toEqual([]);
    expect(m.rail).toEqual([]);
    expect(keys(m.side)).toEqual(['/dashboard', '/document', '/mail']);
    expect(m.selected).toBe('/document/ybgw');
    expect(m.openKeys).toEqual(['/document']);
    expect(m.section).toBe('/document');
  });

  it('top: the whole tree in the top bar, the sidebar empty', () => {
    const m = buildLayoutMenus(MENU, 'top', '/mail/inbox');
    expect(m.side).toEqual([]);
    expect(keys(m.top)).toEqual(['/dashboard', '/document', '/mail']);
    expect(keys(m.top[1].children)).toEqual(['/document/dbgw', '/document/ybgw']);
    expect(m.selected).toBe('/mail/inbox');
  });

  it("mix: sections on top, the current section's children in the sidebar", () => {
    const m = buildLayoutMenus(MENU, 'mix', '/document/dbgw');
    expect(keys(m.top)).toEqual(['/dashboard', '/document', '/mail']);
    expect(m.top.every((e) => e.children.length === 0)).toBe(true);
    expect(keys(m.side)).toEqual(['/document/dbgw', '/document/ybgw']);
    expect(m.section).toBe('/document');
    expect(m.rail).toEqual([]);
  });

  it('mix2: sections in the icon rail, children in the sidebar, nothing on top', () => {
    const m = buildLayoutMenus(MENU, 'mix2', '/mail/inbox/3');
    expect(m.top).toEqual([]);
    expect(keys(m.rail)).toEqual(['/dashboard', '/document', '/mail']);
    expect(keys(m.side)).toEqual(['/mail/inbox']);
    expect(m.selected).toBe('/mail/inbox');
  });

  it('mixed layouts empty the sidebar outside any section; hidden routes select no item', () => {
    expect(buildLayoutMenus(MENU, 'mix', '/acl/setting').side).toEqual([]);
    const hidden = buildLayoutMenus(MENU, 'mix', '/dashboard/search');
    expect(hidden.section).toBe('/dashboard');
    expect(hidden.selected).toBe('/dashboard');
  });

  it('slides the top menu in two steps from 16 items on', () => {
    expect(topMenuSlide(15)).toEqual({ enabled: false, steps: 0 });
    expect(topMenuSlide(16)).toEqual({ enabled: true, steps: 2 });
    expect(topMenuSlide(43)).toEqual({ enabled: true, steps: 2 });
    expect([0, 1, 2, 3].map((s) => slideOffset(s, 2, 600))).toEqual([0, -300, -600, -600]);
    expect(slideOffset(1, 2, 0)).toBe(0);
  });

  it('snaps slide offsets to item starts and finds the step showing an item', () => {
    const starts = [0, 100, 220, 330, 450];
    expect(snapOffset(250, starts, false)).toBe(220);
    expect(snapOffset(500, starts, true)).toBe(500);
    expect(snapOffset(0, starts, false)).toBe(0);
    const offsets = [0, 220, 500];
    expect(stepShowing(120, 200, 300, offsets)).toBe(0);
    expect(stepShowing(330, 440, 300, offsets)).toBe(1);
    expect(stepShowing(700, 780, 300, offsets)).toBe(2);
    expect(stepShowing(5000, 5100, 300, offsets)).toBe(0);
  });

  it('folds top-bar entries beyond menunum into "more" when not sliding', () => {
    const entries = visibleMenu(MENU);
    expect(foldTopEntries(entries, 8)).toEqual([entries, []]);
    const [shown, folded] = foldTopEntries(entries, 2);
    expect(keys(shown)).toEqual(['/dashboard', '/document']);
    expect(keys(folded)).toEqual(['/mail']);
  });

  it('folds the top-bar entries that do not fit the width into "more" (long English labels)', () => {
    // Workbench, Documents, Affairs, Workflow: 120 + 130 + 110 + 120 px; "More" 90 px
    const widths = [120, 130, 110, 120];
    expect(fitTopCount(widths, 600, 90)).toBe(4);
    expect(fitTopCount(widths, 470, 90)).toBe(3);
    expect(fitTopCount(widths, 440, 90)).toBe(2);
    expect(fitTopCount(widths, 150, 90)).toBe(0);
    // a width not measured yet: show them all once to measure them
    expect(fitTopCount([120, undefined], 600, 90)).toBeNull();
  });

  it('collects the allowed paths of menu and menu_my, hidden items included', () => {
    const allowed = allowedMenuPaths(MENU, [node('/contact/index')]);
    expect(allowed.has('/dashboard/search')).toBe(true);
    expect(allowed.has('/document/show')).toBe(true);
    expect(allowed.has('/contact/index')).toBe(true);
    expect(allowed.has('/mail/send')).toBe(false);
  });

  it('hides the menus of areas not built yet: a leaf whose route has no page, and a section left empty', () => {
    // The shipped route table (tests/unit/routeTreeSetup.ts): 公文 and the console exist, mail does not.
    expect(routeOpens('/document/dbgw')).toBe(true);
    expect(routeOpens('/dashboard/console')).toBe(true);
    expect(routeOpens('/organization/department')).toBe(true);
    expect(routeOpens('/mail/inbox')).toBe(false);
    expect(routeOpens('/car/list')).toBe(false);
    expect(routeOpens('/no/such/route')).toBe(false);
    const tree = visibleMenu(MENU, routeOpens);
    expect(keys(tree)).toEqual(['/dashboard', '/document']);
    expect(keys(tree[1].children)).toEqual(['/document/dbgw', '/document/ybgw']);
    const menus = buildLayoutMenus(MENU, 'mix', '/document/dbgw', routeOpens);
    expect(keys(menus.top)).toEqual(['/dashboard', '/document']);
  });
});
