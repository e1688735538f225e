/**
 * Calendar buckets of the aggregate call (src/server/engine/buckets.ts): ISO weeks across a year's end, quarters and
 * months, the starts between two dates (and the refusal beyond a maximum), and instants put on the organisation's
 * calendar (17:00 UTC on 31 January is 1 February in Asia/Shanghai, still 31 January in London).
 */
import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketStart, bucketStarts, nextStart, parseYmd, zoneYmd } from '../../src/server/engine/buckets';

const d = (s: string) => parseYmd(s)!;

describe('date buckets', () => {
  it('labels ISO weeks by the year of their Thursday, Monday first', () => {
    expect(bucketStart('week', d('2026-02-01'))).toEqual(d('2026-01-26'));
    expect(bucketLabel('week', bucketStart('week', d('2026-02-01')))).toBe('2026-W05');
    // 2026-01-01 is a Thursday: week 1 of 2026 starts on Monday 2025-12-29
    expect(bucketLabel('week', bucketStart('week', d('2025-12-30')))).toBe('2026-W01');
    // 2027-01-01 is a Friday: it belongs to the last week of 2026
    expect(bucketLabel('week', bucketStart('week', d('2027-01-01')))).toBe('2026-W53');
  });

  it('starts months, quarters and years on their first day and steps over the year', () => {
    expect(bucketLabel('quarter', bucketStart('quarter', d('2026-08-19')))).toBe('2026-Q3');
    expect(nextStart('quarter', d('2026-10-01'))).toEqual(d('2027-01-01'));
    expect(nextStart('month', d('2026-12-01'))).toEqual(d('2027-01-01'));
    expect(bucketLabel('year', bucketStart('year', d('2026-08-19')))).toBe('2026');
  });

  it('lists the bucket starts between two dates, or null beyond the maximum', () => {
    expect(bucketStarts('month', d('2026-01-31'), d('2026-03-01'), 10)!.map((s) => bucketLabel('month', s))).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(bucketStarts('day', d('2020-01-01'), d('2026-12-31'), 1000)).toBeNull();
  });

  it('puts an instant on the calendar of the zone', () => {
    const at = Date.parse('2026-01-31T17:00:00Z');
    expect(zoneYmd(at, 'Asia/Shanghai')).toEqual(d('2026-02-01'));
    expect(zoneYmd(at, 'Europe/London')).toEqual(d('2026-01-31'));
  });
});
