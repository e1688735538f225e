/**
 * Fonts of the official-document renderers. Nothing is downloaded: the PDF embeds (subsets of) the Noto CJK
 * fonts of Debian's fonts-noto-cjk, read from /usr/share/fonts/opentype/noto/ (override the folder with
 * OA_CJK_FONT_DIR), and Debian's 楷体 faces where installed. The Noto files are OpenType collections (.ttc);
 * pdfkit (under pdfmake) opens one face of a collection when given the face's PostScript name next to the file
 * (or its bytes): pdfmake's `[bytes, postscriptName]` descriptor becomes `doc.font(bytes, postscriptName)` →
 * fontkit `create(bytes, postscriptName)` → `collection.getFont(postscriptName)`; a plain .ttf is given as bytes.
 *
 * GB/T 9704-2012 asks for 仿宋 (body), 小标宋 (title, 发文机关标志), 黑体 (first-level headings, 密级, 紧急程度)
 * and 楷体 (second-level headings, 签发人 names). Debian ships no 方正小标宋 and no 仿宋_GB2312, so the PDF
 * substitutes (deliberately, and only here):
 *   仿宋   → Noto Serif CJK SC Regular (a 宋体-style serif; bold text → Noto Serif CJK SC Bold). Debian's only
 *            仿宋, cwTeX 仿宋體 (fonts-cwtex-fs), is a traditional-Chinese face: it lacks about a third of the
 *            simplified characters of an ordinary 通知 (为, 贯, 彻, 实, 务 …), so it is not used.
 *   小标宋 → Noto Serif CJK SC Bold
 *   黑体   → Noto Sans CJK SC Regular (bold → Bold)
 *   楷体   → AR PL KaitiM GB (fonts-arphic-gkai00mp, GB 2312) when every 楷体 character of the document is in it,
 *            else AR PL UKai CN (fonts-arphic-ukai, wider coverage), else Noto Serif CJK SC (`kaiFamily`)
 *   宋体   → Noto Serif CJK SC Regular (page numbers, 7.5)
 * CJK faces have no italics: italic text keeps the upright face. The body's grid families (`*Grid`) are the same
 * faces measured on the 28-character grid (grid.ts).
 *
 * The DOCX names the faces GB/T 9704 templates use (仿宋_GB2312, 方正小标宋简体, 黑体, 楷体_GB2312, 宋体): Word
 * resolves them on the reader's machine and nothing is embedded.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@foliojs-fork/fontkit';

/** Where fonts-noto-cjk installs its collections. */
export const CJK_FONT_DIR = process.env.OA_CJK_FONT_DIR ?? '/usr/share/fonts/opentype/noto';

/** One face: its file (under CJK_FONT_DIR unless absolute) and its PostScript name (picks a collection's face). */
interface Face {
  file: string;
  postscriptName: string;
}

/** Debian's 楷体 faces, most fitting first: GB 2312 楷体 (fonts-arphic-gkai00mp), then UKai CN (fonts-arphic-ukai). */
const KAI_FACES: Face[] = [
  { file: '/usr/share/fonts/truetype/arphic-gkai00mp/gkai00mp.ttf', postscriptName: 'GBZenKai-Medium' },
  { file: '/usr/share/fonts/truetype/arphic/ukai.ttc', postscriptName: 'UKaiCN' },
];

const SERIF: Face = { file: 'NotoSerifCJK-Regular.ttc', postscriptName: 'NotoSerifCJKsc-Regular' };
const SERIF_BOLD: Face = { file: 'NotoSerifCJK-Bold.ttc', postscriptName: 'NotoSerifCJKsc-Bold' };
const SANS: Face = { file: 'NotoSansCJK-Regular.ttc', postscriptName: 'NotoSansCJKsc-Regular' };
const SANS_BOLD: Face = { file: 'NotoSansCJK-Bold.ttc', postscriptName: 'NotoSansCJKsc-Bold' };

