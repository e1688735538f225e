/**
 * A record under a flow is written by the flow (DESIGN §5; engine/schema/FORMATS.md `editableAfterFlow`): its owner
 * edits and deletes a draft freely; while the flow runs `<group>/edit` and `del` are refused naming why, and the step's
 * W fields change through flow/act; after 办结 the record is read-only except the fields the entity lists in
 * `editableAfterFlow`, and is never deleted. On 事务 (affair.affair). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, actors, type TestApp } from './helpers.js';
import { loadEntities } from '../../src/server/engine/definitions.js';
import { EntityService } from '../../src/server/engine/service.js';

let t: TestApp;
const people = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const RUNNING = '该记录正在流程中办理，不能直接修改：请在审批页按当前环节的权限办理';
const NO_DELETE = '该记录已提交流程办理，不能删除';

async function draft(title: string) {
  return people.ok('affair/add', { title, affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
}
const info = (id: number) => people.ok('affair/info', { id }, 'zhangwei');

describe('a flow-backed record belongs to its flow once submitted', () => {
  it('a draft is edited and deleted by its owner', async () => {
    const rec = await draft('关于草稿的请示');
    const edited = await people.ok('affair/edit', { id: rec.id, version: rec.version, title: '关于草稿的请示（修改）' }, 'zhangwei');
    expect(edited.title).toBe('关于草稿的请示（修改）');
    expect(await people.ok('affair/del', { id: rec.id }, 'zhangwei')).toEqual({ deleted: 1 });
  });

  it('while the flow runs, edit and del are refused naming why; the step writes its W field through flow/act', async () => {
    const rec = await draft('关于运行中的请示');
    const inst = (await people.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).id;
    const cur = await info(rec.id);
    const edit = await people.post('affair/edit', { id: rec.id, version: cur.version, title: '偷改标题' }, 'zhangwei');
    expect(edit).toMatchObject({ code: -1, msg: RUNNING });
    expect(await people.post('affair/del', { id: rec.id }, 'zhangwei')).toMatchObject({ code: -1, msg: NO_DELETE });
    await people.ok('flow/act', { id: inst, type: 'approve', opinion: '同意', data: { remark: '建议本月完成' } }, 'lina');
    expect(await info(rec.id)).toMatchObject({ title: '关于运行中的请示', remark: '建议本月完成', flowStatus: 'running' });
  });

  it('after 办结 the record is read-only (but for editableAfterFlow) and never deleted', async () => {
    const rec = await draft('关于已办结的请示');
    const inst = (await people.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei')).id;
    const step = await people.ok('flow/act', { id: inst, type: 'approve', opinion: '同意' }, 'lina');
    const leader = step.state.tasks.find((x: { status: string }) => x.status === 'pending').assignee as number;
    const who = (await t.database.db.selectFrom('users').select('username').where('id', '=', leader).executeTakeFirstOrThrow()).username;
    expect((await people.ok('flow/act', { id: inst, type: 'approve', opinion: '同意' }, who)).status).toBe('finished');
    const done = await info(rec.id);
    expect(done.flowStatus).toBe('finished');
    const edit = await people.post('affair/edit', { id: rec.id, version: done.version, title: '办结后改标题' }, 'zhangwei');
    expect(edit).toMatchObject({ code: -1, msg: '该记录的流程已办结，不能再修改：事务标题' });
    expect(await people.post('affair/del', { id: rec.id }, 'zhangwei')).toMatchObject({ code: -1, msg: NO_DELETE });
    expect((await info(rec.id)).title).toBe('关于已办结的请示');
    // An area that lets a field change after the end says so in its definition (here 事务 with `editableAfterFlow`).
    const def = { ...loadEntities().find((e) => e.id === 'affair.affair')!, editableAfterFlow: ['remark'] };
    const svc = new EntityService(def, t.database.db, t.database.dialect);
    const me = await t.database.db.selectFrom('users').select(['id', 'current_dept_id']).where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
    const caller = { userId: me.id, username: 'zhangwei', deptId: me.current_dept_id, ip: '127.0.0.1', locale: 'zh-CN' as const };
    expect((await svc.edit(caller, { id: rec.id, version: done.version, remark: '归档备注' })).remark).toBe('归档备注');
    await expect(svc.edit(caller, { id: rec.id, version: done.version + 1, remark: '再改', title: '再改标题' })).rejects.toThrow(
      '该记录的流程已办结，不能再修改：事务标题',
    );
  });
});
