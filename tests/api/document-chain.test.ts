/**
 * The whole chain of an official document (公文 "What it must show") in the demo organisation, on the
 * definitions of schemas/document: 拟稿 by a staff member (张伟) → 部门核稿 (李娜) → 办公室核稿 (周明远) → 会签 by two
 * departments (their leaders, in parallel) → 签发 by the 秘书长 (陈静) → 编号 (王芳, 文电科; two documents numbered at
 * once get consecutive numbers) → 用印 → 分发 to three units → each 签收 (one 退回 with a reason) → 拟办 → 批示 →
 * 承办 → 办结 → 归档. A user outside the flow never sees it; a user whose clearance is below its 密级 never sees it.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};
const unit: Record<string, number> = {};
let drcClerk = '';

/** Signs `username` in (once) and remembers the session and id. */
async function as(username: string): Promise<Session> {
  if (!s[username]) {
    s[username] = sessionOf(await t.login(username));
    uid[username] = (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  return s[username];
}
const post = async (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, await as(who));
const usernameOf = async (id: number) => (await t.database.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** The usernames holding a pending task of instance view `v`. */
async function pendingOf(v: any): Promise<string[]> {
  return Promise.all(v.state.tasks.filter((x: any) => x.status === 'pending').map((x: any) => usernameOf(x.assignee)));
}

/** `who` approves their open task of instance `id` (with `data` written where the step allows). */
async function approve(id: number, who: string, opinion = '同意', data?: Record<string, unknown>) {
  const r = await post('flow/act', { id, type: 'approve', opinion, ...(data ? { data } : {}) }, who);
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
}

/** A drafted and submitted 发文 of zhangwei; answers the instance view. */
async function submit(title: string, extra: Record<string, unknown> = {}) {
  const rec = await post(
    'document/add',
    { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>各有关单位：</p><p>现将有关事项通知如下。</p>', issuerOrg: '市人民政府办公室', ...extra },
    'zhangwei',
  );
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  return { rec: rec.data, v: v.data };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, name] of [
    ['finance', '市财政局'],
    ['education', '市教育局'],
    ['drc', '市发展和改革委员会'],
  ] as const)
    unit[k] = await deptId(name);
  // The 发改委's 收发员 for this scenario: a member of its 办公室 (and of nothing else) gets the clerk role.
  const clerk = await t.database.db.selectFrom('roles').select('id').where('code', '=', 'clerk').executeTakeFirstOrThrow();
  const office = await t.database.db
    .selectFrom('departments')
    .select('id')
    .where('parent_id', '=', unit.drc)
    .where('name', '=', '办公室')
    .executeTakeFirstOrThrow();
  const members = await t.database.db.selectFrom('user_departments').select('user_id').where('dept_id', '=', office.id).where('is_leader', '=', 0).execute();
  for (const m of members) {
    const all = await t.database.db.selectFrom('user_departments').select('dept_id').where('user_id', '=', m.user_id).execute();
    if (all.length === 1) {
      drcClerk = await usernameOf(m.user_id);
      break;
    }
  }
  await as(drcClerk);
  const held = await t.database.db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', uid[drcClerk])
    .where('role_id', '=', clerk.id)
    .executeTakeFirst();
  if (!held) await t.database.db.insertInto('user_roles').values({ user_id: uid[drcClerk], role_id: clerk.id }).execute();
});
afterAll(async () => t.close());

describe('the official-document chain', () => {
  let send: { rec: any; v: any };
  let mark: any;

  it('拟稿 → 部门核稿 → 办公室核稿 → 会签 by two departments → 签发 by the 秘书长', async () => {
    mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政办发');
    expect(mark).toBeTruthy();
    send = await submit('关于做好2027年元旦春节期间安全生产工作的通知', { draftDept: await deptId('秘书科') });
    expect(await pendingOf(send.v)).toEqual(['lina']);
    await approve(send.v.id, 'lina', '核稿无误');
    const countersign = [unit.finance, unit.education];
    const v = await approve(send.v.id, 'demo', '请财政局、教育局会签，陈静秘书长签发', {
      countersignDepts: countersign,
      issuerUser: (await as('chenjing'), uid.chenjing),
      markId: mark.id,
      mainTo: [unit.finance, unit.education, unit.drc],
    });
    // 会签: the leader of each department, in parallel.
    const signers = await pendingOf(v);
    expect(signers).toHaveLength(2);
    expect(signers).toContain('zhoujie');
    for (const who of signers.slice(0, 1)) await approve(send.v.id, who, '会签同意');
    const half = (await post('flow/info', { id: send.v.id }, 'zhangwei')).data;
    expect(half.state.nodeRuns.some((r: any) => r.nodeId === 'countersign' && r.status === 'active')).toBe(true);
    const issued = await approve(send.v.id, signers[1], '会签同意');
    expect(await pendingOf(issued)).toEqual(['chenjing']);
    const numbered = await approve(send.v.id, 'chenjing', '同意印发', { docDate: '2026-11-25' });
    expect(await pendingOf(numbered)).toEqual(['wangfang']);
  });

  it('编号: two documents numbered at once get consecutive numbers of the mark; the number is on the record', async () => {
    const other = await submit('关于开展冬季消防安全检查的通知');
    await approve(other.v.id, 'lina');
    await approve(other.v.id, 'demo', '同意', { issuerUser: uid.chenjing, markId: mark.id, mainTo: [unit.finance] });
    await approve(other.v.id, 'chenjing', '同意');
    const [a, b] = await Promise.all([approve(send.v.id, 'wangfang', '已编号'), approve(other.v.id, 'wangfang', '已编号')]);
    const numbers = [a.state.data.docNumber, b.state.data.docNumber].sort();
    const seqs = numbers.map((n: string) => Number(/〔\d{4}〕(\d+)号$/.exec(n)![1]));
    expect(numbers.every((n: string) => n.startsWith('京政办发〔'))).toBe(true);
    expect(Math.abs(seqs[0] - seqs[1])).toBe(1);
    const rec = (await post('document/info', { id: send.rec.id }, 'zhangwei')).data;
    expect(rec.docNumber).toBe(a.state.data.docNumber);
    expect(await pendingOf(a)).toEqual(['wangfang']);
  });

  it('用印 → 分发 to three units: each unit’s 收发员 gets a sign-for item and a reminder', async () => {
    const sealed = await approve(send.v.id, 'wangfang', '已用印');
    expect(sealed.state.data.sealed).toBe(true);
    const done = await approve(send.v.id, 'wangfang', '已分发');
    expect(done.status).toBe('finished');
    for (const clerk of ['sunli', 'wuhao', drcClerk]) {
      const list = (await post('document/gwqsList', { status: 'pending' }, clerk)).data.list;
      expect(
        list.map((x: any) => x.title),
        clerk,
      ).toContain('关于做好2027年元旦春节期间安全生产工作的通知');
      expect((await post('document/gwqsCount', {}, clerk)).data.pending).toBeGreaterThan(0);
      const msgs = (await post('Msg/list', {}, clerk)).data.list;
      expect(msgs.some((m: any) => m.type === 14 && m.title.includes('安全生产工作'))).toBe(true);
    }
    // Nobody outside the receiving units signs for it.
    expect((await post('document/gwqsList', {}, 'wangfang')).data.list.some((x: any) => x.send_id === send.rec.id)).toBe(false);
  });

  it('签收 (two units) and 退回 with a reason (one); a decided item cannot be decided again', async () => {
    const item = async (clerk: string) => (await post('document/gwqsList', { status: 'pending' }, clerk)).data.list.find((x: any) => x.send_id === send.rec.id);
    const back = await item(drcClerk);
    // 公文设置 may turn 退回 off: then the clerk is told to sign for it.
    const settings = (await post('document/getSetting', {}, 'demo')).data;
    expect((await post('document/submitSetting', { version: settings.version, allowReceiptReturn: '0' }, 'demo')).code).toBe(0);
    expect((await post('document/gwqsDelete', { id: back.id, reason: '非我委主办事项' }, drcClerk)).msg).toBe('公文设置不允许退回收文，请签收后按程序办理');
    expect((await post('document/submitSetting', { version: settings.version + 1, allowReceiptReturn: '1' }, 'demo')).code).toBe(0);
    expect((await post('document/gwqsDelete', { id: back.id, reason: '' }, drcClerk)).msg).toContain('退回原因');
    expect((await post('document/gwqsDelete', { id: back.id, reason: '非我委主办事项，请核对主送机关' }, drcClerk)).code).toBe(0);
    expect((await post('document/gwqsSign', { id: back.id }, drcClerk)).msg).toBe('该文件已签收或已退回');
    // Another unit's clerk cannot sign for it.
    const finance = await item('sunli');
    expect((await post('document/gwqsSign', { id: finance.id }, 'wuhao')).msg).toBe('签收件不存在或无权办理');
    const signed = await post('document/gwqsSign', { id: finance.id }, 'sunli');
    expect(signed.code, signed.msg).toBe(0);
    expect((await post('document/gwqsSign', { id: (await item('wuhao')).id }, 'wuhao')).code).toBe(0);
    const info = (await post('document/signinfo', { id: send.v.id }, 'zhangwei')).data;
    expect(info.map((r: any) => r.status).sort()).toEqual(['returned', 'signed', 'signed']);
    expect(info.find((r: any) => r.status === 'returned').reason).toBe('非我委主办事项，请核对主送机关');
    // The 收文 carries the 发文's number and text.
    const recv = (await post('flow/info', { id: signed.data.flowId }, 'sunli')).data;
    expect(recv.state.data).toMatchObject({
      title: '关于做好2027年元旦春节期间安全生产工作的通知',
      fromNumber: expect.stringMatching(/^京政办发〔\d{4}〕\d+号$/),
    });
    // 办理期限: 公文设置's default of 5 working days from the day it was signed for.
    const { addWorkdays } = await import('../../engine/expr/dates.js');
    expect(recv.state.data.deadline).toBe(addWorkdays(recv.state.data.receivedDate, 5));
    (globalThis as any).receiveFlow = signed.data.flowId;
  });

  it('收文: 登记 → 拟办 → 领导批示 → 承办 (主办/协办) → 办结 → 归档', async () => {
    const id = (globalThis as any).receiveFlow as number;
    let v = (await post('flow/info', { id }, 'sunli')).data;
    expect(await pendingOf(v)).toEqual(['sunli']);
    v = await approve(id, 'sunli', '已登记', { receiveNumber: '财收〔2026〕1号' });
    const proposer = (await pendingOf(v))[0];
    expect(proposer).toBeTruthy();
    const host = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'zhoujie').executeTakeFirstOrThrow()).id;
    await as('zhoujie');
    v = await approve(id, proposer, '拟请周杰局长阅示', { instructLeader: host, hostUsers: [uid.sunli], readers: [host] });
    expect(await pendingOf(v)).toEqual(['zhoujie']);
    v = await approve(id, 'zhoujie', '请办公室牵头落实', { instruction: '请办公室牵头落实' });
    expect(await pendingOf(v)).toEqual(['sunli']);
    v = await approve(id, 'sunli', '已落实', { result: '已转发各科室并部署检查' });
    v = await approve(id, 'sunli', '办结');
    expect(v.status).toBe('finished');
    expect(v.state.data.archived).toBe(true);
  });

  it('a user outside the flow never sees it; a user below its 密级 never sees it', async () => {
    // 刘洋 (outside): not in his lists, not by id, not through the entity API.
    expect((await post('flow/info', { id: send.v.id }, 'liuyang')).code).toBe(-1);
    expect((await post('document/info', { id: send.rec.id }, 'liuyang')).code).toBe(-1);
    // A 机密 (2) document: 张伟 (clearance 1) may not even draft it; drafted by 李娜 (2), the 市长 (3) sees it as a
    // supervisor, 孙丽 (1) never does, even as a receiving clerk.
    const tooHigh = await post('document/add', { title: '关于某项机密工作的通知', docType: '8', secretLevel: '2', urgency: '0' }, 'zhangwei');
    expect(tooHigh.code).toBe(-1);
    expect(tooHigh.msg).toContain('密级');
    const rec = await post('document/add', { title: '关于某项机密工作的通知', docType: '8', secretLevel: '2', urgency: '0' }, 'lina');
    expect(rec.code, rec.msg).toBe(0);
    const v = (await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, 'lina')).data;
    expect((await post('flow/info', { id: v.id }, 'liqiang')).code).toBe(0);
    expect((await post('flow/info', { id: v.id }, 'sunli')).code).toBe(-1);
    expect((await post('document/list', {}, 'lina')).data.list.some((r: any) => r.id === rec.data.id)).toBe(true);
    // 吴昊 (clearance 1) made a supervisor: the 督办 list shows what is running, except the 机密 document.
    const leader = await t.database.db.selectFrom('roles').select('id').where('code', '=', 'leader').executeTakeFirstOrThrow();
    await as('wuhao');
    await t.database.db.insertInto('user_roles').values({ user_id: uid.wuhao, role_id: leader.id }).execute();
    const supervised = (await post('flow/supervise', { pageSize: 100 }, 'wuhao')).data.list.map((r: any) => r.instanceId);
    expect(supervised.length).toBeGreaterThan(0);
    expect(supervised).not.toContain(v.id);
    // The counts follow the list (the 机密 one is not counted either).
    const listed = (await post('flow/supervise', { pageSize: 100 }, 'wuhao')).data.total;
    expect((await post('flow/counts', {}, 'wuhao')).data.supervise).toBe(listed);
    expect((await post('flow/counts', {}, 'liqiang')).data.supervise).toBeGreaterThan(listed);
    expect((await post('flow/supervise', { pageSize: 100 }, 'liqiang')).data.list.map((r: any) => r.instanceId)).toContain(v.id);
    expect((await post('document/list', {}, 'sunli')).data.list.some((r: any) => r.id === rec.data.id)).toBe(false);
  });
});
