/**
 * China's statutory public holidays (法定节假日) computed by rule for any year, from 《全国年节及纪念日放假办法》
 * (政务院, 1949-12-23) and its amendments, each applied from the day it came into force:
 *
 * | in force   | act                      | 元旦 | 春节 (农历)       | 清明 | 劳动节        | 端午 | 中秋 | 国庆          |
 * |------------|--------------------------|------|-------------------|------|---------------|------|------|---------------|
 * | 1949-12-23 | 政务院 办法               | 1-1  | 初一–初三          | —    | 5-1           | —    | —    | 10-1, 10-2    |
 * | 1999-09-18 | 国务院令 第270号          | 1-1  | 初一–初三          | —    | 5-1 – 5-3     | —    | —    | 10-1 – 10-3   |
 * | 2008-01-01 | 国务院令 第513号 (2007-12-14) | 1-1 | 除夕, 初一, 初二 | 清明 | 5-1          | 五月初五 | 八月十五 | 10-1 – 10-3 |
 * | 2014-01-01 | 国务院令 第644号 (2013-12-11) | 1-1 | 初一–初三      | 清明 | 5-1          | 五月初五 | 八月十五 | 10-1 – 10-3 |
 * | 2025-01-01 | 国务院令 第798号 (2024-11-10) | 1-1 | 除夕–初三 (4 days) | 清明 | 5-1, 5-2 | 五月初五 | 八月十五 | 10-1 – 10-3 |
 *
 * 除夕 is the last day of the twelfth lunar month (its 29th or 30th day: the day before 正月初一); 清明 is the day
 * of the 清明 solar term (4 or 5 April). Lunar dates and solar terms come from tyme4ts (6tail's lunar calendar).
 * Each holiday follows the rules in force on its own date (1999: 劳动节 one day, 国庆 three).
 *
 * These are the statutory days only. The State Council announces every year which spans are taken off around
 * them and which weekend days are worked instead (调休): a statutory day that falls on a weekend is NOT moved to a
 * weekday by this module — only an announced schedule does that (see ./schedule.ts). Pure TS (no Node, no React).
 */
import { LunarDay, SolarDay, SolarTerm } from 'tyme4ts';

/** One statutory holiday day: 'YYYY-MM-DD' and the holiday's name key (see HOLIDAY_NAMES). */
export interface StatutoryDay {
  date: string;
  holiday: HolidayKey;
}

/** The seven holidays of the current rules. */
export type HolidayKey = 'newYear' | 'springFestival' | 'qingming' | 'labourDay' | 'dragonBoat' | 'midAutumn' | 'nationalDay';

/** Chinese names of the holidays (as the State Council's announcements write them). */
export const HOLIDAY_NAMES: Record<HolidayKey, string> = {
  newYear: '元旦',
  springFestival: '春节',
  qingming: '清明节',
  labourDay: '劳动节',
  dragonBoat: '端午节',
  midAutumn: '中秋节',
  nationalDay: '国庆节',
};

/** Earliest year with statutory holidays (the 1949 办法 applies from 1950 on). */
export const FIRST_YEAR = 1950;
/** Latest year computed (the lunar calendar tables of tyme4ts reach far beyond; dates have four-digit years). */
export const LAST_YEAR = 9999;

