/**
 * 公文检索 segmentation and snippets (services/search/segment.ts, extract.ts): jieba cuts a 公文 title into the
 * words a user would type, queries cannot carry full-text syntax, and snippets escape everything but their own
 * <mark> tags.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, ftsMatch, indexWords, queryTokens, snippetOf } from '../../src/areas/document/server/search/segment.js';
import { Document, Packer, Paragraph } from 'docx';
import { attachmentIds, fileText, htmlToText } from '../../src/areas/document/server/search/extract.js';

/** A one-page PDF showing `text` in Helvetica (hand-written objects and xref). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 20 80 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('segmentation (jieba)', () => {
  it('a 公文 title yields the words a user searches for, whole words and their parts', () => {
    const words = indexWords('关于做好2027年元旦春节期间安全生产工作的通知').split(' ');
    expect(words).toEqual(expect.arrayContaining(['安全生产', '安全', '生产', '元旦', '春节', '2027', '通知', '关于', '做好']));
  });

  it('a query is cut in precise mode; each of its tokens is among the indexed words of the same text', () => {
    const text = '关于做好2027年元旦春节期间安全生产工作的通知';
    const indexed = new Set(indexWords(text).split(' '));
    const q = queryTokens('元旦春节安全生产');
    expect(q).toEqual(['元旦', '春节', '安全生产']);
    expect(q.every((t) => indexed.has(t))).toBe(true);
  });

  it('a 发文字号 is found by its own tokens (六角括号 and 号 punctuation ignored)', () => {
    const indexed = new Set(indexWords('京政办发〔2026〕3号').split(' '));
    for (const t of queryTokens('京政办发〔2026〕3号')) expect(indexed.has(t), t).toBe(true);
  });

  it('tokens hold letters and digits only: quotes, operators and brackets of FTS syntax never pass', () => {
    const q = queryTokens('"安全" OR NEAR(生产) * -通知 ^a:b');
    expect(q.every((t) => /^[\p{L}\p{N}]+$/u.test(t))).toBe(true);
    expect(ftsMatch(q)).not.toMatch(/[()*^:-]/);
    expect(ftsMatch(['a"b'])).toBe('"a""b"');
    expect(queryTokens('  ，。！ ')).toEqual([]);
  });
});

describe('snippets', () => {
  it('marks every hit around the first one and escapes the text', () => {
    const s = snippetOf('<script>alert(1)</script> 各单位要做好安全生产工作，落实安全生产责任。', ['安全生产']);
    expect(s).toContain('<mark>安全生产</mark>工作');
    expect(s.match(/<mark>/g)).toHaveLength(2);
    expect(s).toContain('&lt;/script&gt;');
    expect(s.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('a hit that is itself markup stays escaped inside its mark; long text is cut with an ellipsis', () => {
    expect(snippetOf('a <b> c', ['<b>'])).toBe('a <mark>&lt;b&gt;</mark> c');
    const long = `${'前言'.repeat(100)}安全生产${'结尾'.repeat(100)}`;
    const s = snippetOf(long, ['安全生产']);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('<mark>安全生产</mark>');
  });

  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('text of a document', () => {
  it('正文 HTML becomes text: tags and scripts dropped, entities decoded, blocks on their own lines', () => {
    expect(htmlToText('<p>各有关单位：</p><p>现将&lt;有关&gt;事项<b>通知</b>如下。</p><script>x()</script>')).toBe('各有关单位：\n现将<有关>事项通知如下。');
    expect(htmlToText(null)).toBe('');
  });

  it('attachment ids come from the stored field (JSON text of attachment objects or ids)', () => {
    expect(attachmentIds('[{"id":"a1","name":"x.docx"},{"id":"b2"}]')).toEqual(['a1', 'b2']);
    expect(attachmentIds(['c3', 'c3'])).toEqual(['c3']);
    expect(attachmentIds('not json')).toEqual([]);
  });
});

describe('text of attachments', () => {
  it('DOCX (mammoth), PDF (unpdf) and TXT give their text; other types none', async () => {
    const docx = Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('防汛应急演练方案')] }] })));
    expect(await fileText('方案.docx', docx)).toContain('防汛应急演练方案');
    expect(await fileText('drill.PDF', minimalPdf('Flood control drill 2027'))).toContain('Flood control drill 2027');
    expect(await fileText('说明.txt', Buffer.from('会议纪要', 'utf8'))).toBe('会议纪要');
    expect(await fileText('照片.png', Buffer.from([0x89, 0x50]))).toBe('');
  });
});
