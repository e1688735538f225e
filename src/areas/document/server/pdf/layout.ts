/**
 * Measures of GB/T 9704-2012 and the 正文 blocks (html.ts) as pdfmake content. Units: PDF points (1/72 in).
 */
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';
import { GRID_FAMILY, kaiFamily, LINE_BOX_EM, PDF_FONT, textWidthEm } from './fonts.js';
import { GRID_SPACING_EM } from './grid.js';
import { runsText, type Block, type Cell, type Run } from './html.js';

/** Millimetres in points. */
export const MM = 72 / 25.4;

/** The page, 版心 and type sizes of GB/T 9704-2012 (5.2, 6, 7). */
export const GBT = {
  /** A4 (5.2.1). */
  pageWidth: 210 * MM,
  pageHeight: 297 * MM,
  /** 天头 37 mm, 订口 28 mm (5.2.2); right and bottom follow from the 版心 156 × 225 mm. */
  margins: { top: 37 * MM, left: 28 * MM, right: 26 * MM, bottom: 35 * MM },
  coreWidth: 156 * MM,
  coreHeight: 225 * MM,
  /** 一般每面排 22 行，每行排 28 个字 (6). */
  linesPerPage: 22,
  charsPerLine: 28,
  /** 三号 (正文), 二号 (标题), 四号 (版记, 页码). */
  bodySize: 16,
  titleSize: 22,
  smallSize: 14,
  /** 发文机关标志 and separator red. */
  red: '#E60012',
  /** Upper edge of the 发文机关标志 below the top of the 版心 (7.2.4). */
  markTop: 35 * MM,
  /** The separator line 4 mm below the 发文字号 (7.2.7). */
  separatorGap: 4 * MM,
  /** Diameter the seal is drawn at (a 42 mm 公章). */
  sealSize: 42 * MM,
} as const;

/** Line pitch of the body: 22 lines fill the 225 mm 版心 (a hair less, so the 22nd line still fits). */
export const LINE = GBT.coreHeight / GBT.linesPerPage - 0.01;
/** One character on the grid: 28 fill the 156 mm line. */
export const CHAR = GBT.coreWidth / GBT.charsPerLine;
/**
 * Type size of the body: 三号, 16 pt. 28 of them (448 pt) are wider than the 156 mm line (442.2 pt): grid text is
 * set 0.21 pt tighter a character (grid.ts), as Word's character grid does.
 */
export const BODY_PT = GBT.bodySize;

/** The grid family of `font` and the character spacing that sets 28 characters of `size` a line (grid.ts). */
export function gridStyle(font: string, size: number = BODY_PT): { font: string; characterSpacing: number } {
  return { font: GRID_FAMILY[font] ?? font, characterSpacing: GRID_SPACING_EM * size };
}

/** pdfmake `lineHeight` that gives `font` at `size` a line pitch of `pitch` points. */
export function lineHeight(font: string, size: number, pitch = LINE): number {
  return pitch / (LINE_BOX_EM[font] * size);
}

/** A text line in `font`/`size` with the body pitch unless told; text of the body size sits on the character grid. */
export function text(t: ContentText['text'], font: string, size: number, extra: Omit<ContentText, 'text'> = {}, pitch = LINE): ContentText {
  const onGrid = size === BODY_PT && font in GRID_FAMILY ? gridStyle(font, size) : { font };
  return { text: t, ...onGrid, fontSize: size, lineHeight: lineHeight(onGrid.font, size, pitch), ...extra };
}

/** Inline pieces of runs (bold, italics, underline; '\n' breaks the line). */
function inlines(runs: Run[]): ContentText[] {
  return runs.map((r) => ({
    text: r.text,
    ...(r.bold ? { bold: true } : {}),
    ...(r.italic ? { italics: true } : {}),
    ...(r.underline ? { decoration: 'underline' as const } : {}),
  }));
}

