/**
 * 公文统计 (document/dbstat): after one 发文 runs the whole way to 分发 and another is still under review, the
 * year's figures show them for the drafter's unit (发文 2, 在办 1, 办结 1), the signed-for unit's 收文, the month of
 * submission and the 公文种类; a year without documents is empty; only holders of stat:read may read them.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberingYear } from '../../src/areas/document/server/services/docNumbers.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const ids: Record<string, number> = {};

const post = (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, s[who]);
async function ok(path: string, body: Record<string, unknown>, who: string) {
  const r = await post(path, body, who);
  expect(r.code, `${who} ${path}: ${r.msg}`).toBe(0);
  return r.data;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'demo', 'chenjing', 'wangfang', 'sunli', 'liqiang']) {
    s[u] = sessionOf(await t.login(u));
    ids[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
  ids.finance = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市财政局').executeTakeFirstOrThrow()).id;
  ids.office = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市政府办公室').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

async function draft(title: string, docType: string) {
  const rec = await ok('document/add', { title, docType, secretLevel: '0', urgency: '0', body: '<p>正文</p>' }, 'zhangwei');
  return ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, 'zhangwei');
}

describe('公文统计', () => {
  it('counts a finished and a running 发文 for the drafter’s unit, the 收文 of the receiving unit, by month and kind', async () => {
    const mark = (await ok('document/markList', {}, 'zhangwei')).list[0];
    const done = await draft('关于印发年度工作要点的通知', '8');
    await ok('flow/act', { id: done.id, type: 'approve' }, 'lina');
    await ok('flow/act', { id: done.id, type: 'approve', data: { issuerUser: ids.chenjing, markId: mark.id, mainTo: [ids.finance] } }, 'demo');
    await ok('flow/act', { id: done.id, type: 'approve' }, 'chenjing');
    for (let i = 0; i < 3; i++) await ok('flow/act', { id: done.id, type: 'approve' }, 'wangfang');
    const item = (await ok('document/gwqsList', { status: 'pending' }, 'sunli')).list[0];
    await ok('document/gwqsSign', { id: item.id }, 'sunli');
    await draft('关于召开全市安全生产会议的函', '14');

    const year = numberingYear();
    const st = await ok('document/dbstat', { year }, 'liqiang');
    expect(st.totals).toMatchObject({ sent: 2, received: 1, finished: 1 });
    expect(st.totals.running).toBeGreaterThanOrEqual(2); // the running 发文 and the 收文 just signed for
    const office = st.units.find((u: any) => u.unitId === ids.office);
    expect(office).toMatchObject({ unitName: '市政府办公室', sent: 2, finished: 1, running: 1 });
    expect(office.avgHours).not.toBeNull();
    expect(st.units.find((u: any) => u.unitId === ids.finance)).toMatchObject({ received: 1, running: 1 });
    const month = new Date(Date.now() + 8 * 3_600_000).getUTCMonth() + 1;
    expect(st.months[month - 1]).toMatchObject({ month, sent: 2, received: 1 });
    expect(st.kinds).toEqual(
      expect.arrayContaining([
        { docType: '8', count: 1 },
        { docType: '14', count: 1 },
      ]),
    );
    // One unit only.
    const finance = await ok('document/dbstat', { year, unit_id: ids.finance }, 'liqiang');
    expect(finance.totals).toMatchObject({ sent: 0, received: 1 });
    // Another year: nothing.
    expect((await ok('document/dbstat', { year: year - 5 }, 'liqiang')).totals).toMatchObject({ sent: 0, received: 0, running: 0, finished: 0 });
  });

  it('is refused without stat:read and names a bad year', async () => {
    expect((await post('document/dbstat', {}, 'zhangwei')).msg).toBe('您没有该操作的权限');
    const bad = await post('document/dbstat', { year: 1900 }, 'liqiang');
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('年度');
    expect((await t.post('document/dbstat', {}, undefined as never)).code).toBe(-99);
  });
});
