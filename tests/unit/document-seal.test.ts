/**
 * The 公章 drawn by services/document/seal.ts (red ring, centre star, the organ's name along the upper arc, in real
 * CJK glyphs) read back pixel by pixel, and the mapping of a 发文 record to the OfficialDocument of the GB/T 9704
 * renderers (services/document/pdfSource.ts `toOfficialDocument`). The seal is kept as
 * test-results/pdf/seal.png for looking at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawSeal } from '../../src/areas/document/server/services/seal.js';
import { mainToOf, toOfficialDocument, type SendNames } from '../../src/areas/document/server/services/pdfSource.js';

const OUT = path.resolve(__dirname, '../../test-results/pdf');
const SIZE = 400;

/** RGBA of pixel (x, y). */
function px(png: PNG, x: number, y: number): [number, number, number, number] {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2], png.data[i + 3]];
}
const isRed = ([r, g, b, a]: number[]) => a > 200 && r > 200 && g < 60 && b < 60;
const isClear = ([, , , a]: number[]) => a === 0;

/**
 * Count of inked pixels between radii r0 and r1 (fractions of the size) within `spread` degrees either side of
 * the direction `towards` (0 = up, 180 = down).
 */
function inkBetween(png: PNG, r0: number, r1: number, towards: number, spread: number): number {
  let n = 0;
  const c = SIZE / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const d = Math.hypot(dx, dy) / SIZE;
      const deg = (Math.atan2(dx, -dy) * 180) / Math.PI;
      const off = Math.abs(((deg - towards + 540) % 360) - 180);
      if (d < r0 || d > r1 || off > spread) continue;
      if (px(png, x, y)[3] > 128) n++;
    }
  }
  return n;
}

describe('the 公章 (seal.ts)', () => {
  const bytes = drawSeal('市人民政府办公室', SIZE);
  const png = PNG.sync.read(bytes);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'seal.png'), bytes);

  it('is a square transparent PNG: clear corners, clear between the star and the rim below', () => {
    expect([png.width, png.height]).toEqual([SIZE, SIZE]);
    for (const [x, y] of [
      [1, 1],
      [SIZE - 2, 1],
      [1, SIZE - 2],
      [SIZE - 2, SIZE - 2],
    ])
      expect(isClear(px(png, x, y))).toBe(true);
    expect(isClear(px(png, SIZE / 2, SIZE * 0.82))).toBe(true);
  });

  it('has a red ring all round', () => {
    const c = SIZE / 2;
    const r = (0.49 - 0.016) * SIZE;
    for (let deg = 0; deg < 360; deg += 15) {
      const a = (deg * Math.PI) / 180;
      expect(isRed(px(png, c + r * Math.cos(a), c + r * Math.sin(a))), `${deg}°`).toBe(true);
    }
    // Just inside the rim, below the centre (no text there): clear.
    expect(isClear(px(png, c, c + 0.43 * SIZE))).toBe(true);
  });

  it('has a red five-pointed star in the centre: centre and the tip of each point inked, the gaps between points clear', () => {
    const c = SIZE / 2;
    expect(isRed(px(png, c, c))).toBe(true);
    const r = 0.165 * SIZE;
    for (let i = 0; i < 5; i++) {
      const tip = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
      const gap = tip + Math.PI / 5;
      expect(isRed(px(png, c + 0.85 * r * Math.cos(tip), c + 0.85 * r * Math.sin(tip))), `point ${i}`).toBe(true);
      expect(isClear(px(png, c + 0.85 * r * Math.cos(gap), c + 0.85 * r * Math.sin(gap))), `gap ${i}`).toBe(true);
    }
  });

  it('writes the name along the upper arc only (inked band between star and rim above, none below)', () => {
    const upper = inkBetween(png, 0.2, 0.44, 0, 60);
    expect(upper).toBeGreaterThan(SIZE * 5);
    expect(inkBetween(png, 0.2, 0.44, 180, 45)).toBe(0);
    // Another name gives another picture; the same name the same one.
    expect(drawSeal('市财政局', SIZE).equals(bytes)).toBe(false);
    expect(drawSeal('市人民政府办公室', SIZE).equals(bytes)).toBe(true);
  });
});

describe('a 发文 record as an OfficialDocument (pdfSource.ts)', () => {
  const names: SendNames = {
    depts: new Map([
      [1, '市财政局'],
      [2, '市教育局'],
      [3, '市发展和改革委员会'],
    ]),
    issuerUser: '陈静',
    attachments: ['2027年元旦春节值班表.xlsx', '安全检查要点.docx'],
    secretLabels: new Map([['1', '秘密']]),
    urgencyLabels: new Map([
      ['2', '加急'],
      ['3', '特急'],
    ]),
    initiatorUnit: '市人民政府办公室',
    today: '2026-11-30',
  };
  const base = { title: '关于做好安全生产工作的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>正文</p>', mainTo: [1, 2], ccTo: [3] };

  it('主送: mainToText when given, else the departments joined with 、 and a full-width colon', () => {
    expect(mainToOf(base, names.depts)).toBe('市财政局、市教育局：');
    expect(mainToOf({ ...base, mainToText: '各区人民政府，市政府各委、办、局：' }, names.depts)).toBe('各区人民政府，市政府各委、办、局：');
    expect(mainToOf({ ...base, mainTo: [] }, names.depts)).toBeUndefined();
  });

  it('maps the elements: unit from the initiator, mark from the unit, date today when none, attachments without extension, no seal before 用印', () => {
    const doc = toOfficialDocument(base, names);
    expect(doc).toMatchObject({
      title: base.title,
      issuerName: '市人民政府办公室',
      organMark: '市人民政府办公室文件',
      date: '2026-11-30',
      ccTo: '市发展和改革委员会',
      attachments: ['2027年元旦春节值班表', '安全检查要点'],
    });
    expect(doc.secret).toBeUndefined();
    expect(doc.urgency).toBeUndefined();
    expect(doc.signers).toBeUndefined();
    expect(doc.seal).toBeUndefined();
  });

  it('密级 with 保密期限 and 紧急程度 by their labels; 签发人 for 请示 and 报告 only; the seal once sealed', () => {
    const doc = toOfficialDocument(
      {
        ...base,
        docType: '11',
        secretLevel: '1',
        secretTerm: '1年',
        urgency: '3',
        sealed: true,
        issuerOrg: '市政府办',
        docDate: '2026-11-25',
        organMark: '某市人民政府办公室文件',
      },
      names,
    );
    expect(doc.secret).toEqual({ level: '1', term: '1年', label: '秘密' });
    expect(doc.urgency).toBe('特急');
    expect(doc.signers).toEqual(['陈静']);
    expect(doc).toMatchObject({ issuerName: '市政府办', organMark: '某市人民政府办公室文件', date: '2026-11-25' });
    expect(doc.seal?.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(toOfficialDocument({ ...base, docType: '10' }, names).signers).toEqual(['陈静']);
    expect(toOfficialDocument({ ...base, docType: '14' }, names).signers).toBeUndefined();
  });
});
