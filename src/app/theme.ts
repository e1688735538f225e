/**
 * The antd theme of the app: the brand colour of the layout style, 6 px corners, the CJK font stack.
 * Component styles come from antd's CSS-in-JS: a component's sheet is generated and injected (a `<style>` in the
 * head) when it first renders, so a page carries only the CSS of the components it shows, never the 1 MB static
 * sheet. Tokens become CSS variables (antd 6's default), so the brand colour follows the layout setting without
 * regenerating the sheets. The server sends no Content-Security-Policy (app.ts HELMET_OPTIONS), so the injected
 * `<style>` elements need no nonce; a CSP added later must allow them (`style-src 'nonce-…'` with ConfigProvider
 * `csp={{ nonce }}`).
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';

/** The theme for brand colour `primary` (a CSS colour). */
export function appTheme(primary: string): ThemeConfig {
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorLink: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}
