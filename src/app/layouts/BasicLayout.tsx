/**
 * The basic layout (SPEC §2.4, §4 "Layout"): four menu modes — left (sidebar with the whole tree, default),
 * top (top menu with the whole tree), mix (sections in the top bar, their children in the sidebar) and mix2
 * (icon rail of sections on the far left plus the children sidebar); sidebar 210 px / 80 collapsed; fixed
 * header and sider; the layout colours and style; tabs; on mobile the menu becomes a drawer.
 * Props: `decision` of the guard for the current location.
 */
import { useMemo, type CSSProperties } from 'react';
import { Drawer } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, MenuOutlined } from '@ant-design/icons';
import { useAtom, useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from '@shared/constants';
import type { GuardDecision } from '../router/guard';
import { tabIdOf } from '../router/routeTable';
import { routeOpens } from '../router/routeOpens';
import { routeTreeAtom } from '../stores/routes';
import { deviceAtom } from '../stores/device';
import { headerHiddenAtom, layoutAtom, mobileMenuOpenAtom } from '../stores/layout';
import { userAtom } from '../stores/user';
import { Logo } from '../components/header/Logo';
import { HeaderActions } from '../components/header/HeaderActions';
import { Breadcrumbs } from '../components/header/Breadcrumbs';
import { LayoutDrawer } from '../components/header/LayoutDrawer';
import { TabBar } from '../components/tabs/TabBar';
import { MenuIcon, iconNameOf } from '../components/MenuIcon';
import { buildLayoutMenus, firstLeafPath, type MenuEntry } from './menuModel';
import { isDarkColour, stylePreset } from './layoutSetting';
import { entryTitle } from './menuItems';
import { SideMenu } from './SideMenu';
import { TopMenu } from './TopMenu';
import { IconRail } from './IconRail';
import { ShellContent } from './ShellContent';
import { useShellEffects } from './useShellEffects';
import { useMenuBadges } from '../stores/badges';

export function BasicLayout({ decision }: { decision: Extract<GuardDecision, { kind: 'allow' | '404' }> }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const [layout, setLayout] = useAtom(layoutAtom);
  const device = useAtomValue(deviceAtom);
  const hidden = useAtomValue(headerHiddenAtom);
  const user = useAtomValue(userAtom);
  const [mobileOpen, setMobileOpen] = useAtom(mobileMenuOpenAtom);
  useShellEffects();
  useMenuBadges(location.pathname);

  const mobile = device === 'mobile';
  const mode = mobile ? 'left' : layout.menuSetting;
  const menu = useMemo(() => user?.menu ?? [], [user]);
  // Menus of areas not built yet are not offered, once the route tree (sent after sign-in) says which exist.
  const routeTree = useAtomValue(routeTreeAtom);
  const opens = routeTree.status === 'ready' ? routeOpens : undefined;
  const menus = useMemo(() => buildLayoutMenus(menu, mode, location.pathname, opens), [menu, mode, location.pathname, opens]);
  const collapsed = !mobile && (layout.collapsed || device === 'tablet');
  const siderWidth = collapsed ? SIDE_MENU_COLLAPSED_WIDTH : SIDE_MENU_WIDTH;
  const showSider = !mobile && menus.side.length > 0;
  const sectionEntry = menus.rail.find((e) => e.key === menus.section) ?? menus.top.find((e) => e.key === menus.section);

  const go = (path: string) => {
    setMobileOpen(false);
    navigate(path);
  };
  const goSection = (e: MenuEntry) => go(e.children.length ? firstLeafPath(e) : e.path);
  const toggleCollapsed = () => setLayout((l) => ({ ...l, collapsed: !l.collapsed }));

  const preset = stylePreset(layout.setlayoutStyle);
  const vars = {
    '--oa-primary': preset.primary,
    '--oa-menu-bg': layout.menubgcolor,
    '--oa-menu-fg': layout.menufontcolor,
    '--oa-menu-img': layout.menubgimg ? `url("${layout.menubgimg}")` : 'none',
    '--oa-top-bg': layout.topbgcolor,
    '--oa-top-fg': layout.topfontcolor,
    '--oa-body-bg': layout.bodybgcolor,
    '--oa-body-img': layout.bodybgimg ? `url("${layout.bodybgimg}")` : 'none',
    '--oa-sider-width': `${siderWidth}px`,
  } as CSSProperties;

  const classes = [
    'oa-shell',
    `oa-mode-${mode}`,
    `oa-style-${layout.setlayoutStyle}`,
    `oa-device-${device}`,
    layout.fixedHeader ? 'oa-fixed-header' : '',
    layout.fixedSider ? 'oa-fixed-sider' : '',
    hidden ? 'oa-header-hidden' : '',
    collapsed ? 'oa-collapsed' : '',
    isDarkColour(layout.menubgcolor) ? 'oa-menu-dark' : 'oa-menu-light',
    isDarkColour(layout.topbgcolor) ? 'oa-top-dark' : 'oa-top-light',
  ].join(' ');

  const collapseButton = (
    <button
      type="button"
      className="oa-header-action oa-collapse-btn"
      onClick={toggleCollapsed}
      aria-label={collapsed ? t('header.expand') : t('header.collapse')}
      data-testid="sider-collapse"
    >
      {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
    </button>
  );

  const sectionHeader = sectionEntry ? (
    <span className="oa-side-section">
      <span className={`oa-menu-icon ${sectionEntry.colourClass ?? ''}`}>
        <MenuIcon name={iconNameOf(sectionEntry.path, sectionEntry.icon)} />
      </span>
      <span className="oa-side-section-title">{entryTitle(t, sectionEntry)}</span>
    </span>
  ) : null;

  const sider = showSider ? (
    <aside className="oa-sider" style={{ width: siderWidth }} data-testid="sider">
      {mode === 'left' && <Logo collapsed={collapsed} className="oa-sider-logo" />}
      <div className="oa-sider-scroll">
        <SideMenu
          entries={menus.side}
          selected={menus.selected}
          openKeys={menus.openKeys}
          collapsed={collapsed}
          onNavigate={go}
          header={mode === 'mix' || mode === 'mix2' ? sectionHeader : undefined}
        />
      </div>
      {mode === 'mix' && <div className="oa-sider-foot">{collapseButton}</div>}
    </aside>
  ) : null;

  const tabs = layout.tabs ? <TabBar currentId={tabIdOf(location.pathname)} /> : null;
  const content = (
    <main className="oa-content" data-testid="shell-content">
      <ShellContent decision={decision} />
    </main>
  );

  const header = (
    <header className="oa-header" data-testid="header">
      <div className="oa-header-left">
        {mobile && (
          <button type="button" className="oa-header-action" onClick={() => setMobileOpen(true)} aria-label={t('header.menu')} data-testid="mobile-menu">
            <MenuOutlined />
          </button>
        )}
        {(mobile || mode === 'top' || mode === 'mix') && <Logo className="oa-header-logo" collapsed={mobile} />}
        {!mobile && (mode === 'left' || mode === 'mix2') && (
          <>
            {showSider && collapseButton}
            <Breadcrumbs />
          </>
        )}
      </div>
      {!mobile && mode === 'top' && (
        <TopMenu entries={menus.top} selectedKeys={[...menus.openKeys, ...(menus.selected ? [menus.selected] : [])]} onSelect={(e) => go(e.path)} />
      )}
      {!mobile && mode === 'mix' && <TopMenu entries={menus.top} selectedKeys={menus.section ? [menus.section] : []} onSelect={goSection} />}
      {(mobile || mode === 'left' || mode === 'mix2') && <div className="oa-header-spacer" />}
      <HeaderActions device={device} />
    </header>
  );

  return (
    <div className={classes} style={vars} data-testid="shell" data-layout={mode}>
      {!mobile && mode === 'mix2' && <IconRail entries={menus.rail} current={menus.section} onSelect={goSection} />}
      {mode !== 'mix' && sider}
      <div className="oa-main">
        <div className="oa-topbar">
          {header}
          {mode !== 'mix' && tabs}
        </div>
        {mode === 'mix' ? (
          <div className="oa-mix-row">
            {sider}
            <div className="oa-mix-body">
              {tabs && <div className="oa-mix-tabs">{tabs}</div>}
              {content}
            </div>
          </div>
        ) : (
          content
        )}
      </div>
      {mobile && (
        <Drawer
          placement="left"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          size={SIDE_MENU_WIDTH + 30}
          closable={false}
          className="oa-mobile-drawer"
          rootClassName={isDarkColour(layout.menubgcolor) ? 'oa-menu-dark' : 'oa-menu-light'}
          rootStyle={vars}
          styles={{ body: { padding: 0, background: layout.menubgcolor } }}
        >
          <Logo className="oa-sider-logo" />
          <SideMenu entries={menus.side} selected={menus.selected} openKeys={menus.openKeys} collapsed={false} onNavigate={go} />
        </Drawer>
      )}
      <LayoutDrawer />
    </div>
  );
}
