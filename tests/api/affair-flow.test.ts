/**
 * Affairs (事务) on the engine: a record of `affair.affair` (schemas/affair) submitted to the flow
 * `affair.default` (拟稿 → 科室负责人审核 → 分管领导审批, the latter with a shorter deadline for 加急/特急 → 办结):
 * who gets each step in the demo organisation, the record's 办理状态 following the flow, a returned affair
 * submitted again on the same instance, and the area's work lists. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'demo', 'liuyang', 'hechao']) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t.close());

const post = (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, s[who]);
const FLOWS = { flows: ['affair.default'] };

async function draftAffair(title: string, urgency = '0') {
  const r = await post('affair/add', { title, affairType: 'request', urgency, body: '<p>请审批</p>' }, 'zhangwei');
  expect(r.code, r.msg).toBe(0);
  expect(r.data.flowStatus).toBe('draft');
  return r.data;
}

describe('affairs on the approval engine', () => {
  it('zhangwei’s affair goes to his 科长 李娜, then to the leader above, and ends 已办结 on the record', async () => {
    const rec = await draftAffair('关于购置办公设备的请示');
    const v = (await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).data;
    expect(v).toMatchObject({ status: 'running', title: '关于购置办公设备的请示', entity: 'affair.affair', recordId: rec.id });
    expect(v.state.data).toMatchObject({ title: '关于购置办公设备的请示', urgency: '0', body: '<p>请审批</p>' });
    expect((await post('affair/info', { id: rec.id }, 'zhangwei')).data).toMatchObject({ flowStatus: 'running', flowId: v.id });
    const todo = (await post('flow/todo', FLOWS, 'lina')).data.list.find((x: any) => x.instanceId === v.id);
    expect(todo).toMatchObject({ title: '关于购置办公设备的请示', flowTitle: '事务审批', nodeTitle: '科室负责人审核', initiatorName: '张伟' });
    expect(todo.deadline).toBeGreaterThan(todo.createdAt);
    // The console's 待办事务 count: lina's open affair tasks only.
    expect((await post('flow/counts', { area: 'affair' }, 'lina')).data).toMatchObject({ todo: 1, overdue: 0 });
    expect((await post('flow/counts', { area: 'document' }, 'lina')).data.todo).toBe(0);
    // Submitting the same record again is refused while it runs.
    expect((await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).msg).toBe(
      '该事项已提交审批，不能重复提交',
    );
    // What the step lets lina write (办理意见摘要) reaches the record with her action; a value the entity
    // refuses rolls the whole action back and names the field.
    const tooLong = await post('flow/act', { id: v.id, type: 'approve', opinion: '同意', data: { remark: '长'.repeat(1001) } }, 'lina');
    expect(tooLong.code).toBe(-1);
    expect(tooLong.msg).toContain('办理意见摘要');
    expect((await post('flow/todo', FLOWS, 'lina')).data.list.some((x: any) => x.instanceId === v.id)).toBe(true);
    const step2 = (await post('flow/act', { id: v.id, type: 'approve', opinion: '同意，请领导审批', data: { remark: '建议本月内完成采购' } }, 'lina')).data;
    expect((await post('affair/info', { id: rec.id }, 'zhangwei')).data).toMatchObject({
      remark: '建议本月内完成采购',
      title: '关于购置办公设备的请示',
      flowStatus: 'running',
    });
    const next = step2.state.tasks.filter((x: any) => x.status === 'pending');
    expect(next.length).toBeGreaterThan(0);
    const leader = next[0].assignee as number;
    expect([id.demo, id.liuyang]).toContain(leader);
    const who = leader === id.demo ? 'demo' : 'liuyang';
    expect((await post('flow/todo', FLOWS, who)).data.list.find((x: any) => x.instanceId === v.id).nodeTitle).toBe('分管领导审批');
    const done = (await post('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, who)).data;
    expect(done.status).toBe('finished');
    expect((await post('affair/info', { id: rec.id }, 'zhangwei')).data.flowStatus).toBe('finished');
    const sent = (await post('flow/sent', FLOWS, 'zhangwei')).data.list.find((x: any) => x.instanceId === v.id);
    expect(sent).toMatchObject({ status: 'finished', flowTitle: '事务审批' });
    const doneList = (await post('flow/done', FLOWS, 'lina')).data.list.find((x: any) => x.instanceId === v.id);
    expect(doneList).toMatchObject({ result: 'approve', nodeTitle: '科室负责人审核' });
  });

  it('a 特急 affair takes the urgent branch (one working day); a returned one is submitted again on the same instance', async () => {
    const rec = await draftAffair('关于紧急调拨防汛物资的请示', '3');
    const v = (await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).data;
    const urgent = (await post('flow/act', { id: v.id, type: 'approve' }, 'lina')).data;
    const run = urgent.state.nodeRuns.find((r: any) => r.status === 'active' && r.nodeId !== 'urgency');
    expect(run.nodeId).toBe('leaderUrgent');
    const who = urgent.state.tasks.find((x: any) => x.status === 'pending').assignee === id.demo ? 'demo' : 'liuyang';
    const back = await post('flow/act', { id: v.id, type: 'return', target: 'initiator', opinion: '请补充物资清单' }, who);
    expect(back.data.status).toBe('draft');
    expect((await post('affair/info', { id: rec.id }, 'zhangwei')).data.flowStatus).toBe('draft');
    expect((await post('flow/drafts', FLOWS, 'zhangwei')).data.list.map((x: any) => x.instanceId)).toContain(v.id);
    // The initiator corrects the record and submits it again: the same instance runs again.
    const current = (await post('affair/info', { id: rec.id }, 'zhangwei')).data;
    await post('affair/edit', { id: rec.id, version: current.version, body: '<p>附物资清单</p>' }, 'zhangwei');
    const again = (await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).data;
    expect(again.id).toBe(v.id);
    expect(again.status).toBe('running');
    expect(again.state.data.body).toBe('<p>附物资清单</p>');
    // Someone else cannot submit zhangwei's record (it is not in his scope).
    expect((await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'hechao')).code).toBe(-1);
  });
});