/** The pdfmake font families of the PDF (the names the layout uses). */
export const PDF_FONT = {
  /** 仿宋 (substituted, see above). */
  fangSong: 'FangSong',
  /** 小标宋 (substituted). */
  xiaoBiaoSong: 'XiaoBiaoSong',
  /** 黑体 (substituted). */
  heiTi: 'HeiTi',
  /** 楷体: the first of Debian's 楷体 faces (see kaiFamily). */
  kaiTi: 'KaiTi',
  /** 楷体: the second of Debian's 楷体 faces. */
  kaiTiWide: 'KaiTiWide',
  /** 楷体 text no 楷体 face covers (Noto Serif CJK SC). */
  kaiTiNoto: 'KaiTiNoto',
  /** The body's faces on the 28-character grid (grid.ts). */
  fangSongGrid: 'FangSongGrid',
  heiTiGrid: 'HeiTiGrid',
  kaiTiGrid: 'KaiTiGrid',
  kaiTiWideGrid: 'KaiTiWideGrid',
  kaiTiNotoGrid: 'KaiTiNotoGrid',
  /** 宋体 (substituted). */
  songTi: 'SongTi',
} as const;

/**
 * Height of one line box of each family, in em, as pdfkit measures it (hhea ascender − descender of the face,
 * read from the fonts: Noto Serif CJK 1151 + 286, Noto Sans CJK 1160 + 288 per 1000; the 楷体 faces' are read
 * when the fonts are loaded). pdfmake multiplies it by `lineHeight`; the layout divides the wanted line pitch
 * by it.
 */
export const LINE_BOX_EM: Record<string, number> = {
  [PDF_FONT.fangSong]: 1.437,
  [PDF_FONT.xiaoBiaoSong]: 1.437,
  [PDF_FONT.kaiTi]: 1.437,
  [PDF_FONT.kaiTiWide]: 1.437,
  [PDF_FONT.kaiTiNoto]: 1.437,
  [PDF_FONT.songTi]: 1.437,
  [PDF_FONT.heiTi]: 1.448,
};
/** The grid family of each body family (grid.ts), and its line box. */
export const GRID_FAMILY: Record<string, string> = {
  [PDF_FONT.fangSong]: PDF_FONT.fangSongGrid,
  [PDF_FONT.heiTi]: PDF_FONT.heiTiGrid,
  [PDF_FONT.kaiTi]: PDF_FONT.kaiTiGrid,
  [PDF_FONT.kaiTiWide]: PDF_FONT.kaiTiWideGrid,
  [PDF_FONT.kaiTiNoto]: PDF_FONT.kaiTiNotoGrid,
};
for (const [base, grid] of Object.entries(GRID_FAMILY)) LINE_BOX_EM[grid] = LINE_BOX_EM[base];

/** Ascender of the line box above the top of an ideograph, in em (1.151 − 0.880: hhea vs. typo ascender). */
export const IDEOGRAPH_TOP_EM = 0.271;

/** Advance of a half-width (ASCII) character relative to an ideograph, for estimating widths of mixed text. */
const HALF_WIDTH_EM = 0.55;

/** Estimated width of `text` in em of its font size: ideographs 1 em, ASCII (digits, Latin) about half. */
export function textWidthEm(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) < 0x2000 ? HALF_WIDTH_EM : 1;
  return w;
}

type Descriptor = [Buffer, string] | Buffer;

/** Font files read once and kept (about 90 MB for the four Noto collections; reading them per document cost ~100 ms). */
const files = new Map<string, Buffer>();
function bytesOf(f: Face): Buffer | null {
  const p = path.isAbsolute(f.file) ? f.file : path.join(CJK_FONT_DIR, f.file);
  let bytes = files.get(p);
  if (!bytes) {
    if (!fs.existsSync(p)) return null;
    bytes = fs.readFileSync(p);
    files.set(p, bytes);
  }
  return bytes;
}
function face(f: Face): [Buffer, string] {
  const bytes = bytesOf(f);
  if (!bytes) throw new Error(`CJK font missing: ${path.join(CJK_FONT_DIR, f.file)} (install Debian's fonts-noto-cjk or set OA_CJK_FONT_DIR)`);
  return [bytes, f.postscriptName];
}

