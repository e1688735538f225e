/**
 * Calendar buckets of the aggregate call (./aggregate.ts): day, ISO week (Monday first), month, quarter and year
 * over calendar dates. A date field is its own calendar date; an instant (datetime field, created_at) is first
 * turned into its date in the organisation's zone (engine/expr/zone.ts), so 2026-01-31T17:00Z is in February
 * for Asia/Shanghai. The bucket starts between a first and a last date are the boundaries the SQL compares the
 * column with. Pure: no database.
 */
import type { DateBucket } from '../../shared/aggregate.js';
import { instantOf, wallTime } from '../../../engine/expr/zone.js';

/** A calendar date (month 1–12). */
export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const DAY_MS = 86_400_000;
const p2 = (n: number) => String(n).padStart(2, '0');

/** Days since 1970-01-01 of `v`. */
function dayNumber(v: Ymd): number {
  return Date.UTC(v.y, v.m - 1, v.d) / DAY_MS;
}

function ofDayNumber(n: number): Ymd {
  const dt = new Date(n * DAY_MS);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

/** 'YYYY-MM-DD' of `v`. */
export function ymdText(v: Ymd): string {
  return `${String(v.y).padStart(4, '0')}-${p2(v.m)}-${p2(v.d)}`;
}

/** The date of 'YYYY-MM-DD…' text (its first ten characters), or null. */
export function parseYmd(s: unknown): Ymd | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(s ?? ''));
  if (!m) return null;
  const v = { y: +m[1], m: +m[2], d: +m[3] };
  return v.m >= 1 && v.m <= 12 && v.d >= 1 && v.d <= 31 ? v : null;
}

/** The date of epoch ms `ms` in `zone`. */
export function zoneYmd(ms: number, zone: string): Ymd {
  const w = wallTime(ms, zone);
  return { y: w.year, m: w.month, d: w.day };
}

/** Epoch ms of 00:00 of date `v` in `zone`. */
export function startInstant(v: Ymd, zone: string): number {
  return instantOf({ year: v.y, month: v.m, day: v.d, hour: 0, minute: 0, second: 0 }, zone);
}

/** The first day of the bucket holding `v`. */
export function bucketStart(b: DateBucket, v: Ymd): Ymd {
  switch (b) {
    case 'day':
      return v;
    case 'week': {
      const n = dayNumber(v);
      // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays
      return ofDayNumber(n - ((((n + 3) % 7) + 7) % 7));
    }
    case 'month':
      return { y: v.y, m: v.m, d: 1 };
    case 'quarter':
      return { y: v.y, m: v.m - ((v.m - 1) % 3), d: 1 };
    case 'year':
      return { y: v.y, m: 1, d: 1 };
  }
}

/** The first day of the bucket after the one starting at `start`. */
export function nextStart(b: DateBucket, start: Ymd): Ymd {
  if (b === 'day' || b === 'week') return ofDayNumber(dayNumber(start) + (b === 'day' ? 1 : 7));
  const months = b === 'month' ? 1 : b === 'quarter' ? 3 : 12;
  const m0 = start.m - 1 + months;
  return { y: start.y + Math.floor(m0 / 12), m: (m0 % 12) + 1, d: 1 };
}

/** The day before `v`. */
export function previousDay(v: Ymd): Ymd {
  return ofDayNumber(dayNumber(v) - 1);
}

/** Label (and key) of the bucket starting at `start`: 2026-02-03, 2026-W06 (ISO week), 2026-02, 2026-Q1, 2026. */
export function bucketLabel(b: DateBucket, start: Ymd): string {
  switch (b) {
    case 'day':
      return ymdText(start);
    case 'week': {
      // the ISO week's year is the year of its Thursday
      const thursday = ofDayNumber(dayNumber(start) + 3);
      const week = Math.floor((dayNumber(thursday) - dayNumber({ y: thursday.y, m: 1, d: 1 })) / 7) + 1;
      return `${thursday.y}-W${p2(week)}`;
    }
    case 'month':
      return `${start.y}-${p2(start.m)}`;
    case 'quarter':
      return `${start.y}-Q${(start.m - 1) / 3 + 1}`;
    case 'year':
      return String(start.y);
  }
}

/**
 * The starts of the buckets from the one holding `first` to the one holding `last` (dates), or null when they
 * are more than `max`.
 */
export function bucketStarts(b: DateBucket, first: Ymd, last: Ymd, max: number): Ymd[] | null {
  const out: Ymd[] = [];
  const end = dayNumber(last);
  for (let s = bucketStart(b, first); dayNumber(s) <= end; s = nextStart(b, s)) {
    if (out.length >= max) return null;
    out.push(s);
  }
  return out;
}
