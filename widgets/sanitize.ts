/**
 * HTML sanitising for rich text shown outside the editor (detail pages): keeps a small allow-list of
 * formatting elements (p, br, strong, b, em, i, u, s, ul, ol, li, h1–h6, blockquote, code, pre, a, span)
 * and, on links, only http(s)/mailto `href`; every other element is unwrapped (its text kept) except
 * script/style/iframe/object/embed/template, which are dropped with their content. Needs a DOM (DOMParser).
 */
const ALLOWED = new Set('p br strong b em i u s ul ol li h1 h2 h3 h4 h5 h6 blockquote code pre a span hr'.split(' '));
const DROPPED = new Set('script style iframe object embed template noscript svg math link meta'.split(' '));

/** The sanitised form of `html` (see the module comment). */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      const tag = child.tagName.toLowerCase();
      if (DROPPED.has(tag)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!ALLOWED.has(tag)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attr of [...child.attributes]) {
        const keep = tag === 'a' && attr.name === 'href' && /^(https?:|mailto:)/i.test(attr.value.trim());
        if (!keep) child.removeAttribute(attr.name);
      }
      if (tag === 'a') {
        child.setAttribute('rel', 'noopener noreferrer');
        child.setAttribute('target', '_blank');
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
