/**
 * The 印章 (公章) of an issuing organ as a PNG, drawn here (no image files, nothing fetched): a red ring, a
 * five-pointed star in the centre and the organ's name along the upper arc, characters upright towards the
 * rim, as on the round seals of 党政机关 (a 42 mm 公章 with a 14 mm star; GB/T 9704-2012 7.3.5.1 places it over
 * the 署名 and 成文日期). The name's glyphs are the outlines of the bold Noto Serif CJK face of fonts-noto-cjk
 * (read through fontkit, the font engine pdfmake already uses), filled by a small anti-aliased scanline
 * rasteriser into a transparent PNG (pngjs), so the same picture serves the PDF and the DOCX.
 */
import fontkit, { type Font, type PathCommand } from '@foliojs-fork/fontkit';
import { PNG } from 'pngjs';
import { serifBoldFace } from '../pdf/fonts.js';
import { GBT } from '../pdf/layout.js';

/** A point in pixels (y down). */
type Pt = [number, number];
/** A closed outline; filled with the nonzero rule together with the others. */
type Ring = Pt[];

/** Proportions of the seal, as fractions of its diameter (42 mm 公章: 1.2 mm rim, 14 mm star, 7 mm characters). */
const OUTER = 0.49;
const RIM = 0.032;
const STAR = 0.165;
const GLYPH = 0.16;
/** Gap between the rim and the tops of the characters. */
const GAP = 0.03;
/** Widest arc the name may take (degrees), and the horizontal compression of its characters. */
const MAX_SPAN = 250;
const CONDENSE = 0.82;
/** Sub-scanlines per pixel row (vertical anti-aliasing; horizontal coverage is exact). */
const SUBSAMPLES = 4;
/** Opacity of the ink: the 署名 and 成文日期 under the seal stay readable, as under a real stamp. */
const INK = 0.88;
/** Default size: 42 mm at about 435 dpi. */
const DEFAULT_PX = 720;

let font: Font | null = null;
function sealFont(): Font {
  if (!font) {
    const [bytes, name] = serifBoldFace();
    font = fontkit.create(bytes, name);
  }
  return font;
}

/** A circle of radius `r` around (`c`, `c`); `reverse` winds it the other way (to cut a hole). */
function circle(c: number, r: number, reverse = false): Ring {
  const n = 360;
  const out: Ring = [];
  for (let i = 0; i < n; i++) {
    const a = ((reverse ? -i : i) / n) * 2 * Math.PI;
    out.push([c + r * Math.cos(a), c + r * Math.sin(a)]);
  }
  return out;
}

/** A five-pointed star of circumradius `r` centred on (`c`, `c`), one point up. */
function star(c: number, r: number): Ring {
  const inner = (r * Math.sin(Math.PI / 10)) / Math.sin((7 * Math.PI) / 10);
  const out: Ring = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : inner;
    out.push([c + d * Math.cos(a), c + d * Math.sin(a)]);
  }
  return out;
}

/** The outlines of a glyph's path, mapped by `map` from font units (y up) to pixels; curves flattened. */
function glyphRings(commands: PathCommand[], map: (x: number, y: number) => Pt): Ring[] {
  const rings: Ring[] = [];
  let cur: Ring = [];
  let last: [number, number] = [0, 0];
  const STEPS = 10;
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      if (cur.length > 2) rings.push(cur);
      cur = [map(args[0], args[1])];
      last = [args[0], args[1]];
    } else if (command === 'lineTo') {
      cur.push(map(args[0], args[1]));
      last = [args[0], args[1]];
    } else if (command === 'quadraticCurveTo') {
      const [cx, cy, x, y] = args;
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        cur.push(map(u * u * last[0] + 2 * u * t * cx + t * t * x, u * u * last[1] + 2 * u * t * cy + t * t * y));
      }
      last = [x, y];
    } else if (command === 'bezierCurveTo') {
      const [c1x, c1y, c2x, c2y, x, y] = args;
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        const bx = u * u * u * last[0] + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x;
        const by = u * u * u * last[1] + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y;
        cur.push(map(bx, by));
      }
      last = [x, y];
    } else if (command === 'closePath') {
      if (cur.length > 2) rings.push(cur);
      cur = [];
    }
  }
  if (cur.length > 2) rings.push(cur);
  return rings;
}

/**
 * The name's characters along the upper arc: evenly spaced, centred on the top, each upright with its top
 * towards the rim; a long name is spread over at most MAX_SPAN degrees and condensed further to fit.
 */
