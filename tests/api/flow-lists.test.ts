/**
 * The work lists beyond 待办 (src/server/api/flow/lists.ts) on the fixture flows of
 * tests/fixtures/schemas/flowtest and the demo organisation: 督办 (flow/supervise) — who sees which instance,
 * current steps and handlers, the urge count after 催办 —, the filters (overdue, read / unread, date range,
 * status) and their bad input, the counts per list, and 批量同意 (flow/batch) with one refusal. SQLite and
 * PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../src/server/lib/clock.js';
import { sweepTimers } from '../../src/server/engine/flow/timers.js';
import { flowRuntime } from '../../src/server/engine/flow/runtime.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};
const PEOPLE = ['zhangwei', 'lina', 'liuyang', 'demo', 'hechao'];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of PEOPLE) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t.close());
afterEach(() => resetClock());

const post = (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, s[who]);
const ok = async (path: string, body: Record<string, unknown>, who: string) => {
  const r = await post(path, body, who);
  expect(r.code, `${path} ${who}: ${r.msg}`).toBe(0);
  return r.data;
};
const twostep = (title: string) => ok('flow/start', { defId: 'flowtest.twostep', title, data: { first: [id.lina], second: [id.liuyang] } }, 'zhangwei');
const supervised = async (who: string, body: Record<string, unknown> = {}) => (await ok('flow/supervise', { pageSize: 100, ...body }, who)).list as any[];
const taskOf = (view: any, who: string) => view.state.tasks.find((x: any) => x.assignee === id[who] && x.status === 'pending');

describe('督办 (flow/supervise)', () => {
  it('lists what one started or acted on, every running one for a supervisor, never an outsider’s', async () => {
    const v = await twostep('关于督办测试的请示');
    const mine = (await supervised('zhangwei')).find((x) => x.instanceId === v.id);
    expect(mine).toMatchObject({
      title: '关于督办测试的请示',
      flowTitle: '两步测试',
      status: 'running',
      nodes: [{ id: 'a1', title: '第一步' }],
      handlers: ['李娜'],
      urgeCount: 0,
      overdue: false,
      mayUrge: true,
      initiatorName: '张伟',
    });
    // lina holds the open task but has not acted yet; liuyang and hechao have no part so far.
    for (const who of ['lina', 'liuyang', 'hechao']) expect((await supervised(who)).map((x) => x.instanceId)).not.toContain(v.id);
    // demo (办公室主任) holds flow:supervise: he sees it, may open it and urge it, but decides nothing in it.
    const seen = (await supervised('demo')).find((x) => x.instanceId === v.id);
    expect(seen).toMatchObject({ handlers: ['李娜'], mayUrge: true });
    expect((await post('flow/info', { id: v.id }, 'demo')).data.actions).toEqual(['urge']);
    expect((await post('flow/info', { id: v.id }, 'hechao')).msg).toBe('流程不存在或无权查看');

    await ok('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, 'lina');
    const after = (await supervised('lina')).find((x) => x.instanceId === v.id);
    expect(after).toMatchObject({ nodes: [{ id: 'a2', title: '第二步' }], handlers: ['刘洋'], mayUrge: true });
    // A cc does not make hechao a supervisor of it.
    await ok('flow/act', { id: v.id, type: 'cc', users: [id.hechao] }, 'liuyang');
    expect((await supervised('hechao')).map((x) => x.instanceId)).not.toContain(v.id);

    // Finished: gone from the default (running) list, there with status finished.
    await ok('flow/act', { id: v.id, type: 'approve' }, 'liuyang');
    expect((await supervised('zhangwei')).map((x) => x.instanceId)).not.toContain(v.id);
    expect((await supervised('zhangwei', { status: 'finished' })).find((x) => x.instanceId === v.id)).toMatchObject({
      status: 'finished',
      nodes: [],
      handlers: [],
    });
    expect((await post('flow/supervise', { status: 'paused' }, 'zhangwei')).msg).toContain('status');
  });

  it('催办 reminds the current handler and counts up on the row', async () => {
    const v = await twostep('关于催办计数的请示');
    const before = (await ok('Msg/list', { pageSize: 100 }, 'lina')).total;
    await ok('flow/act', { id: v.id, type: 'urge', opinion: '请尽快办理' }, 'zhangwei');
    await ok('flow/act', { id: v.id, type: 'urge' }, 'zhangwei');
    expect((await supervised('zhangwei')).find((x) => x.instanceId === v.id).urgeCount).toBe(2);
    const msgs = await ok('Msg/list', { pageSize: 100 }, 'lina');
    expect(msgs.total).toBe(before + 2);
    expect(msgs.list[0]).toMatchObject({ title: '【催办】关于催办计数的请示', flow_id: v.id });
    // A supervisor without a part in it urges too (督办); someone with neither part nor right is refused.
    await ok('flow/act', { id: v.id, type: 'urge', opinion: '请于今日办结' }, 'demo');
    expect((await supervised('demo')).find((x) => x.instanceId === v.id).urgeCount).toBe(3);
    expect((await ok('Msg/list', { pageSize: 100 }, 'lina')).total).toBe(before + 3);
    expect((await post('flow/act', { id: v.id, type: 'urge' }, 'hechao')).code).toBe(-1);
  });
});

describe('filters and counts', () => {
  it('only overdue, read / unread, a date range; bad filters name the field', async () => {
    advanceClock(Date.parse('2026-09-30T10:00:00+08:00') - now());
    const late = await ok('flow/start', { defId: 'flowtest.leave', title: '请假（超期）', data: { days: 1 } }, 'zhangwei');
    const onTime = await twostep('关于按期办理的请示');
    advanceClock(Date.parse('2026-10-09T10:00:01+08:00') - now());
    expect(await sweepTimers(t.database.db, flowRuntime(t.database.db, t.database.dialect), 'lists')).toBeGreaterThanOrEqual(1);

    const overdue = (await ok('flow/todo', { pageSize: 100, overdue: true }, 'lina')).list.map((x: any) => x.instanceId);
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(onTime.id);
    expect((await ok('flow/todo', { pageSize: 100 }, 'lina')).list.map((x: any) => x.instanceId)).toContain(onTime.id);
    const supervisedLate = (await supervised('zhangwei', { overdue: true })).map((x) => x.instanceId);
    expect(supervisedLate).toEqual(expect.arrayContaining([late.id]));
    expect(supervisedLate).not.toContain(onTime.id);

    // Received on 09-30: inside a range around it, outside one after it.
    const day = { from: Date.parse('2026-09-30T00:00:00+08:00'), to: Date.parse('2026-09-30T23:59:59+08:00') };
    expect((await ok('flow/todo', { pageSize: 100, ...day }, 'lina')).list.map((x: any) => x.instanceId)).toEqual(expect.arrayContaining([late.id, onTime.id]));
    expect((await ok('flow/todo', { pageSize: 100, from: Date.parse('2026-10-01T00:00:00+08:00') }, 'lina')).list.map((x: any) => x.instanceId)).not.toContain(
      late.id,
    );
    expect((await ok('flow/sent', { pageSize: 100, ...day }, 'zhangwei')).list.map((x: any) => x.instanceId)).toEqual(
      expect.arrayContaining([late.id, onTime.id]),
    );

    // 抄送: unread until read.
    await ok('flow/act', { id: onTime.id, type: 'cc', users: [id.hechao] }, 'lina');
    const unread = (await ok('flow/cc', { read: 'unread' }, 'hechao')).list.find((x: any) => x.instanceId === onTime.id);
    expect(unread).toBeTruthy();
    expect((await ok('flow/cc', { read: 'read' }, 'hechao')).list.map((x: any) => x.instanceId)).not.toContain(onTime.id);
    await ok('flow/act', { id: onTime.id, type: 'read', taskId: unread.taskId }, 'hechao');
    expect((await ok('flow/cc', { read: 'read' }, 'hechao')).list.map((x: any) => x.instanceId)).toContain(onTime.id);
    expect((await ok('flow/cc', { read: 'unread' }, 'hechao')).list.map((x: any) => x.instanceId)).not.toContain(onTime.id);

    expect((await post('flow/todo', { from: 'yesterday' }, 'lina')).msg).toContain('from');
    expect((await post('flow/todo', { from: 2000, to: 1000 }, 'lina')).msg).toContain('to');
    expect((await post('flow/cc', { read: 'maybe' }, 'hechao')).msg).toContain('read');
    expect((await post('flow/todo', { overdue: 'often' }, 'lina')).msg).toContain('overdue');
  });

  it('flow/counts answers every list, the old keys unchanged', async () => {
    const before = await ok('flow/counts', {}, 'zhangwei');
    expect(Object.keys(before).sort()).toEqual(['cc', 'done', 'drafts', 'overdue', 'sent', 'supervise', 'todo']);
    await twostep('关于计数的请示');
    const after = await ok('flow/counts', {}, 'zhangwei');
    expect(after.sent).toBe(before.sent + 1);
    expect(after.supervise).toBe(before.supervise + 1);
    expect(after.supervise).toBe((await ok('flow/supervise', {}, 'zhangwei')).total);
    const lina = await ok('flow/counts', { flows: ['flowtest.twostep'] }, 'lina');
    expect(lina.todo).toBe((await ok('flow/todo', { flows: ['flowtest.twostep'] }, 'lina')).total);
    expect((await ok('flow/counts', {}, 'hechao')).supervise).toBe(0);
  });
});

describe('批量同意 (flow/batch)', () => {
  it('approves each item with one opinion; an item already handled is refused with the reason', async () => {
    const views = [await twostep('批量一'), await twostep('批量二'), await twostep('批量三')];
    const items = views.map((v) => ({ id: v.id, taskId: taskOf(v, 'lina').id, version: v.version }));
    // The third is approved on its own page first.
    await ok('flow/act', { id: views[2].id, type: 'approve' }, 'lina');
    const r = await ok('flow/batch', { items, opinion: '同意，请刘主任审批' }, 'lina');
    expect(r).toMatchObject({ success: 2, failed: 1 });
    expect(r.results.map((x: any) => x.ok)).toEqual([true, true, false]);
    expect(r.results[2]).toMatchObject({ id: views[2].id, reason: '该待办已处理', title: '批量三' });
    const next = (await ok('flow/todo', { pageSize: 100 }, 'liuyang')).list.map((x: any) => x.instanceId);
    expect(next).toEqual(expect.arrayContaining(views.map((v) => v.id)));
    const log = (await ok('flow/log', { id: views[0].id }, 'zhangwei')) as any[];
    expect(log.find((e) => e.type === 'approve')).toMatchObject({ actor: id.lina, opinion: '同意，请刘主任审批' });
    // A task of an instance the caller takes no part in is refused, not approved (nor shown).
    const other = await twostep('批量四');
    const refused = await ok('flow/batch', { items: [{ id: other.id, taskId: taskOf(other, 'lina').id }] }, 'liuyang');
    expect(refused).toMatchObject({ success: 0, failed: 1 });
    expect(refused.results[0].reason).toBe('流程不存在或无权查看');
    expect((await ok('flow/info', { id: other.id }, 'zhangwei')).status).toBe('running');
  });

  it('refuses a body without items, more than 50, or malformed ones, naming items', async () => {
    for (const items of [undefined, [], 'x', [{ id: 1 }], [{ id: 'a', taskId: 't' }], Array.from({ length: 51 }, (_, i) => ({ id: i + 1, taskId: `t${i}` }))]) {
      const r = await post('flow/batch', { items }, 'lina');
      expect(r.code).toBe(-1);
      expect(r.msg).toContain('items');
    }
    expect((await post('flow/batch', { items: [{ id: 1, taskId: 't' }], opinion: 5 }, 'lina')).msg).toContain('opinion');
  });
});
