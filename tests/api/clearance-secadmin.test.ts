/**
 * 三员分立 for 涉密等级 (DESIGN §7): the security administrator sets a person's clearance (Users/setClearance, audited);
 * the system administrator maintains people but cannot change or give a clearance; nobody else may set one.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, actors, type TestApp } from './helpers.js';

let t: TestApp;
const people = actors(() => t);
const BY_SECADMIN = '涉密等级由安全保密管理员设定';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('涉密等级 is the security administrator’s', () => {
  it('admin edits a person but not their clearance, and adds people 非密 only', async () => {
    const zhang = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id;
    const rec = await people.ok('Users/info', { id: zhang }, 'admin');
    expect(rec.clearance).toBe('1');
    const raised = await people.post('Users/edit', { ...strip(rec), clearance: '3' }, 'admin');
    expect(raised).toMatchObject({ code: -1, msg: BY_SECADMIN });
    const renamed = await people.ok('Users/edit', { ...strip(rec), email: 'zhangwei2@city.gov.example' }, 'admin');
    expect(renamed.clearance).toBe('1');
    const dept = rec.dept;
    const base = { realname: '新同事', username: 'xintongshi', mobile: '13912345678', gender: '1', dept, departments: [dept], status: '1' };
    expect(await people.post('Users/add', { ...base, clearance: '2' }, 'admin')).toMatchObject({ code: -1, msg: BY_SECADMIN });
    expect((await people.ok('Users/add', { ...base, clearance: '0' }, 'admin')).clearance).toBe('0');
  });

  it('secadmin sets it, audited, effective at once; admin, auditor and staff are refused', async () => {
    const zhang = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).id;
    for (const who of ['admin', 'auditor', 'zhangwei', 'demo']) {
      expect(await people.post('Users/setClearance', { id: zhang, clearance: '3' }, who), who).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    }
    expect(await people.post('Users/setClearance', { id: zhang, clearance: '7' }, 'secadmin')).toMatchObject({ code: -1 });
    expect(await people.post('Users/setClearance', { id: 99999999, clearance: '1' }, 'secadmin')).toMatchObject({ code: -1, msg: '记录不存在或无权访问' });
    expect(await people.ok('Users/setClearance', { id: zhang, clearance: '2' }, 'secadmin')).toEqual({ id: zhang, clearance: '2' });
    expect((await people.ok('Person/userInfo', {}, 'zhangwei')).clearance).toBe(2);
    expect((await people.ok('Users/info', { id: zhang }, 'secadmin')).clearance).toBe('2');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['event', 'object', 'username', 'detail'])
      .where('event', '=', 'user.clearance')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ object: `user:${zhang}`, username: 'secadmin' });
    expect(JSON.parse(String(row.detail))).toEqual({ before: 1, after: 2 });
  });
});

/** A Users/info record as an edit body: the writable fields only. */
function strip(rec: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) if (!k.startsWith('_') && !['created_at', 'updated_at', 'last_login_at'].includes(k)) out[k] = v;
  return out;
}
