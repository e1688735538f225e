/**
 * Deadlines and delays from the working-day calendar (DESIGN §5; engine/calendar: the /setting/holiday calendar,
 * then the announced 调休 schedule of chinese-days, then the statutory holidays by rule for any later year — a deadline
 * counted through such a year is provisional, engine/calendar isProvisionalSpan). Pure TS: time comes in as epoch ms.
 */
import { addWorkdays as calendarAddWorkdays } from '../expr/dates';
import { timeZone, zoneOffsetMinutes } from '../expr/zone';
import type { Duration, FlowContext } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The local calendar date ('YYYY-MM-DD') of an instant, `offsetMinutes` east of UTC (default: the offset of the
 * organisation's zone at that instant, engine/expr/zone.ts — 480 for Asia/Shanghai).
 */
export function localDate(at: number, offsetMinutes = zoneOffsetMinutes(timeZone(), at)): string {
  return new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

function dayNo(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/**
 * The instant `d` after `from`: first `workdays` working days (same local time of day on the n-th working day
 * after the local date of `from`, per `ctx.addWorkdays` or engine/expr's calendar), then `hours` hours.
 * E.g. from 2026-09-30 10:00 (+08:00) + 2 working days → 2026-10-09 10:00 (the 国庆 holiday 10-01..07 skipped).
 * @throws FunctionError `range_too_large` from the calendar for absurd spans.
 */
export function addDuration(from: number, d: Duration, ctx: Pick<FlowContext, 'addWorkdays' | 'utcOffsetMinutes'>): number {
  let at = from;
  const n = Math.trunc(d.workdays ?? 0);
  if (n > 0) {
    const offset = ctx.utcOffsetMinutes ?? zoneOffsetMinutes(timeZone(), from);
    const start = localDate(from, offset);
    const end = (ctx.addWorkdays ?? calendarAddWorkdays)(start, n);
    at += (dayNo(end) - dayNo(start)) * DAY_MS;
  }
  if (d.hours && d.hours > 0) at += d.hours * HOUR_MS;
  return at;
}
