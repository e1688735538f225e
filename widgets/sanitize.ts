/**
 * HTML sanitising for rich text shown outside the editor (detail pages, the 正文 view, template previews), with
 * DOMPurify over the allow-list of src/shared/richtext.ts: allowed formatting elements stay, every other element is
 * unwrapped (its text kept), script/style/iframe… are dropped with their content, and the only attribute left is a
 * link's http(s)/mailto `href` (links open in a new tab, rel noopener). Needs a DOM.
 */
import DOMPurify from 'dompurify';
import { RICH_TEXT_DROPPED, RICH_TEXT_TAGS, allowedHref } from '../src/shared/richtext';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance with the link hook installed (made on first use: the module loads without a DOM). */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') {
      node.removeAttribute('href');
      return;
    }
    const href = node.getAttribute('href');
    if (href !== null && !allowedHref(href)) node.removeAttribute('href');
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  });
  purifier = p;
  return p;
}

/** The sanitised form of `html` (see the module comment). */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: ['href'],
    FORBID_CONTENTS: [...RICH_TEXT_DROPPED],
    KEEP_CONTENT: true,
    ALLOW_DATA_ATTR: false,
  });
}
