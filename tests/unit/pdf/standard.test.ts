/**
 * The 公文 files read back as a reviewer's tools read them (GB/T 9704-2012): the PDF with `pdftotext -bbox`
 * (poppler) — body type 三号 (16 pt), 22 lines of 28 characters on a full page, no heading left alone at the foot
 * of a page, the title's lines balanced, the 版记 with 印发机关 and 印发日期 on an even page — and the DOCX's
 * document.xml — a character grid (docGrid linesAndChars: 28 characters of 三号, 22 lines), the title's lines
 * balanced, the 版记 carried by page breaks onto the even page the PDF puts it on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { renderOfficialDocx, renderOfficialPdf, type OfficialDocument } from '../../../src/areas/document/server/pdf/index.js';
import { sampleNotice } from './sample.js';

const OUT = path.resolve(__dirname, '../../../test-results/pdf');
const PT_PER_MM = 72 / 25.4;
/** Line box of Noto Serif CJK in em (hhea ascender + descender): poppler's word height is this × the size. */
const SERIF_BOX = 1.437;
/** Top and bottom of the 版心 in points from the top of the page (37 mm, 37 + 225 mm). */
const CORE_TOP = 37 * PT_PER_MM;
const CORE_BOTTOM = 262 * PT_PER_MM;

interface Word {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

/** The words of every page as `pdftotext -bbox` gives them (points, y down). */
async function wordsOf(name: string, doc: OfficialDocument): Promise<Word[]> {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  fs.writeFileSync(file, await renderOfficialPdf(doc));
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, x0: +m[1], y0: +m[2], x1: +m[3], y1: +m[4], text: m[5] });
  }
  return words;
}

/** Text lines of the 版心 of `page` (words on one baseline joined), top to bottom. */
function lines(words: Word[], page: number): Word[] {
  const out: Word[] = [];
  for (const w of words.filter((x) => x.page === page && x.y0 > CORE_TOP - 5 && x.y1 < CORE_BOTTOM + 5).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.y1 - w.y1) < 2) out[out.length - 1] = { ...last, x1: w.x1, text: last.text + w.text };
    else out.push({ ...w });
  }
  return out;
}

const pagesOf = (words: Word[]) => Math.max(...words.map((w) => w.page));
/** The headings of the sample 通知 (sample.ts), four levels. */
const HEADING = /^(?:[一二三四五六七八九十]+、|（一）压实|1\.\s*严格|（1）加强)/;

describe('the PDF read back with pdftotext -bbox', () => {
  it('sets the body in 三号 (16 pt), 22 lines of 28 characters on a full page', async () => {
    const long = { ...sampleNotice(1), bodyHtml: Array.from({ length: 30 }, (_, i) => `<p>${'安全生产责任重于泰山'.repeat(6)}${i}</p>`).join('') };
    const words = await wordsOf('grid.pdf', long);
    const page = lines(words, 3);
    expect(page).toHaveLength(22);
    for (const l of page) expect((l.y1 - l.y0) / SERIF_BOX).toBeCloseTo(16, 1);
    const full = page.filter((l) => /^[\u4e00-\u9fff]+$/.test(l.text) && l.x0 < CORE_TOP);
    expect(full.length).toBeGreaterThan(5);
    for (const l of full) expect([...l.text]).toHaveLength(28);
    // the 28 characters fill the 156 mm line (to within the last character's spacing)
    expect(Math.abs(full[0].x1 - full[0].x0 - 156 * PT_PER_MM)).toBeLessThan(1);
    // the lines are 225 / 22 mm apart
    expect((page[21].y0 - page[0].y0) / 21).toBeCloseTo((225 / 22) * PT_PER_MM, 1);
  }, 60_000);

  it('never leaves a heading as the last line of a page', async () => {
    // shift the headings a line at a time so that some would fall on the last line of a page
    for (let lead = 0; lead < 8; lead++) {
      const doc = { ...sampleNotice(3), bodyHtml: '<p>特此通知。</p>'.repeat(lead) + sampleNotice(3).bodyHtml };
      const words = await wordsOf('keep.pdf', doc);
      for (let p = 1; p < pagesOf(words); p++) {
        const body = lines(words, p).filter((l) => !/^—\s*\d+\s*—$/.test(l.text));
        const last = body[body.length - 1];
        if (last) expect(HEADING.test(last.text), `page ${p} of ${lead} ends with ${last.text}`).toBe(false);
      }
    }
  }, 120_000);

  it('balances the title’s lines and puts the 版记 with 印发机关 and 印发日期 on an even page', async () => {
    const doc = { ...sampleNotice(2), title: '某某市人民政府关于印发某某市2026年安全生产专项整治三年行动实施方案和重点任务分工的通知' };
    const words = await wordsOf('title.pdf', doc);
    // 二号 (22 pt) lines: the title
    const title = lines(words, 1).filter((l) => Math.abs((l.y1 - l.y0) / SERIF_BOX - 22) < 0.5);
    // three lines of nearly equal width (none a stub), no number split across lines
    expect(title.length).toBe(3);
    const widths = title.map((l) => l.x1 - l.x0);
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(2 * 22);
    expect(title.map((l) => l.text).join('|')).toContain('2026');
    const pages = pagesOf(words);
    expect(pages % 2).toBe(0);
    const record = words.filter((w) => w.page === pages).map((w) => w.text);
    expect(record.join('')).toContain('某某市人民政府办公厅');
    expect(record.join('')).toContain('2026年11月26日印发');
  }, 60_000);
});

