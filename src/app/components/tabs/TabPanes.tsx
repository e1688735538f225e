/**
 * The pages of the open tabs (SPEC §2.4): the active tab's page is shown; other visited tabs stay mounted
 * but hidden in React's <Activity> (kept alive) unless their route says keepAlive: false. With tabs
 * switched off only the current page is rendered. Opening a location opens (or updates) its tab.
 */
import { Activity, useEffect, useRef } from 'react';
import { useLocation, useRoutes, type Location } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import type { OpenedTab } from '@shared/types';
import { tabsAtom, tabVersionsAtom } from '../../stores/tabs';
import { layoutAtom } from '../../stores/layout';
import { routeTreeAtom } from '../../stores/routes';
import { useTabRoutes } from '../../router/shellRoutes';
import { matchRoute, tabIdOf, titleKeyOf } from '../../router/routeTable';
import { tabId, tabsReducer } from './tabsModel';

function TabPane({ location, active }: { location: Location | string; active: boolean }) {
  const element = useRoutes(useTabRoutes(), location);
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div className="oa-pane" data-active={active ? 'true' : 'false'}>
        {element}
      </div>
    </Activity>
  );
}

export function TabPanes() {
  const location = useLocation();
  const [tabs, setTabs] = useAtom(tabsAtom);
  const versions = useAtomValue(tabVersionsAtom);
  const layout = useAtomValue(layoutAtom);
  useAtomValue(routeTreeAtom);
  const currentId = tabIdOf(location.pathname);
  const route = matchRoute(currentId);
  const full = location.pathname + location.search;
  const visited = useRef(new Set<string>());
  visited.current.add(currentId);

  useEffect(() => {
    if (route) setTabs((s) => tabsReducer(s, { type: 'open', tab: { path: full, key: titleKeyOf(route) } }));
  }, [full, route, setTabs]);

  const open = tabs.tabs.map(tabId);
  for (const id of [...visited.current]) if (id !== currentId && !open.includes(id)) visited.current.delete(id);

  const current: OpenedTab = { path: full, key: route ? titleKeyOf(route) : '' };
  const list = layout.tabs ? (open.includes(currentId) ? tabs.tabs : [...tabs.tabs, current]) : [current];

  return (
    <div className="oa-panes">
      {list.map((tab) => {
        const id = tabId(tab);
        const active = id === currentId;
        if (!active && (!visited.current.has(id) || matchRoute(id)?.keepAlive === false)) return null;
        return <TabPane key={`${id}#${versions[id] ?? 0}`} location={active ? location : tab.path} active={active} />;
      })}
    </div>
  );
}
