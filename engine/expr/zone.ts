/**
 * The organisation's time zone (SPEC §2.3 系统设置 "时区"): instants are stored as UTC epoch ms and every
 * date or time shown to people — pages, exports, the 公文 PDF, reminders — is the wall time of ONE IANA zone,
 * the organisation's (default Asia/Shanghai), never the zone of the server or of the browser.
 *
 * Pure TS over `Intl.DateTimeFormat` (ICU's tz data, so zones with daylight saving are right too); no Node,
 * no React. The zone in force for TODAY() and working-day deadlines is installed with `setTimeZone` (the
 * server from its setting, the client from the user info).
 */

/** The organisation zone when none is set: China Standard Time (UTC+8, no daylight saving). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** An IANA name: `UTC`, `Etc/…` or `Area/Location[/Sub]` (offset strings and abbreviations like `CST` are refused). */
const IANA_NAME = /^(?:UTC|Etc\/[A-Za-z0-9+-]{1,16}|[A-Z][A-Za-z_]{1,20}(?:\/[A-Za-z0-9_+-]{1,30}){1,2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** True when `v` is an IANA zone name the runtime knows (e.g. 'Asia/Shanghai', 'Europe/London', 'UTC'). */
export function isTimeZone(v: unknown): v is string {
  if (typeof v !== 'string' || !IANA_NAME.test(v)) return false;
  try {
    formatOf(v);
    return true;
  } catch {
    return false;
  }
}

/** Wall-clock fields of an instant in a zone (month 1–12, hour 0–23). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall time of epoch ms `ms` in `zone`. @throws RangeError for an unknown zone (check with isTimeZone). */
export function wallTime(ms: number, zone: string): WallTime {
  const out: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatOf(zone).formatToParts(ms)) {
    if (p.type in out) out[p.type as keyof WallTime] = Number(p.value);
  }
  return out;
}

/** Minutes `zone` is ahead of UTC at instant `at` (480 for Asia/Shanghai; 0 or 60 for Europe/London). */
export function zoneOffsetMinutes(zone: string, at: number): number {
  const w = wallTime(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - (at - (((at % 1000) + 1000) % 1000))) / 60_000);
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of epoch ms `ms` in `zone`. */
export function zoneDate(ms: number, zone: string): string {
  const w = wallTime(ms, zone);
  return `${String(w.year).padStart(4, '0')}-${p2(w.month)}-${p2(w.day)}`;
}

/** 'YYYY-MM-DD HH:mm' (with `seconds`, 'YYYY-MM-DD HH:mm:ss') of epoch ms `ms` in `zone`. */
export function zoneDateTime(ms: number, zone: string, seconds = false): string {
  const w = wallTime(ms, zone);
  const base = `${String(w.year).padStart(4, '0')}-${p2(w.month)}-${p2(w.day)} ${p2(w.hour)}:${p2(w.minute)}`;
  return seconds ? `${base}:${p2(w.second)}` : base;
}

/**
 * The instant whose wall time in `zone` is the given one (month 1–12). A wall time skipped by a daylight-saving
 * change answers the instant one offset later; a repeated one answers the earlier instant.
 */
export function instantOf(w: WallTime, zone: string): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // the offsets a day before and after bracket any daylight-saving change at this wall time
  const candidates = [zoneOffsetMinutes(zone, asUtc - 86_400_000), zoneOffsetMinutes(zone, asUtc + 86_400_000)].map((o) => asUtc - o * 60_000);
  const valid = candidates.filter((at) => asUtc - zoneOffsetMinutes(zone, at) * 60_000 === at);
  return valid.length ? Math.min(...valid) : candidates[0];
}

let installed = DEFAULT_TIME_ZONE;

/** Installs the organisation zone used by TODAY() and deadlines (null or an unknown name: the default). */
export function setTimeZone(zone: string | null | undefined): void {
  installed = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The installed organisation zone. */
export function timeZone(): string {
  return installed;
}
