/**
 * The calendar after the announced schedules end (engine/calendar, /setting/holiday): a working-day deadline
 * across 2026-12-31 → 2027 skips 元旦 by rule and is marked provisional (deadlineProvisional on 待办) until the
 * organisation imports the year's 调休 schedule (holiday/importSchedule: a CSV of date or span, 放假/上班, name),
 * which then decides; administrators are told (holiday/status) from 11-01 that the coming year is not known; a
 * bad file is refused naming its line with nothing written; only holders of setting:edit import. SQLite and
 * PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let linaId = 0;

beforeAll(async () => {
  t = await createTestApp();
  linaId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());
afterEach(async () => {
  resetClock();
  const admin = sessionOf(await t.login('admin'));
  const all = await t.post('holiday/list', { pageSize: 100 }, admin);
  for (const r of all.data?.list ?? []) await t.post('holiday/del', { id: r.id }, admin);
});

/** Sets the server clock to `at` (ISO) and signs `who` in there (a session lives 24 h from its sign-in). */
async function at(iso: string, ...who: string[]): Promise<Record<string, Session>> {
  advanceClock(Date.parse(iso) - now());
  const out: Record<string, Session> = {};
  for (const u of who) out[u] = sessionOf(await t.login(u));
  return out;
}

/** Starts a 2-working-day leave flow as zhangwei now; lina's task: its local deadline and the 待办 row of it. */
async function leave(s: Record<string, Session>): Promise<{ deadline: string; todo: any }> {
  const r = await t.post('flow/start', { defId: 'flowtest.leave', title: `请假${now()}`, data: { days: 1 } }, s.zhangwei);
  expect(r.code, r.msg).toBe(0);
  const task = r.data.state.tasks.find((x: any) => x.assignee === linaId && x.status === 'pending');
  const todo = (await t.post('flow/todo', { pageSize: 100 }, s.lina)).data.list.find((x: any) => x.instanceId === r.data.id);
  return { deadline: new Date(task.deadline + 8 * 3_600_000).toISOString().slice(0, 16), todo };
}

// Test data in the shape of an announcement (not the real 2027 schedule, which was not published when written).
const FILE_2027 = [
  '# 2027 年节假日安排（测试数据）',
  '日期,类型,名称,备注',
  '2027-01-01,放假,元旦',
  '2027-01-02,上班,元旦调休',
  '2027-02-05~2027-02-06,放假,春节,除夕、初一',
].join('\n');

const ANNOUNCEMENT_2027 = [
  '日期,类型,名称',
  '2027-01-01~2027-01-03,放假,元旦',
  '2027-02-05~2027-02-12,放假,春节',
  '2027-02-20,上班,春节调休',
  '2027-04-03~2027-04-05,放假,清明节',
  '2027-05-01~2027-05-05,放假,劳动节',
  '2027-06-09~2027-06-11,放假,端午节',
  '2027-09-15~2027-09-17,放假,中秋节',
  '2027-10-01~2027-10-07,放假,国庆节',
].join('\n');

describe('a deadline across the end of the announced schedules', () => {
  it('2026-12-31 + 2 working days skips 元旦 2027 and is provisional; the imported schedule decides and ends it', async () => {
    let s = await at('2026-12-31T10:00:00+08:00', 'zhangwei', 'lina', 'admin');
    const before = await leave(s);
    expect(before.deadline).toBe('2027-01-05T10:00'); // Fri 01-01 元旦 by rule, weekend, Mon 01-04, Tue 01-05
    expect(before.todo.deadlineProvisional).toBe(true);

    const imp = await t.post(
      'holiday/importSchedule',
      { text: ANNOUNCEMENT_2027.replace('2027-01-01~2027-01-03,放假,元旦', '2027-01-01,放假,元旦\n2027-01-02,上班,元旦调休') },
      s.admin,
    );
    expect(imp.code, imp.msg).toBe(0);
    expect(imp.data.years).toEqual([{ year: 2027, source: 'organisation', missing: [] }]);

    s = await at('2026-12-31T10:00:00+08:00', 'zhangwei', 'lina');
    const after = await leave(s);
    expect(after.deadline).toBe('2027-01-04T10:00'); // Sat 01-02 worked (调休), Mon 01-04
    expect(after.todo.deadlineProvisional).toBe(false);
    // A deadline within 2026 (announced by the State Council) never was provisional.
    s = await at('2026-11-16T10:00:00+08:00', 'zhangwei', 'lina');
    expect((await leave(s)).todo.deadlineProvisional).toBe(false);
  });
});

