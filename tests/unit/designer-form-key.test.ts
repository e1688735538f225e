/**
 * A designed form's code is derived from its title's pinyin in whole syllables (Template/add without a key):
 * a long title is cut between syllables, never inside one, and stays within the key length limit.
 */
import { describe, expect, it } from 'vitest';
import { pinyinKey, pinyinStem, pinyinSyllables } from '../../src/server/api/Template/service';
import { KEY_STEM_LENGTH } from '../../src/server/api/Template/designedForms';

describe('pinyinStem', () => {
  it('keeps a short title whole', () => {
    expect(pinyinStem('请假申请', KEY_STEM_LENGTH)).toBe('qingjiashenqing');
  });

  it('cuts a long title between syllables, within the limit', () => {
    const title = '市政府办公室信息中心会议室预约登记';
    const full = pinyinKey(title).pinyin;
    expect(full.length).toBeGreaterThan(KEY_STEM_LENGTH);
    const stem = pinyinStem(title, KEY_STEM_LENGTH);
    expect(stem.length).toBeLessThanOrEqual(KEY_STEM_LENGTH);
    // shizhengfubangongshixinxi is 25 letters: the last whole syllable that fits ends at "xin"
    expect(stem).toBe('shizhengfubangongshixin');
    const syllables = pinyinSyllables(title);
    const whole = syllables.map((_, i) => syllables.slice(0, i + 1).join(''));
    expect(whole).toContain(stem);
  });

  it('never ends inside a syllable at any limit', () => {
    const title = '专项资金申报审批表';
    const syllables = pinyinSyllables(title);
    const ends = new Set(syllables.map((_, i) => syllables.slice(0, i + 1).join('')));
    for (let max = 6; max <= 30; max++) {
      const stem = pinyinStem(title, max);
      expect(stem.length).toBeLessThanOrEqual(max);
      expect(ends.has(stem)).toBe(true);
    }
  });

  it('drops leading digits and keeps ASCII words as they are', () => {
    expect(pinyinStem('2026年度考核', KEY_STEM_LENGTH)).toBe('niandukaohe');
    expect(pinyinStem('OA用车申请', KEY_STEM_LENGTH)).toBe('oayongcheshenqing');
  });

  it('cuts an ASCII word longer than the limit and answers empty when nothing is left', () => {
    expect(pinyinStem('abcdefghijklmnopqrstuvwxyzabc', KEY_STEM_LENGTH)).toBe('abcdefghijklmnopqrstuvwx');
    expect(pinyinStem('2026', KEY_STEM_LENGTH)).toBe('');
  });
});
