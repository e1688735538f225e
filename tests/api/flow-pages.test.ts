/**
 * The calls behind the flow pages (SPEC §2.3 /flow/tree, /affair/flow-log): flow/tree answers the
 * flows the caller may start — through the form route of their menus, grouped by area, with title and
 * description in the caller's language — and flow/involved the instances the caller started or held a task
 * of (drafts included, others' affairs not), searchable by title, limited to flows. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'hechao', 'auditor']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

const post = (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, s[who]);

async function affair(title: string, submit: boolean): Promise<number> {
  const rec = await post('affair/add', { title, affairType: 'request', urgency: '0', body: '<p>正文</p>' }, 'zhangwei');
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.data.id, draft: !submit }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  return v.data.id;
}

describe('flow/tree', () => {
  it('needs a session', async () => {
    expect((await t.post('flow/tree', {})).code).toBe(-99);
  });

  it('lists the affair flow for staff with the route of its form, its area and description', async () => {
    const r = await post('flow/tree', {}, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
    const affairFlow = r.data.find((f: any) => f.id === 'affair.default');
    expect(affairFlow).toMatchObject({ title: '事务审批', area: 'affair', areaTitle: '事务管理', route: '/affair/new' });
    expect(affairFlow.description).toContain('科室负责人审核');
    expect(affairFlow.version).toBeGreaterThan(0);
  });

  it('answers in the caller’s language', async () => {
    const r = await t.post('flow/tree', {}, s.zhangwei, { headers: { 'x-lang': 'en-US' } });
    expect(r.data.find((x: any) => x.id === 'affair.default')).toMatchObject({ title: 'Affair approval', areaTitle: 'Affairs' });
  });

  it('leaves out flows whose form is not in the caller’s menus', async () => {
    // 何超 without roles has no menus, so no /affair/new.
    const db = t.database.db;
    const u = await db.selectFrom('users').select('id').where('username', '=', 'hechao').executeTakeFirstOrThrow();
    const roles = await db.selectFrom('user_roles').selectAll().where('user_id', '=', u.id).execute();
    await db.deleteFrom('user_roles').where('user_id', '=', u.id).execute();
    try {
      const r = await post('flow/tree', {}, 'hechao');
      expect(r.code, r.msg).toBe(0);
      expect(r.data.map((f: any) => f.id)).not.toContain('affair.default');
    } finally {
      if (roles.length) await db.insertInto('user_roles').values(roles).execute();
    }
  });
});

describe('flow/involved', () => {
  let running = 0;
  let draft = 0;
  beforeAll(async () => {
    running = await affair('关于参加业务培训的请示（流程日志）', true);
    draft = await affair('关于调整值班安排的报告（流程日志）', false);
  });

  it('gives the initiator his running affair and his draft, newest first, with flow title and name', async () => {
    const r = await post('flow/involved', { flows: ['affair.default'] }, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
    const ids = r.data.list.map((x: any) => x.instanceId);
    expect(ids).toContain(running);
    expect(ids).toContain(draft);
    expect(r.data.list.find((x: any) => x.instanceId === running)).toMatchObject({ status: 'running', flowTitle: '事务审批', initiatorName: '张伟' });
    expect(r.data.total).toBeGreaterThanOrEqual(2);
  });

  it('gives the handler the affair she holds a task of, but not the initiator’s draft; an outsider gets neither', async () => {
    const lina = (await post('flow/involved', {}, 'lina')).data.list.map((x: any) => x.instanceId);
    expect(lina).toContain(running);
    expect(lina).not.toContain(draft);
    const other = (await post('flow/involved', {}, 'hechao')).data.list.map((x: any) => x.instanceId);
    expect(other).not.toContain(running);
  });

  it('searches by title, pages, and limits to the flows asked for', async () => {
    const hit = (await post('flow/involved', { keyword: '业务培训' }, 'zhangwei')).data;
    expect(hit.list.map((x: any) => x.instanceId)).toEqual([running]);
    const page = (await post('flow/involved', { pageSize: 1 }, 'zhangwei')).data;
    expect(page.list).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await post('flow/involved', { flows: ['document.none'] }, 'zhangwei')).data).toEqual({ list: [], total: 0 });
    expect((await post('flow/involved', { area: 'affair' }, 'zhangwei')).data.total).toBeGreaterThanOrEqual(2);
  });
});
