/**
 * Calendar arithmetic of the function library: 'YYYY-MM-DD' dates, DATEDIF, DAYS, working days from the
 * working-day calendar of engine/calendar (the organisation's /setting/holiday first, then the announced schedule
 * of chinese-days, then the statutory holidays by rule for any other year), and the injectable clock behind
 * TODAY(). Pure TS (no React, no Node).
 *
 * Dates are calendar days without time zone: a datetime string ('2026-10-01T09:30:00+08:00') counts as the
 * date written in its first ten characters. An empty string (a blank field) is "no date".
 */
import { isWorkingDate } from '../calendar/schedule';
import { timeZone, zoneDate } from './zone';
import { FunctionError } from './errors';

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/**
 * Day number (days since 1970-01-01) of a 'YYYY-MM-DD' date or an ISO datetime; `null` for '' (blank).
 * @throws FunctionError `invalid_date` when the text is not a real calendar date (e.g. '2026-02-30', '10/01').
 */
export function dayNumber(text: string): number | null {
  if (text === '') return null;
  const m = DATE_RE.exec(text);
  if (m) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    const ms = Date.UTC(y, mo - 1, d);
    const check = new Date(ms);
    if (check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d) return ms / DAY_MS;
  }
  throw new FunctionError('invalid_date', `日期格式不正确：${text}（应为 YYYY-MM-DD）`, `Invalid date: ${text} (expected YYYY-MM-DD)`);
}

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function dateText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export { setHolidayOverrides, type HolidayOverride } from '../calendar/schedule';

/**
 * Whether a date is a working day (engine/calendar/schedule.ts: the organisation's calendar, then the announced
 * schedule of chinese-days, then Monday–Friday less the statutory holidays by rule — any year).
 * @throws FunctionError `invalid_date` for a malformed date.
 */
export function isWorkingDay(date: string): boolean {
  const day = dayNumber(date);
  if (day === null) throw new FunctionError('invalid_date', '日期为空', 'The date is empty');
  return isWorkingDate(dateText(day));
}

/** Upper bound of a working-day range, in days (about 100 years), so that a typo cannot stall a form. */
const MAX_SPAN = 36_600;

function spanError(): FunctionError {
  return new FunctionError('range_too_large', '日期范围过大', 'The date range is too large');
}

/**
 * Number of working days from `start` to `end`, both inclusive (Excel NETWORKDAYS with the Chinese calendar).
 * When `end` is before `start` the count is negative, as in Excel. A blank date gives 0.
 * @throws FunctionError `invalid_date`, `range_too_large` (over ~100 years).
 */
export function workdays(start: string, end: string): number {
  const a = dayNumber(start);
  const b = dayNumber(end);
  if (a === null || b === null) return 0;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (hi - lo > MAX_SPAN) throw spanError();
  let n = 0;
  for (let d = lo; d <= hi; d++) if (isWorkingDay(dateText(d))) n++;
  return a <= b ? n : -n;
}

/**
 * The date `n` working days after `start` (before it when `n` < 0); with `n` = 0, `start` itself
 * (Excel WORKDAY with the Chinese calendar). Returns 'YYYY-MM-DD'; a blank start gives ''.
 * @throws FunctionError `invalid_date`, `range_too_large`.
 */
export function addWorkdays(start: string, n: number): string {
  const a = dayNumber(start);
  if (a === null) return '';
  const step = n < 0 ? -1 : 1;
  let left = Math.abs(Math.trunc(n));
  let d = a;
  while (left > 0) {
    d += step;
    if (Math.abs(d - a) > MAX_SPAN) throw spanError();
    if (isWorkingDay(dateText(d))) left--;
  }
  return dateText(d);
}

/** Calendar days `end` − `start` (Excel DAYS(end, start)); 0 when either is blank. */
export function daysBetween(end: string, start: string): number {
  const a = dayNumber(start);
  const b = dayNumber(end);
  if (a === null || b === null) return 0;
  return b - a;
}

function ymd(day: number): [number, number, number] {
  const d = new Date(day * DAY_MS);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/**
 * Excel DATEDIF: the difference between two dates in `unit`:
 * "Y" complete years, "M" complete months, "D" days, "YM" months ignoring years, "MD" days ignoring months
 * and years, "YD" days ignoring years. Units are case-insensitive. A blank date gives 0.
 * @throws FunctionError `invalid_date`; `start_after_end` when start > end (Excel's #NUM!); `invalid_unit`.
 */
export function dateDif(start: string, end: string, unit: string): number {
  const a = dayNumber(start);
  const b = dayNumber(end);
  const u = unit.toUpperCase();
  if (!['Y', 'M', 'D', 'YM', 'MD', 'YD'].includes(u)) {
    throw new FunctionError(
      'invalid_unit',
      `DATEDIF 的单位不正确：${unit}（可用 Y、M、D、YM、MD、YD）`,
      `Invalid DATEDIF unit: ${unit} (use Y, M, D, YM, MD, YD)`,
    );
  }
  if (a === null || b === null) return 0;
  if (a > b) throw new FunctionError('start_after_end', '开始日期晚于结束日期', 'The start date is after the end date');
  if (u === 'D') return b - a;
  const [sy, sm, sd] = ymd(a);
  const [ey, em, ed] = ymd(b);
  let months = (ey - sy) * 12 + (em - sm);
  if (ed < sd) months--;
  if (u === 'M') return months;
  if (u === 'Y') return Math.floor(months / 12);
  if (u === 'YM') return months % 12;
  if (u === 'MD') {
    if (ed >= sd) return ed - sd;
    const daysInPrevMonth = new Date(Date.UTC(ey, em - 1, 0)).getUTCDate();
    return daysInPrevMonth - sd + ed;
  }
  // YD: days from start's month/day in the last anniversary year to end.
  let anniversary = Date.UTC(ey, sm - 1, sd) / DAY_MS;
  if (anniversary > b) anniversary = Date.UTC(ey - 1, sm - 1, sd) / DAY_MS;
  return b - anniversary;
}

/** Source of "now" for TODAY(); by default the system clock. */
export type Clock = () => Date;

let clock: Clock = () => new Date();

/**
 * Install (or, with `null`, restore the system) clock used by TODAY(). Tests and the server's one
 * time source (DESIGN §6) set it.
 */
export function setClock(fn: Clock | null): void {
  clock = fn ?? (() => new Date());
}

/** Today's date as 'YYYY-MM-DD' in the organisation's zone (./zone.ts setTimeZone), from the installed clock. */
export function today(): string {
  return zoneDate(clock().getTime(), timeZone());
}
