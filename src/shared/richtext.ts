/**
 * The rich-text allow-list (正文, notices, 正文 templates): the HTML the tiptap editor (starter kit) writes, and
 * nothing more. The browser (widgets/sanitize.ts, DOMPurify) and the server (src/server/lib/sanitize.ts,
 * sanitize-html) both clean with it, so what is stored is what is shown.
 */

/** Elements kept (lower case); every other element is unwrapped, its text kept. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'a',
  'span',
  'hr',
] as const;

/** Elements dropped together with their content. */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'link',
  'meta',
  'textarea',
  'select',
  'option',
  'title',
] as const;

/** The only attribute kept: `href` on `a`, and only with one of these schemes. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Whether `href` may stay on a link (http, https or mailto; see RICH_TEXT_LINK_SCHEMES). */
export function allowedHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim());
}
