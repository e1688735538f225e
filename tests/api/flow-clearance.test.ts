/**
 * 密级 in the approval runtime (DESIGN §7; issues 4 and 5): nobody whose clearance is below a document's 密级 gets
 * a task, a cc or a transfer of it — the node's emptyAssignee policy applies when nobody is left — and a reader
 * through an authorised 关联文件 opens the linked instance read-only through flow/info (never above their
 * clearance). Flow document.clearancetest (tests/fixtures/schemas/flowclearance) over 发文 records: 办公室核稿 by
 * the office_director role (或签, empty → skip; 密级 and 签发人 writable), then 签发 by the 签发人 field (empty →
 * the administrators). Demo people: 周明远 (clearance 3), 刘洋 (2), 何超 (1), 张伟 (1), 王芳 (2), admin (2).
 * SQLite and PostgreSQL (DATABASE_URL).
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowclearance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { forgetClearance } from '../../src/server/services/clearance.js';

let t: TestApp;
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};
const PEOPLE = ['zhangwei', 'lina', 'liuyang', 'wangfang', 'demo', 'hechao', 'admin'];
const FLOW = 'document.clearancetest';

const post = (p: string, body: Record<string, unknown>, who: string) => t.post(p, body, s[who]);
async function ok(p: string, body: Record<string, unknown>, who: string) {
  const r = await post(p, body, who);
  expect(r.code, `${who} ${p}: ${r.msg}`).toBe(0);
  return r.data;
}

/** Sets the clearance of each of `who` to `level` for the duration of `fn`. */
async function withClearance(who: string[], level: number, fn: () => Promise<void>) {
  const db = t.database.db;
  const before = await db
    .selectFrom('users')
    .select(['id', 'clearance'])
    .where(
      'id',
      'in',
      who.map((u) => uid[u]),
    )
    .execute();
  await db
    .updateTable('users')
    .set({ clearance: level })
    .where(
      'id',
      'in',
      who.map((u) => uid[u]),
    )
    .execute();
  forgetClearance(db);
  try {
    await fn();
  } finally {
    for (const b of before) await db.updateTable('users').set({ clearance: b.clearance }).where('id', '=', b.id).execute();
    forgetClearance(db);
  }
}

/** A 发文 of `who` with 密级 `level` submitted on the test flow; answers the instance view. */
async function submit(title: string, who: string, level: string) {
  const rec = await ok(
    'document/add',
    { title, docType: '8', secretLevel: level, urgency: '0', body: '<p>现将有关事项通知如下。</p>', issuerOrg: '市人民政府办公室' },
    who,
  );
  return ok('flow/start', { defId: FLOW, entity: 'document.send', recordId: rec.id }, who);
}

/** Usernames holding an open task of node `nodeId` in `view`, sorted. */
function holders(view: any, nodeId: string): string[] {
  const byId = new Map(Object.entries(uid).map(([u, i]) => [i, u]));
  return view.state.tasks
    .filter((x: any) => x.nodeId === nodeId && x.status === 'pending')
    .map((x: any) => byId.get(x.assignee) ?? `#${x.assignee}`)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of PEOPLE) {
    s[u] = sessionOf(await t.login(u));
    uid[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
  // 刘洋 (机密) and 何超 (秘密) hold the office_director role beside 周明远 (绝密).
  const role = await t.database.db.selectFrom('roles').select('id').where('code', '=', 'office_director').executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('user_roles')
    .values([
      { user_id: uid.liuyang, role_id: role.id },
      { user_id: uid.hechao, role_id: role.id },
    ])
    .execute();
});
afterAll(async () => t?.close());

