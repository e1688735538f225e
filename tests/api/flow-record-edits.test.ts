/**
 * What a flow over a record shows and accepts when the record is edited after the start: the work-item titles
 * (title template `record.reason` / `record.title`) follow an approver's W-field edit and the owner's edit of a
 * returned draft, in the cached 待办 lists too; flow/info carries the labels of the records the form refers to;
 * a reference an approver writes must be a record the approver sees (not merely one that exists).
 * Fixtures: the reftest area (用车申请 → 车辆, flow reftest.request: 申请 → 科长审核 by the initiator's leader) and
 * the shipped affair flow (拟稿 → 科室负责人审核 → …). zhangwei (秘书科 staff, own scope) applies, lina (his 科长,
 * department scope over 秘书科) approves; sunli (财政局) owns a vehicle lina does not see.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/reftest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(['reftest:view', 'reftest:manage', 'reftest:apply'].map((code) => ({ role_id: staff.id, code })))
    .execute();
  invalidateMenuCache(db);
  for (const u of ['zhangwei', 'lina', 'sunli']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

async function ok(path: string, body: Record<string, unknown>, who: string) {
  const r = await t.post(path, body, s[who]);
  expect(r.code, r.msg).toBe(0);
  return r.data;
}
const todoOf = async (who: string, instanceId: number) =>
  (await ok('flow/todo', {}, who)).list.find((x: { instanceId: number }) => x.instanceId === instanceId);

/** zhangwei's 用车申请 with his own vehicle, submitted: lina holds the 科长审核 task. */
async function submitted(reason: string) {
  const car = await ok('reftestVehicles/add', { plate: `京Z${Math.floor(Math.random() * 90000) + 10000}` }, 'zhangwei');
  const rec = await ok('reftestRequests/add', { reason, vehicle: car.id }, 'zhangwei');
  const v = await ok('flow/start', { defId: 'reftest.request', entity: 'reftest.request', recordId: rec.id }, 'zhangwei');
  return { car, rec, v };
}

describe('work-item titles follow the record', () => {
  it('an approver’s edit of a W field renames the instance and the open task, in the cached 待办 list too', async () => {
    const { v } = await submitted('去开会');
    expect(v.title).toBe('去开会');
    expect((await todoOf('lina', v.id)).title).toBe('去开会');
    // saved at the step without deciding: lina's task stays open under the new title
    const saved = await ok('flow/act', { id: v.id, type: 'saveDraft', data: { reason: '去市政府开会' } }, 'lina');
    expect(saved.title).toBe('去市政府开会');
    expect((await todoOf('lina', v.id)).title).toBe('去市政府开会');
    expect((await ok('flow/info', { id: v.id }, 'zhangwei')).title).toBe('去市政府开会');
    expect((await ok('flow/sent', {}, 'zhangwei')).list.find((x: { instanceId: number }) => x.instanceId === v.id).title).toBe('去市政府开会');
  });

  it('the owner’s edit of a returned draft renames it in 待发, and the next step’s task carries the new title', async () => {
    const rec = await ok('affair/add', { title: '关于调整值班安排的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const v = await ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei');
    expect((await todoOf('lina', v.id)).title).toBe('关于调整值班安排的请示');
    await ok('flow/act', { id: v.id, type: 'return', target: 'initiator', opinion: '请写明日期' }, 'lina');
    const current = await ok('affair/info', { id: rec.id }, 'zhangwei');
    await ok('affair/edit', { id: rec.id, version: current.version, title: '关于调整国庆值班安排的请示' }, 'zhangwei');
    const drafts = await ok('flow/drafts', {}, 'zhangwei');
    expect(drafts.list.find((x: { instanceId: number }) => x.instanceId === v.id).title).toBe('关于调整国庆值班安排的请示');
    await ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei');
    expect((await todoOf('lina', v.id)).title).toBe('关于调整国庆值班安排的请示');
  });
});

describe('reference fields on the approval page', () => {
  it('flow/info carries the label of the referenced record', async () => {
    const { car, v } = await submitted('送材料');
    const info = await ok('flow/info', { id: v.id }, 'lina');
    expect(info._refs.records.vehicle).toEqual({ [car.id]: car.plate });
  });

  it('a reference written at a step must be a record the approver sees, not merely one that exists', async () => {
    const { car, rec, v } = await submitted('接待来访');
    const mine = await ok('reftestVehicles/add', { plate: '京A66666' }, 'lina');
    const theirs = await ok('reftestVehicles/add', { plate: '财B77777' }, 'sunli');
    const refused = await t.post('flow/act', { id: v.id, type: 'saveDraft', data: { vehicle: theirs.id } }, s.lina);
    expect(refused).toMatchObject({ code: -1, msg: '车辆引用的记录不存在或无权访问' });
    expect((await ok('reftestRequests/info', { id: rec.id }, 'zhangwei')).vehicle).toBe(car.id);
    const done = await ok('flow/act', { id: v.id, type: 'approve', opinion: '同意', data: { vehicle: mine.id } }, 'lina');
    expect(done.status).toBe('finished');
    expect(done._refs.records.vehicle).toEqual({ [mine.id]: '京A66666' });
    expect((await ok('reftestRequests/info', { id: rec.id }, 'lina')).vehicle).toBe(mine.id);
  });
});
