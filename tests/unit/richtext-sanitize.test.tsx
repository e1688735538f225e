// @vitest-environment jsdom
/**
 * Rich text is cleaned with one allow-list (src/shared/richtext.ts) in the browser (DOMPurify, widgets/sanitize.ts)
 * and on the server before storage (sanitize-html, src/server/lib/sanitize.ts): formatting stays, scripts and
 * handlers go, links keep only http(s)/mailto and open in a new tab. Both must agree on what a reader sees.
 * Runs in jsdom: DOMPurify does not work on happy-dom (it keeps a <script> there), only on a standard DOM.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../widgets/sanitize';
import { sanitizeRichText } from '../../src/server/lib/sanitize';

const hostile =
  '<p onclick="steal()">各有关单位：<strong>现将</strong><script>alert(1)</script>' +
  '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">点此</a> <a href="https://www.gov.cn/">中国政府网</a></p>' +
  '<style>p{display:none}</style><iframe src="https://evil.example"></iframe><div class="x">通知如下。</div>';

/** The text and the markup a reader gets, made comparable. */
function shape(html: string): { text: string; tags: string[]; links: (string | null)[] } {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return {
    text: doc.body.textContent ?? '',
    tags: [...doc.body.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
    links: [...doc.body.querySelectorAll('a')].map((a) => a.getAttribute('href')),
  };
}

describe.each([
  ['browser (DOMPurify)', sanitizeHtml],
  ['server (sanitize-html)', sanitizeRichText],
])('rich text cleaned in the %s', (_where, clean) => {
  it('keeps the text and the formatting, drops scripts, styles, frames, images and handlers', () => {
    const out = clean(hostile);
    expect(out).not.toMatch(/script|onclick|onerror|alert|iframe|<img|<style|display:none|class=/i);
    const s = shape(out);
    expect(s.text).toBe('各有关单位：现将点此 中国政府网通知如下。');
    expect(s.tags).toEqual(['p', 'strong', 'a', 'a']);
  });

  it('keeps only http(s) and mailto links, opening in a new tab without an opener', () => {
    const out = clean('<p><a href="javascript:alert(3)">甲</a><a href="mailto:bgs@example.gov.cn">乙</a><a href="https://www.gov.cn/">丙</a></p>');
    expect(shape(out).links).toEqual([null, 'mailto:bgs@example.gov.cn', 'https://www.gov.cn/']);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    for (const a of doc.querySelectorAll('a')) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('leaves what the 正文 editor writes unchanged in meaning', () => {
    const body =
      '<h2>一、总体要求</h2><p>坚持<em>安全第一</em>、<u>预防为主</u>。</p><ol><li>落实责任</li><li>排查隐患</li></ol><blockquote><p>附件：检查表</p></blockquote><hr>';
    expect(shape(clean(body))).toEqual(shape(body));
  });
});
