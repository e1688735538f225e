/**
 * What the people involved in a 发文 see (DESIGN §5, schemas/document/flows/send.flow.json): the drafter may 撤回
 * only until the first step has acted (offered, then neither offered nor accepted, with a clear message); each 办理
 * step is logged as what it was (签发, 编号, 用印, 分发 in flow/log's detail.handleKind and in 办理记录's actionName);
 * a 会签 return cancels the other signer's task, the log names them and they are told; a step handled under 委托
 * is logged for whom it was done; the drafter's form follows the 拟稿 step's field rights (签发人 and 发文字号 read-only,
 * refused at submission). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};

async function as(username: string): Promise<Session> {
  if (!s[username]) {
    s[username] = sessionOf(await t.login(username));
    uid[username] = (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  return s[username];
}
const post = async (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, await as(who));
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const usernameOf = async (id: number) => (await t.database.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
const pendingOf = async (v: any): Promise<string[]> =>
  Promise.all(v.state.tasks.filter((x: any) => x.status === 'pending' && x.kind !== 'cc' && x.kind !== 'read').map((x: any) => usernameOf(x.assignee)));

async function act(id: number, who: string, body: Record<string, unknown>) {
  const r = await post('flow/act', { id, ...body }, who);
  expect(r.code, `${who} ${String(body.type)}: ${r.msg}`).toBe(0);
  return r.data;
}

/** A 发文 drafted and submitted by 张伟; answers the instance view. */
async function submit(title: string, extra: Record<string, unknown> = {}) {
  const rec = await post(
    'document/add',
    { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>各有关单位：</p>', issuerOrg: '市人民政府办公室', ...extra },
    'zhangwei',
  );
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id, opinion: '请审核' }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  return v.data;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'liuyang', 'demo', 'chenjing', 'wangfang']) await as(u);
});
afterAll(async () => t.close());

describe('撤回 by the drafter', () => {
  it('is offered until the first step has acted, then neither offered nor accepted', async () => {
    const early = await submit('关于调整会议室使用安排的通知');
    expect((await post('flow/info', { id: early.id }, 'zhangwei')).data.actions).toContain('withdraw');
    expect((await act(early.id, 'zhangwei', { type: 'withdraw', opinion: '暂缓' })).status).toBe('withdrawn');

    const late = await submit('关于开展节能宣传周活动的通知');
    await act(late.id, 'lina', { type: 'approve', opinion: '核稿无误' });
    expect((await post('flow/info', { id: late.id }, 'zhangwei')).data.actions).not.toContain('withdraw');
    const refused = await post('flow/act', { id: late.id, type: 'withdraw' }, 'zhangwei');
    expect(refused.code).toBe(-1);
    expect(refused.msg).toBe('已有人处理该流程，不能撤回');
    expect((await post('flow/info', { id: late.id }, 'zhangwei')).data.status).toBe('running');
    // returned to the drafter, it may be withdrawn again
    await act(late.id, 'demo', { type: 'return', target: 'initiator', opinion: '请修改' });
    expect((await post('flow/info', { id: late.id }, 'zhangwei')).data.actions).toContain('withdraw');
  });
});