function nameRings(name: string, size: number): Ring[] {
  const chars = [...name.replace(/\s+/g, '')];
  if (!chars.length) return [];
  const f = sealFont();
  const c = size / 2;
  const h = GLYPH * size;
  const k = h / f.unitsPerEm;
  // Ideographs reach about 0.88 em above the baseline.
  const baseline = (OUTER - RIM - GAP) * size - 0.88 * h;
  const mid = baseline + 0.4 * h;
  const natural = (1.25 * CONDENSE * h) / mid;
  const step = Math.min(natural * 1.3, (MAX_SPAN * Math.PI) / 180 / chars.length);
  const condense = Math.min(CONDENSE, (step * mid) / (1.1 * h));
  const rings: Ring[] = [];
  chars.forEach((ch, i) => {
    const glyph = f.layout(ch).glyphs[0];
    if (!glyph) return;
    const theta = (i + 0.5 - chars.length / 2) * step;
    // Tangent (reading direction, clockwise) and outward normal at theta from the top.
    const tx = Math.cos(theta);
    const ty = Math.sin(theta);
    const ux = Math.sin(theta);
    const uy = -Math.cos(theta);
    const half = glyph.advanceWidth / 2;
    const map = (x: number, y: number): Pt => {
      const lx = (x - half) * k * condense;
      const ly = baseline + y * k;
      return [c + tx * lx + ux * ly, c + ty * lx + uy * ly];
    };
    rings.push(...glyphRings(glyph.path.commands, map));
  });
  return rings;
}

/** Coverage (0..1) of each pixel of a `size` × `size` square by `rings`, nonzero rule, anti-aliased. */
export function rasterize(rings: Ring[], size: number): Float32Array {
  type Edge = { x0: number; y0: number; x1: number; y1: number; dir: number };
  const edges: Edge[] = [];
  for (const r of rings) {
    for (let i = 0; i < r.length; i++) {
      const [ax, ay] = r[i];
      const [bx, by] = r[(i + 1) % r.length];
      if (ay === by) continue;
      edges.push(ay < by ? { x0: ax, y0: ay, x1: bx, y1: by, dir: 1 } : { x0: bx, y0: by, x1: ax, y1: ay, dir: -1 });
    }
  }
  edges.sort((a, b) => a.y0 - b.y0);
  const cov = new Float32Array(size * size);
  let next = 0;
  let active: Edge[] = [];
  const weight = 1 / SUBSAMPLES;
  for (let row = 0; row < size; row++) {
    while (next < edges.length && edges[next].y0 < row + 1) active.push(edges[next++]);
    active = active.filter((e) => e.y1 > row);
    for (let s = 0; s < SUBSAMPLES; s++) {
      const y = row + (s + 0.5) / SUBSAMPLES;
      const xs: Array<[number, number]> = [];
      for (const e of active) if (e.y0 <= y && y < e.y1) xs.push([e.x0 + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), e.dir]);
      xs.sort((a, b) => a[0] - b[0]);
      let winding = 0;
      for (let i = 0; i < xs.length; i++) {
        const was = winding;
        winding += xs[i][1];
        if (was === 0 && winding !== 0) {
          // Find where the span ends (winding back to 0).
          let j = i + 1;
          let w = winding;
          while (j < xs.length && (w += xs[j][1]) !== 0) j++;
          addSpan(cov, row * size, size, xs[i][0], j < xs.length ? xs[j][0] : size, weight);
          winding = 0;
          i = j;
        }
      }
    }
  }
  return cov;
}

/** Adds `w` × the covered fraction of each pixel of row `base` between x `a` and `b`. */
function addSpan(cov: Float32Array, base: number, size: number, a: number, b: number, w: number): void {
  const xa = Math.max(0, Math.min(size, a));
  const xb = Math.max(0, Math.min(size, b));
  if (xb <= xa) return;
  const ia = Math.floor(xa);
  const ib = Math.floor(xb);
  if (ia === ib) {
    cov[base + ia] += (xb - xa) * w;
    return;
  }
  cov[base + ia] += (ia + 1 - xa) * w;
  for (let x = ia + 1; x < ib; x++) cov[base + x] += w;
  if (ib < size) cov[base + ib] += (xb - ib) * w;
}

/** Red of the seal (the 发文机关标志's red, GB/T 9704-2012 7.2.4), as RGB. */
function sealRgb(): [number, number, number] {
  const hex = GBT.red.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const cache = new Map<string, Buffer>();
const CACHE_MAX = 32;

/**
 * The 公章 of organ `name` (e.g. '市人民政府办公室') as a square transparent PNG of `size` pixels (default 720,
 * 42 mm at about 435 dpi): red ring, star, the name along the upper arc. Kept per name and size (the last 32).
 * Throws when fonts-noto-cjk is missing.
 */
export function drawSeal(name: string, size = DEFAULT_PX): Buffer {
  const key = `${size}\u0000${name}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const c = size / 2;
  const rings: Ring[] = [circle(c, OUTER * size), circle(c, (OUTER - RIM) * size, true), star(c, STAR * size), ...nameRings(name, size)];
  const cov = rasterize(rings, size);
  const png = new PNG({ width: size, height: size });
  const [r, g, b] = sealRgb();
  for (let i = 0; i < cov.length; i++) {
    png.data[i * 4] = r;
    png.data[i * 4 + 1] = g;
    png.data[i * 4 + 2] = b;
    png.data[i * 4 + 3] = Math.round(Math.min(1, cov[i]) * INK * 255);
  }
  const out = PNG.sync.write(png);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, out);
  return out;
}
