/**
 * The antd theme of the app: the brand colour of the layout style, 6 px corners, the CJK font stack.
 * `zeroRuntime`: components take their styles from the prebuilt `antd/dist/antd.css` (imported once by the
 * entry) instead of generating CSS per component at run time — a form of 150 fields mounted in about half
 * the time. Tokens still become CSS variables, so the brand colour follows the layout setting.
 * Text colours meet WCAG 2.1 AA contrast (4.5:1, GB/T 37668-2019) on white and on the light tag backgrounds:
 * secondary text, placeholders and the status colours are a shade darker than antd's defaults.
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * Colours darkened to 4.5:1 or more: descriptions, breadcrumbs and empty texts (antd's 0.45 black is 3.4:1),
 * placeholders (0.25 black, 1.8:1), danger buttons (the status and preset tag colours whose text is too light
 * on their light background are set in styles/global.css: a seed colour would also grey their backgrounds).
 */
const CONTRAST = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorError: '#cf1322',
} as const;

/** The theme for brand colour `primary` (a CSS colour). */
export function appTheme(primary: string): ThemeConfig {
  return {
    zeroRuntime: true,
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorLink: primary,
      borderRadius: 6,
      ...CONTRAST,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}
