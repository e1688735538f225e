/**
 * The caller of the flow API (src/server/engine/flow/caller.ts, api/flow callerOf): administrator and 督办 rights
 * come from the person's enabled roles through services/menu.ts userRolesAccess — the same roles and permission
 * codes userMenus answers — and a change of someone's roles counts at their next request (no cache to wait for).
 * Fixture flows of tests/fixtures/schemas/flowtest, demo organisation. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache, userMenus, userRolesAccess } from '../../src/server/services/menu.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};
const PEOPLE = ['zhangwei', 'lina', 'liuyang', 'hechao'];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of PEOPLE) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t.close());

const NOT_FOUND = '流程不存在或无权查看';

describe('flow caller rights', () => {
  it('reads the same roles and permission codes as the menus, for every person', async () => {
    const db = t.database.db;
    const users = await db.selectFrom('users').select('id').execute();
    expect(users.length).toBeGreaterThan(10);
    for (const u of users) {
      const m = await userMenus(db, u.id);
      expect(await userRolesAccess(db, u.id), `user ${u.id}`).toEqual({ roles: m.roles, access: m.access });
    }
  });

  it('a role holding 督办 given to someone lets them open and urge an instance at once; taken back or disabled, it does not', async () => {
    const db = t.database.db;
    const v = await t.post(
      'flow/start',
      { defId: 'flowtest.twostep', title: '关于督办权限即时生效的请示', data: { first: [id.lina], second: [id.liuyang] } },
      s.zhangwei,
    );
    expect(v.code).toBe(0);
    const info = () => t.post('flow/info', { id: v.data.id }, s.hechao);
    expect((await info()).msg).toBe(NOT_FOUND);
    expect((await t.post('flow/act', { id: v.data.id, type: 'urge' }, s.hechao)).code).toBe(-1);

    const role = await db.selectFrom('roles').select(['id']).where('code', '=', 'leader').executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id.hechao, role_id: role.id }).execute();
    const seen = await info();
    expect(seen.code).toBe(0);
    expect(seen.data.actions).toEqual(['urge']);
    const urged = await t.post('flow/act', { id: v.data.id, type: 'urge' }, s.hechao);
    expect(urged.code, urged.msg).toBe(0);

    // The role disabled by an administrator (the admin screens invalidate the menu catalogue): no 督办 any more.
    await db.updateTable('roles').set({ status: 0 }).where('id', '=', role.id).execute();
    invalidateMenuCache(db);
    expect((await info()).msg).toBe(NOT_FOUND);
    await db.updateTable('roles').set({ status: 1 }).where('id', '=', role.id).execute();
    invalidateMenuCache(db);
    expect((await info()).code).toBe(0);

    await db.deleteFrom('user_roles').where('user_id', '=', id.hechao).where('role_id', '=', role.id).execute();
    expect((await info()).msg).toBe(NOT_FOUND);
  });
});
