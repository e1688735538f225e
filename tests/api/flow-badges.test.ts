/**
 * flow/badges (SPEC §3 "Menu badge counts", §7 "Menu badge counts (db, df, cb, dbsw, mail)"): the
 * document area's 待办 / 待发 / 催办 over a fixture flow `document.badgetest` (tests/fixtures/schemas/badgetest),
 * the affair area's counts over `affair.default` in the demo organisation (张伟 → his 科长 李娜), only the flags
 * asked, urged tasks (a 催办 and an overdue deadline), and bad input. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/badgetest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../src/server/lib/clock.js';
import { sweepTimers } from '../../src/server/engine/flow/timers.js';
import { flowRuntime } from '../../src/server/engine/flow/runtime.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'liuyang', 'hechao']) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t.close());
afterEach(() => resetClock());

const post = (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, s[who]);
const badges = async (who: string, flag = 'db,df,cb,dbsw,mail') => {
  const r = await post('flow/badges', { flag }, who);
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
const act = async (inst: number, who: string, body: Record<string, unknown>) => {
  const r = await post('flow/act', { id: inst, ...body }, who);
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
};
const startDocument = async (approvers: number[], draft = false) => {
  const r = await post('flow/start', { defId: 'document.badgetest', title: '关于报送年度工作总结的通知', data: { approvers }, draft }, 'zhangwei');
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
const startAffair = async (title = '关于借用会议室的请示') => {
  const r = await post('flow/start', { defId: 'affair.default', title, data: { title, urgency: '0' } }, 'zhangwei');
  expect(r.code, r.msg).toBe(0);
  return r.data;
};

describe('flow/badges: input', () => {
  it('answers -99 without a session and -1 naming flag for a missing or unknown flag', async () => {
    expect((await t.post('flow/badges', { flag: 'db' })).code).toBe(-99);
    for (const flag of [undefined, '', 'db,todo', 'DB']) {
      const r = await post('flow/badges', flag === undefined ? {} : { flag }, 'lina');
      expect(r.code).toBe(-1);
      expect(r.msg).toContain('flag');
    }
  });

  it('answers only the flags asked, in the shapes of SPEC §3', async () => {
    expect(Object.keys(await badges('lina', 'db'))).toEqual(['db']);
    expect(Object.keys(await badges('lina', 'mail, dbsw'))).toEqual(['dbsw', 'mail']);
    const all = await badges('hechao');
    expect(all).toEqual({
      db: { count: 0, all_count: 0 },
      df: { count: 0, all_count: 0 },
      cb: { count: 0, all_count: 0 },
      dbsw: { db: 0, wbdb: 0, dy: 0, wbdy: 0, df: 0, cb: 0 },
      mail: { sjwd: 0 },
    });
  });
});

describe('flow/badges: the document area', () => {
  it('counts 待办, 待发 and 催办 of document flows only; all_count equals count', async () => {
    const before = await badges('lina');
    const draft = await startDocument([id.lina], true);
    expect((await badges('zhangwei', 'df')).df).toEqual({ count: 1, all_count: 1 });
    const v = await startDocument([id.lina]);
    let now1 = await badges('lina');
    expect(now1.db).toEqual({ count: before.db.count + 1, all_count: before.db.count + 1 });
    expect(now1.cb.count).toBe(before.cb.count);
    // A document to-do is not an affair to-do.
    expect(now1.dbsw.db).toBe(before.dbsw.db);
    // 催办 by the initiator: lina's open task is now urged.
    await act(v.id, 'zhangwei', { type: 'urge', opinion: '请尽快审核' });
    now1 = await badges('lina', 'db,cb');
    expect(now1.cb).toEqual({ count: before.cb.count + 1, all_count: before.cb.count + 1 });
    // Once approved it is neither 待办 nor 催办.
    await act(v.id, 'lina', { type: 'approve', opinion: '同意' });
    expect(await badges('lina', 'db,cb')).toEqual({ db: before.db, cb: before.cb });
    // The draft submitted leaves 待发.
    await act(draft.id, 'zhangwei', { type: 'start' });
    expect((await badges('zhangwei', 'df')).df.count).toBe(0);
  });

  it('a 催办 urges only the tasks open at that time: a task created after it is not urged', async () => {
    const v = await startDocument([id.liuyang]);
    await act(v.id, 'zhangwei', { type: 'urge' });
    expect((await badges('liuyang', 'cb')).cb.count).toBe(1);
    // liuyang transfers to lina: lina's new task was not urged.
    await act(v.id, 'liuyang', { type: 'transfer', to: id.lina });
    expect((await badges('liuyang', 'cb')).cb.count).toBe(0);
    const lina = await badges('lina', 'db,cb');
    expect(lina.db.count).toBeGreaterThan(0);
    expect(lina.cb.count).toBe(0);
  });
});

describe('flow/badges: the affair area (dbsw)', () => {
  it('counts 待办, 待阅, 待发 and 催办 of affairs; the external counts stay 0', async () => {
    const before = (await badges('lina', 'dbsw')).dbsw;
    const v = await startAffair();
    const after = (await badges('lina', 'dbsw')).dbsw;
    expect(after).toMatchObject({ db: before.db + 1, cb: before.cb, wbdb: 0, wbdy: 0 });
    // A copy to hechao is his 待阅 until he reads it.
    await act(v.id, 'lina', { type: 'cc', users: [id.hechao] });
    expect((await badges('hechao', 'dbsw')).dbsw.dy).toBe(1);
    await act(v.id, 'hechao', { type: 'read' });
    expect((await badges('hechao', 'dbsw')).dbsw.dy).toBe(0);
    await act(v.id, 'zhangwei', { type: 'urge' });
    expect((await badges('lina', 'dbsw')).dbsw.cb).toBe(before.cb + 1);
    // 待发: zhangwei's affair draft.
    const df = (await badges('zhangwei', 'dbsw')).dbsw.df;
    const r = await post('flow/start', { defId: 'affair.default', title: '草稿事务', data: { title: '草稿事务', urgency: '0' }, draft: true }, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
    expect((await badges('zhangwei', 'dbsw')).dbsw.df).toBe(df + 1);
  });

  it('an overdue task counts as urged (the deadline urges it automatically)', async () => {
    const before = (await badges('lina', 'dbsw')).dbsw;
    await startAffair('关于更换办公电脑的请示');
    advanceClock(Date.parse('2031-01-01T10:00:00+08:00') - now());
    const runtime = flowRuntime(t.database.db, t.database.dialect);
    expect(await sweepTimers(t.database.db, runtime, 'badges')).toBeGreaterThanOrEqual(1);
    resetClock(); // back to now, where the sessions are valid
    const after = (await badges('lina', 'dbsw')).dbsw;
    expect(after.db).toBe(before.db + 1);
    // Every open affair task of lina is past its 2-working-day deadline now.
    expect(after.cb).toBe(after.db);
  });
});
