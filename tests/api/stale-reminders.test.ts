/**
 * Handled tasks leave no unread reminders: once a person approves, returns or transfers their task (or their
 * 委托 delegate does) or reads their copy, the 待办 / 退回 / 催办 / 抄送 reminders of that flow are read in their bell, and the bell is told to
 * refresh (push type 1); a person who still holds an open task of the flow keeps theirs. A 公文签收 reminder is
 * read once its receiver signs for the document. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { busOf } from '../../src/server/services/messageBus.js';
import { MESSAGE_TYPES } from '../../src/server/services/messages.js';

const { TASK, RETURN, URGE, CC, DOCUMENT_SIGN } = MESSAGE_TYPES;

let t: TestApp;
const a = actors(() => t);
const id: Record<string, number> = {};
/** Pushes each user's open sockets received (a fake socket per user on the app's bus). */
const pushes: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'demo', 'liuyang', 'chenjing', 'wangfang', 'sunli']) {
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    pushes[u] = [];
    busOf(t.app.ctx).add(id[u], { readyState: 1, send: (text: string) => void pushes[u].push(text) });
  }
  id.finance = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市财政局').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

/** `who`'s reminders whose title names `title`: their kinds (MESSAGE_TYPES), unread and read. */
async function bell(who: string, title: string) {
  const list = (await a.ok('Msg/list', { current: 1, pageSize: 100 }, who)).list.filter((m: any) => m.title.includes(title));
  return { unread: list.filter((m: any) => m.is_read === 0).map((m: any) => m.type), read: list.filter((m: any) => m.is_read === 1).map((m: any) => m.type) };
}

/** zhangwei's affair `title` submitted to 事务审批 (its first step is lina's); answers the instance view. */
async function affair(title: string) {
  const rec = await a.ok('affair/add', { title, affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
  return { ...(await a.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')), recordId: rec.id as number };
}

describe('a handled task’s reminders are read', () => {
  it('approve: lina’s 待办 and 催办 become read at once, her bell is refreshed, the next approver’s stays unread', async () => {
    const v = await affair('关于购置档案柜的请示');
    await a.ok('flow/act', { id: v.id, type: 'urge', opinion: '请尽快审核' }, 'zhangwei');
    expect(await bell('lina', '关于购置档案柜的请示')).toEqual({ unread: [URGE, TASK], read: [] });
    const before = (await a.ok('Msg/list', { current: 1, pageSize: 1 }, 'lina')).unread;
    pushes.lina.length = 0;
    const step = await a.ok('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, 'lina');
    expect(await bell('lina', '关于购置档案柜的请示')).toEqual({ unread: [], read: [URGE, TASK] });
    expect((await a.ok('Msg/list', { current: 1, pageSize: 1 }, 'lina')).unread).toBe(before - 2);
    expect(pushes.lina).toContain(JSON.stringify({ type: 1 }));
    const leader = step.state.tasks.find((x: any) => x.status === 'pending').assignee === id.demo ? 'demo' : 'liuyang';
    expect((await bell(leader, '关于购置档案柜的请示')).unread).toEqual([TASK]);
    await a.ok('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, leader);
    expect((await bell(leader, '关于购置档案柜的请示')).unread).toEqual([]);
  });

  it('return and resubmit: the 退回 reminder of the drafter is read when he submits again; lina’s 待办 when she returns', async () => {
    const v = await affair('关于调整值班安排的请示');
    await a.ok('flow/act', { id: v.id, type: 'return', target: 'initiator', opinion: '请补充值班表' }, 'lina');
    expect((await bell('lina', '关于调整值班安排的请示')).unread).toEqual([]);
    expect((await bell('zhangwei', '关于调整值班安排的请示')).unread).toEqual([RETURN]);
    // submitting the returned record again runs the same instance again
    expect((await a.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: v.recordId }, 'zhangwei')).id).toBe(v.id);
    expect((await bell('zhangwei', '关于调整值班安排的请示')).unread).toEqual([]);
    expect((await bell('lina', '关于调整值班安排的请示')).unread).toEqual([TASK]);
  });

  it('transfer: the task’s reminder is read for the one who passed it on, unread for the one who got it', async () => {
    const v = await affair('关于更换会议室投影仪的请示');
    await a.ok('flow/act', { id: v.id, type: 'transfer', to: id.liuyang, opinion: '请刘主任处理' }, 'lina');
    expect((await bell('lina', '关于更换会议室投影仪的请示')).unread).toEqual([]);
    expect((await bell('liuyang', '关于更换会议室投影仪的请示')).unread).toEqual([TASK]);
  });

  it('抄送: the copy’s reminder is read once the person has read it', async () => {
    const v = await affair('关于春节值班安排的请示');
    await a.ok('flow/act', { id: v.id, type: 'cc', users: [id.liuyang] }, 'lina');
    expect((await bell('liuyang', '关于春节值班安排的请示')).unread).toEqual([CC]);
    await a.ok('flow/act', { id: v.id, type: 'read' }, 'liuyang');
    expect((await bell('liuyang', '关于春节值班安排的请示')).unread).toEqual([]);
    // lina still holds her own step: her 待办 stays unread
    expect((await bell('lina', '关于春节值班安排的请示')).unread).toEqual([TASK]);
  });

  it('公文签收: the receiver’s 签收 reminder is read when they sign for the document', async () => {
    const mark = (await a.ok('document/markList', {}, 'zhangwei')).list[0];
    const rec = await a.ok(
      'document/add',
      { title: '关于做好年终决算工作的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>正文</p>' },
      'zhangwei',
    );
    const v = await a.ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, 'zhangwei');
    await a.ok('flow/act', { id: v.id, type: 'approve' }, 'lina');
    await a.ok('flow/act', { id: v.id, type: 'approve', data: { issuerUser: id.chenjing, markId: mark.id, mainTo: [id.finance] } }, 'demo');
    await a.ok('flow/act', { id: v.id, type: 'approve' }, 'chenjing');
    for (let i = 0; i < 3; i++) await a.ok('flow/act', { id: v.id, type: 'approve' }, 'wangfang');
    expect((await bell('sunli', '关于做好年终决算工作的通知')).unread).toEqual([DOCUMENT_SIGN]);
    const item = (await a.ok('document/gwqsList', { status: 'pending' }, 'sunli')).list.find((r: any) => r.title === '关于做好年终决算工作的通知');
    pushes.sunli.length = 0;
    await a.ok('document/gwqsSign', { id: item.id }, 'sunli');
    const after = await bell('sunli', '关于做好年终决算工作的通知');
    expect(after.read).toContain(DOCUMENT_SIGN);
    expect(after.unread).not.toContain(DOCUMENT_SIGN);
    expect(pushes.sunli).toContain(JSON.stringify({ type: 1 }));
  });
});
