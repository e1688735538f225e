/**
 * The approval runtime through the `flow` API group (DESIGN §5) on the fixture flows of
 * tests/fixtures/schemas/flowtest and the demo organisation: 会签 of three, 或签, 票签 0.6, return to the
 * initiator and resubmit, transfer, add-sign before, withdraw, recall, 委托 during leave, a deadline over
 * the 国庆 holiday urged by the timer sweep, two simultaneous approvals of one task (exactly one wins), the
 * work lists, who may see an instance, and bad input. SQLite and PostgreSQL.
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
const PEOPLE = ['zhangwei', 'lina', 'liuyang', 'wangfang', 'zhengmin', 'demo', 'liqiang', 'zhaolei', 'chenjing', 'hechao'];

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
const start = async (defId: string, data: Record<string, any>, who = 'zhangwei', title = `测试${Math.random().toString(36).slice(2, 6)}`) => {
  const r = await post('flow/start', { defId, title, data }, who);
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
/** The open task of `who` on instance `inst`. */
const taskOf = (view: any, who: string) => view.state.tasks.find((x: any) => x.assignee === id[who] && x.status === 'pending');
const act = async (inst: number, who: string, body: Record<string, unknown>) => post('flow/act', { id: inst, ...body }, who);
const approve = async (inst: number, who: string, opinion = '同意') => {
  const r = await act(inst, who, { type: 'approve', opinion });
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
};
const todoIds = async (who: string) => (await post('flow/todo', { pageSize: 100 }, who)).data.list.map((x: any) => x.instanceId);

describe('flow API: access and input', () => {
  it('answers -99 without a session, -1 naming the field, and refuses people outside the instance', async () => {
    expect((await t.post('flow/start', { defId: 'flowtest.any', title: 'x' })).code).toBe(-99);
    expect((await t.post('flow/todo', {})).code).toBe(-99);
    expect((await post('flow/start', { defId: 'flowtest.nope', title: '标题' }, 'zhangwei')).msg).toBe('流程不存在：flowtest.nope');
    expect((await post('flow/start', { defId: 'flowtest.any', title: '' }, 'zhangwei')).msg).toBe('请填写标题');
    const v = await start('flowtest.any', { approvers: [id.lina] });
    expect((await act(v.id, 'lina', { type: 'fly' })).msg).toContain('type');
    expect((await post('flow/act', { id: 'x', type: 'approve' }, 'lina')).msg).toContain('id');
    expect((await act(v.id, 'lina', { type: 'transfer', to: 'nobody' })).msg).toContain('to');
    // Someone with no part in it neither sees nor acts on it.
    expect((await post('flow/info', { id: v.id }, 'hechao')).msg).toBe('流程不存在或无权查看');
    expect((await act(v.id, 'hechao', { type: 'approve' })).msg).toBe('这不是您的待办');
    expect((await post('flow/info', { id: v.id }, 'lina')).data.actions).toEqual(expect.arrayContaining(['approve', 'reject', 'return']));
  });
});

describe('reminders', () => {
  it('each new task, return and the end of the flow leaves a reminder for the people concerned, pointing at the instance', async () => {
    const before = (await post('Msg/list', { pageSize: 100 }, 'lina')).data.total;
    const v = await start('flowtest.twostep', { first: [id.lina], second: [id.liuyang] }, 'zhangwei', '关于调整值班安排的请示');
    const mine = (await post('Msg/list', { pageSize: 100 }, 'lina')).data;
    expect(mine.total).toBe(before + 1);
    expect(mine.list[0]).toMatchObject({ title: '【待办】关于调整值班安排的请示', flow_id: v.id });
    await approve(v.id, 'lina');
    expect((await post('Msg/list', { pageSize: 1 }, 'liuyang')).data.list[0].title).toBe('【待办】关于调整值班安排的请示');
    await act(v.id, 'liuyang', { type: 'return', target: 'initiator', opinion: '请补充' });
    expect((await post('Msg/list', { pageSize: 1 }, 'zhangwei')).data.list[0].title).toBe('【退回】关于调整值班安排的请示');
    await act(v.id, 'zhangwei', { type: 'start' });
    await approve(v.id, 'lina');
    await approve(v.id, 'liuyang');
    const last = (await post('Msg/list', { pageSize: 1 }, 'zhangwei')).data.list[0];
    expect(last).toMatchObject({ title: '【已办结】关于调整值班安排的请示', flow_id: v.id });
  });
});

