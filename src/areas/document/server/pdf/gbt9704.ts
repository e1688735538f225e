/**
 * An official document (公文) as a PDF laid out per GB/T 9704-2012 with pdfmake and the Noto CJK fonts of
 * fonts-noto-cjk and Debian's 楷体 faces (fonts.ts): A4, 版心 156 × 225 mm, 22 lines × 28 characters of 三号
 * (16 pt on a character grid, grid.ts), a heading never alone at the foot of a page; the red 发文机关标志
 * and separator line, 发文字号 (or 发文字号 + 签发人 for 上行文), title, 主送, 正文, 附件说明, 署名 and
 * 成文日期 (with the seal over them when given), 附注, the 版记 (抄送, 印发机关 and 印发日期 between rules) at the
 * foot of the last even page, and page numbers "— 1 —" (odd right, even left). Nothing is fetched.
 */
import PdfPrinter from 'pdfmake';
import type { Content, ContentText, Node, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { GRID_FAMILY, IDEOGRAPH_TOP_EM, kaiFamily, LINE_BOX_EM, PDF_FONT, pdfFonts, textWidthEm } from './fonts.js';
import { installGridFamilies } from './grid.js';
import { parseBody, runsText, type Block } from './html.js';
import { attachmentLines, ccToText, chineseDate, hasRecord, headMarks, label, mainToText, noteText, printedText, signerRows } from './elements.js';
import { BODY_PT, bodyContent, CHAR, GBT, gridStyle, LINE, lineHeight, MM, signaturePlacement, text, titleLines } from './layout.js';
import type { OfficialDocument } from './types.js';

const { fangSong, heiTi, xiaoBiaoSong, songTi } = PDF_FONT;
const BODY = BODY_PT;

let printer: PdfPrinter | null = null;
/** The printer with the CJK fonts (created on first use; throws when fonts-noto-cjk is missing). */
function getPrinter(): PdfPrinter {
  // pdfmake takes `[bytes, postscriptName]` for a face of a collection; its typings know only a file or bytes.
  installGridFamilies(Object.values(GRID_FAMILY));
  printer ??= new PdfPrinter(pdfFonts() as unknown as TFontDictionary);
  return printer;
}

/** Size of the 发文机关标志: as large as reads well (≤ 52 pt), narrower than 90 % of the 版心 for long names. */
function markSize(mark: string): number {
  return Math.min(52, (GBT.coreWidth * 0.9) / Math.max(1, textWidthEm(mark)));
}

/** The 版头 of the first page (7.2): marks, 发文机关标志, 发文字号 / 签发人, red separator line. */
function head(doc: OfficialDocument): Content[] {
  const out: Content[] = [];
  const marks = headMarks(doc);
  for (const m of marks) out.push(text(m.text, m.hei ? heiTi : fangSong, BODY));
  // 发文机关标志: its upper edge 35 mm below the top of the 版心 (the line box starts above the glyphs).
  const size = markSize(doc.organMark);
  const markTop = GBT.markTop - IDEOGRAPH_TOP_EM * size - marks.length * LINE;
  out.push({
    text: doc.organMark.trim(),
    font: xiaoBiaoSong,
    fontSize: size,
    lineHeight: 1,
    color: doc.redColor ?? GBT.red,
    alignment: 'center',
    margin: [0, Math.max(0, markTop), 0, 0],
  });
  // 发文字号 空二行 below the 标志's glyphs: the glyphs end 0.166 em above the bottom of their line box.
  const glyphGap = (LINE_BOX_EM[xiaoBiaoSong] - IDEOGRAPH_TOP_EM - 1) * size;
  const numberTop = 2 * LINE - glyphGap;
  const rows = signerRows(doc.signers ?? []);
  const numberLine: Content = rows.length
    ? signerLine(doc.docNumber ?? '', rows, numberTop)
    : text(doc.docNumber?.trim() || '\u3000', fangSong, BODY, { alignment: 'center', margin: [0, numberTop, 0, 0] }, LINE_BOX_EM[fangSong] * BODY);
  out.push(numberLine);
  // Separator 4 mm below the glyphs of the number line, as wide as the 版心 (7.2.7).
  const belowGlyphs = (LINE_BOX_EM[fangSong] - IDEOGRAPH_TOP_EM - 1) * BODY;
  out.push({
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: GBT.coreWidth, y2: 0, lineWidth: 1.5, lineColor: doc.redColor ?? GBT.red }],
    margin: [0, GBT.separatorGap - belowGlyphs, 0, 0],
  });
  return out;
}

