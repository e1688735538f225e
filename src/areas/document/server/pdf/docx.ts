/**
 * An official document (公文) as DOCX with the `docx` package, laid out like the PDF (GB/T 9704-2012): A4 with
 * the same margins (版心 156 × 225 mm), 22 lines of exact pitch, the fonts the standard's templates name
 * (仿宋_GB2312, 方正小标宋简体, 黑体, 楷体_GB2312; Word resolves them on the reader's machine, nothing is
 * embedded), a character grid of 22 lines × 28 characters (`docGrid` linesAndChars), the title's lines balanced
 * as in the PDF, the red 发文机关标志 and separator, the seal floating over 署名 and 成文日期, the 版记 as a table
 * floating at the foot of the last page — an even page: page breaks carry it to the page the PDF puts it on —,
 * and page numbers "— n —" (odd right, even left).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  DocumentGridType,
  Footer,
  HorizontalPositionRelativeFrom,
  ImageRun,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  RelativeVerticalPosition,
  Table,
  TableAnchorType,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  TextWrappingType,
  VerticalPositionRelativeFrom,
  WidthType,
  type IBorderOptions,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import { DOCX_FONT, textWidthEm } from './fonts.js';
import { parseBody, type Block, type Run } from './html.js';
import { attachmentLines, ccToText, chineseDate, hasRecord, headMarks, label, mainToText, noteText, printedText, signerRows } from './elements.js';
import { BODY_PT, CHAR, GBT, LINE, MM, signaturePlacement, titleLines } from './layout.js';
import { GRID_SPACING_EM } from './grid.js';
import { pageProbe } from './gbt9704.js';
import type { OfficialDocument } from './types.js';

/** Points → twentieths of a point (twips). */
const tw = (pt: number) => Math.round(pt * 20);
/** Points → EMU (drawing offsets). */
const emu = (pt: number) => Math.round(pt * 12700);
/** The document's 套红 colour as DOCX wants it (hex without '#'). */
const redOf = (doc: OfficialDocument) => (doc.redColor ?? GBT.red).slice(1);
/** Exact body pitch, rounded down so that 22 lines fit the 225 mm 版心 (6). */
const PITCH = Math.floor(LINE * 20);
const BODY_LINE = { line: PITCH, lineRule: LineRuleType.EXACT, before: 0, after: 0 };
/** Word's character grid: 28 characters of 三号 a 156 mm line (grid.ts), as the grid's `charSpace` (1/4096 pt). */
const CHAR_SPACE = Math.round(GRID_SPACING_EM * GBT.bodySize * 4096);

type FontKey = keyof typeof DOCX_FONT;
/** A run in one of the standard's fonts (East Asian face named, Latin in Times New Roman), size in points. */
function run(text: string, font: FontKey, pt: number, extra: IRunOptions = {}): TextRun {
  return new TextRun({ text, font: { eastAsia: DOCX_FONT[font], ascii: DOCX_FONT.latin, hAnsi: DOCX_FONT.latin }, size: Math.round(pt * 2), ...extra });
}

/** Runs of the 正文 with their formats; '\n' becomes a line break. */
function runs(rs: Run[], font: FontKey, pt: number): TextRun[] {
  return rs.flatMap((r) =>
    r.text
      .split('\n')
      .map((part, i) => run(part, font, pt, { bold: r.bold, italics: r.italic, ...(r.underline ? { underline: {} } : {}), ...(i > 0 ? { break: 1 } : {}) })),
  );
}

const HEADING_FONT: FontKey[] = ['heiTi', 'kaiTi', 'fangSong', 'fangSong'];
const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.BOTH } as const;