describe('approval modes', () => {
  it('会签 of three: running until all three approve; the starter sees it finished with the full log', async () => {
    const v = await start('flowtest.countersign', { approvers: [id.lina, id.liuyang, id.wangfang] });
    expect(v.status).toBe('running');
    for (const who of ['lina', 'liuyang', 'wangfang']) expect(await todoIds(who)).toContain(v.id);
    expect((await approve(v.id, 'lina')).status).toBe('running');
    expect((await approve(v.id, 'liuyang')).status).toBe('running');
    expect(await todoIds('lina')).not.toContain(v.id);
    expect((await post('flow/done', {}, 'lina')).data.list.map((x: any) => x.instanceId)).toContain(v.id);
    expect((await approve(v.id, 'wangfang', '同意，请办理')).status).toBe('finished');
    const sent = (await post('flow/sent', {}, 'zhangwei')).data.list.find((x: any) => x.instanceId === v.id);
    expect(sent.status).toBe('finished');
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    const approvals = log.filter((e) => e.type === 'approve');
    expect(approvals.map((e) => e.actorName)).toEqual(['李娜', '刘洋', '王芳']);
    expect(approvals[2].opinion).toBe('同意，请办理');
    expect(log.some((e) => e.type === 'finish' || e.type === 'finished')).toBe(true);
  });

  it('会签: one rejection rejects the instance and clears the others’ to-do', async () => {
    const v = await start('flowtest.countersign', { approvers: [id.lina, id.liuyang, id.wangfang] });
    await approve(v.id, 'lina');
    const r = await act(v.id, 'liuyang', { type: 'reject', opinion: '不同意' });
    expect(r.data.status).toBe('rejected');
    expect(await todoIds('wangfang')).not.toContain(v.id);
  });

  it('或签: the first approval decides; the others’ tasks go away', async () => {
    const v = await start('flowtest.any', { approvers: [id.lina, id.liuyang] });
    expect((await approve(v.id, 'liuyang')).status).toBe('finished');
    expect(await todoIds('lina')).not.toContain(v.id);
    expect((await act(v.id, 'lina', { type: 'approve' })).code).toBe(-1);
  });

  it('票签 0.6 of five: three approvals pass; three rejections fail', async () => {
    const five = ['lina', 'liuyang', 'wangfang', 'zhengmin', 'demo'];
    const pass = await start('flowtest.vote', { approvers: five.map((u) => id[u]) });
    await approve(pass.id, 'lina');
    expect((await approve(pass.id, 'liuyang')).status).toBe('running');
    expect((await approve(pass.id, 'wangfang')).status).toBe('finished');
    const fail = await start('flowtest.vote', { approvers: five.map((u) => id[u]) });
    for (const who of ['lina', 'liuyang']) expect((await act(fail.id, who, { type: 'reject' })).data.status).toBe('running');
    expect((await act(fail.id, 'wangfang', { type: 'reject' })).data.status).toBe('rejected');
  });
});