/**
 * 上行文 (7.2.6): 发文字号 left (空一字) on the line of the last 签发人, "签发人：" in 仿宋 and the names in 楷体
 * right (空一字), two names a line.
 */
function signerLine(number: string, rows: string[][], top: number): Content {
  const pitch = LINE_BOX_EM[fangSong] * BODY;
  // Later rows align with the first name: the label's width in ideographic spaces.
  const pad = '\u3000'.repeat(Math.round(textWidthEm(label('signer'))));
  const lines: ContentText[] = rows.map((names, i) => ({
    text: [
      { text: i === 0 ? label('signer') : pad, font: fangSong, preserveLeadingSpaces: true },
      { text: names.join('\u3000'), font: kaiFamily(names.join('')) },
    ],
  }));
  return {
    columns: [
      text(number, fangSong, BODY, { margin: [CHAR, (rows.length - 1) * pitch, 0, 0] }, pitch),
      { width: 'auto', stack: lines, fontSize: BODY, lineHeight: 1, margin: [0, 0, CHAR, 0] },
    ],
    margin: [0, top, 0, 0],
  };
}

/** Title (2号 小标宋, 空二行 below the separator, 7.3.1) and 主送机关 (空一行 below it, flush left, 7.3.2). */
function titleAndMainTo(doc: OfficialDocument): Content[] {
  const lines = titleLines(doc.title);
  // centred lines of balanced length (layout.ts), a character kept free each side
  const side = CHAR;
  const out: Content[] = [
    text(
      lines.join('\n'),
      xiaoBiaoSong,
      GBT.titleSize,
      { alignment: 'center', margin: [side, 2 * LINE - IDEOGRAPH_TOP_EM * GBT.titleSize, side, 0] },
      GBT.titleSize * 1.6,
    ),
  ];
  if (doc.mainTo?.trim()) out.push(text(mainToText(doc.mainTo), fangSong, BODY, { margin: [0, LINE, 0, 0] }));
  return out;
}

/** 附件说明 (7.3.4): 空一行 below the 正文, 左空二字 "附件：", several names numbered and aligned. */
function attachments(doc: OfficialDocument): Content[] {
  const lines = attachmentLines(doc.attachments ?? []);
  if (!lines.length) return [];
  const lab = label('attachments');
  return [
    {
      columns: [
        { width: 2 * CHAR + textWidthEm(lab) * CHAR, text: lab, margin: [2 * CHAR, 0, 0, 0] },
        { width: '*', stack: lines.map((l) => ({ text: l })) },
      ],
      columnGap: 0,
      ...gridStyle(fangSong),
      fontSize: BODY,
      lineHeight: lineHeight(fangSong, BODY),
      margin: [0, LINE, 0, 0],
    },
  ];
}

/**
 * 发文机关署名 and 成文日期 (7.3.5). With a seal (7.3.5.1): the date 右空四字, the name centred on it, the seal
 * centred over both so they sit a little below its centre, its top within a line of the text above.
 * Without (7.3.5.2): the name 右空二字 after a blank line, the date below it two characters further right (or
 * 右空二字 when longer, the name moving left with it). 附注 follows, 左空二字 (7.3.6).
 */
function signature(doc: OfficialDocument): Content {
  const issuer = doc.issuerName.trim();
  const date = chineseDate(doc.date);
  const { xi, xd, wd } = signaturePlacement(issuer, date, Boolean(doc.seal));
  const stack: Content[] = [
    text(issuer, fangSong, BODY, { margin: [Math.max(0, xi), doc.seal ? 2 * LINE : LINE, 0, 0] }),
    text(date, fangSong, BODY, { margin: [Math.max(0, xd), 0, 0, 0] }),
  ];
  if (doc.seal) {
    const s = GBT.sealSize;
    // Centre 2.6 lines below the end of the text above: the name and date (lines 3 and 4) sit just below it.
    stack.push({
      image: `data:image/png;base64,${doc.seal.png.toString('base64')}`,
      width: s,
      height: s,
      relativePosition: { x: xd + wd / 2 - s / 2, y: -1.4 * LINE - s / 2 },
    });
  }
  if (doc.note?.trim()) stack.push(text(noteText(doc.note), fangSong, BODY, { leadingIndent: 2 * CHAR }));
  return { stack };
}

