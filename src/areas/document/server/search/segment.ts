/**
 * Chinese word segmentation for 公文检索 (DESIGN §2 "Chinese search": @node-rs/jieba, the prebuilt binary of the
 * npm package; its dictionary ships in the package, nothing is downloaded at run time).
 *
 * - Indexing uses jieba's search mode (`cutForSearch`): a long word is kept and its dictionary sub-words are
 *   added (安全生产 → 安全, 生产, 安全生产), so a query of either finds it.
 * - A query is cut in precise mode (`cut`); every token must occur (AND).
 * - Tokens are normalised the same on both sides: lower case, split on anything that is not a letter or a digit
 *   (punctuation, 〔〕, spaces), so neither side can carry full-text query syntax.
 * A few 公文 terms missing from jieba's general dictionary are added (GOV_WORDS).
 */
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

/** 公文 terms added to jieba's dictionary ("word frequency" lines), so they are kept whole. */
const GOV_WORDS = [
  '安全生产',
  '发文字号',
  '主送机关',
  '抄送机关',
  '成文日期',
  '印发机关',
  '公文处理',
  '督查督办',
  '应急管理',
  '疫情防控',
  '营商环境',
  '乡村振兴',
  '生态环境',
  '政务公开',
  '机关事务',
]
  .map((w) => `${w} 5000 n`)
  .join('\n');

let jieba: Jieba | null = null;

/** The shared segmenter (loaded on first use: about 0.5 s for the dictionary). */
export function segmenter(): Jieba {
  if (!jieba) {
    const require = createRequire(import.meta.url);
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Buffer };
    const j = JiebaClass.withDict(dict);
    j.loadDict(Buffer.from(GOV_WORDS, 'utf8'));
    jieba = j;
  }
  return jieba;
}

const NON_WORD = /[^\p{L}\p{N}]+/u;

/** Normalised tokens of raw jieba output: lower case, split on non-letters/digits, empty ones dropped. */
function normalise(raw: string[]): string[] {
  const out: string[] = [];
  for (const r of raw) for (const p of r.toLowerCase().split(NON_WORD)) if (p) out.push(p);
  return out;
}

/** The indexed words of `text`: cutForSearch tokens, normalised, joined by single spaces. */
export function indexWords(text: string): string {
  if (!text.trim()) return '';
  return normalise(segmenter().cutForSearch(text, true)).join(' ');
}

/** Longest keyword considered, in characters. */
export const KEYWORD_MAX = 100;
/** Most tokens of one query (more are dropped). */
export const QUERY_TOKENS_MAX = 16;

/** The distinct tokens of a user's keyword (precise mode, normalised), at most QUERY_TOKENS_MAX. */
export function queryTokens(keyword: string): string[] {
  const k = keyword.slice(0, KEYWORD_MAX).trim();
  if (!k) return [];
  return [...new Set(normalise(segmenter().cut(k, true)))].slice(0, QUERY_TOKENS_MAX);
}

/**
 * An FTS5 MATCH expression requiring every token: each one a quoted string ("安全生产" "元旦"). Tokens hold only
 * letters and digits; a double quote would still be escaped by doubling (FTS5 string syntax).
 */
export function ftsMatch(tokens: string[]): string {
  return tokens.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** `s` with HTML's special characters escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Characters of context a snippet shows around its first hit. */
export const SNIPPET_CHARS = 80;

/**
 * A highlighted snippet of `text` for `tokens`: about SNIPPET_CHARS characters around the first hit (the start of
 * the text without one), HTML-escaped, every hit wrapped in <mark>…</mark> — the only markup it contains.
 * Matching is case-insensitive; an ellipsis marks text left out.
 */
export function snippetOf(text: string, tokens: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const words = [...new Set(tokens.filter(Boolean))].sort((a, b) => b.length - a.length);
  let first = -1;
  for (const w of words) {
    const i = lower.indexOf(w);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const start = first < 0 ? 0 : Math.max(0, first - Math.floor(SNIPPET_CHARS / 4));
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  const part = flat.slice(start, end);
  const partLower = lower.slice(start, end);
  let html = '';
  let i = 0;
  while (i < part.length) {
    const w = words.find((x) => partLower.startsWith(x, i));
    if (w) {
      html += `<mark>${escapeHtml(part.slice(i, i + w.length))}</mark>`;
      i += w.length;
    } else {
      html += escapeHtml(part[i]);
      i++;
    }
  }
  return `${start > 0 ? '…' : ''}${html}${end < flat.length ? '…' : ''}`;
}