describe('actions on the leave flow (科长 = the initiator’s leader, then 分管领导 when days > 3)', () => {
  it('routes to the initiator’s 科长 and, over three days, on to a 分管领导', async () => {
    const short = await start('flowtest.leave', { days: 2 });
    expect(taskOf(short, 'lina')).toBeTruthy();
    expect((await approve(short.id, 'lina')).status).toBe('finished');
    const long = await start('flowtest.leave', { days: 5 });
    const after = await approve(long.id, 'lina');
    expect(after.status).toBe('running');
    // 或签 among the holders of the role 市领导 (leader): the three city leaders among them.
    const holders = await t.database.db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select('ur.user_id')
      .where('r.code', '=', 'leader')
      .where('u.status', '=', 1)
      .execute();
    const leaders = after.state.tasks
      .filter((x: any) => x.status === 'pending')
      .map((x: any) => x.assignee)
      .sort((a: number, b: number) => a - b);
    expect(leaders).toEqual(holders.map((h) => h.user_id).sort((a, b) => a - b));
    expect(leaders).toEqual(expect.arrayContaining([id.liqiang, id.zhaolei, id.chenjing]));
    expect((await approve(long.id, 'zhaolei')).status).toBe('finished');
  });

  it('return to the initiator: back in 待发; resubmitted it reaches the 科长 again', async () => {
    const v = await start('flowtest.leave', { days: 1 });
    const r = await act(v.id, 'lina', { type: 'return', target: 'initiator', opinion: '请补充事由' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.status).toBe('draft');
    expect((await post('flow/drafts', {}, 'zhangwei')).data.list.map((x: any) => x.instanceId)).toContain(v.id);
    expect(await todoIds('lina')).not.toContain(v.id);
    const again = await act(v.id, 'zhangwei', { type: 'start', data: { days: 1, reason: '补充' } });
    expect(again.code, again.msg).toBe(0);
    expect(again.data.status).toBe('running');
    expect(await todoIds('lina')).toContain(v.id);
  });

  it('transfer (转办): the task moves to another person', async () => {
    const v = await start('flowtest.leave', { days: 1 });
    const r = await act(v.id, 'lina', { type: 'transfer', to: id.liuyang, opinion: '请刘主任处理' });
    expect(r.code, r.msg).toBe(0);
    expect(await todoIds('lina')).not.toContain(v.id);
    expect(await todoIds('liuyang')).toContain(v.id);
    expect((await approve(v.id, 'liuyang')).status).toBe('finished');
  });

  it('add-sign before (前加签): the added person acts first, then the 科长', async () => {
    const v = await start('flowtest.leave', { days: 1 });
    const r = await act(v.id, 'lina', { type: 'addSign', position: 'before', users: [id.liuyang] });
    expect(r.code, r.msg).toBe(0);
    expect(await todoIds('lina')).not.toContain(v.id);
    expect((await act(v.id, 'lina', { type: 'approve' })).code).toBe(-1);
    await approve(v.id, 'liuyang');
    expect(await todoIds('lina')).toContain(v.id);
    expect((await approve(v.id, 'lina')).status).toBe('finished');
  });

  it('withdraw (撤回) by the initiator ends it and clears the to-do', async () => {
    const v = await start('flowtest.leave', { days: 1 });
    expect((await act(v.id, 'lina', { type: 'withdraw' })).code).toBe(-1);
    const r = await act(v.id, 'zhangwei', { type: 'withdraw' });
    expect(r.data.status).toBe('withdrawn');
    expect(await todoIds('lina')).not.toContain(v.id);
  });

  it('recall (收回) while the next step has not acted; too late afterwards', async () => {
    const v = await start('flowtest.twostep', { first: [id.lina], second: [id.liuyang] });
    await approve(v.id, 'lina');
    expect(await todoIds('liuyang')).toContain(v.id);
    const back = await act(v.id, 'lina', { type: 'recall' });
    expect(back.code, back.msg).toBe(0);
    expect(await todoIds('lina')).toContain(v.id);
    expect(await todoIds('liuyang')).not.toContain(v.id);
    await approve(v.id, 'lina');
    await approve(v.id, 'liuyang');
    expect((await act(v.id, 'lina', { type: 'recall' })).code).toBe(-1);
  });

  it('委托 during leave: the 科长’s new tasks go to the delegate, on her behalf; not outside the dates', async () => {
    const at = now();
    const d = await post('flow/delegate', { delegateId: id.liuyang, start: at - 1000, end: at + 86_400_000, remark: '休假' }, 'lina');
    expect(d.code, d.msg).toBe(0);
    expect((await post('flow/delegate', { delegateId: id.liuyang, start: at, end: at - 1 }, 'lina')).msg).toBe('委托结束时间不能早于开始时间');
    const v = await start('flowtest.leave', { days: 1 });
    const task = v.state.tasks.find((x: any) => x.status === 'pending');
    expect(task).toMatchObject({ assignee: id.liuyang, onBehalfOf: id.lina });
    expect(await todoIds('liuyang')).toContain(v.id);
    expect((await approve(v.id, 'liuyang')).status).toBe('finished');
    await post('flow/undelegate', { id: d.data.id }, 'lina');
    const later = await start('flowtest.leave', { days: 1 });
    expect(taskOf(later, 'lina')).toBeTruthy();
  });
});

describe('deadlines and timers', () => {
  it('a 2-working-day deadline over 国庆 falls after the holiday; once past, the sweep urges the 科长', async () => {
    advanceClock(Date.parse('2026-09-30T10:00:00+08:00') - now());
    const v = await start('flowtest.leave', { days: 1 });
    const task = taskOf(v, 'lina');
    // 10-01…10-07 are the holiday (chinese-days): two working days from 09-30 10:00 end 10-09 10:00.
    expect(Math.abs(task.deadline - Date.parse('2026-10-09T10:00:00+08:00'))).toBeLessThan(1000);
    const runtime = flowRuntime(t.database.db, t.database.dialect);
    expect(await sweepTimers(t.database.db, runtime, 'test')).toBe(0);
    advanceClock(Date.parse('2026-10-09T10:00:01+08:00') - now());
    expect(await sweepTimers(t.database.db, runtime, 'test-a')).toBeGreaterThanOrEqual(1);
    // A second process finds nothing left to fire.
    expect(await sweepTimers(t.database.db, runtime, 'test-b')).toBe(0);
    const after = (await post('flow/info', { id: v.id }, 'lina')).data;
    expect(taskOf(after, 'lina').overdue).toBe(true);
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    expect(log.some((e) => e.type === 'overdue' && e.actor === null && e.actorName === null)).toBe(true);
    const row = (await post('flow/todo', { pageSize: 100 }, 'lina')).data.list.find((x: any) => x.instanceId === v.id);
    expect(row.overdue).toBe(true);
  });
});

describe('concurrency', () => {
  it('two simultaneous approvals of one task: exactly one wins, the other is told why', async () => {
    const v = await start('flowtest.twostep', { first: [id.lina], second: [id.liuyang] });
    const [a, b] = await Promise.all([approve2(v.id), approve2(v.id)]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([-1, 0]);
    const loser = a.code === -1 ? a : b;
    expect(['该待办已处理', '该事项已被他人处理，请刷新后重试', '这不是您的待办']).toContain(loser.msg);
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    expect(log.filter((e) => e.type === 'approve')).toHaveLength(1);
  });
});

function approve2(inst: number) {
  return act(inst, 'lina', { type: 'approve', opinion: '同意' });
}
