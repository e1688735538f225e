/**
 * 正文 history's diff (engine/renderers/flowpages/BodyHistory.tsx): what a reader sees changed between two saved
 * versions — the text of the HTML, character by character (Chinese has no spaces between words).
 */
import { describe, expect, it } from 'vitest';
import { bodyDiff, htmlText } from '../../engine/renderers/flowpages/BodyHistory';

describe('正文 diff', () => {
  it('reads the text of the HTML, one paragraph per line', () => {
    expect(htmlText('<p>各区人民政府：</p><p>现将<strong>有关事项</strong>通知如下。</p>')).toBe('各区人民政府：\n现将有关事项通知如下。');
  });

  it('marks exactly the changed characters', () => {
    const changes = bodyDiff('<p>上午上班时间调整为8:30。</p>', '<p>上午上班时间调整为9:00。</p>');
    // 8:30 → 9:00 keeps ':' and one '0'.
    expect(
      changes
        .filter((c) => c.removed)
        .map((c) => c.value)
        .join(''),
    ).toBe('83');
    expect(
      changes
        .filter((c) => c.added)
        .map((c) => c.value)
        .join(''),
    ).toBe('90');
    expect(
      changes
        .filter((c) => !c.added && !c.removed)
        .map((c) => c.value)
        .join(''),
    ).toBe('上午上班时间调整为:0。');
  });

  it('the first version is all new', () => {
    const changes = bodyDiff('', '<p>正文第一稿</p>');
    expect(changes).toEqual([expect.objectContaining({ added: true, value: '正文第一稿' })]);
  });
});