/** Font of a heading of `level` (7.3.3: 黑体, 楷体, 仿宋, 仿宋) with text `t` (the 楷体 face holding it, fonts.ts). */
function headingFont(level: number, t: string): string {
  return level === 1 ? PDF_FONT.heiTi : level === 2 ? kaiFamily(t) : PDF_FONT.fangSong;
}

/** Where a block sits: the body (first-line indent two characters) or inside a list item or table cell. */
interface Ctx {
  indent: boolean;
  size: number;
  pitch: number;
}
const BODY: Ctx = { indent: true, size: BODY_PT, pitch: LINE };
/** Tables use 四号 with a tighter pitch so several columns fit. */
const CELL: Ctx = { indent: false, size: GBT.smallSize, pitch: GBT.smallSize * 1.5 };

/** The pdfmake content of one 正文 block. */
function block(b: Block, ctx: Ctx): Content {
  const indent = ctx.indent ? 2 * CHAR : 0;
  switch (b.kind) {
    case 'paragraph': {
      const align = b.align ?? 'justify';
      // An empty paragraph is a blank line (an ideographic space keeps its height).
      const runs = b.runs.length ? inlines(b.runs) : '\u3000';
      const centred = align === 'center' || align === 'right';
      return text(runs, PDF_FONT.fangSong, ctx.size, { alignment: align, ...(centred ? {} : { leadingIndent: indent }) }, ctx.pitch);
    }
    case 'heading': {
      const t = runsText(b.runs);
      const font = headingFont(b.level, t);
      // headlineLevel: the heading's lines, so that the page break keeps it with the next line (gbt9704.ts)
      const lines = Math.max(1, Math.ceil((textWidthEm(t) * ctx.size + indent) / GBT.coreWidth));
      return text(
        inlines(b.runs),
        font,
        ctx.size,
        { alignment: 'justify', leadingIndent: indent, ...(ctx === BODY ? { headlineLevel: lines } : {}) },
        ctx.pitch,
      );
    }
    case 'list': {
      const items = b.items.map((blocks) => ({ stack: blocks.map((x) => block(x, { ...ctx, indent: false })) }));
      const style = {
        font: PDF_FONT.fangSong,
        fontSize: ctx.size,
        lineHeight: lineHeight(PDF_FONT.fangSong, ctx.size, ctx.pitch),
        margin: [indent, 0, 0, 0] as [number, number, number, number],
      };
      return b.ordered ? { ol: items, start: b.start, ...style } : { ul: items, ...style };
    }
    case 'table':
      return table(b.rows);
  }
}

/** A simple table: the HTML grid with spans, thin black rules, 四号 text, header cells bold. */
function table(rows: Cell[][]): Content {
  const grid = spanGrid(rows);
  const cols = Math.max(...grid.map((r) => r.length));
  const body: TableCell[][] = grid.map((r) => {
    const out: TableCell[] = r.map((c) => {
      if (!c) return {} as TableCell;
      const stack = c.blocks.map((x) => block(x, CELL));
      const cell: TableCell = {
        stack: stack.length ? stack : [''],
        ...(c.colSpan > 1 ? { colSpan: c.colSpan } : {}),
        ...(c.rowSpan > 1 ? { rowSpan: c.rowSpan } : {}),
        ...(c.header ? { bold: true } : {}),
      };
      return cell;
    });
    while (out.length < cols) out.push({});
    return out;
  });
  return {
    table: { widths: Array(cols).fill('*'), body, headerRows: grid[0]?.some((c) => c?.header) ? 1 : 0 },
    layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 2, paddingBottom: () => 2 },
    font: PDF_FONT.fangSong,
    fontSize: GBT.smallSize,
    margin: [0, LINE / 4, 0, LINE / 4],
  };
}

/**
 * The cells of an HTML table on its grid: a spanned cell is followed (right and below) by nulls where pdfmake
 * expects placeholder cells. Rows come out as long as the widest row.
 */