/** The rules of one version of the 办法: for a year, its days (solar dates as [month, day] or computed). */
interface Rules {
  from: string;
  days(year: number): StatutoryDay[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: SolarDay) => `${d.getYear()}-${pad(d.getMonth())}-${pad(d.getDay())}`;
const fixed = (year: number, month: number, day: number, holiday: HolidayKey): StatutoryDay => ({ date: `${year}-${pad(month)}-${pad(day)}`, holiday });
/** Solar date of lunar `month`/`day` (never a leap month) of the lunar year that begins in solar `year`. */
const lunar = (year: number, month: number, day: number, holiday: HolidayKey): StatutoryDay => ({
  date: iso(LunarDay.fromYmd(year, month, day).getSolarDay()),
  holiday,
});

/** 春节 days: `before` days before 正月初一 (1 = 除夕) and `count` days from 正月初一 on. */
function springFestival(year: number, before: number, count: number): StatutoryDay[] {
  const first = LunarDay.fromYmd(year, 1, 1).getSolarDay();
  const out: StatutoryDay[] = [];
  for (let i = -before; i < count; i++) out.push({ date: iso(first.next(i)), holiday: 'springFestival' });
  return out;
}

const qingming = (year: number): StatutoryDay => ({ date: iso(SolarTerm.fromName(year, '清明').getSolarDay()), holiday: 'qingming' });
const traditional = (year: number) => [qingming(year), lunar(year, 5, 5, 'dragonBoat'), lunar(year, 8, 15, 'midAutumn')];

/** The versions of the 办法, oldest first (see the module comment). */
const RULES: Rules[] = [
  {
    from: '1949-12-23',
    days: (y) => [
      fixed(y, 1, 1, 'newYear'),
      ...springFestival(y, 0, 3),
      fixed(y, 5, 1, 'labourDay'),
      fixed(y, 10, 1, 'nationalDay'),
      fixed(y, 10, 2, 'nationalDay'),
    ],
  },
  {
    from: '1999-09-18',
    days: (y) => [
      fixed(y, 1, 1, 'newYear'),
      ...springFestival(y, 0, 3),
      ...[1, 2, 3].map((d) => fixed(y, 5, d, 'labourDay')),
      ...[1, 2, 3].map((d) => fixed(y, 10, d, 'nationalDay')),
    ],
  },
  {
    from: '2008-01-01',
    days: (y) => [
      fixed(y, 1, 1, 'newYear'),
      ...springFestival(y, 1, 2),
      fixed(y, 5, 1, 'labourDay'),
      ...traditional(y),
      ...[1, 2, 3].map((d) => fixed(y, 10, d, 'nationalDay')),
    ],
  },
  {
    from: '2014-01-01',
    days: (y) => [
      fixed(y, 1, 1, 'newYear'),
      ...springFestival(y, 0, 3),
      fixed(y, 5, 1, 'labourDay'),
      ...traditional(y),
      ...[1, 2, 3].map((d) => fixed(y, 10, d, 'nationalDay')),
    ],
  },
  {
    from: '2025-01-01',
    days: (y) => [
      fixed(y, 1, 1, 'newYear'),
      ...springFestival(y, 1, 3),
      fixed(y, 5, 1, 'labourDay'),
      fixed(y, 5, 2, 'labourDay'),
      ...traditional(y),
      ...[1, 2, 3].map((d) => fixed(y, 10, d, 'nationalDay')),
    ],
  },
];

const cache = new Map<number, StatutoryDay[]>();

/**
 * The statutory holiday days of solar `year`, in date order; a day that is two holidays at once (中秋 on 10-3 in
 * 2028) is listed once per holiday. Empty before FIRST_YEAR and after LAST_YEAR. Deterministic, memoised.
 */
export function statutoryHolidays(year: number): StatutoryDay[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) return [];
  let days = cache.get(year);
  if (!days) {
    days = [];
    for (let i = 0; i < RULES.length; i++) {
      const from = RULES[i].from;
      const until = RULES[i + 1]?.from ?? '9999-99-99';
      if (from > `${year}-12-31` || until <= `${year}-01-01`) continue;
      for (const d of RULES[i].days(year)) if (d.date >= from && d.date < until && d.date.startsWith(String(year))) days.push(d);
    }
    days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    if (cache.size > 200) cache.clear();
    cache.set(year, days);
  }
  return days;
}

/** The statutory holiday(s) on 'YYYY-MM-DD' `date` (empty when none). */
export function statutoryHolidayOn(date: string): HolidayKey[] {
  return statutoryHolidays(Number(date.slice(0, 4)))
    .filter((d) => d.date === date)
    .map((d) => d.holiday);
}
