/**
 * The 发文字号 text of GB/T 9704-2012 7.2.4 (services/docNumbers.ts formatDocNumber): 机关代字, the year in 六角括号
 * 〔〕, the seq in Arabic numerals without leading zeros or 第, then 号; and the default year in Beijing time.
 */
import { describe, expect, it } from 'vitest';
import { formatDocNumber, numberingYear } from '../../src/areas/document/server/services/docNumbers.js';

describe('formatDocNumber', () => {
  it('writes 机关代字〔年份〕序号号 with 六角括号 and plain Arabic numerals', () => {
    expect(formatDocNumber('京政发', 2026, 12)).toBe('京政发〔2026〕12号');
    expect(formatDocNumber('京政办发', 2026, 1)).toBe('京政办发〔2026〕1号');
    expect(formatDocNumber('国办函', 2025, 108)).toBe('国办函〔2025〕108号');
  });

  it('uses neither square brackets, round brackets, leading zeros nor 第', () => {
    const n = formatDocNumber('京政函', 2026, 7);
    expect(n).not.toMatch(/[[\]()（）【】]/);
    expect(n).not.toContain('第');
    expect(n).not.toContain('007');
    expect(n).toBe('京政函〔2026〕7号');
  });

  it('refuses a seq or year that is not a positive integer', () => {
    expect(() => formatDocNumber('京政发', 2026, 0)).toThrow(RangeError);
    expect(() => formatDocNumber('京政发', 2026, 1.5)).toThrow(RangeError);
    expect(() => formatDocNumber('京政发', 0, 1)).toThrow(RangeError);
  });
});

describe('numberingYear', () => {
  it('counts the year in Beijing time: New Year starts at 00:00 UTC+8', () => {
    expect(numberingYear(Date.parse('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(numberingYear(Date.parse('2026-12-31T16:00:00Z'))).toBe(2027);
  });
});