/** A paragraph or heading short enough (≤ 6 lines) to go along with the 署名 to the next page. */
function shortTail(b: Block | undefined): boolean {
  if (!b || (b.kind !== 'paragraph' && b.kind !== 'heading')) return false;
  return textWidthEm(runsText(b.runs)) + 2 <= 6 * GBT.charsPerLine;
}

/**
 * The 正文 and what follows it. The 署名 and 成文日期 never stand alone on a page: the last short block of
 * the 正文, the 附件说明 and the signature are kept together (one unbreakable block).
 */
function closing(doc: OfficialDocument): Content[] {
  const blocks = parseBody(doc.bodyHtml);
  const tail = shortTail(blocks[blocks.length - 1]) ? blocks.splice(blocks.length - 1, 1) : [];
  return [...bodyContent(blocks), { stack: [...bodyContent(tail), ...attachments(doc), signature(doc)], unbreakable: true }];
}

/** Ids of the two markers after the content that place the 版记 (see recordPlacement). */
const SLOT_A = 'gbt9704-record-a';
const SLOT_B = 'gbt9704-record-b';
const slot = (id: string): Content => ({ text: ' ', id, fontSize: 1, lineHeight: 1 });

/** Pitch of a 版记 row (四号). */
const RECORD_PITCH = 0.85 * LINE;
/** Space kept between the last text and the 版记's upper rule. */
const RECORD_GAP = LINE / 2;

/** 抄送 lines (wrapped after the colon) and their count, estimated from the text width. */
function ccLines(doc: OfficialDocument): number {
  if (!doc.ccTo?.trim()) return 0;
  const avail = GBT.coreWidth - 2 * GBT.smallSize - textWidthEm(label('ccTo')) * GBT.smallSize;
  return Math.max(1, Math.ceil((textWidthEm(ccToText(doc.ccTo)) * GBT.smallSize) / avail));
}

/** Height of the 版记 from its upper rule to the lower rule on the bottom edge of the 版心. */
function recordHeight(doc: OfficialDocument): number {
  const printRow = doc.printer?.trim() || doc.printDate ? 1 : 0;
  return (ccLines(doc) + printRow) * RECORD_PITCH;
}

/**
 * The 版记 (7.4), drawn in the footer band of its page and lifted into the 版心 so that its lower rule lies on
 * the bottom edge of the 版心: thick rules (0.35 mm) first and last, a thin one (0.25 mm) between 抄送 and
 * 印发; 四号 仿宋, 左右各空一字; 抄送 names aligned after the colon and ending with a full stop.
 */
function record(doc: OfficialDocument): Content {
  const left = GBT.margins.left;
  const w = GBT.coreWidth;
  const h = recordHeight(doc);
  const size = GBT.smallSize;
  const pad = (RECORD_PITCH - LINE_BOX_EM[fangSong] * size) / 2;
  const rule = (y: number, mm: number): Content => ({
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: w, y2: 0, lineWidth: mm * MM }],
    absolutePosition: { x: left, y },
  });
  const rows: Content[] = [];
  const n = ccLines(doc);
  let y = -h;
  rows.push(rule(y, 0.35));
  if (n) {
    const lab = label('ccTo');
    rows.push({
      columns: [
        { width: textWidthEm(lab) * size, text: lab },
        { width: w - 2 * size - textWidthEm(lab) * size, text: ccToText(doc.ccTo ?? '') },
      ],
      columnGap: 0,
      font: fangSong,
      fontSize: size,
      lineHeight: RECORD_PITCH / (LINE_BOX_EM[fangSong] * size),
      absolutePosition: { x: left + size, y: y + pad },
    });
    y += n * RECORD_PITCH;
  }
  const printed = printedText(doc);
  if (doc.printer?.trim() || printed) {
    if (n) rows.push(rule(y, 0.25));
    const pw = textWidthEm(printed ?? '') * size + 2;
    rows.push({
      columns: [
        { width: w - 2 * size - pw, text: doc.printer?.trim() ?? '' },
        { width: pw, text: printed ?? '', alignment: 'right' },
      ],
      columnGap: 0,
      font: fangSong,
      fontSize: size,
      lineHeight: 1,
      absolutePosition: { x: left + size, y: y + pad },
    });
    y += RECORD_PITCH;
  }
  rows.push(rule(0, 0.35));
  return { stack: rows };
}

