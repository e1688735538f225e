/**
 * Fields a new record takes from the session (`x-default-from`, engine/schema/types.ts): a 发文 drafted without
 * 拟稿部门 gets the drafter's current department; one that names another department keeps it. SQLite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let zhang: Session;

beforeAll(async () => {
  t = await createTestApp();
  zhang = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

describe('x-default-from', () => {
  it('拟稿部门 of a new 发文 is the drafter’s department unless the draft names one', async () => {
    const me = (await t.post('Person/userInfo', {}, zhang)).data as { dept_id: number };
    expect(me.dept_id).toBeGreaterThan(0);
    const base = { docType: '8', secretLevel: '0', urgency: '0', body: '<p>通知如下。</p>' };
    const plain = await t.post('document/add', { ...base, title: '关于报送年度工作总结的通知' }, zhang);
    expect(plain.code, plain.msg).toBe(0);
    expect(plain.data.draftDept).toBe(me.dept_id);
    const other = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市财政局').executeTakeFirstOrThrow()).id;
    const named = await t.post('document/add', { ...base, title: '关于报送财政预算的通知', draftDept: other }, zhang);
    expect(named.code, named.msg).toBe(0);
    expect(named.data.draftDept).toBe(other);
  });
});
