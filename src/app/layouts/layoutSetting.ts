/**
 * The layout setting of SPEC §3 ("Layout setting") and §4 ("Layout"): parsing the JSON string stored per
 * user, merging with the defaults, and the six visual styles (setlayoutStyle 1–6). Pure functions.
 */
import { DEFAULT_LAYOUT, LAYOUT_STYLES, MENU_LAYOUTS, type LayoutSetting, type MenuLayout } from '@shared/constants';

/** One of the six visual styles: brand colour and the default colours of menu and header. */
export interface LayoutStylePreset {
  id: LayoutSetting['setlayoutStyle'];
  /** i18n key below `layout:style.` */
  name: string;
  primary: string;
  menubgcolor: string;
  menufontcolor: string;
  topbgcolor: string;
  topfontcolor: string;
  bodybgcolor: string;
}

/** The six layout styles: government blue (default), China red, light, deep blue, jade green, graphite. */
export const LAYOUT_STYLE_PRESETS: readonly LayoutStylePreset[] = [
  {
    id: 1,
    name: 'blue',
    primary: '#1d5fbf',
    menubgcolor: '#001529',
    menufontcolor: '#ffffffa6',
    topbgcolor: '#ffffff',
    topfontcolor: '#1f1f1f',
    bodybgcolor: '#f0f2f5',
  },
  {
    id: 2,
    name: 'red',
    primary: '#c0161d',
    menubgcolor: '#ffffff',
    menufontcolor: '#262626',
    topbgcolor: '#b3141b',
    topfontcolor: '#ffffff',
    bodybgcolor: '#f5f2f0',
  },
  {
    id: 3,
    name: 'light',
    primary: '#1677ff',
    menubgcolor: '#ffffff',
    menufontcolor: '#262626',
    topbgcolor: '#ffffff',
    topfontcolor: '#1f1f1f',
    bodybgcolor: '#f0f2f5',
  },
  {
    id: 4,
    name: 'navy',
    primary: '#1e4fa8',
    menubgcolor: '#0f2a5c',
    menufontcolor: '#ffffffbf',
    topbgcolor: '#1e4fa8',
    topfontcolor: '#ffffff',
    bodybgcolor: '#eef2f8',
  },
  {
    id: 5,
    name: 'green',
    primary: '#0e7a55',
    menubgcolor: '#0b3326',
    menufontcolor: '#ffffffb3',
    topbgcolor: '#ffffff',
    topfontcolor: '#1f1f1f',
    bodybgcolor: '#f0f4f2',
  },
  {
    id: 6,
    name: 'gray',
    primary: '#3a6ea5',
    menubgcolor: '#24292f',
    menufontcolor: '#ffffffb3',
    topbgcolor: '#2f353d',
    topfontcolor: '#f0f0f0',
    bodybgcolor: '#eef0f3',
  },
];

/** The preset of a style id (style 1 for anything unknown). */
export function stylePreset(id: number): LayoutStylePreset {
  return LAYOUT_STYLE_PRESETS.find((p) => p.id === id) ?? LAYOUT_STYLE_PRESETS[0];
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([^)]*\)|[a-z]+)$/i;

function pickColour(v: unknown, dflt: string): string {
  return typeof v === 'string' && COLOUR.test(v.trim()) ? v.trim() : dflt;
}

function pickBool(v: unknown, dflt: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return dflt;
}

/**
 * Merges a partial (possibly ill-typed) layout object with the defaults of SPEC §4: unknown menu modes,
 * styles out of 1–6, bad colours and bad numbers fall back to the default value.
 */
export function mergeLayout(partial: unknown, base: LayoutSetting = DEFAULT_LAYOUT): LayoutSetting {
  const p = (partial && typeof partial === 'object' ? partial : {}) as Record<string, unknown>;
  const style = Number(p.setlayoutStyle);
  const menunum = Number(p.menunum);
  return {
    menuSetting: (MENU_LAYOUTS as readonly string[]).includes(p.menuSetting as string) ? (p.menuSetting as MenuLayout) : base.menuSetting,
    menubgcolor: pickColour(p.menubgcolor, base.menubgcolor),
    menubgimg: typeof p.menubgimg === 'string' ? p.menubgimg : base.menubgimg,
    topbgcolor: pickColour(p.topbgcolor, base.topbgcolor),
    topfontcolor: pickColour(p.topfontcolor, base.topfontcolor),
    menufontcolor: pickColour(p.menufontcolor, base.menufontcolor),
    menunum: Number.isInteger(menunum) && menunum >= 1 && menunum <= 50 ? menunum : base.menunum,
    bodybgcolor: pickColour(p.bodybgcolor, base.bodybgcolor),
    bodybgimg: typeof p.bodybgimg === 'string' ? p.bodybgimg : base.bodybgimg,
    setlayoutStyle: (LAYOUT_STYLES as readonly number[]).includes(style) ? (style as LayoutSetting['setlayoutStyle']) : base.setlayoutStyle,
    tabs: pickBool(p.tabs, base.tabs),
    fixedHeader: pickBool(p.fixedHeader, base.fixedHeader),
    fixedSider: pickBool(p.fixedSider, base.fixedSider),
    hideHeaderOnScroll: pickBool(p.hideHeaderOnScroll, base.hideHeaderOnScroll),
    logoutConfirm: pickBool(p.logoutConfirm, base.logoutConfirm),
    collapsed: pickBool(p.collapsed, base.collapsed),
  };
}

/** Parses the layout JSON string of the user info (SPEC §3); empty or broken JSON gives the defaults. */
export function parseLayout(json: string | null | undefined): LayoutSetting {
  if (!json) return { ...DEFAULT_LAYOUT };
  try {
    return mergeLayout(JSON.parse(json));
  } catch {
    return { ...DEFAULT_LAYOUT };
  }
}

/** The JSON string sent to Person/saveLayout. */
export function serialiseLayout(setting: LayoutSetting): string {
  return JSON.stringify(setting);
}

/** Chooses a style: the style's colours replace the menu, header and body colours (they stay editable). */
export function applyStyle(setting: LayoutSetting, id: number): LayoutSetting {
  const p = stylePreset(id);
  return {
    ...setting,
    setlayoutStyle: p.id,
    menubgcolor: p.menubgcolor,
    menufontcolor: p.menufontcolor,
    topbgcolor: p.topbgcolor,
    topfontcolor: p.topfontcolor,
    bodybgcolor: p.bodybgcolor,
  };
}

/** Relative luminance test: true when text on `colour` should be light. */
export function isDarkColour(colour: string): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(colour.trim());
  let r = 255,
    g = 255,
    b = 255;
  if (hex) {
    const h =
      hex[1].length === 3
        ? hex[1]
            .split('')
            .map((c) => c + c)
            .join('')
        : hex[1];
    r = parseInt(h.slice(0, 2), 16);
    g = parseInt(h.slice(2, 4), 16);
    b = parseInt(h.slice(4, 6), 16);
  } else {
    const rgb = /rgba?\(\s*(\d+)[ ,]+(\d+)[ ,]+(\d+)/i.exec(colour);
    if (rgb) [r, g, b] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
    else if (/^(black|navy|darkblue|maroon|darkred|darkgreen)$/i.test(colour)) return true;
  }
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 140;
}
