/**
 * `<group>/aggregate` (src/server/engine/aggregate.ts) on the fixture entity charttest.expense (scope department):
 * counts per dictionary value in dictionary order with labels in the caller's locale; sums per month of a datetime
 * field in the organisation's zone (2026-01-31T17:00Z is 1 February in Asia/Shanghai); the list's filters, a day
 * range in the zone; another department's records are not counted; the view permission; bad input → -1 naming the
 * field. SQLite, and PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { invalidateMenuCache } from '../../src/server/services/menu.js';

process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/charttest';
const G = 'charttestExpenses';
let t: TestApp;
const people = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('aggregate', () => {
  it('needs the view permission', async () => {
    expect(await people.post(`${G}/aggregate`, { groupBy: [{ field: 'category' }] }, 'lina')).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    const { db } = t.database;
    const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values([
        { role_id: staff.id, code: 'charttest:view' },
        { role_id: staff.id, code: 'charttest:edit' },
      ])
      .execute();
    invalidateMenuCache(db);
    const add = (title: string, category: string, amount: number | null, spentAt: string | null, who: string) =>
      people.ok(`${G}/add`, { title, category, amount, spentAt, paid: amount !== null }, who);
    await add('一月差旅', 'travel', 100, '2026-01-15T02:00:00.000Z', 'zhangwei');
    // 17:00 UTC on 31 January is 01:00 on 1 February in Asia/Shanghai
    await add('月末办公用品', 'office', 50.5, '2026-01-31T17:00:00.000Z', 'zhangwei');
    await add('二月差旅', 'travel', 200, '2026-02-10T03:00:00.000Z', 'zhangwei');
    await add('接待未定', 'meal', null, null, 'zhangwei');
    await add('三月办公用品', 'office', 30, '2026-03-01T01:00:00.000Z', 'lina');
    await add('文电科差旅', 'travel', 999, '2026-02-05T00:00:00.000Z', 'wangfang');
  });

  it('counts per dictionary value, in dictionary order, labelled in the locale; another department is not counted', async () => {
    const r = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'category' }] }, 'lina');
    expect(r.truncated).toBe(false);
    expect(r.groups.map((g: any) => [g.keys[0], g.labels[0], g.values[0]])).toEqual([
      ['travel', '差旅', 2],
      ['office', '办公用品', 2],
      ['meal', '公务接待', 1],
    ]);
    const en = await people.post(`${G}/aggregate`, { groupBy: [{ field: 'category' }] }, 'lina', { headers: { 'x-lang': 'en-US' } });
    expect(en.data.groups.map((g: any) => g.labels[0])).toEqual(['Travel', 'Office supplies', 'Official hospitality']);
    const theirs = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'category' }] }, 'wangfang');
    expect(theirs.groups.map((g: any) => [g.keys[0], g.values[0]])).toEqual([['travel', 1]]);
  });

  it('sums per month in the organisation zone, with the range a list filter selects the month with', async () => {
    const r = await people.ok(
      `${G}/aggregate`,
      { groupBy: [{ field: 'spentAt', bucket: 'month' }], measures: [{ op: 'sum', field: 'amount' }, { op: 'count' }] },
      'lina',
    );
    expect(r.groups.map((g: any) => [g.keys[0], g.values])).toEqual([
      ['2026-01', [100, 1]],
      ['2026-02', [250.5, 2]],
      ['2026-03', [30, 1]],
      [null, [null, 1]],
    ]);
    expect(r.groups[1].ranges[0]).toEqual(['2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z']);
    expect(r.groups[3].labels[0]).toBe('（空）');
    const listed = await people.ok(`${G}/list`, { filters: { spentAt: r.groups[1].ranges[0] } }, 'lina');
    expect(listed.list.map((x: any) => x.title).sort()).toEqual(['二月差旅', '月末办公用品'].sort());
  });

  it('groups by two levels, other buckets and yes / no, and measures avg, min, max', async () => {
    const r = await people.ok(
      `${G}/aggregate`,
      {
        groupBy: [{ field: 'spentAt', bucket: 'quarter' }, { field: 'category' }],
        measures: [
          { op: 'avg', field: 'amount' },
          { op: 'max', field: 'amount' },
          { op: 'min', field: 'amount' },
        ],
      },
      'lina',
    );
    expect(r.groups.map((g: any) => [...g.labels, ...g.values])).toEqual([
      ['2026-Q1', '差旅', 150, 200, 100],
      ['2026-Q1', '办公用品', 40.25, 50.5, 30],
      ['（空）', '公务接待', null, null, null],
    ]);
    const weeks = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'spentAt', bucket: 'week' }], filters: { category: 'office' } }, 'lina');
    // 1 February 2026 (local) is the Sunday of ISO week 5; 1 March the Sunday of week 9
    expect(weeks.groups.map((g: any) => [g.keys[0], g.values[0]])).toEqual([
      ['2026-W05', 1],
      ['2026-W09', 1],
    ]);
    const paid = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'paid' }] }, 'lina');
    expect(paid.groups.map((g: any) => [g.labels[0], g.values[0]])).toEqual([
      ['是', 4],
      ['否', 1],
    ]);
    const byYear = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'created_at', bucket: 'year' }, { field: 'created_by' }] }, 'lina');
    expect(byYear.groups.map((g: any) => g.labels[1]).sort()).toEqual(['张伟', '李娜'].sort());
    // a date field is its own calendar date (no zone), its range the first and last day
    await people.ok(`${G}/add`, { title: '季末报销', category: 'office', spentOn: '2026-03-31' }, 'lina');
    await people.ok(`${G}/add`, { title: '季初报销', category: 'office', spentOn: '2026-04-01' }, 'lina');
    const quarters = await people.ok(
      `${G}/aggregate`,
      { groupBy: [{ field: 'spentOn', bucket: 'quarter' }], filters: { spentOn: { op: 'gte', value: '2026-01-01' } } },
      'lina',
    );
    expect(quarters.groups.map((g: any) => [g.keys[0], g.ranges[0], g.values[0]])).toEqual([
      ['2026-Q1', ['2026-01-01', '2026-03-31'], 1],
      ['2026-Q2', ['2026-04-01', '2026-06-30'], 1],
    ]);
  });

  it('applies the list filters: keyword, a value, and a day range in the organisation zone', async () => {
    const kw = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'category' }], keyword: '差旅' }, 'lina');
    expect(kw.groups.map((g: any) => [g.keys[0], g.values[0]])).toEqual([['travel', 2]]);
    const feb = await people.ok(`${G}/aggregate`, { groupBy: [{ field: 'category' }], filters: { spentAt: ['2026-02-01', '2026-02-28'] } }, 'lina');
    expect(feb.groups.map((g: any) => [g.keys[0], g.values[0]])).toEqual([
      ['travel', 1],
      ['office', 1],
    ]);
  });

  it('answers -1 naming the field for bad input', async () => {
    const bad = (body: Record<string, unknown>) => people.post(`${G}/aggregate`, body, 'lina');
    expect(await bad({ groupBy: [{ field: 'colour' }] })).toMatchObject({ code: -1, msg: '未知字段：colour' });
    expect(await bad({ groupBy: [{ field: 'title' }] })).toMatchObject({ code: -1, msg: '事由不能用于分组' });
    expect((await bad({ groupBy: [{ field: 'spentAt' }] })).msg).toMatch(/^发生时间是日期字段/);
    expect((await bad({ groupBy: [{ field: 'category', bucket: 'month' }] })).msg).toMatch(/^类别不是日期字段/);
    expect((await bad({ groupBy: [{ field: 'category' }], measures: [{ op: 'sum', field: 'title' }] })).msg).toMatch(/^事由不是数值字段/);
    expect((await bad({ groupBy: [{ field: 'category' }], measures: [{ op: 'sum' }] })).code).toBe(-1);
    expect((await bad({ groupBy: [] })).code).toBe(-1);
    const extra = await bad({ groupBy: [{ field: 'category' }], colour: 'red' });
    expect(extra.code).toBe(-1);
    expect(extra.msg).toContain('colour');
    expect((await bad({ groupBy: [{ field: 'spentAt', bucket: 'day' }], filters: { spentAt: ['2020-01-01', '2026-12-31'] } })).code).toBe(0);
    const wide = await people.post(`${G}/add`, { title: '很久以前', category: 'travel', spentAt: '2001-01-01T00:00:00.000Z' }, 'lina');
    expect(wide.code).toBe(0);
    expect((await bad({ groupBy: [{ field: 'spentAt', bucket: 'day' }] })).msg).toMatch(/^发生时间的时间跨度超过1000个分组/);
  });
});
