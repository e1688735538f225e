/**
 * The one time formatter of the client (lists, detail, approval page and log, reminders, designers): every
 * instant is shown as the wall time of the ORGANISATION's zone (setting 时区, sent as `UserInfo.time_zone` and
 * installed once with `setDisplayTimeZone`), never the browser's, so a page, the reminder bell, an export and
 * the 公文 PDF agree (the server formats with the same zone, engine/expr/zone.ts). dayjs with its utc and
 * timezone plugins (ICU's tz data, daylight saving included).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_TIME_ZONE, isTimeZone, setTimeZone } from '../expr/zone';

dayjs.extend(utc);
dayjs.extend(timezone);

let zone = DEFAULT_TIME_ZONE;

/**
 * Installs the organisation's IANA zone for every formatter here and for TODAY() of the forms' expressions.
 * An absent or unknown name keeps Asia/Shanghai (the default of the setting).
 */
export function setDisplayTimeZone(name: string | null | undefined): void {
  zone = name && isTimeZone(name) ? name : DEFAULT_TIME_ZONE;
  setTimeZone(zone);
}

/** The installed organisation zone. */
export function displayTimeZone(): string {
  return zone;
}

/** 'YYYY-MM-DD' with nothing else: a calendar date, which no zone shifts. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant (epoch ms, ISO 8601 text, Date) as a dayjs in the organisation's zone; null for blank or invalid
 * values. ISO text without an offset is read as a wall time of that zone.
 */
export function orgTime(v: unknown): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number' || v instanceof Date) {
    const d = dayjs(v);
    return d.isValid() ? d.tz(zone) : null;
  }
  const s = String(v).trim();
  const hasOffset = /(?:Z|[+-]\d\d:?\d\d)$/i.test(s);
  const d = hasOffset ? dayjs(s) : dayjs.tz(s.replace(' ', 'T'), zone);
  return d.isValid() ? d.tz(zone) : null;
}

/** Now in the organisation's zone (today's date, the year of a filter). */
export function orgNow(): Dayjs {
  return dayjs().tz(zone);
}

/** Epoch ms as `YYYY-MM-DD HH:mm` in the organisation's zone; '' when there is no time (the shipped base of a form has none). */
export function formatTime(ms: number | string | null | undefined): string {
  if (!ms) return '';
  return orgTime(ms)?.format('YYYY-MM-DD HH:mm') ?? String(ms);
}

/** The date `YYYY-MM-DD` of an instant in the organisation's zone; a stored calendar date is answered as it is. */
export function formatDay(v: unknown): string {
  if (typeof v === 'string' && DATE_ONLY.test(v)) return v;
  if (v === null || v === undefined || v === '') return '';
  return orgTime(v)?.format('YYYY-MM-DD') ?? String(v);
}

/** An instant in the organisation's zone with a dayjs `pattern` (e.g. 'YYYY-MM-DD HH:mm:ss'); '' when blank. */
export function formatWith(v: unknown, pattern: string): string {
  if (v === null || v === undefined || v === '') return '';
  return orgTime(v)?.format(pattern) ?? String(v);
}

/**
 * A stored instant as a date picker's value: a dayjs in the browser's zone whose wall time is the organisation's
 * (antd pickers work in the browser's zone; `fromPickerValue` reads the choice back). Null when blank.
 */
export function toPickerValue(v: unknown): Dayjs | null {
  const d = orgTime(v);
  return d ? dayjs(d.format('YYYY-MM-DDTHH:mm:ss')) : null;
}

/** The instant (ISO 8601, UTC) of a picker's wall time read in the organisation's zone. */
export function fromPickerValue(d: Dayjs): string {
  return dayjs.tz(d.format('YYYY-MM-DDTHH:mm:ss'), zone).toISOString();
}

/** Epoch ms of the start (00:00) or, with `end`, the last millisecond of a picked day in the organisation's zone. */
export function orgDayBound(d: Dayjs, end = false): number {
  const start = dayjs.tz(d.format('YYYY-MM-DD'), zone);
  return end ? start.add(1, 'day').valueOf() - 1 : start.valueOf();
}
