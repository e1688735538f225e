/**
 * Multi-tab operations of SPEC §2.4 as a pure reducer: open, activate, close (the current tab goes to a
 * neighbour: right, else left), close left / right / others / all, restore. The console tab is fixed.
 * A tab's identity is its pathname; `path` keeps the full location (pathname + search).
 */
import type { OpenedTab } from '@shared/types';
import { CONSOLE_PATH, tabIdOf } from '../../router/routeTable';

/** The open tabs and the id (pathname) of the active one. */
export interface TabsState {
  tabs: OpenedTab[];
  active: string;
}

/** Actions of {@link tabsReducer}; `id` is a tab's pathname. */
export type TabsAction =
  | { type: 'open'; tab: OpenedTab }
  | { type: 'activate'; id: string }
  | { type: 'close'; id: string }
  | { type: 'closeLeft'; id: string }
  | { type: 'closeRight'; id: string }
  | { type: 'closeOthers'; id: string }
  | { type: 'closeAll' }
  | { type: 'restore'; tabs: OpenedTab[] };

/** The fixed console tab. */
export const CONSOLE_TAB: OpenedTab = { path: CONSOLE_PATH, key: 'dashboard.console' };

/** The id of a tab (its pathname). */
export const tabId = (t: OpenedTab): string => tabIdOf(t.path);

/** True when a tab may be closed (every tab but the console). */
export const isClosable = (t: OpenedTab | string): boolean => (typeof t === 'string' ? tabIdOf(t) : tabId(t)) !== CONSOLE_PATH;

/** The initial state: only the console. */
export const initialTabs = (): TabsState => ({ tabs: [CONSOLE_TAB], active: CONSOLE_PATH });

function withConsole(tabs: OpenedTab[]): OpenedTab[] {
  const rest = tabs.filter((t) => tabId(t) !== CONSOLE_PATH);
  const own = tabs.find((t) => tabId(t) === CONSOLE_PATH) ?? CONSOLE_TAB;
  return [own, ...rest];
}

function keepActive(tabs: OpenedTab[], active: string, fallback: string): string {
  return tabs.some((t) => tabId(t) === active) ? active : fallback;
}

/** Applies one tab action. */
export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  const tabs = withConsole(state.tabs);
  switch (action.type) {
    case 'open': {
      const id = tabId(action.tab);
      const i = tabs.findIndex((t) => tabId(t) === id);
      const next = i >= 0 ? tabs.map((t, j) => (j === i ? { ...t, ...action.tab } : t)) : [...tabs, action.tab];
      return { tabs: next, active: id };
    }
    case 'activate':
      return { tabs, active: keepActive(tabs, tabIdOf(action.id), state.active) };
    case 'close': {
      const id = tabIdOf(action.id);
      const i = tabs.findIndex((t) => tabId(t) === id);
      if (i < 0 || !isClosable(id)) return { tabs, active: state.active };
      const next = tabs.filter((_, j) => j !== i);
      if (state.active !== id) return { tabs: next, active: state.active };
      const neighbour = tabs[i + 1] ?? tabs[i - 1] ?? CONSOLE_TAB;
      return { tabs: next, active: tabId(neighbour) };
    }
    case 'closeLeft': {
      const id = tabIdOf(action.id);
      const i = tabs.findIndex((t) => tabId(t) === id);
      if (i < 0) return { tabs, active: state.active };
      const next = tabs.filter((t, j) => j >= i || !isClosable(t));
      return { tabs: next, active: keepActive(next, state.active, id) };
    }
    case 'closeRight': {
      const id = tabIdOf(action.id);
      const i = tabs.findIndex((t) => tabId(t) === id);
      if (i < 0) return { tabs, active: state.active };
      const next = tabs.filter((t, j) => j <= i || !isClosable(t));
      return { tabs: next, active: keepActive(next, state.active, id) };
    }
    case 'closeOthers': {
      const id = tabIdOf(action.id);
      const next = tabs.filter((t) => tabId(t) === id || !isClosable(t));
      return { tabs: next, active: keepActive(next, id, CONSOLE_PATH) };
    }
    case 'closeAll':
      return { tabs: tabs.filter((t) => !isClosable(t)), active: CONSOLE_PATH };
    case 'restore': {
      const seen = new Set<string>();
      const restored = withConsole(action.tabs).filter((t) => {
        const id = tabId(t);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      return { tabs: restored, active: keepActive(restored, state.active, CONSOLE_PATH) };
    }
    default:
      return state;
  }
}

/** The full path of the tab with `id`, or the console. */
export function pathOfTab(state: TabsState, id: string): string {
  return state.tabs.find((t) => tabId(t) === id)?.path ?? CONSOLE_PATH;
}

/** The JSON string sent to Person/saveTabs. */
export function serialiseTabs(tabs: OpenedTab[]): string {
  return JSON.stringify(tabs.map((t) => ({ path: t.path, key: t.key, ...(t.title ? { title: t.title } : {}) })));
}

/** Normalises tabs from the server (UserInfo.tabs may be an array or a JSON string); invalid entries dropped. */
export function parseTabs(raw: unknown): OpenedTab[] {
  let v = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  return v
    .filter((t): t is OpenedTab => !!t && typeof t === 'object' && typeof (t as OpenedTab).path === 'string' && typeof (t as OpenedTab).key === 'string')
    .map((t) => ({ path: t.path, key: t.key, ...(t.title ? { title: t.title } : {}) }));
}
