/**
 * Paging of the generic list at scale: keyset paging (`next` / `prev` cursors answered with each page,
 * `after` / `before` in the body) gives the same rows as OFFSET pages, in either sort order, and a cursor
 * that is not one is refused naming its field; on PostgreSQL a total beyond TOTAL_ESTIMATE_MIN rows is the
 * planner's estimate and says so (`totalEstimated`), while a small one stays exact.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_ESTIMATE_MIN } from '../../src/server/engine/totals.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let zhangwei: Session;
let dept = 0;
const ROWS = 13;

beforeAll(async () => {
  t = await createTestApp();
  zhangwei = sessionOf(await t.login('zhangwei'));
  dept = Number(
    (await t.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).current_dept_id,
  );
  for (let i = 0; i < ROWS; i++) {
    // Visit dates repeat (every third record shares one), so sorting on them needs the id to break ties.
    const r = await t.post(
      'receptions/add',
      { title: `调研第${i + 1}批`, guestUnit: '省统计局', people: 2, visitDate: `2026-05-0${1 + (i % 3)}`, dept },
      zhangwei,
    );
    expect(r.code, r.msg).toBe(0);
  }
});
afterAll(async () => t.close());

const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((x) => x.id);

describe('keyset paging of the generic list', () => {
  for (const sort of [undefined, { field: 'visitDate', order: 'asc' }, { field: 'visitDate', order: 'desc' }]) {
    it(`pages forward and back by cursor through the same rows as by page number (sort ${JSON.stringify(sort ?? 'id desc')})`, async () => {
      const body = { pageSize: 5, ...(sort ? { sort } : {}) };
      const byOffset: number[][] = [];
      for (let p = 1; p <= 3; p++) byOffset.push(ids(await t.post('receptions/list', { ...body, current: p }, zhangwei)));
      expect(byOffset.flat()).toHaveLength(ROWS);
      expect(new Set(byOffset.flat()).size).toBe(ROWS);

      let r = await t.post('receptions/list', { ...body, current: 1 }, zhangwei);
      const forward = [ids(r)];
      const answers = [r];
      for (let p = 2; p <= 3; p++) {
        expect(r.data.next).toEqual(expect.any(String));
        r = await t.post('receptions/list', { ...body, current: p, after: r.data.next }, zhangwei);
        expect(r.code, r.msg).toBe(0);
        expect(r.data.total).toBe(ROWS);
        forward.push(ids(r));
        answers.push(r);
      }
      expect(forward).toEqual(byOffset);
      // Past the last row: an empty page.
      expect(ids(await t.post('receptions/list', { ...body, current: 4, after: r.data.next }, zhangwei))).toEqual([]);
      // Back from page 3 to pages 2 and 1.
      const back2 = await t.post('receptions/list', { ...body, current: 2, before: answers[2].data.prev }, zhangwei);
      expect(ids(back2)).toEqual(byOffset[1]);
      const back1 = await t.post('receptions/list', { ...body, current: 1, before: back2.data.prev }, zhangwei);
      expect(ids(back1)).toEqual(byOffset[0]);
    });
  }

  it('refuses a cursor it did not write, naming the field', async () => {
    const r = await t.post('receptions/list', { pageSize: 5, after: 'not-a-cursor' }, zhangwei);
    expect(r).toMatchObject({ code: -1 });
    expect(r.msg).toContain('下一页游标');
    const both = await t.post('receptions/list', { pageSize: 5, after: 'WzEsMV0', before: 'WzEsMV0' }, zhangwei);
    expect(both).toMatchObject({ code: -1 });
    expect(both.msg).toContain('上一页游标');
    const en = await t.post('receptions/list', { pageSize: 5, before: 123 }, zhangwei, { headers: { 'x-lang': 'en-US' } });
    expect(en).toMatchObject({ code: -1 });
    expect(en.msg).toContain('before');
  });

  it('counts a small total exactly and does not call it estimated', async () => {
    const r = await t.post('receptions/list', { pageSize: 5 }, zhangwei);
    expect(r.data.total).toBe(ROWS);
    expect(r.data.totalEstimated).toBeUndefined();
  });
});

describe.runIf(!!process.env.DATABASE_URL)('estimated totals on PostgreSQL', () => {
  it(`answers an estimate, marked totalEstimated, beyond ${TOTAL_ESTIMATE_MIN} rows`, async () => {
    const n = TOTAL_ESTIMATE_MIN + 20_000;
    const { db } = t.database;
    const user = Number((await db.selectFrom('users').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id);
    await db.transaction().execute(async (trx) => {
      // Filling 120,000 rows may take longer than a request's statement time limit on a busy machine.
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`insert into biz_reception (version, created_by, created_at, updated_by, updated_at, owner_dept_id, title, "guestUnit", people, "visitDate", dept, status)
        select 1, ${user}, 0, ${user}, 0, ${dept}, '批量' || g, '省统计局', 2, '2026-05-01', ${dept}, 'planned' from generate_series(1, ${n}) g`.execute(trx);
      await sql`analyze biz_reception`.execute(trx);
    });
    // The add above forgot the cached totals (every write through the engine does; this one went around it).
    const add = await t.post('receptions/add', { title: '再来一批', guestUnit: '省统计局', people: 2, visitDate: '2026-05-04', dept }, zhangwei);
    expect(add.code, add.msg).toBe(0);
    const r = await t.post('receptions/list', { pageSize: 5 }, zhangwei);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.totalEstimated).toBe(true);
    expect(r.data.total).toBeGreaterThan(TOTAL_ESTIMATE_MIN);
    expect(r.data.total).toBeLessThan(2 * n);
    // A narrow filter stays exact.
    const one = await t.post('receptions/list', { pageSize: 5, keyword: '再来一批' }, zhangwei);
    expect(one.data).toMatchObject({ total: 1 });
    expect(one.data.totalEstimated).toBeUndefined();
  }, 60_000);
});
