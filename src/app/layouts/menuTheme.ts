/**
 * antd component tokens that paint the menus with the layout colours of SPEC §3 (menubgcolor,
 * menufontcolor, topbgcolor, topfontcolor) and the brand colour of the layout style. Pure.
 */
import type { LayoutSetting } from '@shared/constants';
import { isDarkColour, stylePreset } from './layoutSetting';

/** Menu component tokens (a subset of antd's Menu tokens). */
export type MenuTokens = Record<string, string | number>;

/** The brand (primary) colour of a layout. */
export function primaryOf(layout: LayoutSetting): string {
  return stylePreset(layout.setlayoutStyle).primary;
}

/** Tokens of the sidebar / rail menus (inline or vertical). */
export function sideMenuTokens(layout: LayoutSetting): MenuTokens {
  const dark = isDarkColour(layout.menubgcolor);
  const primary = primaryOf(layout);
  return {
    itemBg: 'transparent',
    subMenuItemBg: dark ? 'rgba(0,0,0,0.18)' : 'rgba(0,0,0,0.02)',
    popupBg: layout.menubgcolor,
    itemColor: layout.menufontcolor,
    itemHoverColor: dark ? '#ffffff' : primary,
    itemHoverBg: dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.04)',
    itemSelectedColor: dark ? '#ffffff' : primary,
    itemSelectedBg: dark ? primary : `${primary}14`,
    subMenuItemSelectedColor: dark ? '#ffffff' : primary,
    itemActiveBg: dark ? 'rgba(255,255,255,0.12)' : `${primary}1f`,
    groupTitleColor: layout.menufontcolor,
    itemBorderRadius: 6,
    itemMarginInline: 8,
    itemHeight: 42,
    activeBarBorderWidth: 0,
    iconSize: 15,
    collapsedIconSize: 17,
  };
}

/** Tokens of the horizontal menu in the header. */
export function topMenuTokens(layout: LayoutSetting): MenuTokens {
  const dark = isDarkColour(layout.topbgcolor);
  const primary = primaryOf(layout);
  return {
    itemBg: 'transparent',
    itemColor: layout.topfontcolor,
    itemHoverColor: dark ? '#ffffff' : primary,
    horizontalItemHoverColor: dark ? '#ffffff' : primary,
    horizontalItemSelectedColor: dark ? '#ffffff' : primary,
    horizontalItemSelectedBg: dark ? 'rgba(255,255,255,0.16)' : 'transparent',
    horizontalItemHoverBg: dark ? 'rgba(255,255,255,0.10)' : 'transparent',
    itemSelectedColor: dark ? '#ffffff' : primary,
    itemSelectedBg: dark ? 'rgba(255,255,255,0.16)' : `${primary}14`,
    itemHoverBg: dark ? 'rgba(255,255,255,0.10)' : 'rgba(0,0,0,0.04)',
    subMenuItemBg: 'transparent',
    popupBg: dark ? layout.topbgcolor : '#ffffff',
    activeBarHeight: dark ? 0 : 2,
    horizontalLineHeight: '56px',
    itemPaddingInline: 14,
  };
}
