/**
 * The window filter of the generic list (`range`, src/server/engine/range.ts) on the fixture entity roomtest.booking
 * (tests/fixtures/schemas/roomtest): a calendar asks for the records whose span meets the window it shows, whatever
 * offset the times were written with; a malformed range is -1 naming 时间范围.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/roomtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { actors, createTestApp, type TestApp } from './helpers.js';

const G = 'roomtestBookings';
let t: TestApp;
const { ok, post } = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(['roomtest:view', 'roomtest:edit'].map((code) => ({ role_id: staff.id, code })))
    .execute();
  invalidateMenuCache(db);
  const book = (subject: string, start: string, end: string) => ok(`${G}/add`, { subject, room: 'r1', start, end }, 'zhangwei');
  await book('周一早会', '2026-11-23T09:00:00+08:00', '2026-11-23T10:00:00+08:00');
  await book('跨周培训', '2026-11-20T09:00:00+08:00', '2026-11-24T17:00:00+08:00');
  await book('下周例会', '2026-11-30T09:00:00+08:00', '2026-11-30T10:00:00+08:00');
  // Ends exactly when the window begins: not in it.
  await book('周日晚间', '2026-11-22T22:00:00+08:00', '2026-11-23T00:00:00+08:00');
  await book('周日跨夜', '2026-11-22T23:00:00+08:00', '2026-11-23T01:00:00+08:00');
});
afterAll(async () => t.close());

const week = { start: 'start', end: 'end', from: '2026-11-22T16:00:00.000Z', to: '2026-11-29T16:00:00.000Z' };
const subjects = async (range: unknown) =>
  ((await ok(`${G}/list`, { pageSize: 200, range, sort: { field: 'start', order: 'asc' } }, 'zhangwei')) as { list: { subject: string }[] }).list.map(
    (r) => r.subject,
  );

describe('list range', () => {
  it('stores a time written with an offset as the UTC instant', async () => {
    const r = (await ok(`${G}/list`, { pageSize: 200, filters: { subject: '周一早会' } }, 'zhangwei')) as { list: { start: string; end: string }[] };
    expect(r.list[0]).toMatchObject({ start: '2026-11-23T01:00:00.000Z', end: '2026-11-23T02:00:00.000Z' });
  });

  it('answers the records meeting the week (Asia/Shanghai), including those that began before it', async () => {
    expect(await subjects(week)).toEqual(['跨周培训', '周日跨夜', '周一早会']);
  });

  it('reads the window bounds with their offset', async () => {
    expect(await subjects({ ...week, from: '2026-11-23T00:00:00+08:00', to: '2026-11-30T00:00:00+08:00' })).toEqual(['跨周培训', '周日跨夜', '周一早会']);
    expect(await subjects({ ...week, from: '2026-11-30T00:00:00+08:00', to: '2026-12-07T00:00:00+08:00' })).toEqual(['下周例会']);
  });

  it('combines with filters and counts only the window', async () => {
    const r = (await ok(`${G}/list`, { pageSize: 1, range: week, keyword: '周' }, 'zhangwei')) as { list: unknown[]; total: number };
    expect(r.total).toBe(3);
    expect(r.list).toHaveLength(1);
  });

  it('refuses a malformed range, naming it', async () => {
    for (const range of [
      { ...week, from: '2026-11-23 00:00' },
      { ...week, start: 'subject' },
      { ...week, end: 'nothing' },
      { ...week, to: week.from },
      { ...week, extra: 1 },
      'not json',
    ]) {
      const r = await post(`${G}/list`, { range }, 'zhangwei');
      expect(r.code, JSON.stringify(range)).toBe(-1);
      expect(r.msg).toContain('时间范围');
    }
  });
});
