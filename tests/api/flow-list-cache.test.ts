/**
 * The work lists kept in the process (src/server/engine/flow/listCache.ts, migration 0021) never answer what
 * has changed: a 待办 shows right after the action that created it (start, approve, transfer), leaves right
 * after it is done, a renamed initiator shows under the new name, and a write that bypasses the runtime (the
 * database's own triggers keep the version) shows too. Each list is asked twice before a change, so that the
 * second answer comes from the cache. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};
const PEOPLE = ['zhangwei', 'lina', 'liuyang'];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of PEOPLE) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => t.close());

const ok = async (path: string, body: Record<string, unknown>, who: string) => {
  const r = await t.post(path, body, s[who]);
  expect(r.code, `${path} ${who}: ${r.msg}`).toBe(0);
  return r.data;
};
/** The list asked twice (the second from the cache when nothing changed): both answers must be equal. */
const list = async (kind: 'todo' | 'done', who: string, body: Record<string, unknown> = {}) => {
  const a = await ok(`flow/${kind}`, { pageSize: 100, ...body }, who);
  const b = await ok(`flow/${kind}`, { pageSize: 100, ...body }, who);
  expect(b).toEqual(a);
  return a as { list: any[]; total: number };
};
const ids = async (kind: 'todo' | 'done', who: string) => (await list(kind, who)).list.map((x) => x.instanceId);

describe('work lists kept in the process', () => {
  it('show a 待办 right after it is created, and drop it right after it is done', async () => {
    const before = await list('todo', 'lina');
    await list('todo', 'liuyang');
    const v = await ok('flow/start', { defId: 'flowtest.twostep', title: '关于缓存测试的请示', data: { first: [id.lina], second: [id.liuyang] } }, 'zhangwei');
    const now = await list('todo', 'lina');
    expect(now.total).toBe(before.total + 1);
    expect(now.list[0]).toMatchObject({ instanceId: v.id, title: '关于缓存测试的请示', nodeTitle: '第一步', initiatorName: '张伟' });
    expect(await ids('todo', 'liuyang')).not.toContain(v.id);
    expect(await ids('done', 'lina')).not.toContain(v.id);

    await ok('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, 'lina');
    expect(await ids('todo', 'lina')).not.toContain(v.id);
    expect((await list('todo', 'lina')).total).toBe(before.total);
    expect(await ids('done', 'lina')).toContain(v.id);
    expect((await list('todo', 'liuyang')).list[0]).toMatchObject({ instanceId: v.id, nodeTitle: '第二步' });

    // 转办: gone from the one who gave it away, there for the one who took it.
    await ok('flow/act', { id: v.id, type: 'transfer', to: id.zhangwei }, 'liuyang');
    expect(await ids('todo', 'liuyang')).not.toContain(v.id);
    expect(await ids('todo', 'zhangwei')).toContain(v.id);
  });

  it('show the initiator’s new name right after a rename', async () => {
    const v = await ok('flow/start', { defId: 'flowtest.twostep', title: '关于改名测试的请示', data: { first: [id.lina], second: [id.liuyang] } }, 'zhangwei');
    expect((await list('todo', 'lina')).list.find((x) => x.instanceId === v.id).initiatorName).toBe('张伟');
    await ok('Person/saveUserInfo', { realname: '张伟伟' }, 'zhangwei');
    try {
      expect((await list('todo', 'lina')).list.find((x) => x.instanceId === v.id).initiatorName).toBe('张伟伟');
    } finally {
      await ok('Person/saveUserInfo', { realname: '张伟' }, 'zhangwei');
    }
    expect((await list('todo', 'lina')).list.find((x) => x.instanceId === v.id).initiatorName).toBe('张伟');
  });

  it('show a change written straight into flow_tasks (the version is kept by the database)', async () => {
    const v = await ok('flow/start', { defId: 'flowtest.twostep', title: '关于直写测试的请示', data: { first: [id.lina], second: [id.liuyang] } }, 'zhangwei');
    const row = (await list('todo', 'lina')).list.find((x) => x.instanceId === v.id);
    expect(row.overdue).toBe(false);
    await t.database.db.updateTable('flow_tasks').set({ overdue: 1 }).where('id', '=', row.taskId).execute();
    expect((await list('todo', 'lina')).list.find((x) => x.instanceId === v.id).overdue).toBe(true);
    await t.database.db.updateTable('flow_tasks').set({ status: 'cancelled' }).where('id', '=', row.taskId).execute();
    expect(await ids('todo', 'lina')).not.toContain(v.id);
  });

  it('let two people hand each other tasks at the same moment (both approvals succeed, both lists show it)', async () => {
    const one = await ok(
      'flow/start',
      { defId: 'flowtest.twostep', title: '关于交叉测试的请示一', data: { first: [id.lina], second: [id.liuyang] } },
      'zhangwei',
    );
    const two = await ok(
      'flow/start',
      { defId: 'flowtest.twostep', title: '关于交叉测试的请示二', data: { first: [id.liuyang], second: [id.lina] } },
      'zhangwei',
    );
    await list('todo', 'lina');
    await list('todo', 'liuyang');
    const [a, b] = await Promise.all([
      t.post('flow/act', { id: one.id, type: 'approve' }, s.lina),
      t.post('flow/act', { id: two.id, type: 'approve' }, s.liuyang),
    ]);
    expect([a.code, b.code], `${a.msg} ${b.msg}`).toEqual([0, 0]);
    const lina = await ids('todo', 'lina');
    const liuyang = await ids('todo', 'liuyang');
    expect(lina).toContain(two.id);
    expect(lina).not.toContain(one.id);
    expect(liuyang).toContain(one.id);
    expect(liuyang).not.toContain(two.id);
  });
});
