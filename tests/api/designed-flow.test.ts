/**
 * A form designed on /form/list and bound to a two-step flow, through the API (src/server/engine/flow/approvalRoute.ts,
 * startable.ts, title.ts; src/server/api/Template/approvalPage.ts): 发起申请 lists it for staff with its fill page;
 * its instance is titled by the flow's template (the form's name and the initiator's), not by its first text field;
 * the approvers' 待办 rows and reminders open the generic approval page /flow/approval/:id, which the server fills in
 * with the form; an affair's rows still open the affair's own page. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const KEY = 'waichu';
const FORM = `custom.${KEY}.form`;
const ENTITY = `custom.${KEY}`;
const FLOW = `custom.${KEY}flow`;
let t: TestApp;
const s: Record<string, Session> = {};

const text = (key: string, d: string) => ({ t: `custom.${KEY}.${key}`, d });
const field = (f: string) => ({ id: `f_${f}`, type: 'field', field: f });
/** 外出申请: the phone comes first, so "the first text field" would be a phone number. */
const form = (flow?: string) => ({
  page: { layout: ['phone', 'reason'].map(field), ...(flow ? { flow } : {}) },
  entity: {
    model: {
      type: 'object',
      required: ['phone', 'reason'],
      properties: {
        phone: { type: 'string', maxLength: 20, 'x-title': text('field.phone', '联系电话'), 'x-kind': 'text' },
        reason: { type: 'string', maxLength: 200, 'x-title': text('field.reason', '外出事由'), 'x-kind': 'text' },
      },
    },
  },
});
const flow = (cel: string) => ({
  $schema: '../../_meta/flow.schema.json',
  schemaVersion: 1,
  id: FLOW,
  kind: 'flow',
  title: { ...text('flow', '外出审批'), cel },
  entity: ENTITY,
  nodes: [
    { id: 'start', type: 'start', title: text('flow.start', '发起') },
    { id: 'kz', type: 'approve', title: text('flow.kz', '科长审批'), assignees: [{ kind: 'leader', level: 1, of: 'initiator' }] },
    { id: 'fg', type: 'approve', title: text('flow.fg', '分管领导审批'), assignees: [{ kind: 'leader', level: 2, of: 'initiator' }] },
    { id: 'end', type: 'end', title: text('flow.end', '办结') },
  ],
});

async function ok<T = any>(path: string, body: Record<string, unknown>, who: string): Promise<T> {
  const r = await t.post(path, body, s[who]);
  expect(r.code, `${path}: ${r.msg}`).toBe(0);
  return r.data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'zhangwei', 'lina', 'demo', 'sunli']) s[u] = sessionOf(await t.login(u));
  await ok('Template/add', { title: '外出申请', key: KEY }, 'admin');
  await ok('Template/set', { id: FORM, definition: form(), comment: '首次发布' }, 'admin');
}, 180_000);
afterAll(async () => t.close());

describe('a designed form bound to a flow', () => {
  it('refuses a title template that is not a string over the form', async () => {
    const bad = await t.post('Flowset/saveJson', { json: JSON.stringify(flow('record.nowhere')) }, s.admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('/title/cel');
  });

  it('is listed in 发起申请, titled by its template, and opens on the generic approval page from 待办 and from the bell', async () => {
    await ok('Flowset/saveJson', { json: JSON.stringify(flow('form.title + " - " + initiator.name')) }, 'admin');
    await ok('Template/set', { id: FORM, definition: form(FLOW), comment: '提交时启动外出审批' }, 'admin');

    const tree = await ok<any[]>('flow/tree', {}, 'zhangwei');
    expect(tree.find((f) => f.id === FLOW)).toMatchObject({ title: '外出审批', area: 'custom', route: `/form/add?id=${FORM}` });

    const rec = await ok('custom_waichu/add', { phone: '13800000000', reason: '到市档案馆查阅资料' }, 'zhangwei');
    const started = await ok('flow/start', { defId: FLOW, entity: ENTITY, recordId: rec.id }, 'zhangwei');
    expect(started.title).toBe('外出申请 - 张伟');

    const todo = await ok('flow/todo', {}, 'lina');
    const row = todo.list.find((r: any) => r.instanceId === started.id);
    expect(row).toMatchObject({ title: '外出申请 - 张伟', open: '/flow/approval/:id' });
    expect((await ok('flow/info', { id: started.id }, 'lina')).open).toBe('/flow/approval/:id');

    const bell = (await ok('Msg/list', {}, 'lina')).list.find((m: any) => m.flow_id === started.id);
    expect(bell).toMatchObject({ title: expect.stringContaining('外出申请 - 张伟'), open: `/flow/approval/${started.id}` });

    // the generic page, filled in with the instance's form for someone who takes part; refused to others
    const page = await ok('Template/page', { route: '/flow/approval/:id', instanceId: started.id }, 'lina');
    expect(page.page).toMatchObject({ id: 'flow.approval', pageKind: 'approval', entity: ENTITY, form: FORM });
    expect(page.entity.id).toBe(ENTITY);
    expect((await t.post('Template/page', { id: 'flow.approval', instanceId: started.id }, s.sunli)).code).toBe(-1);

    await ok('flow/act', { id: started.id, type: 'approve', opinion: '同意' }, 'lina');
    const second = (await ok('Msg/list', {}, 'demo')).list.find((m: any) => m.flow_id === started.id);
    expect(second.open).toBe(`/flow/approval/${started.id}`);
    expect((await ok('flow/done', {}, 'lina')).list.find((r: any) => r.instanceId === started.id).open).toBe('/flow/approval/:id');
    expect((await ok('flow/sent', {}, 'zhangwei')).list.find((r: any) => r.instanceId === started.id).open).toBe('/flow/approval/:id');
    expect((await ok('flow/act', { id: started.id, type: 'approve', opinion: '同意' }, 'demo')).status).toBe('finished');
  });

  it("an affair's rows and reminders still open the affair's own approval page", async () => {
    const rec = await ok('affair/add', { title: '关于调整值班表的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const v = await ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei');
    expect(v.title).toBe('关于调整值班表的请示');
    const row = (await ok('flow/todo', {}, 'lina')).list.find((r: any) => r.instanceId === v.id);
    expect(row.open).toBe('/affair/show-audit/:id');
    expect((await ok('Msg/list', {}, 'lina')).list.find((m: any) => m.affair_id === v.id).open).toBe(`/affair/show-audit/${v.id}`);
  });
});
