import { afterEach, describe, expect, it } from 'vitest';
import { createEnv, evaluateExpression, isWorkingDay, setClock, setHolidayOverrides, workdays, addWorkdays } from '@engine/expr';

const env = createEnv({ start: 'string', end: 'string' });
const ev = (src: string, vars: Record<string, unknown> = {}) => evaluateExpression(src, env, vars);

afterEach(() => {
  setHolidayOverrides(null);
  setClock(null);
});

describe('WORKDAYS — official Chinese calendar (chinese-days)', () => {
  // 2026 National Day (国务院办公厅): 10-01..10-07 off; Sunday 09-20 and Saturday 10-10 are working days (调休).
  it('National Day 2026: 10-01..10-07 are off, 10-08 is a working Thursday', () => {
    for (const d of ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']) expect(isWorkingDay(d)).toBe(false);
    expect(isWorkingDay('2026-10-08')).toBe(true);
    expect(ev('WORKDAYS("2026-10-01", "2026-10-08")')).toBe(1);
    expect(ev('WORKDAYS("2026-10-01", "2026-10-07")')).toBe(0);
  });

  it('counts the 调休 Saturday 2026-10-10 and Sunday 2026-09-20 as working days', () => {
    expect(isWorkingDay('2026-10-10')).toBe(true);
    expect(isWorkingDay('2026-09-20')).toBe(true);
    expect(isWorkingDay('2026-10-11')).toBe(false);
    expect(ev('WORKDAYS("2026-10-08", "2026-10-11")')).toBe(3); // Thu, Fri, Sat (调休); Sunday off
    expect(ev('WORKDAYS("2026-09-19", "2026-09-20")')).toBe(1); // Saturday off, Sunday 调休
  });

  it('counts inclusive ranges, negative when reversed, and the whole of 2026', () => {
    expect(ev('WORKDAYS(start, end)', { start: '2026-09-28', end: '2026-10-09' })).toBe(5);
    expect(ev('WORKDAYS("2026-10-09", "2026-09-28")')).toBe(-5);
    expect(ev('WORKDAYS("2026-11-23", "2026-11-23")')).toBe(1); // an ordinary Monday
    expect(ev('WORKDAYS("2026-11-22", "2026-11-22")')).toBe(0); // an ordinary Sunday
    expect(workdays('2026-01-01', '2026-12-31')).toBe(248); // 261 weekdays − 19 holidays + 6 调休 days
  });

  it('gives 0 for blank dates and a readable error for malformed ones', () => {
    expect(ev('WORKDAYS(start, end)', { end: '2026-10-09' })).toBe(0);
    expect(() => ev('WORKDAYS("2026/10/01", "2026-10-09")')).toThrow('日期格式不正确：2026/10/01');
    expect(() => ev('WORKDAYS("2026-02-30", "2026-10-09")')).toThrow('日期格式不正确');
    expect(() => ev('WORKDAYS("1900-01-01", "2100-01-01")')).toThrow('日期范围过大');
  });

  it('accepts datetimes by their date part', () => {
    expect(ev('WORKDAYS("2026-09-30T18:00:00+08:00", "2026-10-08T09:00:00+08:00")')).toBe(2);
  });

  it('honours the /setting/holiday override hook before the official calendar', () => {
    setHolidayOverrides((d) => (d === '2026-10-08' ? false : d === '2026-10-11' ? true : undefined));
    expect(ev('WORKDAYS("2026-10-01", "2026-10-11")')).toBe(3); // 10-09, 10-10 (调休), 10-11 (override)
    setHolidayOverrides(null);
    expect(ev('WORKDAYS("2026-10-01", "2026-10-11")')).toBe(3); // 10-08, 10-09, 10-10
    expect(isWorkingDay('2026-10-11')).toBe(false);
  });
});

describe('WORKDAY — the date n working days later', () => {
  it('skips the National Day holiday and counts backwards', () => {
    expect(ev('WORKDAY("2026-09-30", 1)')).toBe('2026-10-08');
    expect(ev('WORKDAY("2026-10-09", 1)')).toBe('2026-10-10');
    expect(ev('WORKDAY("2026-10-08", -1)')).toBe('2026-09-30');
    expect(ev('WORKDAY("2026-10-08", 0)')).toBe('2026-10-08');
    expect(addWorkdays('', 3)).toBe('');
  });
});

describe('DATEDIF', () => {
  const table: [string, string, string, number][] = [
    ['2020-03-15', '2026-03-14', 'Y', 5],
    ['2020-03-15', '2026-03-15', 'Y', 6],
    ['2024-02-29', '2025-02-28', 'Y', 0],
    ['2026-01-31', '2026-02-28', 'M', 0],
    ['2026-01-31', '2026-03-01', 'M', 1],
    ['2025-11-15', '2026-02-14', 'M', 2],
    ['2026-01-01', '2026-12-31', 'D', 364],
    ['2024-01-01', '2025-01-01', 'D', 366],
    ['2026-10-01', '2026-10-01', 'D', 0],
    ['2020-03-15', '2026-05-10', 'YM', 1],
    ['2026-01-20', '2026-03-05', 'MD', 13],
    ['2025-06-10', '2026-03-05', 'YD', 268],
  ];
  it.each(table)('DATEDIF(%s, %s, %s) = %s', (a, b, u, r) => {
    expect(ev(`DATEDIF("${a}", "${b}", "${u}")`)).toBe(r);
  });

  it('accepts lower-case units, gives 0 for blanks, refuses reversed dates and bad units', () => {
    expect(ev('DATEDIF(start, end, "d")', { start: '2026-10-01', end: '2026-10-08' })).toBe(7);
    expect(ev('DATEDIF(start, end, "D")', { start: '2026-10-01' })).toBe(0);
    expect(() => ev('DATEDIF("2026-10-08", "2026-10-01", "D")')).toThrow('开始日期晚于结束日期');
    expect(() => ev('DATEDIF("2026-10-01", "2026-10-08", "W")')).toThrow('DATEDIF 的单位不正确：W');
  });
});

describe('DAYS and TODAY', () => {
  it('DAYS(end, start) is end − start, as in Excel', () => {
    expect(ev('DAYS("2026-10-08", "2026-10-01")')).toBe(7);
    expect(ev('DAYS("2026-10-01", "2026-10-08")')).toBe(-7);
    expect(ev('DAYS(end, start)', {})).toBe(0);
  });

  it('TODAY() reads the injected clock in China time (UTC+8)', () => {
    setClock(() => new Date('2026-10-08T15:59:59Z'));
    expect(ev('TODAY()')).toBe('2026-10-08');
    setClock(() => new Date('2026-10-08T16:00:00Z'));
    expect(ev('TODAY()')).toBe('2026-10-09');
    expect(ev('DATEDIF("2026-10-01", TODAY(), "D")')).toBe(8);
  });
});
