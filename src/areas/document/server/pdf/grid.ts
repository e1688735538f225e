/**
 * The character grid of the PDF (GB/T 9704-2012 §6: 28 characters of 三号 a line): 三号 is 16 pt, 28 of them
 * are 448 pt but the 156 mm line is 442.2 pt, so each character is drawn 16 pt tall and set 0.21 pt tighter
 * (as Word's `docGrid` `charSpace` does). pdfkit draws that with character spacing; pdfmake measures text one
 * CJK character at a time and adds the spacing only between the characters of one piece, so it would still
 * break lines after 27. The grid families (fonts.ts `PDF_FONT.*Grid`: the same faces) therefore measure every
 * piece with its last character's spacing too: pdfmake's font provider hands out, for those families, the
 * pdfkit font behind a proxy whose `widthOfString` adds one character spacing. Text in a grid family carries
 * `characterSpacing` (layout.ts `gridStyle`), so what pdfmake measures is what pdfkit draws.
 */
import { createRequire } from 'node:module';

/** Character spacing of grid text, in em of its size: 28 characters fill the 156 mm line at 三号. */
export const GRID_SPACING_EM = (156 * 72) / 25.4 / 28 / 16 - 1;

/** The part of a pdfkit font pdfmake measures with. */
interface MeasuredFont {
  widthOfString(text: string, size: number, features?: unknown): number;
}
interface FontProviderClass {
  prototype: { provideFont(this: unknown, family: string, bold: boolean, italics: boolean): MeasuredFont };
}

const gridFamilies = new Set<string>();
const proxies = new WeakMap<MeasuredFont, MeasuredFont>();

/** `font` measuring one more character spacing per piece (the others are pdfmake's own). */
function gridProxy(font: MeasuredFont): MeasuredFont {
  let p = proxies.get(font);
  if (!p) {
    p = new Proxy(font, {
      get(target, key, receiver) {
        if (key === 'widthOfString')
          return (text: string, size: number, features?: unknown) => target.widthOfString(text, size, features) + GRID_SPACING_EM * size;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    proxies.set(font, p);
  }
  return p;
}

/**
 * Makes pdfmake measure the font families `families` on the grid (see the module comment). Idempotent; the
 * other families are untouched.
 */
export function installGridFamilies(families: string[]): void {
  const first = gridFamilies.size === 0;
  for (const f of families) gridFamilies.add(f);
  if (!first) return;
  const FontProvider = createRequire(import.meta.url)('pdfmake/src/fontProvider.js') as FontProviderClass;
  const provide = FontProvider.prototype.provideFont;
  FontProvider.prototype.provideFont = function (this: unknown, family: string, bold: boolean, italics: boolean) {
    const font = provide.call(this, family, bold, italics);
    return gridFamilies.has(family) ? gridProxy(font) : font;
  };
}