/** A 正文 block as DOCX paragraphs / tables (first-line indent two characters in the body). */
function block(b: Block, indent: boolean, pt: number): (Paragraph | Table)[] {
  const first = indent ? { firstLine: tw(2 * CHAR) } : undefined;
  const spacing = pt === BODY_PT ? BODY_LINE : undefined;
  switch (b.kind) {
    case 'paragraph': {
      const align = b.align ?? 'justify';
      return [
        new Paragraph({
          children: runs(b.runs, 'fangSong', pt),
          alignment: ALIGN[align],
          indent: align === 'center' || align === 'right' ? undefined : first,
          spacing,
        }),
      ];
    }
    case 'heading':
      return [new Paragraph({ children: runs(b.runs, HEADING_FONT[b.level - 1], pt), alignment: AlignmentType.BOTH, indent: first, spacing })];
    case 'list':
      return b.items.flatMap((item, i) => {
        const marker = run(b.ordered ? `${b.start + i}. ` : '\u2022 ', 'fangSong', pt);
        const hang = { left: tw(4 * CHAR), hanging: tw(2 * CHAR) };
        // The marker goes in front of the item's first paragraph, or on a line of its own.
        const [first, ...rest] = item;
        if (first?.kind === 'paragraph') {
          return [
            new Paragraph({ children: [marker, ...runs(first.runs, 'fangSong', pt)], indent: hang, spacing }),
            ...rest.flatMap((x) => block(x, false, pt)),
          ];
        }
        return [new Paragraph({ children: [marker], indent: hang, spacing }), ...item.flatMap((x) => block(x, false, pt))];
      });
    case 'table': {
      const cols = Math.max(...b.rows.map((r) => r.reduce((n, c) => n + c.colSpan, 0)));
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          columnWidths: Array(cols).fill(Math.floor(tw(GBT.coreWidth) / cols)),
          rows: b.rows.map(
            (r) =>
              new TableRow({
                children: r.map(
                  (c) =>
                    new TableCell({
                      children: c.blocks.length
                        ? c.blocks.flatMap((x) =>
                            block(c.header && x.kind === 'paragraph' ? { ...x, runs: x.runs.map((q) => ({ ...q, bold: true })) } : x, false, GBT.smallSize),
                          )
                        : [new Paragraph({})],
                      columnSpan: c.colSpan > 1 ? c.colSpan : undefined,
                      rowSpan: c.rowSpan > 1 ? c.rowSpan : undefined,
                    }),
                ),
              }),
          ),
        }),
      ];
    }
  }
}

/** The 版头 (7.2): marks, red 发文机关标志, 发文字号 (or 签发人 line) with the red separator as its bottom border. */
function head(doc: OfficialDocument): Paragraph[] {
  const out: Paragraph[] = [];
  const marks = headMarks(doc);
  for (const m of marks) out.push(new Paragraph({ children: [run(m.text, m.hei ? 'heiTi' : 'fangSong', GBT.bodySize)], spacing: BODY_LINE }));
  const size = Math.min(52, (GBT.coreWidth * 0.9) / Math.max(1, textWidthEm(doc.organMark)));
  out.push(
    new Paragraph({
      children: [run(doc.organMark.trim(), 'xiaoBiaoSong', size, { color: redOf(doc) })],
      alignment: AlignmentType.CENTER,
      spacing: {
        before: tw(Math.max(0, GBT.markTop - 0.2 * size - marks.length * LINE)),
        after: tw(2 * LINE - 0.3 * size),
        line: tw(size * 1.2),
        lineRule: LineRuleType.EXACT,
      },
    }),
  );
  // 版头中的分隔线: 4 mm below the 发文字号, as wide as the 版心 (7.2.7).
  const separator: IBorderOptions = { style: BorderStyle.SINGLE, size: 12, color: redOf(doc), space: 11 };
  const rows = signerRows(doc.signers ?? []);
  if (!rows.length) {
    out.push(new Paragraph({ children: [run(doc.docNumber ?? '', 'fangSong', GBT.bodySize)], alignment: AlignmentType.CENTER, border: { bottom: separator } }));
    return out;
  }
  // 上行文 (7.2.6): number left 空一字, "签发人：" and names (楷体) right 空一字, the number on the last row.
  const right = tw(GBT.coreWidth - CHAR);
  rows.forEach((names, i) => {
    const last = i === rows.length - 1;
    out.push(
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: right }],
        indent: { left: tw(CHAR) },
        spacing: BODY_LINE,
        children: [
          ...(last ? [run(doc.docNumber ?? '', 'fangSong', GBT.bodySize)] : []),
          run('\t', 'fangSong', GBT.bodySize),
          run(i === 0 ? label('signer') : '', 'fangSong', GBT.bodySize),
          run(names.join('\u3000'), 'kaiTi', GBT.bodySize),
        ],
        ...(last ? { border: { bottom: separator } } : {}),
      }),
    );
  });
  return out;
}