describe('holiday/status — the warning', () => {
  it('warns holders of setting:edit from 11-01 that next year is not known, until its schedule is imported', async () => {
    let s = await at('2026-10-20T09:00:00+08:00', 'admin', 'zhangwei');
    let st = await t.post('holiday/status', {}, s.admin);
    expect(st.code, st.msg).toBe(0);
    expect(st.data).toMatchObject({
      today: '2026-10-20',
      warn: [],
      canEdit: true,
      current: { year: 2026, source: 'announced' },
      next: { year: 2027, source: 'provisional' },
    });

    s = await at('2026-11-20T09:00:00+08:00', 'admin', 'zhangwei');
    st = await t.post('holiday/status', {}, s.admin);
    expect(st.data.warn).toEqual([2027]);
    expect(st.data.next.missing).toEqual(['newYear', 'springFestival', 'qingming', 'labourDay', 'dragonBoat', 'midAutumn', 'nationalDay']);
    expect((await t.post('holiday/status', {}, s.zhangwei)).data.canEdit).toBe(false);
    expect((await t.post('holiday/status', {})).code).toBe(-99);

    // Only 元旦 entered: still warned, naming the rest.
    expect((await t.post('holiday/importSchedule', { text: FILE_2027 }, s.admin)).code).toBe(0);
    st = await t.post('holiday/status', {}, s.admin);
    expect(st.data.warn).toEqual([2027]);
    expect(st.data.next.missing).not.toContain('newYear');
    expect(st.data.next.missing).toContain('springFestival'); // 初二, 初三 not entered

    expect((await t.post('holiday/importSchedule', { text: ANNOUNCEMENT_2027 }, s.admin)).code).toBe(0);
    st = await t.post('holiday/status', {}, s.admin);
    expect(st.data.warn).toEqual([]);
    expect(st.data.next).toEqual({ year: 2027, source: 'organisation', missing: [] });
  });
});

describe('holiday/importSchedule', () => {
  it('stores spans and single days, replaces a date entered before, and lists them on /setting/holiday', async () => {
    const s = await at('2026-11-20T09:00:00+08:00', 'admin');
    expect((await t.post('holiday/add', { date: '2027-01-02', dayKind: 'off', name: '休息' }, s.admin)).code).toBe(0);
    const r = await t.post('holiday/importSchedule', { text: FILE_2027 }, s.admin);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ added: 3, updated: 1 });
    const list = await t.post('holiday/list', { pageSize: 100, sort: { field: 'date', order: 'asc' } }, s.admin);
    expect(list.data.list.map((x: any) => [x.date, x.dayKind, x.name, x.remark ?? null]).sort()).toEqual([
      ['2027-01-01', 'off', '元旦', null],
      ['2027-01-02', 'work', '元旦调休', null],
      ['2027-02-05', 'off', '春节', '除夕、初一'],
      ['2027-02-06', 'off', '春节', '除夕、初一'],
    ]);
  });

  it('refuses a bad file naming the line, writes nothing, and refuses staff and anonymous callers', async () => {
    const s = await at('2026-11-20T09:00:00+08:00', 'admin', 'zhangwei');
    const cases: [string, string][] = [
      ['日期,类型,名称\n2027-01-01,放假,元旦\n2027-02-30,放假,春节', '第3行'],
      ['2027-01-01,放假,元旦\n\n2027-01-02,请假,元旦', '第3行'],
      ['2027-01-01,放假,元旦\n2027-01-01,上班,元旦', '第2行'],
      ['2027-01-01,放假,', '第1行'],
      ['2027-01-01~2027-03-01,放假,春节', '第1行'],
      ['# nothing\n', '没有日期'],
    ];
    for (const [text, where] of cases) {
      const r = await t.post('holiday/importSchedule', { text }, s.admin);
      expect(r.code, text).toBe(-1);
      expect(r.msg, text).toContain(where);
    }
    const en = await t.post('holiday/importSchedule', { text: '2027-01-01,vacation,New Year' }, s.admin, { headers: { 'x-lang': 'en-US' } });
    expect(en.code).toBe(-1);
    expect(en.msg).toMatch(/^Line 1: /);
    expect((await t.post('holiday/importSchedule', { text: 5 }, s.admin)).code).toBe(-1);
    expect((await t.post('holiday/importSchedule', { text: FILE_2027 }, s.zhangwei)).code).toBe(-1);
    expect((await t.post('holiday/importSchedule', { text: FILE_2027 })).code).toBe(-99);
    expect((await t.post('holiday/list', { pageSize: 100 }, s.admin)).data.total).toBe(0);
  });
});