describe('assignees and clearance', () => {
  it('a 非密 document reaches every holder of the role', async () => {
    const v = await submit('关于调整办公用房的通知', 'lina', '0');
    expect(holders(v, 'review')).toEqual(['demo', 'hechao', 'liuyang']);
  });

  it('a 机密 document skips the role holder without clearance; the others get it', async () => {
    const v = await submit('关于某项机密工作的通知', 'lina', '2');
    expect(holders(v, 'review')).toEqual(['demo', 'liuyang']);
    expect((await post('flow/info', { id: v.id }, 'hechao')).msg).toBe('流程不存在或无权查看');
    expect((await post('flow/todo', { pageSize: 100 }, 'hechao')).data.list.map((x: any) => x.instanceId)).not.toContain(v.id);
    // The 签发人 the approver names lacks clearance too: nobody is left, the administrators get 签发.
    const after = await ok('flow/act', { id: v.id, type: 'approve', opinion: '同意', data: { issuerUser: uid.zhangwei } }, 'demo');
    expect(holders(after, 'issue')).toEqual(['admin']);
    const cleared = await submit('关于另一项机密工作的通知', 'lina', '2');
    expect(holders(await ok('flow/act', { id: cleared.id, type: 'approve', opinion: '同意', data: { issuerUser: uid.wangfang } }, 'liuyang'), 'issue')).toEqual(
      ['wangfang'],
    );
  });

  it('with no cleared holder left the node’s emptyAssignee policy applies (skip, then the administrators)', async () => {
    await withClearance(['demo', 'liuyang'], 1, async () => {
      const v = await submit('关于某项机密专项工作的通知', 'lina', '2');
      expect(holders(v, 'review')).toEqual([]);
      expect(v.state.nodeRuns.find((r: any) => r.nodeId === 'review')).toMatchObject({ status: 'skipped' });
      expect(holders(v, 'issue')).toEqual(['admin']);
    });
  });

  it('a step that raises the 密级 takes it into account for the next step', async () => {
    const v = await submit('关于办公用房调整的请示', 'lina', '0');
    const after = await ok('flow/act', { id: v.id, type: 'approve', opinion: '定为机密', data: { secretLevel: '2', issuerUser: uid.zhangwei } }, 'liuyang');
    expect(holders(after, 'issue')).toEqual(['admin']);
  });

  it('transfer, delegate, add-sign and cc to someone without clearance are refused naming them', async () => {
    const v = await submit('关于某项机密会议的通知', 'lina', '2');
    const refused = '张伟的涉密等级低于该文件的密级，不能处理或查看该文件';
    expect((await post('flow/act', { id: v.id, type: 'transfer', to: uid.zhangwei }, 'liuyang')).msg).toBe(refused);
    expect((await post('flow/act', { id: v.id, type: 'delegate', to: uid.zhangwei }, 'liuyang')).msg).toBe(refused);
    expect((await post('flow/act', { id: v.id, type: 'addSign', position: 'before', users: [uid.wangfang, uid.zhangwei] }, 'liuyang')).msg).toBe(refused);
    expect((await post('flow/act', { id: v.id, type: 'cc', users: [uid.hechao] }, 'demo')).msg).toBe('何超的涉密等级低于该文件的密级，不能处理或查看该文件');
    // Nothing was written: the instance still waits on the same people.
    expect(holders(await ok('flow/info', { id: v.id }, 'liuyang'), 'review')).toEqual(['demo', 'liuyang']);
    expect((await post('flow/info', { id: v.id }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    // A cleared person may take it over.
    const moved = await ok('flow/act', { id: v.id, type: 'transfer', to: uid.wangfang }, 'liuyang');
    expect(holders(moved, 'review')).toEqual(['demo', 'wangfang']);
  });
});

describe('reading through an authorised 关联文件', () => {
  let reader = 0; // 张伟's 非密 发文
  let target = 0; // 李娜's 非密 发文, 张伟 takes no part
  let secret = 0; // 李娜's 机密 发文

  beforeAll(async () => {
    reader = (await submit('关于开展安全生产大检查的通知', 'zhangwei', '0')).id;
    target = (await submit('关于加强值班工作的通知', 'lina', '0')).id;
    secret = (await submit('关于某项机密调研的通知', 'lina', '2')).id;
    // 周明远 reviews all three: he links the reader document with the others.
    await ok('document/editthgl', { id: reader, related: [target, secret] }, 'demo');
  });

  it('the reader opens the linked instance read-only and cannot act on it; withdrawn, it is refused again', async () => {
    expect((await post('flow/info', { id: target }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    await ok('document/authorizethgl', { id: reader, related_id: target, authorized: true }, 'demo');
    const view = await ok('flow/info', { id: target }, 'zhangwei');
    expect(view).toMatchObject({ id: target, title: '关于加强值班工作的通知', actions: [], via: reader });
    expect(view.state.data.title).toBe('关于加强值班工作的通知');
    expect((await ok('flow/log', { id: target }, 'zhangwei')).map((e: any) => e.type)).toContain('start');
    expect((await post('flow/act', { id: target, type: 'approve', opinion: '同意' }, 'zhangwei')).msg).toBe('这不是您的待办');
    expect((await post('flow/act', { id: target, type: 'urge' }, 'zhangwei')).code).toBe(-1);
    expect((await post('flow/act', { id: target, type: 'comment', opinion: '意见' }, 'zhangwei')).code).toBe(-1);
    // The participants still act as before.
    expect((await ok('flow/info', { id: target }, 'demo')).actions).toEqual(expect.arrayContaining(['approve']));
    // Someone outside the reader document gets nothing through it.
    expect((await post('flow/info', { id: target }, 'wangfang')).msg).toBe('流程不存在或无权查看');
    await ok('document/authorizethgl', { id: reader, related_id: target, authorized: false }, 'demo');
    expect((await post('flow/info', { id: target }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    expect((await post('flow/log', { id: target }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
  });

  it('never above the reader’s clearance', async () => {
    await ok('document/authorizethgl', { id: reader, related_id: secret, authorized: true }, 'demo');
    expect((await post('flow/info', { id: secret }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    await withClearance(['zhangwei'], 2, async () => {
      expect(await ok('flow/info', { id: secret }, 'zhangwei')).toMatchObject({ id: secret, actions: [], via: reader });
    });
  });
});
