/**
 * antd Menu items from menu entries (layouts/menuModel.ts): localised titles (namespace `route`, falling
 * back to the server header), section icons with the six colour classes, test ids.
 */
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { MenuIcon, iconNameOf } from '../components/MenuIcon';
import type { MenuEntry } from './menuModel';

type Items = NonNullable<MenuProps['items']>;

/** The title of a menu entry. */
export function entryTitle(t: TFunction, e: MenuEntry): string {
  return e.i18nKey ? (t(e.i18nKey, { ns: 'route', keySeparator: false, defaultValue: e.header }) as string) : e.header;
}

/** Converts entries to antd items; `icons` puts icons on the first level. */
export function toMenuItems(entries: MenuEntry[], t: TFunction, icons = true, depth = 0): Items {
  return entries.map((e) => {
    const label = (
      <span className="oa-menu-label" data-testid={`menu-${e.key}`} title={entryTitle(t, e)}>
        {entryTitle(t, e)}
      </span>
    );
    const icon =
      icons && depth === 0 ? (
        <span className={`oa-menu-icon ${e.colourClass ?? ''}`}>
          <MenuIcon name={iconNameOf(e.path, e.icon)} />
        </span>
      ) : undefined;
    if (e.children.length) {
      return { key: e.key, label, icon, className: e.colourClass, children: toMenuItems(e.children, t, icons, depth + 1) };
    }
    return { key: e.key, label, icon, className: e.colourClass };
  });
}
