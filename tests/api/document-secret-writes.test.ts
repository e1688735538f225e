/**
 * 密级 writes above the writer's clearance (DESIGN §7 "密级 edge cases"): nobody classifies a document
 * beyond what they may read themselves. `document/edit` and the data of a flow action (flow/act with `data`) that
 * set 密级 (document_mj) above the person's clearance answer -1 naming 密级 and write nothing; a level within it
 * is taken. Demo people: 张伟 (clearance 1) drafts, 李娜 (2) does 部门核稿, 周明远 (3, lowered to 1 for one case) does
 * 办公室核稿 — the step where 密级 is writable. SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetClearance } from '../../src/server/services/clearance.js';
import { actors, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const { post, ok } = actors(() => t);

/** The stored flow row of instance `id`: version, status, 密级 column and the form data's secretLevel. */
async function stored(id: number) {
  const row = await t.database.db
    .selectFrom('flow_instances')
    .select(['version', 'status', 'secret_level', 'state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    version: row.version,
    status: row.status,
    level: Number(row.secret_level),
    data: (JSON.parse(row.state).data as Record<string, unknown>).secretLevel,
  };
}

/** users.id of `username`. */
const uid = async (username: string) => (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** Runs `fn` while `username`'s clearance is `level` (the cached clearance forgotten both ways). */
async function withClearance(username: string, level: number, fn: () => Promise<void>) {
  const id = await uid(username);
  const { clearance } = await t.database.db.selectFrom('users').select('clearance').where('id', '=', id).executeTakeFirstOrThrow();
  await t.database.db.updateTable('users').set({ clearance: level }).where('id', '=', id).execute();
  forgetClearance(t.database.db, id);
  try {
    await fn();
  } finally {
    await t.database.db.updateTable('users').set({ clearance }).where('id', '=', id).execute();
    forgetClearance(t.database.db, id);
  }
}

let recordId = 0;
let flowId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const rec = await ok(
    'document/add',
    { title: '关于做好年度保密自查工作的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>各科室：</p>' },
    'zhangwei',
  );
  recordId = rec.id;
});
afterAll(async () => t.close());

describe('密级 above the writer’s clearance', () => {
  it('document/edit refuses 秘密→机密 by a 秘密-cleared drafter, naming 密级, and keeps the record; within the clearance it saves', async () => {
    const before = await ok('document/info', { id: recordId }, 'zhangwei');
    const r = await post('document/edit', { id: recordId, version: before.version, secretLevel: '2' }, 'zhangwei');
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('密级');
    const after = await ok('document/info', { id: recordId }, 'zhangwei');
    expect([after.version, after.secretLevel]).toEqual([before.version, '0']);
    const within = await ok('document/edit', { id: recordId, version: before.version, secretLevel: '1' }, 'zhangwei');
    expect([within.version, within.secretLevel]).toEqual([before.version + 1, '1']);
  });

  it('flow/act with data refuses a 密级 above the approver’s clearance: -1 naming 密级, no step taken, nothing stored', async () => {
    flowId = (await ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId, opinion: '请审核' }, 'zhangwei')).id;
    await ok('flow/act', { id: flowId, type: 'approve', opinion: '核稿无误' }, 'lina');
    // 办公室核稿 (周明远) may reclassify; with a 秘密 clearance he may not make it 机密.
    await withClearance('demo', 1, async () => {
      const before = await stored(flowId);
      expect(before).toMatchObject({ status: 'running', level: 1, data: '1' });
      const r = await post(
        'flow/act',
        { id: flowId, type: 'approve', opinion: '定为机密', data: { secretLevel: '2', issuerUser: await uid('chenjing') } },
        'demo',
      );
      expect(r.code).toBe(-1);
      expect(r.msg).toBe('密级不能高于本人的涉密等级');
      expect(await stored(flowId)).toEqual(before);
      // The step is still his to take, and he still sees the document (no "流程不存在").
      const todo = await ok('flow/todo', { pageSize: 50 }, 'demo');
      expect(todo.list.map((x: any) => x.instanceId)).toContain(flowId);
      expect((await ok('flow/info', { id: flowId }, 'demo')).id).toBe(flowId);
      expect((await ok('document/info', { id: recordId }, 'zhangwei')).secretLevel).toBe('1');
    });
  });

  it('within the approver’s clearance the same action is taken and the level stored', async () => {
    const view = await ok(
      'flow/act',
      { id: flowId, type: 'approve', opinion: '定为机密', data: { secretLevel: '2', issuerUser: await uid('chenjing') } },
      'demo',
    );
    expect(view.state.data.secretLevel).toBe('2');
    expect(await stored(flowId)).toMatchObject({ level: 2, data: '2' });
    // 张伟 (秘密) no longer sees his own document once it is 机密.
    expect((await post('flow/info', { id: flowId }, 'zhangwei')).code).toBe(-1);
  });
});
