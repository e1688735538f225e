/**
 * One clock: the client's formatter (engine/renderers/time.ts, dayjs utc + timezone) and the server's
 * (engine/expr/zone.ts, Intl) show an instant as the wall time of the organisation's zone, whatever the zone of
 * the machine running them, and agree with each other; export cells hold that wall time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf, isTimeZone, setTimeZone, timeZone, zoneDate, zoneDateTime, zoneOffsetMinutes } from '../../engine/expr/zone';
import {
  displayTimeZone,
  formatDay,
  formatTime,
  formatWith,
  fromPickerValue,
  orgDayBound,
  setDisplayTimeZone,
  toPickerValue,
} from '../../engine/renderers/time';
import { formatDate } from '../../engine/renderers/list/model';
import { localDate } from '../../engine/flow/deadlines';
import { today, setClock } from '../../engine/expr/dates';
import { cellOf, numFmtOf, readCell, type SheetColumn } from '../../src/server/engine/xlsx';

/** 2026-11-27 06:46 UTC: 14:46 in Shanghai, 06:46 in London (winter). */
const EVENT = Date.UTC(2026, 10, 27, 6, 46);
/** 2026-07-01 06:46 UTC: 07:46 in London (summer time). */
const SUMMER = Date.UTC(2026, 6, 1, 6, 46);

const savedTz = process.env.TZ;
beforeAll(() => {
  // the machine's (browser's) own zone must never matter
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = savedTz;
  setDisplayTimeZone(null);
  setClock(null);
});

describe('the organisation zone on the server (engine/expr/zone.ts)', () => {
  it('formats one instant as Shanghai and as London wall time', () => {
    expect(zoneDateTime(EVENT, 'Asia/Shanghai')).toBe('2026-11-27 14:46');
    expect(zoneDateTime(EVENT, 'Europe/London')).toBe('2026-11-27 06:46');
    expect(zoneDateTime(SUMMER, 'Europe/London', true)).toBe('2026-07-01 07:46:00');
    expect(zoneDate(Date.UTC(2026, 11, 31, 16, 30), 'Asia/Shanghai')).toBe('2027-01-01');
    expect(zoneDate(Date.UTC(2026, 11, 31, 16, 30), 'Europe/London')).toBe('2026-12-31');
  });

  it('computes the offset from the zone, daylight saving included', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', EVENT)).toBe(480);
    expect(zoneOffsetMinutes('Europe/London', EVENT)).toBe(0);
    expect(zoneOffsetMinutes('Europe/London', SUMMER)).toBe(60);
    expect(zoneOffsetMinutes('Asia/Kolkata', EVENT)).toBe(330);
  });

  it('reads a wall time back as the instant, also around daylight-saving changes', () => {
    expect(instantOf({ year: 2026, month: 11, day: 27, hour: 14, minute: 46, second: 0 }, 'Asia/Shanghai')).toBe(EVENT);
    expect(instantOf({ year: 2026, month: 7, day: 1, hour: 7, minute: 46, second: 0 }, 'Europe/London')).toBe(SUMMER);
    // 01:30 on 2026-10-25 happens twice in London: the first (summer time) is taken
    expect(new Date(instantOf({ year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 }, 'Europe/London')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('accepts IANA names only', () => {
    for (const z of ['Asia/Shanghai', 'Europe/London', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT-8']) expect(isTimeZone(z), z).toBe(true);
    for (const z of ['', 'CST', '+08:00', 'Mars/Olympus', 'Asia/Shanghai; drop table', 42, null]) expect(isTimeZone(z), String(z)).toBe(false);
  });

  it('gives TODAY() and the flow calendar day in the installed zone', () => {
    setClock(() => new Date(Date.UTC(2026, 11, 31, 16, 30)));
    setTimeZone('Asia/Shanghai');
    expect(today()).toBe('2027-01-01');
    expect(localDate(Date.UTC(2026, 11, 31, 16, 30))).toBe('2027-01-01');
    setTimeZone('Europe/London');
    expect(today()).toBe('2026-12-31');
    expect(localDate(Date.UTC(2026, 11, 31, 16, 30))).toBe('2026-12-31');
    setTimeZone('Nowhere/Land');
    expect(timeZone()).toBe('Asia/Shanghai');
  });
});

describe('the client formatter (engine/renderers/time.ts)', () => {
  it('shows the organisation zone, never the browser zone, and agrees with the server', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/London']) {
      setDisplayTimeZone(zone);
      expect(displayTimeZone()).toBe(zone);
      for (const at of [EVENT, SUMMER]) {
        expect(formatTime(at)).toBe(zoneDateTime(at, zone));
        expect(formatTime(new Date(at).toISOString())).toBe(zoneDateTime(at, zone));
        expect(formatDate(at, true)).toBe(zoneDateTime(at, zone));
        expect(formatDay(at)).toBe(zoneDate(at, zone));
        expect(formatWith(at, 'YYYY-MM-DD HH:mm:ss')).toBe(zoneDateTime(at, zone, true));
      }
    }
    setDisplayTimeZone('Asia/Shanghai');
    expect(formatTime(EVENT)).toBe('2026-11-27 14:46');
    setDisplayTimeZone('Europe/London');
    expect(formatTime(EVENT)).toBe('2026-11-27 06:46');
  });

  it('leaves calendar dates alone and falls back to Asia/Shanghai for an unknown zone', () => {
    setDisplayTimeZone('Europe/London');
    expect(formatDay('2026-11-27')).toBe('2026-11-27');
    expect(formatDate('2026-11-27')).toBe('2026-11-27');
    expect(formatTime(null)).toBe('');
    setDisplayTimeZone('not a zone');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
  });

  it('picks date-times and days in the organisation zone', () => {
    setDisplayTimeZone('Asia/Shanghai');
    const picked = toPickerValue(new Date(EVENT).toISOString());
    expect(picked?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 14:46');
    expect(fromPickerValue(picked!)).toBe(new Date(EVENT).toISOString());
    expect(orgDayBound(picked!)).toBe(Date.UTC(2026, 10, 26, 16, 0));
    expect(orgDayBound(picked!, true)).toBe(Date.UTC(2026, 10, 27, 16, 0) - 1);
  });
});

describe('export cells (src/server/engine/xlsx.ts)', () => {
  const col = { field: 'at', title: '时间', prop: { type: 'string', 'x-kind': 'datetime' }, kind: 'datetime' } as unknown as SheetColumn;
  const refs = { users: {}, depts: {} };
  const look = (zone: string) => ({ users: new Map<string, number>(), depts: () => undefined, zone });

  it('writes a date-time as a real date cell holding the organisation wall time, and reads it back', () => {
    const iso = new Date(EVENT).toISOString();
    for (const [zone, wall] of [
      ['Asia/Shanghai', Date.UTC(2026, 10, 27, 14, 46)],
      ['Europe/London', Date.UTC(2026, 10, 27, 6, 46)],
    ] as const) {
      const cell = cellOf(col, iso, refs, 'zh-CN', zone);
      expect(cell).toBeInstanceOf(Date);
      expect((cell as Date).getTime()).toBe(wall);
      expect(readCell(col, cell, look(zone))).toEqual({ value: iso });
      expect(readCell(col, zoneDateTime(EVENT, zone), look(zone))).toEqual({ value: iso });
    }
    expect(numFmtOf(col)).toBe('yyyy-mm-dd hh:mm:ss');
    expect(readCell(col, 'not a time', look('Asia/Shanghai'))).toEqual({ error: 'type', text: 'not a time' });
  });
});
