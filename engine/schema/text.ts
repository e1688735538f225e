/**
 * UI text of definitions (DESIGN §4: `{"t": key, "d": zh-CN default}`): locale bundles from the locale
 * files of `schemas/` and the text of a Text in a locale. Pure.
 */
import type { Text } from './types';

/** Messages per locale: `{'zh-CN': {key: text}, 'en-US': {…}}`. */
export type LocaleMessages = Record<string, Record<string, string>>;

/**
 * Merge locale files (`{path, locale, messages}`, flat maps key → text) into one map per locale;
 * later files win on a repeated key, non-string values are skipped (the lint reports both).
 */
export function mergeLocaleFiles(files: { locale: string; messages: unknown }[]): LocaleMessages {
  const out: LocaleMessages = {};
  for (const f of files) {
    if (!f.messages || typeof f.messages !== 'object' || Array.isArray(f.messages)) continue;
    const into = (out[f.locale] ??= {});
    for (const [k, v] of Object.entries(f.messages)) if (typeof v === 'string') into[k] = v;
  }
  return out;
}

/** The text of `text` in a locale's messages, else its zh-CN default `d`. */
export function textOf(text: Text, messages?: Record<string, string>): string {
  return messages?.[text.t] ?? text.d;
}

/** Whether a value is a Text `{t, d}` (exactly those two string keys). */
export function isText(v: unknown): v is Text {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return Object.keys(o).length === 2 && typeof o.t === 'string' && typeof o.d === 'string';
}

/** Every Text of a definition with its JSON pointer, depth first (for designers, exports and checks). */
export function collectTexts(def: unknown): { path: string; text: Text }[] {
  const out: { path: string; text: Text }[] = [];
  const walk = (v: unknown, ptr: string) => {
    if (isText(v)) out.push({ path: ptr, text: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${ptr}/${i}`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(def, '');
  return out;
}