export function spanGrid(rows: Cell[][]): (Cell | null)[][] {
  const out: (Cell | null)[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (out[r][c] !== undefined) c++;
      for (let dr = 0; dr < cell.rowSpan && r + dr < rows.length; dr++) {
        for (let dc = 0; dc < cell.colSpan; dc++) out[r + dr][c + dc] = dr === 0 && dc === 0 ? cell : null;
      }
      c += cell.colSpan;
    }
  });
  const width = Math.max(0, ...out.map((r) => r.length));
  return out.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null));
}

/**
 * The 正文 as pdfmake content (7.3.3). A heading's `headlineLevel` counts its lines and those of the headings
 * right after it: the page break keeps them together with the next line of text (gbt9704.ts).
 */
export function bodyContent(blocks: Block[]): Content[] {
  const out = blocks.map((b) => block(b, BODY));
  for (let i = out.length - 2; i >= 0; i--) {
    const here = out[i] as { headlineLevel?: number };
    const next = out[i + 1] as { headlineLevel?: number };
    if (here.headlineLevel && next.headlineLevel) here.headlineLevel += next.headlineLevel;
  }
  return out;
}

/**
 * Where 发文机关署名 and 成文日期 start (points from the left of the 版心) and the date's width. Sealed
 * (7.3.5.1): the date 右空四字, the name centred on it. Unsealed (7.3.5.2): the name 右空二字, the date two
 * characters further right, or 右空二字 when longer (the name moving left with it). Widths are estimated
 * (textWidthEm).
 */
export function signaturePlacement(issuer: string, date: string, sealed: boolean): { xi: number; xd: number; wi: number; wd: number } {
  const wi = textWidthEm(issuer) * CHAR;
  const wd = textWidthEm(date) * CHAR;
  const w = GBT.coreWidth;
  let xi: number;
  let xd: number;
  if (sealed) {
    xd = w - 4 * CHAR - wd;
    xi = Math.min(xd + (wd - wi) / 2, w - wi);
  } else {
    xi = w - 2 * CHAR - wi;
    xd = xi + 2 * CHAR;
    if (xd + wd > w - 2 * CHAR) {
      xd = w - 2 * CHAR - wd;
      xi = xd - 2 * CHAR;
    }
  }
  return { xi: Math.max(0, xi), xd: Math.max(0, xd), wi, wd };
}

/** Characters that may not start a line (closing punctuation) or end one (opening punctuation). */
const NO_START = new Set([...'，。、；：！？）》」』”’〕】…·,.;:!?)]}']);
const NO_END = new Set([...'（《「『“‘〔【([{']);
/** Characters of a Latin word or number, never split across lines. */
const WORD = /[0-9A-Za-z.%]/;

/**
 * The lines of a title (7.3.1), shared by the PDF and the DOCX: the author's line breaks ('\n') when given, else
 * as few lines as fit the 版心 less a character each side at 二号, of balanced length (a block, not a full line
 * and a stub), never starting a line with closing punctuation nor ending one with opening punctuation.
 */
export function titleLines(title: string): string[] {
  const given = title
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (given.length !== 1) return given;
  const chars = [...given[0]];
  const max = (GBT.coreWidth - 2 * CHAR) / GBT.titleSize;
  const total = textWidthEm(given[0]);
  const n = Math.ceil(total / max);
  if (n <= 1) return given;
  const lines: string[] = [];
  let start = 0;
  let width = 0;
  for (let k = 1; k < n; k++) {
    // break where the running width passes k/n of the title
    let i = start;
    while (i < chars.length && width + textWidthEm(chars[i]) / 2 < (k * total) / n) width += textWidthEm(chars[i++]);
    // a number or Latin word moves whole to the next line
    while (i - 1 > start && i < chars.length && WORD.test(chars[i]) && WORD.test(chars[i - 1])) width -= textWidthEm(chars[--i]);
    while (i < chars.length - 1 && (NO_START.has(chars[i]) || NO_END.has(chars[i - 1]))) width += textWidthEm(chars[i++]);
    lines.push(chars.slice(start, i).join(''));
    start = i;
  }
  lines.push(chars.slice(start).join(''));
  return lines.filter(Boolean);
}