/** Title (空二行 below the separator), 主送 (空一行 below it), 正文, 附件说明 (7.3.1–7.3.4). */
function main(doc: OfficialDocument): (Paragraph | Table)[] {
  const title = titleLines(doc.title);
  const out: (Paragraph | Table)[] = [
    new Paragraph({
      children: title.flatMap((l, i) => [run(l, 'xiaoBiaoSong', GBT.titleSize, i > 0 ? { break: 1 } : {})]),
      alignment: AlignmentType.CENTER,
      spacing: { before: tw(2 * LINE), line: tw(GBT.titleSize * 1.6), lineRule: LineRuleType.EXACT },
    }),
  ];
  if (doc.mainTo?.trim())
    out.push(new Paragraph({ children: [run(mainToText(doc.mainTo), 'fangSong', BODY_PT)], spacing: { ...BODY_LINE, before: tw(LINE) } }));
  out.push(...parseBody(doc.bodyHtml).flatMap((b) => block(b, true, BODY_PT)));
  const lines = attachmentLines(doc.attachments ?? []);
  if (lines.length) {
    const lab = label('attachments');
    const labW = textWidthEm(lab) * CHAR;
    lines.forEach((l, i) =>
      out.push(
        new Paragraph({
          children: [run(i === 0 ? lab + l : l, 'fangSong', BODY_PT)],
          indent: { left: tw(2 * CHAR + labW), ...(i === 0 ? { hanging: tw(labW) } : {}) },
          spacing: { ...BODY_LINE, before: i === 0 ? tw(LINE) : 0 },
        }),
      ),
    );
  }
  return out;
}

/** 署名, 成文日期 (with the seal floating over them), 附注 (7.3.5, 7.3.6); positions as in the PDF. */
function signature(doc: OfficialDocument): Paragraph[] {
  const issuer = doc.issuerName.trim();
  const date = chineseDate(doc.date);
  const { xi, xd, wd } = signaturePlacement(issuer, date, Boolean(doc.seal));
  const seal: ParagraphChild[] = [];
  if (doc.seal) {
    const s = GBT.sealSize;
    seal.push(
      new ImageRun({
        type: 'png',
        data: doc.seal.png,
        // Pixels at 96 per inch.
        transformation: { width: Math.round((s * 96) / 72), height: Math.round((s * 96) / 72) },
        floating: {
          horizontalPosition: { relative: HorizontalPositionRelativeFrom.MARGIN, offset: emu(xd + wd / 2 - s / 2) },
          verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: emu(0.6 * LINE - s / 2) },
          allowOverlap: true,
          behindDocument: false,
          wrap: { type: TextWrappingType.NONE },
        },
      }),
    );
  }
  const out = [
    new Paragraph({
      children: [run(issuer, 'fangSong', BODY_PT), ...seal],
      indent: { left: tw(xi) },
      spacing: { ...BODY_LINE, before: tw((doc.seal ? 2 : 1) * LINE) },
      keepNext: true,
    }),
    new Paragraph({ children: [run(date, 'fangSong', BODY_PT)], indent: { left: tw(xd) }, spacing: BODY_LINE }),
  ];
  if (doc.note?.trim())
    out.push(new Paragraph({ children: [run(noteText(doc.note), 'fangSong', BODY_PT)], indent: { firstLine: tw(2 * CHAR) }, spacing: BODY_LINE }));
  return out;
}

/**
 * The 版记 (7.4) as a table floating at the bottom of the 版心 of the page it falls on: thick rules first and
 * last, a thin rule between 抄送 and 印发, 四号 仿宋, 左右各空一字.
 */