describe('the DOCX read back from document.xml', () => {
  const xmlOf = async (doc: OfficialDocument) => (await JSZip.loadAsync(await renderOfficialDocx(doc))).file('word/document.xml')!.async('string');

  it('has a character grid of 22 lines × 28 characters of 三号', async () => {
    const xml = await xmlOf(sampleNotice(1));
    const grid = /<w:docGrid ([^>]*)\/>/.exec(xml)?.[1] ?? '';
    expect(grid).toContain('w:type="linesAndChars"');
    const charSpace = Number(/w:charSpace="(-?\d+)"/.exec(grid)?.[1]);
    const linePitch = Number(/w:linePitch="(\d+)"/.exec(grid)?.[1]);
    // Word's character pitch: the default size (三号, 16 pt: w:sz 32) plus charSpace/4096 pt
    expect(Math.floor((156 * PT_PER_MM) / (16 + charSpace / 4096))).toBe(28);
    expect(Math.floor((225 * PT_PER_MM * 20) / linePitch)).toBe(22);
  });

  it('balances the title’s lines as the PDF does', async () => {
    const title = '某某市人民政府关于印发某某市2026年安全生产专项整治三年行动实施方案和重点任务分工的通知';
    const xml = await xmlOf({ ...sampleNotice(1), title });
    const para = xml.split('</w:p>').find((p) => p.includes('方正小标宋简体') && p.includes('实施方案'))!;
    // widths in em: an ideograph 1, a digit about half
    const parts = para.split('<w:br/>').map((p) => [...p.replace(/<[^>]+>/g, '')].reduce((w, ch) => w + (ch.charCodeAt(0) < 0x80 ? 0.55 : 1), 0));
    expect(parts.length).toBe(3);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(2);
  });

  it('carries the 版记 by page breaks onto the even page the PDF puts it on', async () => {
    for (const sections of [1, 2, 3]) {
      const doc = sampleNotice(sections);
      const words = await wordsOf(`record-${sections}.pdf`, doc);
      const pages = pagesOf(words);
      const textEnd = Math.max(...words.filter((w) => w.text.includes('此件公开发布')).map((w) => w.page));
      const xml = await xmlOf(doc);
      const beforeRecord = xml.slice(0, xml.indexOf('<w:tbl>', xml.indexOf('此件公开发布')));
      const breaks = beforeRecord.slice(beforeRecord.indexOf('此件公开发布')).split('<w:pageBreakBefore/>').length - 1;
      expect(breaks, `${sections} sections`).toBe(pages - textEnd);
      expect((textEnd + breaks) % 2).toBe(0);
    }
  }, 120_000);
});

describe('the 版记 of a 发文 record', () => {
  it('always carries its 印发日期: the recorded one, else the 成文日期, else today', async () => {
    const { toOfficialDocument } = await import('../../../src/areas/document/server/services/pdfSource.js');
    type Names = Parameters<typeof toOfficialDocument>[1];
    const names: Names = { depts: new Map(), attachments: [], secretLabels: new Map(), urgencyLabels: new Map(), today: '2026-12-01' };
    const rec = { title: '关于开展节能检查的通知', issuerOrg: '某某市人民政府', printOrg: '某某市人民政府办公厅' };
    expect(toOfficialDocument({ ...rec, printDate: '2026-11-28', docDate: '2026-11-25' }, names).printDate).toBe('2026-11-28');
    expect(toOfficialDocument({ ...rec, docDate: '2026-11-25' }, names).printDate).toBe('2026-11-25');
    expect(toOfficialDocument(rec, names).printDate).toBe('2026-12-01');
    const words = await wordsOf('printed.pdf', { ...toOfficialDocument({ ...rec, docDate: '2026-11-25' }, names), bodyHtml: '<p>特此通知。</p>' });
    // the last page's words but its page number "— 2 —"
    const last = words.filter((w) => w.page === pagesOf(words) && !/^[—\d]+$/.test(w.text)).map((w) => w.text);
    expect(last.join('')).toContain('某某市人民政府办公厅2026年11月25日印发');
  }, 60_000);
});
