/**
 * antd Menu items from menu entries (layouts/menuModel.ts): localised titles (namespace `route`, falling
 * back to the server header), section icons with the six colour classes, test ids, and the badge counts of
 * SPEC §3 "Menu badge counts" (stores/badges.ts; 99+ over BADGE_OVERFLOW, SPEC §9).
 */
import type { MenuProps } from 'antd';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { BADGE_OVERFLOW } from '@shared/constants';
import { MenuIcon, iconNameOf } from '../components/MenuIcon';
import type { MenuEntry } from './menuModel';
import '../styles/badges.css';

type Items = NonNullable<MenuProps['items']>;

/** The title of a menu entry. */
export function entryTitle(t: TFunction, e: MenuEntry): string {
  return e.i18nKey ? (t(e.i18nKey, { ns: 'route', keySeparator: false, defaultValue: e.header }) as string) : e.header;
}

/** The badge of menu path `key` when `badges` gives it a count above 0 (99+ beyond BADGE_OVERFLOW). */
export function MenuBadge({ count, path }: { count: number | undefined; path: string }) {
  if (!count || count <= 0) return null;
  return (
    <span className="oa-menu-badge" data-testid={`menu-badge-${path}`}>
      <Badge count={count} overflowCount={BADGE_OVERFLOW} size="small" />
    </span>
  );
}

/** Converts entries to antd items; `icons` puts icons on the first level; `badges` are counts by menu path. */
export function toMenuItems(entries: MenuEntry[], t: TFunction, icons = true, depth = 0, badges: Record<string, number> = {}): Items {
  return entries.map((e) => {
    const title = (
      <span className="oa-menu-label" data-testid={`menu-${e.key}`} title={entryTitle(t, e)}>
        {entryTitle(t, e)}
      </span>
    );
    const count = badges[e.key];
    const label = count ? (
      <span className="oa-menu-badged">
        {title}
        <MenuBadge count={count} path={e.key} />
      </span>
    ) : (
      title
    );
    const icon =
      icons && depth === 0 ? (
        <span className={`oa-menu-icon ${e.colourClass ?? ''}`}>
          <MenuIcon name={iconNameOf(e.path, e.icon)} />
        </span>
      ) : undefined;
    if (e.children.length) {
      return { key: e.key, label, icon, className: e.colourClass, children: toMenuItems(e.children, t, icons, depth + 1, badges) };
    }
    return { key: e.key, label, icon, className: e.colourClass };
  });
}
