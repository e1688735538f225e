/**
 * The antd theme of the app: the brand colour of the layout style, 6 px corners, the CJK font stack.
 * Component styles come from antd's CSS-in-JS: a component's sheet is generated and injected (a `<style>` in the
 * head) when it first renders, so a page carries only the CSS of the components it shows, never the 1 MB static
 * sheet. Tokens become CSS variables (antd 6's default), so the brand colour follows the layout setting without
 * regenerating the sheets. The server sends no Content-Security-Policy (app.ts HELMET_OPTIONS), so the injected
 * `<style>` elements need no nonce; a CSP added later must allow them (`style-src 'nonce-…'` with ConfigProvider
 * `csp={{ nonce }}`).
 * Text colours meet WCAG 2.1 AA contrast (4.5:1, GB/T 37668-2019) on white and on the light tag backgrounds:
 * secondary text, placeholders and the status colours are a shade darker than antd's defaults.
 */
import type { ThemeConfig } from 'antd';

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

/**
 * The theme for brand colour `primary` (a CSS colour), on antd's default algorithm (no `algorithm` given:
 * importing antd's `theme` object would bring the dark and compact algorithms into the first load).
 */
export function appTheme(primary: string): ThemeConfig {
  return {
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
