/**
 * Server-side messages in zh-CN (default) and en-US. The client sends its locale in `X-Lang`;
 * anything else answers in zh-CN (SPEC §2.4: zh-CN default, no auto-detection).
 */
import type { Locale } from '../../shared/constants.js';
import zhCN from './zh-CN.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };

type Catalogue = Record<string, string>;
const catalogues: Record<Locale, Catalogue> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Picks the locale of a request from its `x-lang` header value. */
export function localeOf(header: string | string[] | undefined): Locale {
  const v = Array.isArray(header) ? header[0] : header;
  return v === 'en-US' ? 'en-US' : 'zh-CN';
}

/**
 * Translates `key` with `{name}` placeholders filled from `params`.
 * Falls back to zh-CN, then to the key itself.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = catalogues[locale][key] ?? catalogues['zh-CN'][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Every key of the zh-CN catalogue (the locale-completeness test compares both catalogues). */
export function catalogueKeys(locale: Locale): string[] {
  return Object.keys(catalogues[locale]);
}
