/**
 * Tab actions bound to the router: each applies the pure reducer (tabsModel.ts) and navigates when the
 * active tab changes (closing the current tab goes to a neighbour, SPEC §2.4).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import { tabsAtom, tabVersionsAtom } from '../../stores/tabs';
import { tabIdOf } from '../../router/routeTable';
import { pathOfTab, tabsReducer, type TabsAction } from './tabsModel';

/** Actions on the tabs: `run(action)`, `refresh(id)`, `activate(id)`. */
export function useTabActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useAtom(tabsAtom);
  const bump = useSetAtom(tabVersionsAtom);

  const run = useCallback(
    (action: TabsAction) => {
      const next = tabsReducer(state, action);
      setState(next);
      if (next.active !== tabIdOf(pathname)) navigate(pathOfTab(next, next.active));
    },
    [state, setState, navigate, pathname],
  );
  const refresh = useCallback((id: string) => bump((v) => ({ ...v, [id]: (v[id] ?? 0) + 1 })), [bump]);
  const activate = useCallback((id: string) => navigate(pathOfTab(state, id)), [navigate, state]);
  return { state, run, refresh, activate };
}
