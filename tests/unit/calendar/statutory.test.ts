/**
 * The working-day calendar of any year (engine/calendar): statutory holidays by rule (《全国年节及纪念日放假办法》
 * as amended by 国务院令 第798号, in force 2025-01-01, and the earlier versions), checked against the State
 * Council's published schedules of 2025 and 2026 and against the lunar dates of 2027–2030 from a second source
 * (chinese-days' own lunar tables); working days and WORKDAY across 2026-12-31 → 2027; the provisional years and
 * the administrators' warning.
 */
import { afterEach, describe, expect, it } from 'vitest';
import chineseDays from 'chinese-days';
import { calendarStatus, isProvisionalSpan, statutoryHolidays, yearSchedule, setHolidayOverrides } from '@engine/calendar';
import { addWorkdays, createEnv, evaluateExpression, isWorkingDay, workdays } from '@engine/expr';

afterEach(() => setHolidayOverrides(null));

/** Every date from `a` to `b` inclusive ('YYYY-MM-DD'). */
function span(a: string, b: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${a}T00:00:00Z`); t <= Date.parse(`${b}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
const datesOf = (year: number, holiday?: string) =>
  statutoryHolidays(year)
    .filter((d) => !holiday || d.holiday === holiday)
    .map((d) => d.date);

// The announced 放假 spans (国办发明电〔2024〕12号 for 2025, 国办发明电〔2025〕7号 for 2026).
const ANNOUNCED: Record<number, [string, string][]> = {
  2025: [
    ['2025-01-01', '2025-01-01'],
    ['2025-01-28', '2025-02-04'],
    ['2025-04-04', '2025-04-06'],
    ['2025-05-01', '2025-05-05'],
    ['2025-05-31', '2025-06-02'],
    ['2025-10-01', '2025-10-08'],
  ],
  2026: [
    ['2026-01-01', '2026-01-03'],
    ['2026-02-15', '2026-02-23'],
    ['2026-04-04', '2026-04-06'],
    ['2026-05-01', '2026-05-05'],
    ['2026-06-19', '2026-06-21'],
    ['2026-09-25', '2026-09-27'],
    ['2026-10-01', '2026-10-07'],
  ],
};

describe('statutory holidays by rule', () => {
  for (const year of [2025, 2026]) {
    it(`${year}: 13 statutory days (国务院令第798号), each within an announced 放假 span`, () => {
      const off = new Set(ANNOUNCED[year].flatMap(([a, b]) => span(a, b)));
      const days = datesOf(year);
      expect(days).toHaveLength(13);
      for (const d of days) expect(off.has(d), d).toBe(true);
      // …and chinese-days, which holds the announcement, agrees with those spans.
      for (const d of off) expect(chineseDays.isHoliday(d), d).toBe(true);
    });
  }

  it('2025 and 2026 by name: 春节 除夕–初三, 劳动节 two days, 清明 the solar term', () => {
    expect(datesOf(2025, 'springFestival')).toEqual(['2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31']);
    expect(datesOf(2026, 'springFestival')).toEqual(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19']);
    expect(datesOf(2026, 'labourDay')).toEqual(['2026-05-01', '2026-05-02']);
    expect(datesOf(2025, 'qingming')).toEqual(['2025-04-04']);
    expect(datesOf(2026, 'qingming')).toEqual(['2026-04-05']);
    expect(datesOf(2025, 'midAutumn')).toEqual(['2025-10-06']);
    expect(datesOf(2026, 'dragonBoat')).toEqual(['2026-06-19']);
    expect(datesOf(2026, 'nationalDay')).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
  });

  // 正月初一 / 除夕 / 清明 / 端午 / 中秋 of 2027–2030 as the almanacs print them; the rule computes them with tyme4ts,
  // and each is checked below against a second, independent implementation (chinese-days' lunar and solar-term tables).
  const LATER: Record<number, { chuxi: string; chuyi: string; qingming: string; duanwu: string; zhongqiu: string }> = {
    2027: { chuxi: '2027-02-05', chuyi: '2027-02-06', qingming: '2027-04-05', duanwu: '2027-06-09', zhongqiu: '2027-09-15' },
    2028: { chuxi: '2028-01-25', chuyi: '2028-01-26', qingming: '2028-04-04', duanwu: '2028-05-28', zhongqiu: '2028-10-03' },
    2029: { chuxi: '2029-02-12', chuyi: '2029-02-13', qingming: '2029-04-04', duanwu: '2029-06-16', zhongqiu: '2029-09-22' },
    2030: { chuxi: '2030-02-02', chuyi: '2030-02-03', qingming: '2030-04-05', duanwu: '2030-06-05', zhongqiu: '2030-09-12' },
  };
  for (const [y, e] of Object.entries(LATER)) {
    const year = Number(y);
    it(`${year}: 春节 from 除夕 ${e.chuxi} to 初三, 清明 ${e.qingming}, 端午 ${e.duanwu}, 中秋 ${e.zhongqiu}`, () => {
      const spring = datesOf(year, 'springFestival');
      expect(spring).toHaveLength(4);
      expect(spring[0]).toBe(e.chuxi);
      expect(spring[1]).toBe(e.chuyi);
      expect(datesOf(year, 'qingming')).toEqual([e.qingming]);
      expect(datesOf(year, 'dragonBoat')).toEqual([e.duanwu]);
      expect(datesOf(year, 'midAutumn')).toEqual([e.zhongqiu]);
      expect(datesOf(year, 'newYear')).toEqual([`${year}-01-01`]);
      expect(datesOf(year, 'labourDay')).toEqual([`${year}-05-01`, `${year}-05-02`]);
      // Second source: chinese-days' own lunar calendar and solar terms.
      expect(chineseDays.getSolarDateFromLunar(`${year}-01-01`).date).toBe(e.chuyi);
      expect(chineseDays.getSolarDateFromLunar(`${year}-05-05`).date).toBe(e.duanwu);
      expect(chineseDays.getSolarDateFromLunar(`${year}-08-15`).date).toBe(e.zhongqiu);
      expect(chineseDays.getSolarTermDate(year, 4, 'pure_brightness')).toBe(e.qingming);
    });
  }

  it('applies the rules in force on each date: 2024 (春节 初一–初三, 劳动节 one day), 2013 (除夕–初二), 2005 (no 清明)', () => {
    expect(datesOf(2024, 'springFestival')).toEqual(['2024-02-10', '2024-02-11', '2024-02-12']);
    expect(datesOf(2024, 'labourDay')).toEqual(['2024-05-01']);
    expect(datesOf(2013, 'springFestival')).toEqual(['2013-02-09', '2013-02-10', '2013-02-11']);
    expect(datesOf(2005, 'qingming')).toEqual([]);
    expect(datesOf(2005, 'labourDay')).toEqual(['2005-05-01', '2005-05-02', '2005-05-03']);
    // Every statutory day by rule of 2004–2026 is a holiday of the announced schedules chinese-days holds.
    for (let y = 2004; y <= 2026; y++) for (const d of datesOf(y)) expect(chineseDays.isHoliday(d), d).toBe(true);
  });
});

describe('working days after the announced schedules end', () => {
  it('2026-12-31 + 1 working day is Monday 2027-01-04, not 元旦', () => {
    expect(addWorkdays('2026-12-31', 1)).toBe('2027-01-04');
    expect(isWorkingDay('2027-01-01')).toBe(false);
    const env = createEnv({});
    expect(evaluateExpression('WORKDAY("2026-12-25", 5)', env, {})).toBe('2027-01-04');
    expect(evaluateExpression('WORKDAYS("2026-12-28", "2027-01-08")', env, {})).toBe(9);
  });

  it('春节 2027 (除夕 02-05 to 初三 02-08) is off; a statutory day on a weekend is not moved', () => {
    for (const d of ['2027-02-05', '2027-02-08']) expect(isWorkingDay(d)).toBe(false);
    expect(addWorkdays('2027-02-04', 1)).toBe('2027-02-09');
    // 2027-05-02 is a Sunday: without an announcement no weekday is given in its place.
    expect(workdays('2027-04-30', '2027-05-07')).toBe(6); // Fri 04-30, Mon 05-03 … Fri 05-07: no 补休 for Sat 05-01, Sun 05-02
    // 2028: 中秋 falls on 国庆's 10-03, one day off for both.
    expect(workdays('2028-10-02', '2028-10-06')).toBe(3);
  });

  it('the organisation’s calendar still decides first, in any year', () => {
    setHolidayOverrides((d) => (d === '2027-01-02' ? true : undefined));
    expect(addWorkdays('2026-12-31', 1)).toBe('2027-01-02');
  });
});

describe('provisional years and the warning', () => {
  it('2026 is announced (chinese-days), 2027 provisional until the organisation enters its 放假 days', () => {
    expect(yearSchedule(2026).source).toBe('announced');
    const y = yearSchedule(2027);
    expect(y.source).toBe('provisional');
    expect(y.missing).toEqual(['newYear', 'springFestival', 'qingming', 'labourDay', 'dragonBoat', 'midAutumn', 'nationalDay']);
    expect(isProvisionalSpan('2026-12-25', '2027-01-04')).toBe(true);
    expect(isProvisionalSpan('2026-11-02', '2026-11-09')).toBe(false);
    const off = new Set(datesOf(2027));
    setHolidayOverrides((d) => (off.has(d) ? false : undefined));
    expect(yearSchedule(2027).source).toBe('organisation');
    expect(isProvisionalSpan('2026-12-25', '2027-01-04')).toBe(false);
    // One holiday left out keeps the year provisional and names it.
    setHolidayOverrides((d) => (off.has(d) && !d.startsWith('2027-10') ? false : undefined));
    expect(yearSchedule(2027).missing).toEqual(['nationalDay']);
  });

  it('warns from 11-01 about the coming year, and always about a provisional current year', () => {
    expect(calendarStatus('2026-10-31').warn).toEqual([]);
    expect(calendarStatus('2026-11-01').warn).toEqual([2027]);
    expect(calendarStatus('2027-03-01').warn).toEqual([2027]);
    expect(calendarStatus('2027-11-15').warn).toEqual([2027, 2028]);
    expect(calendarStatus('2025-12-01').warn).toEqual([]);
  });
});
