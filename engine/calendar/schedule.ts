/**
 * The working-day calendar of any year (DESIGN §5 deadlines, WORKDAYS of the function library): which days are
 * worked, and whether that is known or only provisional. Pure TS (no Node, no React). A date is decided by, in order:
 *
 * 1. the organisation's own calendar (/setting/holiday: a date entered or imported as 放假 or 调休上班), installed
 *    with `setHolidayOverrides`;
 * 2. the State Council's announced schedule (放假 spans and 调休 working weekends) from chinese-days, for the years
 *    its data holds (2004 to 2026 in chinese-days 1.5.7);
 * 3. the rule: Monday–Friday, less the statutory holidays of ./statutory.ts. A statutory day on a weekend is not
 *    moved (no 补休) and no weekend is worked: that needs the announcement.
 *
 * A year's schedule is "announced" when chinese-days holds it, "organisation" when the organisation's calendar marks
 * every statutory day of the year (by rule) as 放假 — an announcement's 放假 spans always contain them, so entering
 * or importing a year's announcement does this — and otherwise "provisional": its working days are the rule's
 * guess, and deadlines counted through it may move once the schedule is known.
 */
import chineseDays from 'chinese-days';
import { statutoryHolidays, type HolidayKey } from './statutory';

const DAY_MS = 86_400_000;

/**
 * Hook deciding a day before the announced schedule and the rule: `true` = working day, `false` = day off,
 * `undefined` = not decided by the organisation. Receives 'YYYY-MM-DD'.
 */
export type HolidayOverride = (date: string) => boolean | undefined;

let override: HolidayOverride | null = null;

/**
 * Install (or, with `null`, remove) the process-wide organisation calendar (/setting/holiday). It must be
 * synchronous and pure for a given date: expressions stay deterministic.
 */
export function setHolidayOverrides(fn: HolidayOverride | null): void {
  override = fn;
  schedules.clear();
}

/** yearSchedule per year under the calendar installed now (emptied whenever another is installed). */
const schedules = new Map<number, YearSchedule>();

/** Where a year's working days come from (see the module comment). */
export type ScheduleSource = 'announced' | 'organisation' | 'provisional';

/** Whether chinese-days holds the announced schedule of `year` (its 元旦 is in the data). */
export function chineseDaysHasYear(year: number): boolean {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return false;
  let has = announcedYears.get(year);
  if (has === undefined) announcedYears.set(year, (has = chineseDays.getDayDetail(`${year}-01-01`).name.includes('元旦')));
  return has;
}

/** chineseDaysHasYear per year (chinese-days' data is fixed for the process). */
const announcedYears = new Map<number, boolean>();

/** A year's schedule: its source and, when not announced, the statutory holidays the organisation has not entered. */
export interface YearSchedule {
  year: number;
  source: ScheduleSource;
  /** Holidays (by key, each once) with a statutory day not entered as 放假; empty unless provisional. */
  missing: HolidayKey[];
}

/** The schedule of `year` under the calendar installed now (see the module comment). */
export function yearSchedule(year: number): YearSchedule {
  const known = schedules.get(year);
  if (known) return { ...known, missing: [...known.missing] };
  let out: YearSchedule;
  if (chineseDaysHasYear(year)) out = { year, source: 'announced', missing: [] };
  else {
    const missing: HolidayKey[] = [];
    for (const d of statutoryHolidays(year)) if (override?.(d.date) !== false && !missing.includes(d.holiday)) missing.push(d.holiday);
    out = { year, source: missing.length ? 'provisional' : 'organisation', missing };
  }
  if (schedules.size > 200) schedules.clear();
  schedules.set(year, out);
  return { ...out, missing: [...out.missing] };
}

/** Whether `year` is provisional (neither announced nor entered by the organisation). */
export function isProvisionalYear(year: number): boolean {
  return yearSchedule(year).source === 'provisional';
}

/**
 * Whether 'YYYY-MM-DD' `date` (already validated) is a working day, by the order of the module comment.
 */
export function isWorkingDate(date: string): boolean {
  const o = override?.(date);
  if (o !== undefined) return o;
  const year = Number(date.slice(0, 4));
  if (chineseDaysHasYear(year)) return chineseDays.isWorkday(date);
  const day = Date.UTC(year, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  return !statutoryHolidays(year).some((d) => d.date === date);
}

/**
 * Whether working days counted from 'YYYY-MM-DD' `from` to `to` (either order) pass through a provisional year,
 * i.e. whether a deadline computed over them may move once the schedule is known.
 */
export function isProvisionalSpan(from: string, to: string): boolean {
  const a = Number(from.slice(0, 4));
  const b = Number(to.slice(0, 4));
  for (let y = Math.min(a, b); y <= Math.max(a, b); y++) if (isProvisionalYear(y)) return true;
  return false;
}

/** Month-day from which administrators are warned that the coming year's schedule is not known yet. */
export const WARN_FROM = '11-01';

/** What administrators are told about the calendar on `today` ('YYYY-MM-DD'). */
export interface CalendarStatus {
  today: string;
  current: YearSchedule;
  next: YearSchedule;
  /** Years to warn about: the current one when provisional; the next one too from WARN_FROM on when provisional. */
  warn: number[];
}

/** The calendar's state on `today` for the warnings of the console and /setting/holiday. */
export function calendarStatus(today: string): CalendarStatus {
  const year = Number(today.slice(0, 4));
  const current = yearSchedule(year);
  const next = yearSchedule(year + 1);
  const warn: number[] = [];
  if (current.source === 'provisional') warn.push(year);
  if (today.slice(5) >= WARN_FROM && next.source === 'provisional') warn.push(year + 1);
  return { today, current, next, warn };
}

/**
 * Whether a deadline (epoch ms) set at `from` (epoch ms) was counted through a provisional year, with the dates
 * taken `offsetMinutes` east of UTC (default 480, China). False without a deadline.
 */
export function deadlineProvisional(from: number | null, deadline: number | null, offsetMinutes = 480): boolean {
  if (deadline == null || !Number.isFinite(deadline)) return false;
  const local = (at: number) => new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 10);
  const end = local(deadline);
  return isProvisionalSpan(from != null && Number.isFinite(from) ? local(from) : end, end);
}