function record(doc: OfficialDocument): Table | null {
  if (!hasRecord(doc)) return null;
  const size = GBT.smallSize;
  const none: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'auto' };
  const thick: IBorderOptions = { style: BorderStyle.SINGLE, size: 8, color: '000000' };
  const thin: IBorderOptions = { style: BorderStyle.SINGLE, size: 6, color: '000000' };
  const para = (children: TextRun[], extra = {}) =>
    new Paragraph({ children, indent: { left: tw(size), right: tw(size) }, spacing: { line: tw(0.85 * LINE), lineRule: LineRuleType.EXACT }, ...extra });
  const rows: TableRow[] = [];
  const lab = label('ccTo');
  if (doc.ccTo?.trim()) {
    const labW = textWidthEm(lab) * size;
    rows.push(
      new TableRow({
        children: [
          new TableCell({
            children: [
              new Paragraph({
                children: [run(lab + ccToText(doc.ccTo), 'fangSong', size)],
                indent: { left: tw(size + labW), right: tw(size), hanging: tw(labW) },
                spacing: { line: tw(0.85 * LINE), lineRule: LineRuleType.EXACT },
              }),
            ],
          }),
        ],
      }),
    );
  }
  const printed = printedText(doc);
  if (doc.printer?.trim() || printed) {
    rows.push(
      new TableRow({
        children: [
          new TableCell({
            children: [
              para([run(doc.printer?.trim() ?? '', 'fangSong', size), run('\t' + (printed ?? ''), 'fangSong', size)], {
                tabStops: [{ type: TabStopType.RIGHT, position: tw(GBT.coreWidth - size) }],
              }),
            ],
          }),
        ],
      }),
    );
  }
  return new Table({
    width: { size: tw(GBT.coreWidth), type: WidthType.DXA },
    columnWidths: [tw(GBT.coreWidth)],
    borders: { top: thick, bottom: thick, insideHorizontal: thin, left: none, right: none, insideVertical: none },
    float: {
      horizontalAnchor: TableAnchorType.MARGIN,
      verticalAnchor: TableAnchorType.MARGIN,
      absoluteHorizontalPosition: 0,
      relativeVerticalPosition: RelativeVerticalPosition.BOTTOM,
    },
    rows,
  });
}

/** Page-number footer "— n —" (7.5), 四号 宋体, right (odd) or left (even) 空一字. */
function footer(odd: boolean): Footer {
  const size = GBT.smallSize;
  // The label without its {n}: the text around the PAGE field.
  const [before, after = ''] = label('pageNumber').split('{n}');
  return new Footer({
    children: [
      new Paragraph({
        alignment: odd ? AlignmentType.RIGHT : AlignmentType.LEFT,
        indent: odd ? { right: tw(size) } : { left: tw(size) },
        children: [
          run(before, 'songTi', size),
          new TextRun({ children: [PageNumber.CURRENT], font: DOCX_FONT.songTi, size: size * 2 }),
          run(after, 'songTi', size),
        ],
      }),
    ],
  });
}

/**
 * Renders `doc` as DOCX (see the module comment). Resolves with the .docx bytes; rejects when a date is not
 * 'YYYY-MM-DD'.
 */
export async function renderOfficialDocx(doc: OfficialDocument): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [...head(doc), ...main(doc), ...signature(doc)];
  const rec = record(doc);
  if (rec) {
    // the 版记 on the PDF's last, even page: page breaks after the text's page (an empty page between when needed)
    const { textEnd, pages } = pageProbe(doc);
    for (let p = textEnd; p < pages; p++) children.push(new Paragraph({ children: [], pageBreakBefore: true, spacing: BODY_LINE }));
    children.push(rec, new Paragraph({ children: [] }));
  }
  const m = GBT.margins;
  const document = new Document({
    title: doc.title,
    evenAndOddHeaderAndFooters: true,
    styles: {
      default: { document: { run: { font: { eastAsia: DOCX_FONT.fangSong, ascii: DOCX_FONT.latin, hAnsi: DOCX_FONT.latin }, size: GBT.bodySize * 2 } } },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: tw(GBT.pageWidth), height: tw(GBT.pageHeight) },
            // The page number's dashes 7 mm below the 版心: footer text about 21 mm above the page's edge.
            margin: { top: tw(m.top), bottom: tw(m.bottom), left: tw(m.left), right: tw(m.right), header: tw(15 * MM), footer: tw(21 * MM) },
          },
          // 22 lines of PITCH and 28 characters a line: charSpace is the pitch's difference from 三号, in 1/4096 pt
          grid: { type: DocumentGridType.LINES_AND_CHARS, linePitch: PITCH, charSpace: CHAR_SPACE },
        },
        footers: { default: footer(true), even: footer(false) },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
