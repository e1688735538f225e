/**
 * Server-side cleaning of rich text before it is stored (正文, rich-text fields of any entity, 正文 templates), with
 * sanitize-html over the allow-list of src/shared/richtext.ts — the same list the browser's DOMPurify uses
 * (widgets/sanitize.ts). Disallowed elements are unwrapped (text kept); script, style, iframe… are dropped with
 * their content; the only attribute kept is a link's http(s)/mailto `href`, and links get rel/target.
 */
import sanitize from 'sanitize-html';
import { RICH_TEXT_DROPPED, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '../../shared/richtext.js';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** `html` cleaned for storage (see the module comment); a string without markup comes back unchanged but escaped. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS);
}