/** An installed 楷体 face: its pdfmake descriptor, its fontkit font (coverage) and its line box in em. */
interface Kai {
  descriptor: Descriptor;
  covers(cp: number): boolean;
  box: number;
}
let kaiFaces: Kai[] | null = null;
/** Debian's 楷体 faces that are installed, in KAI_FACES order (read once). */
function kais(): Kai[] {
  kaiFaces ??= KAI_FACES.flatMap((f) => {
    const bytes = bytesOf(f);
    if (!bytes) return [];
    const collection = f.file.endsWith('.ttc');
    const font = fontkit.create(bytes, collection ? f.postscriptName : undefined);
    const box = (font.ascent - font.descent) / font.unitsPerEm;
    return [{ descriptor: collection ? [bytes, f.postscriptName] : bytes, covers: (cp: number) => font.hasGlyphForCodePoint(cp), box }];
  });
  // the line boxes of the 楷体 families are those of the faces drawn (a missing face: the one standing in)
  const [k1, k2] = kaiFaces;
  for (const [family, k] of [
    [PDF_FONT.kaiTi, k1],
    [PDF_FONT.kaiTiWide, k2 ?? k1],
  ] as const) {
    LINE_BOX_EM[family] = LINE_BOX_EM[GRID_FAMILY[family]] = k ? k.box : LINE_BOX_EM[PDF_FONT.fangSong];
  }
  return kaiFaces;
}

/**
 * The 楷体 family to draw `text` in: the first installed 楷体 face holding every character of it (ASCII and
 * spaces aside), else Noto Serif CJK SC (PDF_FONT.kaiTiNoto).
 */
export function kaiFamily(text: string): string {
  const cps = [...text].map((ch) => ch.codePointAt(0)!).filter((cp) => cp > 0x7f && cp !== 0x3000);
  const faces = kais();
  const i = faces.findIndex((k) => cps.every((cp) => k.covers(cp)));
  return i === 0 ? PDF_FONT.kaiTi : i === 1 ? PDF_FONT.kaiTiWide : PDF_FONT.kaiTiNoto;
}

/**
 * The bytes of the bold serif face's collection and its PostScript name (read once and kept), for drawing
 * glyph outlines outside pdfmake (the seal, services/seal.ts). Throws when fonts-noto-cjk is missing.
 */
export function serifBoldFace(): [Buffer, string] {
  return face(SERIF_BOLD);
}

/**
 * The pdfmake `fonts` table: each family's normal/bold/italics/bolditalics as `[collection bytes, PostScript
 * name]` (the collections are read on the first call and kept). Throws when fonts-noto-cjk is missing (names
 * the file).
 */
export function pdfFonts(): Record<string, { normal: Descriptor; bold: Descriptor; italics: Descriptor; bolditalics: Descriptor }> {
  const serif = { normal: face(SERIF), bold: face(SERIF_BOLD), italics: face(SERIF), bolditalics: face(SERIF_BOLD) };
  const titleFace = face(SERIF_BOLD);
  const one = (d: Descriptor) => ({ normal: d, bold: d, italics: d, bolditalics: d });
  const [k1, k2] = kais();
  const sans = { normal: face(SANS), bold: face(SANS_BOLD), italics: face(SANS), bolditalics: face(SANS_BOLD) };
  const kai = k1 ? one(k1.descriptor) : serif;
  const kaiWide = k2 ? one(k2.descriptor) : kai;
  const families: Record<string, ReturnType<typeof one>> = {
    [PDF_FONT.fangSong]: serif,
    [PDF_FONT.songTi]: serif,
    [PDF_FONT.kaiTi]: kai,
    [PDF_FONT.kaiTiWide]: kaiWide,
    [PDF_FONT.kaiTiNoto]: serif,
    [PDF_FONT.xiaoBiaoSong]: one(titleFace),
    [PDF_FONT.heiTi]: sans,
  };
  for (const [base, grid] of Object.entries(GRID_FAMILY)) families[grid] = families[base];
  return families;
}

/** Font names written into the DOCX (resolved by Word on the reader's machine; GB/T 9704 templates' names). */
export const DOCX_FONT = {
  fangSong: '仿宋_GB2312',
  xiaoBiaoSong: '方正小标宋简体',
  heiTi: '黑体',
  kaiTi: '楷体_GB2312',
  songTi: '宋体',
  /** Latin and digits next to Chinese text (GB/T 9704 templates use Times New Roman for them). */
  latin: 'Times New Roman',
} as const;
