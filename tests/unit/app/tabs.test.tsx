import { describe, expect, it } from 'vitest';
import type { OpenedTab } from '@shared/types';
import { CONSOLE_TAB, initialTabs, parseTabs, serialiseTabs, tabsReducer, type TabsState } from '@app/components/tabs/tabsModel';

const tab = (path: string): OpenedTab => ({ path, key: path.slice(1).replace('/', '.') });
const ids = (s: TabsState) => s.tabs.map((t) => t.path.split('?')[0]);

function openAll(...paths: string[]): TabsState {
  return paths.reduce((s, p) => tabsReducer(s, { type: 'open', tab: tab(p) }), initialTabs());
}

describe('tab operations (SPEC §2.4)', () => {
  it('starts with the fixed console tab', () => {
    expect(initialTabs()).toEqual({ tabs: [CONSOLE_TAB], active: '/dashboard/console' });
  });

  it('opens tabs once per pathname and activates them', () => {
    let s = openAll('/a/1', '/b/2');
    expect(ids(s)).toEqual(['/dashboard/console', '/a/1', '/b/2']);
    expect(s.active).toBe('/b/2');
    s = tabsReducer(s, { type: 'open', tab: { path: '/a/1?x=2', key: 'a.1' } });
    expect(ids(s)).toEqual(['/dashboard/console', '/a/1', '/b/2']);
    expect(s.tabs[1].path).toBe('/a/1?x=2');
    expect(s.active).toBe('/a/1');
  });

  it('closing the current tab activates the right neighbour, else the left one', () => {
    let s = openAll('/a/1', '/b/2', '/c/3');
    s = tabsReducer(s, { type: 'activate', id: '/b/2' });
    s = tabsReducer(s, { type: 'close', id: '/b/2' });
    expect(ids(s)).toEqual(['/dashboard/console', '/a/1', '/c/3']);
    expect(s.active).toBe('/c/3');
    s = tabsReducer(s, { type: 'close', id: '/c/3' });
    expect(s.active).toBe('/a/1');
  });

  it('closing another tab keeps the active one', () => {
    let s = openAll('/a/1', '/b/2');
    s = tabsReducer(s, { type: 'close', id: '/a/1' });
    expect(s.active).toBe('/b/2');
  });

  it('never closes the console', () => {
    let s = openAll('/a/1');
    s = tabsReducer(s, { type: 'close', id: '/dashboard/console' });
    expect(ids(s)).toEqual(['/dashboard/console', '/a/1']);
    s = tabsReducer(s, { type: 'closeAll' });
    expect(ids(s)).toEqual(['/dashboard/console']);
    expect(s.active).toBe('/dashboard/console');
  });

  it('closes left, right and others around a tab', () => {
    const s = openAll('/a/1', '/b/2', '/c/3', '/d/4');
    const left = tabsReducer(s, { type: 'closeLeft', id: '/c/3' });
    expect(ids(left)).toEqual(['/dashboard/console', '/c/3', '/d/4']);
    expect(left.active).toBe('/d/4');
    const right = tabsReducer(s, { type: 'closeRight', id: '/b/2' });
    expect(ids(right)).toEqual(['/dashboard/console', '/a/1', '/b/2']);
    expect(right.active).toBe('/b/2');
    const others = tabsReducer(s, { type: 'closeOthers', id: '/b/2' });
    expect(ids(others)).toEqual(['/dashboard/console', '/b/2']);
    expect(others.active).toBe('/b/2');
  });

  it('restores persisted tabs without duplicates and with the console first', () => {
    const s = tabsReducer(initialTabs(), { type: 'restore', tabs: [tab('/a/1'), tab('/dashboard/console'), tab('/a/1'), tab('/b/2')] });
    expect(ids(s)).toEqual(['/dashboard/console', '/a/1', '/b/2']);
  });

  it('serialises and parses the saved form', () => {
    const tabs = [CONSOLE_TAB, { path: '/a/1?x=1', key: 'a.1', title: 'T' }];
    expect(parseTabs(serialiseTabs(tabs))).toEqual(tabs);
    expect(parseTabs('not json')).toEqual([]);
    expect(parseTabs([{ path: 1 }, { path: '/x', key: 'x' }])).toEqual([{ path: '/x', key: 'x' }]);
  });
});