describe('the flow log names each action', () => {
  it('签发, 编号, 用印 and 分发 are logged as themselves, not 同意', async () => {
    const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政办发');
    const v = await submit('关于做好冬季供暖保障工作的通知');
    await act(v.id, 'lina', { type: 'approve', opinion: '核稿无误' });
    await act(v.id, 'demo', {
      type: 'approve',
      opinion: '请陈静秘书长签发',
      data: { issuerUser: uid.chenjing, markId: mark.id, mainTo: [await deptId('市财政局')] },
    });
    await act(v.id, 'chenjing', { type: 'approve', opinion: '同意印发' });
    await act(v.id, 'wangfang', { type: 'approve', opinion: '已编号' });
    await act(v.id, 'wangfang', { type: 'approve', opinion: '已用印' });
    expect((await act(v.id, 'wangfang', { type: 'approve', opinion: '已分发' })).status).toBe('finished');
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    const approvals = log.filter((e) => e.type === 'approve').map((e) => [e.nodeId, e.detail?.handleKind ?? null]);
    expect(approvals).toEqual([
      ['deptReview', null],
      ['officeReview', null],
      ['issue', 'issue'],
      ['number', 'number'],
      ['seal', 'seal'],
      ['distribute', 'distribute'],
    ]);
    const rows = (await post('document/getHandleLogs', { id: v.id }, 'zhangwei')).data as any[];
    expect(rows.filter((r) => r.action === 'approve').map((r) => [r.step, r.handler, r.actionName])).toEqual([
      ['部门核稿', '李娜', '同意'],
      ['办公室核稿', '周明远', '同意'],
      ['领导签发', '陈静', '签发'],
      ['编号', '王芳', '编号'],
      ['用印', '王芳', '用印'],
      ['分发', '王芳', '分发'],
    ]);
  });

  it('a 会签 return cancels the other signer’s task: the log says so and they are told', async () => {
    const depts = [await deptId('市财政局'), await deptId('市教育局')];
    const v = await submit('关于联合开展校园周边食品安全检查的通知', { countersignDepts: depts });
    await act(v.id, 'lina', { type: 'approve', opinion: '核稿无误' });
    const signing = await act(v.id, 'demo', { type: 'approve', opinion: '请会签', data: { issuerUser: uid.chenjing } });
    const [returner, other] = await pendingOf(signing);
    expect(other).toBeTruthy();
    await as(returner);
    await as(other);
    const before = (await post('Msg/list', { pageSize: 100 }, other)).data.total;
    const back = await act(v.id, returner, { type: 'return', target: 'previous', opinion: '经费来源需再明确' });
    expect(await pendingOf(back)).toEqual(['demo']);
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    const cancelled = log.find((e) => e.type === 'cancelled');
    expect(cancelled).toMatchObject({ actor: uid[returner], nodeId: 'countersign', detail: { users: [uid[other]], reason: 'return' } });
    const msgs = (await post('Msg/list', { pageSize: 100 }, other)).data;
    expect(msgs.total).toBe(before + 1);
    expect(msgs.list[0]).toMatchObject({ title: '【待办已取消】关于联合开展校园周边食品安全检查的通知', flow_id: v.id });
    // their to-do is gone
    expect((await post('flow/todo', { pageSize: 100 }, other)).data.list.map((x: any) => x.instanceId)).not.toContain(v.id);
  });

  it('a step handled under 委托 is logged for whom it was done', async () => {
    const at = Date.now();
    const d = await post('flow/delegate', { delegateId: uid.liuyang, start: at - 1000, end: at + 86_400_000, remark: '出差' }, 'lina');
    expect(d.code, d.msg).toBe(0);
    const v = await submit('关于做好年度档案移交工作的通知');
    expect(await pendingOf(v)).toEqual(['liuyang']);
    await act(v.id, 'liuyang', { type: 'approve', opinion: '同意' });
    await post('flow/undelegate', { id: d.data.id }, 'lina');
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    expect(log.find((e) => e.type === 'approve')).toMatchObject({ actorName: '刘洋', opinion: '同意', detail: { onBehalfOf: uid.lina } });
  });
});

describe('the drafter’s field rights', () => {
  it('the form names the 拟稿 step’s rights; a 签发人 set by the drafter is refused at submission', async () => {
    const page = await post('Template/page', { route: '/document/new' }, 'zhangwei');
    expect(page.code, page.msg).toBe(0);
    expect(page.data.startFields).toMatchObject({ issuerUser: 'R', docNumber: 'R', title: 'W', markId: 'W' });
    const rec = await post(
      'document/add',
      { title: '关于自行指定签发人的测试通知', docType: '8', secretLevel: '0', urgency: '0', issuerUser: uid.chenjing },
      'zhangwei',
    );
    expect(rec.code, rec.msg).toBe(0);
    const r = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, 'zhangwei');
    expect(r.code).toBe(-1);
    expect(r.msg).toBe('字段 issuerUser 在此环节不可编辑');
  });
});
