/**
 * The organisation's holiday calendar (/setting/holiday "Deadlines in working days from the holiday
 * calendar (chinese-days, with the holiday settings of /setting/holiday able to override)"): the administrator's
 * 放假 and 调休上班 dates move the working-day deadlines of flows at once, and deleting one restores the official
 * calendar. Only holders of setting:edit maintain it. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
let linaId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'zhangwei', 'lina']) s[u] = sessionOf(await t.login(u));
  linaId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());
afterEach(async () => {
  resetClock();
  // Leave no calendar behind for the next test.
  const all = await t.post('holiday/list', { pageSize: 100 }, s.admin);
  for (const r of all.data?.list ?? []) await t.post('holiday/del', { id: r.id }, s.admin);
});

/** The deadline (local 'YYYY-MM-DDTHH:mm') of lina's task on a 2-working-day leave flow started by zhangwei at `at` (ISO, +08:00; before today, so that the sessions stay valid). */
async function deadlineFrom(at: string): Promise<string> {
  advanceClock(Date.parse(at) - now());
  const r = await t.post('flow/start', { defId: 'flowtest.leave', title: `请假${at}`, data: { days: 1 } }, s.zhangwei);
  expect(r.code, r.msg).toBe(0);
  const task = r.data.state.tasks.find((x: any) => x.assignee === linaId && x.status === 'pending');
  return new Date(task.deadline + 8 * 3_600_000).toISOString().slice(0, 16);
}

describe('holiday calendar', () => {
  it('a 放假 weekday pushes the deadline one working day later; deleting it restores the official calendar', async () => {
    expect(await deadlineFrom('2026-11-09T10:00:00+08:00')).toBe('2026-11-11T10:00');
    const add = await t.post('holiday/add', { date: '2026-11-10', dayKind: 'off', name: '单位调整休息' }, s.admin);
    expect(add.code, add.msg).toBe(0);
    expect(await deadlineFrom('2026-11-09T10:00:00+08:00')).toBe('2026-11-12T10:00');
    expect((await t.post('holiday/del', { id: add.data.id }, s.admin)).code).toBe(0);
    expect(await deadlineFrom('2026-11-09T10:00:00+08:00')).toBe('2026-11-11T10:00');
  });

  it('a 调休上班 Saturday counts as a working day', async () => {
    // Friday 11-13 + 2 working days: Monday 11-16 and Tuesday 11-17 officially; with Saturday 11-14 worked, 11-16.
    expect(await deadlineFrom('2026-11-13T10:00:00+08:00')).toBe('2026-11-17T10:00');
    const add = await t.post('holiday/add', { date: '2026-11-14', dayKind: 'work', name: '调休上班' }, s.admin);
    expect(add.code, add.msg).toBe(0);
    expect(await deadlineFrom('2026-11-13T10:00:00+08:00')).toBe('2026-11-16T10:00');
  });

  it('refuses staff, a missing session, a bad date and a date set twice; nothing is written', async () => {
    expect((await t.post('holiday/add', { date: '2026-12-01', dayKind: 'off', name: '休息' }, s.zhangwei)).code).toBe(-1);
    expect((await t.post('holiday/add', { date: '2026-12-01', dayKind: 'off', name: '休息' })).code).toBe(-99);
    const bad = await t.post('holiday/add', { date: '2026-13-45', dayKind: 'off', name: '休息' }, s.admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('日期');
    expect((await t.post('holiday/add', { date: '2026-12-01', dayKind: 'off', name: '休息' }, s.admin)).code).toBe(0);
    const twice = await t.post('holiday/add', { date: '2026-12-01', dayKind: 'work', name: '上班' }, s.admin);
    expect(twice.code).toBe(-1);
    const list = await t.post('holiday/list', { pageSize: 100 }, s.admin);
    expect(list.data.list.map((r: any) => [r.date, r.dayKind])).toEqual([['2026-12-01', 'off']]);
  });
});
