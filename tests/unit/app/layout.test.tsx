import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '@shared/constants';
import { LAYOUT_STYLE_PRESETS, applyStyle, isDarkColour, mergeLayout, parseLayout, serialiseLayout } from '@app/layouts/layoutSetting';
import { deviceOf } from '@app/stores/device';
import { headerHiddenAfterScroll } from '@app/layouts/useShellEffects';

describe('layout setting (SPEC §3, §4)', () => {
  it('gives the defaults for empty or broken JSON', () => {
    expect(parseLayout('')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{oops')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('[]')).toEqual(DEFAULT_LAYOUT);
  });

  it('defaults: left menu, tabs on, fixed header and sider, logout confirm on', () => {
    const l = parseLayout(undefined);
    expect(l.menuSetting).toBe('left');
    expect(l.tabs && l.fixedHeader && l.fixedSider && l.logoutConfirm).toBe(true);
    expect(l.hideHeaderOnScroll).toBe(false);
  });

  it('merges a partial setting and keeps valid values', () => {
    const l = parseLayout(JSON.stringify({ menuSetting: 'mix2', setlayoutStyle: 4, topbgcolor: '#123456', tabs: 0, menunum: '12' }));
    expect(l).toEqual({ ...DEFAULT_LAYOUT, menuSetting: 'mix2', setlayoutStyle: 4, topbgcolor: '#123456', tabs: false, menunum: 12 });
  });

  it('rejects unknown modes, styles out of 1–6, bad colours and numbers', () => {
    const l = mergeLayout({ menuSetting: 'side', setlayoutStyle: 9, menubgcolor: 'url(x)', menunum: -3, fixedHeader: 'maybe' });
    expect(l).toEqual(DEFAULT_LAYOUT);
  });

  it('round-trips through the saved JSON string', () => {
    const l = { ...DEFAULT_LAYOUT, menuSetting: 'top' as const, bodybgimg: 'https://x/y.png' };
    expect(parseLayout(serialiseLayout(l))).toEqual(l);
  });

  it('has six styles; choosing one sets its colours', () => {
    expect(LAYOUT_STYLE_PRESETS.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const red = applyStyle(DEFAULT_LAYOUT, 2);
    expect(red.setlayoutStyle).toBe(2);
    expect(red.topbgcolor).toBe(LAYOUT_STYLE_PRESETS[1].topbgcolor);
    expect(red.menuSetting).toBe('left');
  });

  it('tells dark from light colours', () => {
    expect(isDarkColour('#001529')).toBe(true);
    expect(isDarkColour('#ffffff')).toBe(false);
    expect(isDarkColour('#fff')).toBe(false);
    expect(isDarkColour('rgb(10, 20, 30)')).toBe(true);
  });
});

describe('device class and header hiding (SPEC §4, §9)', () => {
  it('classifies widths', () => {
    expect([320, 600, 601, 992, 993, 1920].map(deviceOf)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
  });

  it('hides the header scrolling down past 300 px and shows it scrolling up', () => {
    expect(headerHiddenAfterScroll(0, 200, false)).toBe(false);
    expect(headerHiddenAfterScroll(280, 320, false)).toBe(true);
    expect(headerHiddenAfterScroll(500, 480, true)).toBe(false);
    expect(headerHiddenAfterScroll(500, 500, true)).toBe(true);
    expect(headerHiddenAfterScroll(500, 100, true)).toBe(false);
  });
});
