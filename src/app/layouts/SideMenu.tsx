/**
 * The sidebar menu (inline). The selected item and the open submenus follow the route (SPEC §4).
 * Props: `entries`, `selected`, `openKeys` (of the current route), `collapsed`, `onNavigate(path)`,
 * optional `header` (section title shown on top, mix layouts).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfigProvider, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { layoutAtom } from '../stores/layout';
import { menuBadgesAtom } from '../stores/badges';
import { sideMenuTokens } from './menuTheme';
import { toMenuItems } from './menuItems';
import { findEntry, type MenuEntry } from './menuModel';

export interface SideMenuProps {
  entries: MenuEntry[];
  selected?: string;
  openKeys: string[];
  collapsed: boolean;
  onNavigate: (path: string) => void;
  header?: ReactNode;
}

export function SideMenu({ entries, selected, openKeys, collapsed, onNavigate, header }: SideMenuProps) {
  const { t } = useTranslation('layout');
  const layout = useAtomValue(layoutAtom);
  const badges = useAtomValue(menuBadgesAtom);
  const items = useMemo(() => toMenuItems(entries, t, true, 0, badges), [entries, t, badges]);
  const [open, setOpen] = useState<string[]>(openKeys);
  const routeKeys = openKeys.join('|');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Bring the selected item into view once its submenu has opened.
    const timer = setTimeout(() => {
      box.current?.querySelector<HTMLElement>('.ant-menu-item-selected')?.scrollIntoView?.({ block: 'nearest' });
    }, 320);
    return () => clearTimeout(timer);
  }, [selected]);
  useEffect(() => {
    setOpen((prev) => Array.from(new Set([...prev, ...openKeys])));
    // Re-open the submenus of the route when the route changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeKeys]);
  return (
    <ConfigProvider theme={{ components: { Menu: sideMenuTokens(layout) } }}>
      <div ref={box} className="oa-side-menu-box">
        {header && !collapsed ? <div className="oa-side-header">{header}</div> : null}
        <Menu
          className="oa-side-menu"
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={selected ? [selected] : []}
          {...(collapsed ? {} : { openKeys: open, onOpenChange: (keys: string[]) => setOpen(keys) })}
          onClick={({ key }) => {
            const e = findEntry(entries, String(key));
            if (e) onNavigate(e.path);
          }}
        />
      </div>
    </ConfigProvider>
  );
}
