/**
 * The 公文 renderers (src/server/services/pdf): a realistic 通知 rendered as PDF is read back with poppler
 * (pdftotext for the Chinese text, pdftoppm for the picture: red 版头, red separator across the 版心, dark
 * body text), long documents break into pages with the 版记 at the foot of the last, even, page and page
 * numbers "— n —"; the grid is 22 lines × 28 characters (GB/T 9704-2012 §6). The DOCX is unzipped and its
 * document.xml read. Page 1 is kept as test-results/pdf/notice-page1.png (80 dpi) for looking at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chineseDate, parseBody, renderOfficialDocx, renderOfficialPdf, type OfficialDocument } from '../../../src/areas/document/server/pdf/index.js';
import { sampleNotice, sealPng } from './sample.js';

const OUT = path.resolve(__dirname, '../../../test-results/pdf');
const MM_PER_INCH = 25.4;

/** Writes `pdf` under test-results/pdf and answers its path. */
function save(name: string, pdf: Buffer): string {
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  fs.writeFileSync(file, pdf);
  return file;
}

/** Text of page `page` (all pages when omitted), optionally with the layout kept. */
function pdfText(file: string, page?: number, layout = false): string {
  const args = [...(page ? ['-f', String(page), '-l', String(page)] : []), ...(layout ? ['-layout'] : []), file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' });
}

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** Page `page` as a decoded PNG at `dpi`, also written next to the PDF when `keep` is given. */
function pagePng(file: string, page: number, dpi: number, keep?: string): PNG {
  const prefix = path.join(OUT, `tmp-${process.pid}-${page}-${dpi}`);
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  const bytes = fs.readFileSync(`${prefix}.png`);
  if (keep) fs.writeFileSync(path.join(OUT, keep), bytes);
  fs.rmSync(`${prefix}.png`);
  return PNG.sync.read(bytes);
}

type Kind = 'red' | 'dark';
const isKind = (png: PNG, x: number, y: number, kind: Kind): boolean => {
  const i = (y * png.width + x) * 4;
  const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
  return kind === 'red' ? r > 180 && g < 90 && b < 90 : r < 100 && g < 100 && b < 100;
};
/** Pixels of a kind in a band of the page given in millimetres from the top. */
function count(png: PNG, dpi: number, fromMm: number, toMm: number, kind: Kind): number {
  const px = (mm: number) => Math.round((mm / MM_PER_INCH) * dpi);
  let n = 0;
  for (let y = px(fromMm); y < Math.min(png.height, px(toMm)); y++) for (let x = 0; x < png.width; x++) if (isKind(png, x, y, kind)) n++;
  return n;
}
/** The longest run of a kind on any row of a band, in millimetres (a rule across the page shows as a long run). */
function longestRun(png: PNG, dpi: number, fromMm: number, toMm: number, kind: Kind): number {
  const px = (mm: number) => Math.round((mm / MM_PER_INCH) * dpi);
  let best = 0;
  for (let y = px(fromMm); y < Math.min(png.height, px(toMm)); y++) {
    let run = 0;
    for (let x = 0; x < png.width; x++) {
      run = isKind(png, x, y, kind) ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return (best / dpi) * MM_PER_INCH;
}

const flat = (s: string) => s.replace(/\s+/g, '');

describe('official document PDF per GB/T 9704-2012', () => {
  const doc = sampleNotice(2, sealPng());
  let file = '';
  beforeAll(async () => {
    file = save('notice.pdf', await renderOfficialPdf(doc));
  }, 60_000);

  it('carries the 版头, title, 主送, body, 附件说明, 署名, dates and 版记 as Chinese text', () => {
    const all = flat(pdfText(file));
    for (const t of [
      '000123',
      '机密★1年',
      '特急',
      '某某市人民政府文件',
      '某政发〔2026〕12号',
      flat(doc.title),
      '各区人民政府，市政府各委、办、局，各市属机构：',
    ])
      expect(all).toContain(t);
    expect(all).toContain('为深入贯彻落实党中央、国务院关于安全生产工作的决策部署');
    expect(all).toContain('一、提高思想认识，切实加强组织领导');
    expect(all).toContain('附件：1.岁末年初安全生产重点检查事项清单');
    expect(all).toContain('2026年11月25日');
    expect(all).toContain('（此件公开发布）');
    expect(all).toContain('抄送：市委各部门');
    expect(all).toContain('市检察院。');
    // 印发机关 left and 印发日期 right on one line of the last page.
    const printed = pdfText(file, pageCount(file), true)
      .split('\n')
      .find((l) => l.includes('印发'));
    expect(flat(printed ?? '')).toBe('某某市人民政府办公厅2026年11月26日印发');
    // The 版头 is on page 1, in order.
    const p1 = flat(pdfText(file, 1));
    expect(p1.indexOf('000123')).toBeLessThan(p1.indexOf('某某市人民政府文件'));
    expect(p1.indexOf('某某市人民政府文件')).toBeLessThan(p1.indexOf('某政发〔2026〕12号'));
    expect(p1.indexOf('某政发〔2026〕12号')).toBeLessThan(p1.indexOf(flat(doc.title).slice(0, 8)));
  });

  it('draws page 1 with a red 发文机关标志 and a red separator across the 版心, dark body text below', () => {
    const png = pagePng(file, 1, 50);
    pagePng(file, 1, 80, 'notice-page1.png');
    // A4 at 50 dpi.
    expect(Math.abs(png.width - (210 / MM_PER_INCH) * 50)).toBeLessThan(1.5);
    expect(Math.abs(png.height - (297 / MM_PER_INCH) * 50)).toBeLessThan(1.5);
    // 发文机关标志: its top edge 35 mm into the 版心 (37 + 35 = 72 mm from the top of the page).
    expect(count(png, 50, 37, 70, 'red')).toBe(0);
    expect(count(png, 50, 70, 95, 'red')).toBeGreaterThan(500);
    // The separator: a red rule at least 150 mm long (the 版心 is 156 mm) below the 发文字号.
    expect(longestRun(png, 50, 100, 125, 'red')).toBeGreaterThan(150);
    expect(longestRun(png, 50, 70, 95, 'red')).toBeLessThan(150);
    // Body text (black) in the lower half; nothing red there.
    expect(count(png, 50, 160, 260, 'dark')).toBeGreaterThan(2000);
    expect(count(png, 50, 160, 297, 'red')).toBe(0);
    // Nothing printed in the side margins (28 mm left, 26 mm right) but the page number.
    const side = (fromX: number, toX: number) => {
      let n = 0;
      for (let y = 0; y < Math.round((262 / MM_PER_INCH) * 50); y++) for (let x = fromX; x < toX; x++) if (isKind(png, x, y, 'dark')) n++;
      return n;
    };
    expect(side(0, Math.round((27 / MM_PER_INCH) * 50))).toBe(0);
    expect(side(Math.round((185 / MM_PER_INCH) * 50), png.width)).toBe(0);
  });

  it('puts the seal over the 成文日期: red pixels around the date on the last text page', () => {
    const pages = pageCount(file);
    const withDate = Array.from({ length: pages }, (_, i) => i + 1).find((p) => flat(pdfText(file, p)).includes('2026年11月25日'));
    expect(withDate).toBeDefined();
    const png = pagePng(file, withDate!, 50);
    expect(count(png, 50, 37, 262, 'red')).toBeGreaterThan(800);
  });

  it('numbers the pages "— n —" and ends on an even page with the 版记 at its foot', () => {
    const pages = pageCount(file);
    expect(pages % 2).toBe(0);
    for (let p = 1; p <= pages; p++) expect(pdfText(file, p)).toMatch(new RegExp(`—\\s*${p}\\s*—`));
    const last = flat(pdfText(file, pages));
    expect(last).toContain('抄送：');
    expect(last).toContain('印发');
    // The 版记's last rule lies on the bottom edge of the 版心 (297 − 35 = 262 mm), across it.
    const png = pagePng(file, pages, 50);
    expect(longestRun(png, 50, 259, 264, 'dark')).toBeGreaterThan(150);
    // Odd page numbers right, even left (7.5).
    const layout =
      pdfText(file, pages, true)
        .split('\n')
        .find((l) => /—\s*\d+\s*—/.test(l)) ?? '';
    expect(layout.indexOf('—')).toBeLessThan(10);
  });

  it('lays a long document over many pages: 22 lines of 28 characters on a full page', async () => {
    const long = sampleNotice(1);
    long.bodyHtml = Array.from({ length: 40 }, (_, i) => `<p>${'安全生产责任重于泰山'.repeat(6)}${i}</p>`).join('');
    const f = save('long.pdf', await renderOfficialPdf(long));
    expect(pageCount(f)).toBeGreaterThanOrEqual(6);
    const lines = pdfText(f, 3, true)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^—\s*\d+\s*—$/.test(l));
    expect(lines).toHaveLength(22);
    // A line inside a paragraph holds 28 characters (the first of a paragraph 26 after its indent).
    const inner = lines.filter((l) => /^[\u4e00-\u9fff]+$/.test(l));
    expect(inner.length).toBeGreaterThan(5);
    expect(Math.max(...inner.map((l) => [...l].length))).toBe(28);
    expect(pdfText(f, pageCount(f))).toContain('印发');
  }, 60_000);

  it('leaves a blank page before a 版记 that fits no even page, and numbers neither (7.5)', async () => {
    // Grow the body a line at a time from about three and a half pages until the text ends on page 4 too
    // full for the 版记 (a few lines later at most).
    let found = false;
    for (let paras = 64; paras < 90 && !found; paras++) {
      const d: OfficialDocument = { ...sampleNotice(1), attachments: [], note: undefined, seal: undefined };
      d.bodyHtml = Array.from({ length: paras }, (_, i) => `<p>第${i + 1}段。</p>`).join('');
      const f = save('blank.pdf', await renderOfficialPdf(d));
      const pages = pageCount(f);
      expect(pages % 2).toBe(0);
      const blank = flat(pdfText(f, pages - 1)) === '';
      if (!blank) continue;
      found = true;
      // The blank page and the 版记 page carry no number; the page before them does.
      expect(flat(pdfText(f, pages))).toMatch(/^抄送：.*某某市人民政府办公厅2026年11月26日印发$/);
      expect(pdfText(f, pages - 2)).toMatch(new RegExp(`—\\s*${pages - 2}\\s*—`));
      expect(flat(pdfText(f, pages - 2))).toContain('2026年11月25日');
    }
    expect(found).toBe(true);
  }, 60_000);

  it('prints 签发人 on the 发文字号 line of an 上行文 (7.2.6)', async () => {
    const up: OfficialDocument = { ...sampleNotice(1), docNumber: '某政〔2026〕3号', signers: ['张三'], title: '某某市人民政府关于2026年工作情况的报告' };
    const f = save('report.pdf', await renderOfficialPdf(up));
    const line = pdfText(f, 1, true)
      .split('\n')
      .find((l) => l.includes('某政〔2026〕3号'));
    expect(line).toBeDefined();
    expect(flat(line!)).toBe('某政〔2026〕3号签发人：张三');
  }, 60_000);

  it('rejects a document whose date is not a real date, naming it', async () => {
    await expect(renderOfficialPdf({ ...sampleNotice(1), date: '2026-02-30' })).rejects.toThrow('2026-02-30');
  });
});

describe('official document DOCX', () => {
  it('holds the 版头, title, body and red 标志 and separator in document.xml, page numbers in the footers', async () => {
    const doc = { ...sampleNotice(1, sealPng()), signers: ['张三', '李四'] };
    const zip = await JSZip.loadAsync(await renderOfficialDocx(doc));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = flat(xml.replace(/<[^>]+>/g, ''));
    for (const t of [
      '某某市人民政府文件',
      '某政发〔2026〕12号',
      doc.title,
      '签发人：',
      '张三　李四',
      '2026年11月25日',
      '附件：1.岁末年初安全生产重点检查事项清单',
      '抄送：市委各部门',
      '2026年11月26日印发',
    ])
      expect(text).toContain(flat(t));
    // Red 发文机关标志 in 方正小标宋简体, the separator a red bottom border, body 仿宋_GB2312, A4 and the margins.
    expect(xml).toMatch(/w:eastAsia="方正小标宋简体"[^]*?<w:color w:val="E60012"\/>[^]*?某某市人民政府文件/);
    expect(xml).toMatch(/<w:bottom w:val="single" w:color="E60012"/);
    expect(xml).toContain('w:eastAsia="仿宋_GB2312"');
    expect(xml).toContain('w:eastAsia="黑体"');
    expect(xml).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(xml).toMatch(/<w:pgMar w:top="2098" w:right="1474" w:bottom="1984" w:left="1587"/);
    // The seal is an image anchored over the date.
    expect(Object.keys(zip.files).some((n) => n.startsWith('word/media/') && n.endsWith('.png'))).toBe(true);
    expect(xml).toContain('<wp:anchor');
    const footers = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^word\/footer\d+\.xml$/.test(n))
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(footers).toHaveLength(2);
    for (const f of footers) expect(f).toMatch(/PAGE/);
    expect(await zip.file('word/settings.xml')!.async('string')).toContain('<w:evenAndOddHeaders/>');
  });
});

describe('the issuing organ’s own red (套红 of its 发文字号 mark)', () => {
  it('colours the 发文机关标志 and the separator of the DOCX with it', async () => {
    const doc = { ...sampleNotice(1), redColor: '#C8102E' };
    const xml = await (await JSZip.loadAsync(await renderOfficialDocx(doc))).file('word/document.xml')!.async('string');
    expect(xml).toMatch(/<w:color w:val="C8102E"\/>[^]*?某某市人民政府文件/);
    expect(xml).toMatch(/<w:bottom w:val="single" w:color="C8102E"/);
    expect(xml).not.toContain('E60012');
  });

  it('comes from the mark with its texts, the record’s own texts winning', async () => {
    const { withMarkHeader, toOfficialDocument } = await import('../../../src/areas/document/server/services/pdfSource.js');
    type Names = Parameters<typeof toOfficialDocument>[1];
    const rec = withMarkHeader(
      { title: '关于开展节能检查的通知', organMark: '某某市发展和改革委员会文件' },
      { organ_mark: '某某市人民政府文件', issuer_org: '某某市人民政府', print_org: null, red_color: '#C8102E' },
    );
    expect(rec).toMatchObject({ organMark: '某某市发展和改革委员会文件', issuerOrg: '某某市人民政府', redColor: '#C8102E' });
    const names: Names = { depts: new Map(), attachments: [], secretLabels: new Map(), urgencyLabels: new Map(), today: '2026-11-25' };
    expect(toOfficialDocument(rec, names).redColor).toBe('#C8102E');
    expect(toOfficialDocument({ ...rec, redColor: 'red' }, names).redColor).toBeUndefined();
  });
});

describe('正文 HTML and dates', () => {
  it('reads the editor HTML into paragraphs, heading levels, formats, lists and tables', () => {
    const blocks = parseBody(
      '<h1>一、总体要求</h1><h2>（一）目标</h2><p>第一行<br>第二行，<strong>加粗</strong><em>斜体</em><u>下划线</u>&amp;完</p><p></p>' +
        '<ul><li><p>甲</p></li><li><p>乙</p></li></ul><script>alert(1)</script><table><tr><th colspan="2">表头</th></tr><tr><td>一</td><td>二</td></tr></table>',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'heading', 'paragraph', 'paragraph', 'list', 'table']);
    expect(blocks[0]).toMatchObject({ level: 1, runs: [{ text: '一、总体要求' }] });
    expect(blocks[1]).toMatchObject({ level: 2 });
    expect(blocks[2]).toMatchObject({
      runs: [{ text: '第一行\n第二行，' }, { text: '加粗', bold: true }, { text: '斜体', italic: true }, { text: '下划线', underline: true }, { text: '&完' }],
    });
    expect(blocks[3]).toMatchObject({ kind: 'paragraph', runs: [] });
    expect(blocks[4]).toMatchObject({ ordered: false, items: [[{ runs: [{ text: '甲' }] }], [{ runs: [{ text: '乙' }] }]] });
    expect(blocks[5]).toMatchObject({ rows: [[{ header: true, colSpan: 2 }], [{ header: false }, { header: false }]] });
    expect(JSON.stringify(blocks)).not.toContain('alert');
  });

  it('prints 成文日期 with Arabic numerals and no leading zeros (7.3.5.5)', () => {
    expect(chineseDate('2026-01-05')).toBe('2026年1月5日');
    expect(chineseDate('2026-11-25')).toBe('2026年11月25日');
    expect(() => chineseDate('2026/11/25')).toThrow('2026/11/25');
  });
});
