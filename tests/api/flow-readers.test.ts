/**
 * Whoever a flow makes a reader of an item can list and open it (DESIGN §5): a person copied (抄送) on a 事务 finds
 * it on 抄送事务 (/affair/cssw, a declared cc work list in their menu) and opens it; the item routes of flow
 * instances (approval pages, 阅办单) are marked `participants` in the route tree, so the browser's guard lets any
 * reader through without the menu and flow/info decides — an outsider is still refused. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteNode } from '../../src/shared/routes.js';
import { flattenMenus } from '../../src/server/services/menu.js';
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
async function ok(path: string, body: Record<string, unknown>, who: string) {
  const r = await post(path, body, who);
  expect(r.code, `${who} ${path}: ${r.msg}`).toBe(0);
  return r.data as any;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'wangfang', 'hechao']) await as(u);
});
afterAll(async () => t.close());

describe('readers of an affair', () => {
  it('a person copied on an affair finds it on 抄送事务 and opens it; an outsider cannot', async () => {
    const rec = await ok('affair/add', { title: '关于申请调整年度培训计划的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const v = await ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei');
    await ok('flow/act', { id: v.id, type: 'cc', users: [uid.wangfang], opinion: '请知悉' }, 'lina');
    const menu = flattenMenus([...(await ok('Person/userInfo', {}, 'wangfang')).menu]).map((m: any) => m.path);
    expect(menu).toContain('/affair/cssw');
    const page = await ok('Template/page', { route: '/affair/cssw' }, 'wangfang');
    expect(page.page).toMatchObject({ pageKind: 'worklist', list: 'cc', flows: ['affair.default'] });
    const list = await ok('flow/cc', { flows: ['affair.default'], pageSize: 100 }, 'wangfang');
    expect(list.list.find((x: any) => x.instanceId === v.id)).toMatchObject({ title: '关于申请调整年度培训计划的请示', kind: 'cc' });
    expect((await ok('flow/info', { id: v.id }, 'wangfang')).actions).toContain('read');
    expect((await post('flow/info', { id: v.id }, 'hechao')).msg).toBe('流程不存在或无权查看');
  });
});

describe('item routes of flows', () => {
  it('are marked for participants in the route tree; list pages are not', async () => {
    const tree = await ok('menu/routes', {}, 'wangfang');
    const routes = (tree.sections as RouteNode[]).flatMap((x) => x.children ?? []);
    const flagged = routes.filter((r) => r.participants).map((r) => r.path);
    expect(flagged).toEqual(
      expect.arrayContaining(['/affair/show-audit/:id', '/affair/show1/:id?', '/document/show/:id?', '/document/show-audit/:id', '/document/show1/:id?']),
    );
    expect(flagged).not.toContain('/document/plcl');
    expect(flagged.every((p) => p.includes(':id'))).toBe(true);
  });
});
