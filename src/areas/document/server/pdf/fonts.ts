/**
 * Fonts of the official-document renderers. Nothing is downloaded: the PDF embeds (subsets of) the Noto CJK
 * fonts of Debian's fonts-noto-cjk, read from /usr/share/fonts/opentype/noto/ (override the folder with
 * OA_CJK_FONT_DIR). Those files are OpenType collections (.ttc); pdfkit (under pdfmake) opens one face of a
 * collection when given the face's PostScript name next to the file (or its bytes): pdfmake's
 * `[bytes, postscriptName]` descriptor becomes `doc.font(bytes, postscriptName)` → fontkit
 * `create(bytes, postscriptName)` → `collection.getFont(postscriptName)`.
 *
 * GB/T 9704-2012 asks for 仿宋 (body), 小标宋 (title, 发文机关标志), 黑体 (first-level headings, 密级, 紧急程度)
 * and 楷体 (second-level headings, 签发人 names). Debian ships none of these faces in fonts-noto-cjk, so the PDF
 * substitutes (deliberately, and only here):
 *   仿宋   → Noto Serif CJK SC Regular (a 宋体-style serif; bold text → Noto Serif CJK SC Bold)
 *   小标宋 → Noto Serif CJK SC Bold
 *   黑体   → Noto Sans CJK SC Regular (bold → Bold)
 *   楷体   → Noto Serif CJK SC Regular (no 楷体 in fonts-noto-cjk; fonts-arphic-ukai would be one, not installed)
 *   宋体   → Noto Serif CJK SC Regular (page numbers, 7.5)
 * CJK faces have no italics: italic text keeps the upright face.
 *
 * The DOCX names the faces GB/T 9704 templates use (仿宋_GB2312, 方正小标宋简体, 黑体, 楷体_GB2312, 宋体): Word
 * resolves them on the reader's machine and nothing is embedded.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where fonts-noto-cjk installs its collections. */
export const CJK_FONT_DIR = process.env.OA_CJK_FONT_DIR ?? '/usr/share/fonts/opentype/noto';

/** One face of an OpenType collection: its file and its PostScript name. */
interface Face {
  file: string;
  postscriptName: string;
}

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
  /** 楷体 (substituted). */
  kaiTi: 'KaiTi',
  /** 宋体 (substituted). */
  songTi: 'SongTi',
} as const;

/**
 * Height of one line box of each family, in em, as pdfkit measures it (hhea ascender − descender of the face,
 * read from the fonts: Noto Serif CJK 1151 + 286, Noto Sans CJK 1160 + 288 per 1000). pdfmake multiplies it by
 * `lineHeight`; the layout divides the wanted line pitch by it.
 */
export const LINE_BOX_EM: Record<string, number> = {
  [PDF_FONT.fangSong]: 1.437,
  [PDF_FONT.xiaoBiaoSong]: 1.437,
  [PDF_FONT.kaiTi]: 1.437,
  [PDF_FONT.songTi]: 1.437,
  [PDF_FONT.heiTi]: 1.448,
};

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

type Descriptor = [Buffer, string];

/** Collection files read once and kept (about 90 MB for the four; reading them per document cost ~100 ms). */
const files = new Map<string, Buffer>();
function face(f: Face): Descriptor {
  const p = path.join(CJK_FONT_DIR, f.file);
  let bytes = files.get(p);
  if (!bytes) {
    if (!fs.existsSync(p)) throw new Error(`CJK font missing: ${p} (install Debian's fonts-noto-cjk or set OA_CJK_FONT_DIR)`);
    bytes = fs.readFileSync(p);
    files.set(p, bytes);
  }
  return [bytes, f.postscriptName];
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
  return {
    [PDF_FONT.fangSong]: serif,
    [PDF_FONT.songTi]: serif,
    [PDF_FONT.kaiTi]: serif,
    [PDF_FONT.xiaoBiaoSong]: { normal: titleFace, bold: titleFace, italics: titleFace, bolditalics: titleFace },
    [PDF_FONT.heiTi]: { normal: face(SANS), bold: face(SANS_BOLD), italics: face(SANS), bolditalics: face(SANS_BOLD) },
  };
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
