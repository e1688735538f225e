/**
 * 督办 of official documents (SPEC §7 document/gwdbList, saveDb, dbHistory, cbHistory, checkSupervision) in
 * the demo organisation: the 市长 李强 (role leader: document:supervise, data scope all) sees the running 发文 of
 * 张伟 with its step, handler, deadline and 催办 count; 张伟 sees the ones he started; a 收发员 of another unit sees
 * none and cannot read their 督办 records; 督办 entries and the 催办 of the flow log are answered per document.
 * SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const { post, ok } = actors(() => t);

/** A 发文 drafted and submitted by `who`; answers the flow instance id. */
async function submit(title: string, who = 'zhangwei', extra: Record<string, unknown> = {}): Promise<number> {
  const rec = await ok('document/add', { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>各有关单位：</p>', ...extra }, who);
  return (await ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, who)).id;
}

const TITLE = '关于做好冬季供暖保障工作的通知';
let running = 0;
let other = 0;

beforeAll(async () => {
  t = await createTestApp();
  running = await submit(TITLE);
  other = await submit('关于开展节能宣传周活动的通知');
});
afterAll(async () => t.close());

describe('document 督办', () => {
  it('gwdbList: the 市长 supervises the running 发文 of 张伟 with its step, handler and deadline', async () => {
    const r = await ok('document/gwdbList', { pageSize: 50 }, 'liqiang');
    const row = r.list.find((x: any) => x.instanceId === running);
    expect(row).toMatchObject({
      title: TITLE,
      defId: 'document.send',
      status: 'running',
      nodes: [{ id: 'deptReview', title: '部门核稿' }],
      handlers: ['李娜'],
      overdue: false,
      urgeCount: 0,
      mayUrge: true,
    });
    expect(row.deadline).toBeGreaterThan(row.startedAt);
    expect(r.total).toBe(2);
    // Newest first; keyword and overdue narrow it.
    expect(r.list.map((x: any) => x.instanceId)).toEqual([other, running]);
    expect((await ok('document/gwdbList', { keyword: '供暖' }, 'liqiang')).list.map((x: any) => x.instanceId)).toEqual([running]);
    expect((await ok('document/gwdbList', { overdue: true }, 'liqiang')).list).toEqual([]);
    // The 办公室主任 (document:supervise, data scope unit) supervises those of his unit, 市政府办公室.
    expect((await ok('document/gwdbList', {}, 'demo')).list.map((x: any) => x.instanceId)).toEqual([other, running]);
    // The drafter sees the ones he started; a 收发员 of 财政局 sees none.
    expect((await ok('document/gwdbList', {}, 'zhangwei')).list.map((x: any) => x.instanceId)).toEqual([other, running]);
    expect(await ok('document/gwdbList', {}, 'sunli')).toEqual({ list: [], total: 0 });
    const bad = await post('document/gwdbList', { pageSize: 1000 }, 'liqiang');
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('每页条数');
    expect((await t.post('document/gwdbList', {})).code).toBe(-99);
  });

  it('a supervisor of a unit does not see another unit’s documents; the 市长 does', async () => {
    const finance = await submit('关于报送2026年度部门预算执行情况的报告', 'zhoujie', { docType: '10' });
    expect((await ok('document/gwdbList', { keyword: '部门预算' }, 'liqiang')).list.map((x: any) => x.instanceId)).toEqual([finance]);
    expect((await ok('document/gwdbList', { keyword: '部门预算' }, 'demo')).list).toEqual([]);
    await ok('flow/act', { id: finance, type: 'withdraw' }, 'zhoujie');
  });

  it('a document above the supervisor’s clearance is not listed', async () => {
    // 机密 (2) drafted by 李娜 (clearance 2): the 市长 (3) supervises it; 张伟 never sees it.
    const secret = await submit('关于某项机密工作的通知', 'lina', { secretLevel: '2' });
    expect((await ok('document/gwdbList', { keyword: '机密' }, 'liqiang')).list.map((x: any) => x.instanceId)).toEqual([secret]);
    expect((await ok('document/gwdbList', { keyword: '机密' }, 'zhangwei')).list).toEqual([]);
  });

  it('saveDb records a 督办 with deadline and remark; dbHistory and checkSupervision answer it', async () => {
    expect(await ok('document/checkSupervision', { id: running }, 'liqiang')).toEqual({ supervised: false });
    const empty = await post('document/saveDb', { id: running, remark: '' }, 'liqiang');
    expect(empty.code).toBe(-1);
    expect(empty.msg).toContain('督办意见');
    const deadline = Date.UTC(2026, 11, 31, 2);
    const saved = await ok('document/saveDb', { id: running, deadline, remark: '请于年底前办结并报送落实情况' }, 'liqiang');
    expect(saved).toMatchObject({ instanceId: running, userName: '李强', deadline, remark: '请于年底前办结并报送落实情况' });
    // The drafter may follow up his own document too; a handler who neither supervises nor drafted it may not.
    await ok('document/saveDb', { id: running, remark: '已提醒核稿人' }, 'zhangwei');
    expect((await post('document/saveDb', { id: running, remark: '收到' }, 'lina')).msg).toBe('您没有该操作的权限');
    const history = await ok('document/dbHistory', { id: running }, 'zhangwei');
    expect(history.map((h: any) => [h.userName, h.remark])).toEqual([
      ['李强', '请于年底前办结并报送落实情况'],
      ['张伟', '已提醒核稿人'],
    ]);
    expect(await ok('document/checkSupervision', { id: running }, 'lina')).toEqual({ supervised: true });
    expect(await ok('document/checkSupervision', { id: other }, 'liqiang')).toEqual({ supervised: false });
  });

  it('people who may not see the flow get nothing: not its 督办, not its 催办', async () => {
    for (const path of ['document/dbHistory', 'document/cbHistory', 'document/checkSupervision']) {
      const r = await post(path, { id: running }, 'sunli');
      expect(r.code, path).toBe(-1);
      expect(r.msg).toBe('流程不存在或无权查看');
    }
    expect((await post('document/saveDb', { id: running, remark: '督办' }, 'sunli')).code).toBe(-1);
    expect((await post('document/dbHistory', { id: 999_999 }, 'liqiang')).code).toBe(-1);
    expect(await ok('document/dbHistory', { id: running }, 'lina')).toHaveLength(2);
  });

  it('cbHistory lists the 催办 of the flow log; gwdbList counts them', async () => {
    expect(await ok('document/cbHistory', { id: running }, 'zhangwei')).toEqual([]);
    await ok('flow/act', { id: running, type: 'urge', opinion: '请尽快核稿' }, 'zhangwei');
    await ok('flow/act', { id: running, type: 'urge', opinion: '市长督办，请今日办理' }, 'liqiang');
    const urges = await ok('document/cbHistory', { id: running }, 'liqiang');
    expect(urges.map((u: any) => [u.actorName, u.opinion, u.handlers])).toEqual([
      ['张伟', '请尽快核稿', ['李娜']],
      ['李强', '市长督办，请今日办理', ['李娜']],
    ]);
    const row = (await ok('document/gwdbList', { keyword: '供暖' }, 'zhangwei')).list[0];
    expect(row.urgeCount).toBe(2);
  });

  it('a finished step moves the row on; a document no longer running leaves the list and takes no 督办', async () => {
    await ok('flow/act', { id: running, type: 'approve', opinion: '核稿无误' }, 'lina');
    const row = (await ok('document/gwdbList', { keyword: '供暖' }, 'liqiang')).list[0];
    expect(row.nodes.map((n: any) => n.title)).toEqual(['办公室核稿']);
    expect(row.handlers).toEqual(['周明远']);
    await ok('flow/act', { id: other, type: 'withdraw' }, 'zhangwei');
    expect((await ok('document/gwdbList', {}, 'zhangwei')).list.map((x: any) => x.instanceId)).toEqual([running]);
    const late = await post('document/saveDb', { id: other, remark: '督办' }, 'liqiang');
    expect(late.code).toBe(-1);
    expect(late.msg).toBe('该公文已不在办理中，无需督办');
  });
});
