/**
 * 办理记录 and 操作记录 of an official document (SPEC §7 getHandleLogs, getDepartmentHandleLogs, getOperationLogs,
 * getOperationData; src/areas/document/server/api/logs.ts): a 发文 drafted by 张伟, 部门核稿 by 李娜 (退回 once, then
 * 同意), 办公室核稿 by 周明远; its log rows name the step, handler, department, action and opinion; the operations on
 * its record are listed; the caller's actions follow their task. A user outside the flow gets -1 as if it did not
 * exist, a call without a session -99. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
let doc: { recordId: number; id: number };

const as = async (u: string) => (s[u] ??= sessionOf(await t.login(u)));
const post = async (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, await as(who));
const primaryDept = async (username: string) =>
  (
    await t.database.db
      .selectFrom('users as u')
      .innerJoin('user_departments as ud', 'ud.user_id', 'u.id')
      .innerJoin('departments as d', 'd.id', 'ud.dept_id')
      .select('d.name')
      .where('u.username', '=', username)
      .orderBy('ud.is_primary', 'desc')
      .orderBy('ud.sort')
      .executeTakeFirstOrThrow()
  ).name;

async function act(id: number, who: string, type: string, opinion: string, extra: Record<string, unknown> = {}) {
  const r = await post('flow/act', { id, type, opinion, ...extra }, who);
  expect(r.code, `${who} ${type}: ${r.msg}`).toBe(0);
  return r.data;
}

beforeAll(async () => {
  t = await createTestApp();
  const rec = await post(
    'document/add',
    { title: '关于加强公文办理记录管理的通知', docType: '8', secretLevel: '0', urgency: '1', body: '<p>各单位：</p>', issuerOrg: '市人民政府办公室' },
    'zhangwei',
  );
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id, opinion: '请审核' }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  doc = { recordId: rec.data.id, id: v.data.id };
  expect((await act(doc.id, 'lina', 'return', '请补充主送机关', { target: 'initiator' })).status).toBe('draft');
  const before = (await post('document/info', { id: doc.recordId }, 'zhangwei')).data;
  const edited = await post('document/edit', { id: doc.recordId, version: before.version, remark: '已补充' }, 'zhangwei');
  expect(edited.code, edited.msg).toBe(0);
  const again = await post('flow/act', { id: doc.id, type: 'start', opinion: '已修改，请再审' }, 'zhangwei');
  expect(again.code, again.msg).toBe(0);
  await act(doc.id, 'lina', 'approve', '核稿无误');
  await act(doc.id, 'demo', 'approve', '拟同意，请秘书长签发', {
    data: { issuerUser: (await t.database.db.selectFrom('users').select('id').where('username', '=', 'chenjing').executeTakeFirstOrThrow()).id },
  });
});
afterAll(async () => t.close());

describe('document/getHandleLogs and getDepartmentHandleLogs', () => {
  it('lists who did what at which step, with department and opinion, oldest first', async () => {
    const r = await post('document/getHandleLogs', { id: doc.id }, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
    const rows = r.data as any[];
    const summary = rows.map((x) => [x.step, x.handler, x.action, x.opinion]);
    expect(summary[0]).toEqual(['拟稿', '张伟', 'start', '请审核']);
    expect(summary).toContainEqual(['部门核稿', '李娜', 'return', '请补充主送机关']);
    expect(summary).toContainEqual(['部门核稿', '李娜', 'approve', '核稿无误']);
    expect(summary).toContainEqual(['办公室核稿', '周明远', 'approve', '拟同意，请秘书长签发']);
    // Oldest first: the return comes before the approval of the same step.
    const ret = summary.findIndex((x) => x[2] === 'return');
    const ok = summary.findIndex((x) => x[3] === '核稿无误');
    expect(ret).toBeLessThan(ok);
    expect(rows.every((x, i) => i === 0 || x.at >= rows[i - 1].at)).toBe(true);
    expect(rows.find((x) => x.handler === '李娜').department).toBe(await primaryDept('lina'));
  });

  it('groups the same rows by department', async () => {
    const r = await post('document/getDepartmentHandleLogs', { id: doc.id }, 'lina');
    expect(r.code, r.msg).toBe(0);
    const groups = r.data as any[];
    const dz = await primaryDept('demo');
    const office = groups.find((g) => g.department === dz);
    expect(office.rows.map((x: any) => x.handler)).toContain('周明远');
    expect(groups.flatMap((g) => g.rows).length).toBe((await post('document/getHandleLogs', { id: doc.id }, 'lina')).data.length);
    for (const g of groups) expect(g.rows.every((x: any) => x.department === g.department)).toBe(true);
  });
});

describe('document/getOperationLogs', () => {
  it('lists the operations on the record: created, then edited with the changed field', async () => {
    const r = await post('document/getOperationLogs', { id: doc.id }, 'demo');
    expect(r.code, r.msg).toBe(0);
    const ops = r.data as any[];
    expect(ops[0]).toMatchObject({ operation: 'add', username: 'zhangwei', result: 'success' });
    const edit = ops.find((x) => x.operation === 'edit' && x.fields.includes('remark'));
    expect(edit?.username).toBe('zhangwei');
  });
});

describe('document/getOperationData', () => {
  it('answers the caller’s actions now and the document facts', async () => {
    const signer = await post('document/getOperationData', { id: doc.id }, 'chenjing');
    expect(signer.code, signer.msg).toBe(0);
    expect(signer.data.actions).toContain('approve');
    expect(signer.data.currentSteps.map((x: any) => x.title)).toEqual(['领导签发']);
    expect(signer.data.facts).toMatchObject({
      entity: 'document.send',
      recordId: doc.recordId,
      secretLevel: '0',
      urgency: '1',
      docType: '8',
      number: null,
      flowStatus: 'running',
    });
    const drafter = (await post('document/getOperationData', { id: doc.id }, 'zhangwei')).data;
    expect(drafter.actions).not.toContain('approve');
  });
});

describe('access', () => {
  it('a user outside the flow gets -1 as if it did not exist; without a session -99', async () => {
    for (const path of ['document/getHandleLogs', 'document/getDepartmentHandleLogs', 'document/getOperationLogs', 'document/getOperationData']) {
      const r = await post(path, { id: doc.id }, 'sunli');
      expect(r.code, path).toBe(-1);
      expect(r.msg).toBe((await post(path, { id: 99_999_999 }, 'sunli')).msg);
      expect((await t.post(path, { id: doc.id })).code, path).toBe(-99);
    }
    expect((await post('document/getHandleLogs', {}, 'zhangwei')).code).toBe(-1);
  });

  it('a flow that is not a document flow is refused', async () => {
    const tree = (await post('flow/tree', {}, 'zhangwei')).data as any;
    const flat = JSON.stringify(tree);
    const other = /"(affair\.[a-zA-Z]+)"/.exec(flat)?.[1];
    expect(other).toBeTruthy();
    const v = await post('flow/start', { defId: other, title: '请假', data: {}, draft: true }, 'zhangwei');
    expect(v.code, v.msg).toBe(0);
    expect((await post('document/getHandleLogs', { id: v.data.id }, 'zhangwei')).code).toBe(-1);
  });
});
