/**
 * The part of @foliojs-fork/fontkit (the font engine of pdfmake's pdfkit) the seal and the PDF's fonts use: glyph
 * outlines of one face of a collection, its vertical metrics and its coverage. The package ships no typings.
 */
declare module '@foliojs-fork/fontkit' {
  /** One drawing command of a glyph outline, in font units (y up). */
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    advanceWidth: number;
    path: { commands: PathCommand[] };
  }
  export interface Font {
    unitsPerEm: number;
    /** hhea ascender and descender (negative), in font units. */
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: Glyph[] };
  }
  /** The CommonJS module (Node's ESM sees it as the default export only). */
  const fontkit: {
    /** Opens `buffer`; for a collection (.ttc) `postscriptName` picks the face. */
    create(buffer: Buffer, postscriptName?: string): Font;
  };
  export default fontkit;
}