/** Page number "— n —" (7.5): 四号 半角宋体, its dashes 7 mm below the 版心, odd pages right, even left (空一字). */
function pageNumber(n: number): Content {
  const size = GBT.smallSize;
  const odd = n % 2 === 1;
  return {
    text: label('pageNumber', { n }),
    font: songTi,
    fontSize: size,
    lineHeight: 1,
    alignment: odd ? 'right' : 'left',
    // The dash sits about 0.8 em below the top of the line box.
    margin: [GBT.margins.left + (odd ? 0 : size), 7 * MM - 0.8 * size, GBT.margins.right + (odd ? size : 0), 0],
  };
}

/** Where the PDF's text ends and how many pages it has (filled while pdfmake lays the document out). */
export interface PageProbe {
  /** Page on which the text (正文 to 附注) ends. */
  textEnd: number;
  /** Pages of the document; the 版记 is on the last. */
  pages: number;
}

/**
 * The document definition of `doc` (exported for tests and tools): content, fonts by family, footer with page
 * numbers and the 版记; `probe`, when given, is filled while pdfmake lays it out. Throws an Error naming a bad date.
 */
export function officialDocDefinition(doc: OfficialDocument, probe?: PageProbe): TDocumentDefinitions {
  const withRecord = hasRecord(doc);
  // Which pages go unnumbered: a blank page before the 版记 page, and that page (7.5).
  let unnumbered = 0;
  const content: Content[] = [...head(doc), ...titleAndMainTo(doc), ...closing(doc)];
  if (withRecord) content.push(slot(SLOT_A), slot(SLOT_B));
  const coreBottom = GBT.pageHeight - GBT.margins.bottom;
  const need = recordHeight(doc) + RECORD_GAP;
  return {
    pageSize: { width: GBT.pageWidth, height: GBT.pageHeight },
    pageMargins: [GBT.margins.left, GBT.margins.top, GBT.margins.right, GBT.margins.bottom],
    info: { title: doc.title },
    defaultStyle: { font: fangSong, fontSize: BODY },
    content,
    // A heading (headlineLevel: its lines) never ends a page: it moves to the next when the line after it would
    // not fit. The 版记 goes at the foot of the last page, which must be even: marker A moves to the next page
    // when the text ends on an odd page or leaves no room; marker B moves once more when A landed on an odd
    // page (the page between is then blank). One parameter only: pdfmake skips collecting node lists for it.
    pageBreakBefore: (node: Node) => {
      const { id, headlineLevel } = node as Node & { id?: string; headlineLevel?: number };
      const start = (node as unknown as { startPosition: { pageNumber: number; top: number } }).startPosition;
      if (headlineLevel) return start.top + (headlineLevel + 1) * LINE > coreBottom + 1;
      if (!withRecord) return false;
      if (id === SLOT_A && probe) probe.textEnd = start.pageNumber;
      if (id === SLOT_A) return start.pageNumber % 2 === 1 || start.top + need > coreBottom;
      if (id === SLOT_B && start.pageNumber % 2 === 1) {
        unnumbered = 2;
        return true;
      }
      return false;
    },
    footer: (page: number, pages: number) => {
      if (probe) probe.pages = pages;
      const parts: Content[] = [];
      if (page <= pages - unnumbered) parts.push(pageNumber(page));
      if (withRecord && page === pages) parts.push(record(doc));
      return parts.length ? { stack: parts } : null;
    },
  };
}

/**
 * Renders `doc` as a PDF per GB/T 9704-2012 (see the module comment). Resolves with the PDF bytes; rejects
 * when the fonts are missing or a date is not 'YYYY-MM-DD'.
 */
export function renderOfficialPdf(doc: OfficialDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    try {
      const pdf = getPrinter().createPdfKitDocument(officialDocDefinition(doc));
      const chunks: Buffer[] = [];
      pdf.on('data', (c: Buffer) => chunks.push(c));
      pdf.on('end', () => resolve(Buffer.concat(chunks)));
      pdf.on('error', reject);
      pdf.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}

/**
 * Lays `doc` out as the PDF would be and answers where its text ends and its page count (the DOCX forces its
 * 版记 onto the same even page with page breaks). Throws like renderOfficialPdf.
 */
export function pageProbe(doc: OfficialDocument): PageProbe {
  const probe: PageProbe = { textEnd: 1, pages: 1 };
  const pdf = getPrinter().createPdfKitDocument(officialDocDefinition(doc, probe));
  pdf.on('data', () => undefined);
  pdf.end();
  return probe;
}
