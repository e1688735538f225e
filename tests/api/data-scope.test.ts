/**
 * Data scope of the lists (src/server/engine/scope.ts, services/search/visibility.ts), as people of the demo
 * organisation meet it:
 *  - 接待 (receptions, entity scope department with `scopeDept` 承办部门): a 科长 sees her 科's receptions — those
 *    registered in the 科 and those the office registered for it —, not another 科's; the 主任 of 市政府办公室 sees every
 *    科 of his office; another unit sees none.
 *  - 公文检索: a unit's 收文 stays within the unit — the 主任 of 市政府办公室 (督办) does not find 市财政局's 收文, 市财政局's
 *    局长 does, and the 市长 who oversees every unit below 市人民政府 does.
 *  - 待办 / 事务 lists: only one's own tasks; 督办 (flow:supervise) reaches the flows started in the units one oversees
 *    (one's units and those below), not a sibling unit's.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, actors, type TestApp } from './helpers.js';

let t: TestApp;
const people = actors(() => t);
const deptId = async (name: string) =>
  (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).orderBy('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('data scope of the lists', () => {
  it('receptions: a 科长 sees her 科’s, including those the office registered for it; the office director every 科; another unit none', async () => {
    const [mishu, wendian] = [await deptId('秘书科'), await deptId('文电科')];
    const base = { guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01' };
    await people.ok('receptions/add', { ...base, title: '办公室登记·秘书科承办', dept: mishu }, 'demo');
    await people.ok('receptions/add', { ...base, title: '秘书科自行登记', dept: mishu }, 'zhangwei');
    await people.ok('receptions/add', { ...base, title: '文电科自行登记', dept: wendian }, 'wangfang');
    const titles = async (who: string) => ((await people.ok('receptions/list', { pageSize: 100 }, who)).list as { title: string }[]).map((r) => r.title).sort();
    expect(await titles('lina')).toEqual(['办公室登记·秘书科承办', '秘书科自行登记']);
    expect(await titles('wangfang')).toEqual(['文电科自行登记']);
    expect(await titles('demo')).toEqual(['办公室登记·秘书科承办', '文电科自行登记', '秘书科自行登记']);
    expect(await titles('zhangwei')).toEqual(['秘书科自行登记']);
    expect(await titles('zhoujie')).toEqual([]);
  });

  it('公文检索: 市财政局’s 收文 is found in 市财政局 and by the 市长, not by the 主任 of 市政府办公室', async () => {
    const rec = await people.ok(
      'receive/add',
      { title: '关于拨付防汛专项资金的请示', docType: '8', secretLevel: '0', urgency: '0', fromOrg: '省财政厅' },
      'sunli',
    );
    expect(rec.id).toBeGreaterThan(0);
    const found = async (who: string) =>
      ((await people.ok('document/search', { keyword: '防汛专项资金', entity: 'document.receive' }, who)).list as { record_id: number }[]).map(
        (x) => x.record_id,
      );
    expect(await found('sunli')).toEqual([rec.id]);
    expect(await found('zhoujie')).toEqual([rec.id]);
    expect(await found('liqiang')).toEqual([rec.id]);
    expect(await found('demo')).toEqual([]);
    expect(await found('zhangwei')).toEqual([]);
  });

  it('待办 and 事务 lists hold only one’s own tasks, whatever one’s role', async () => {
    const a = await people.ok('affair/add', { title: '关于调整会议室使用安排的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const inst = (await people.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: a.id }, 'zhangwei')).id;
    const todo = async (who: string) => ((await people.ok('flow/todo', {}, who)).list as { instanceId: number }[]).map((x) => x.instanceId);
    expect(await todo('lina')).toContain(inst);
    for (const who of ['demo', 'wangfang', 'zhoujie', 'liqiang']) expect(await todo(who), who).not.toContain(inst);
    expect(((await people.ok('flow/sent', {}, 'zhangwei')).list as { instanceId: number }[]).map((x) => x.instanceId)).toContain(inst);
    expect(((await people.ok('flow/sent', {}, 'demo')).list as { instanceId: number }[]).map((x) => x.instanceId)).not.toContain(inst);
  });

  it('督办: the 主任 of 市政府办公室 follows his office’s flows, not 市财政局’s; the 市长 both', async () => {
    const start = async (who: string, title: string) => {
      const a = await people.ok('affair/add', { title, affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, who);
      return (await people.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: a.id }, who)).id as number;
    };
    const office = await start('zhangwei', '关于办公室值班安排的请示');
    const finance = await start('sunli', '关于财政局内部审计安排的请示');
    const seen = async (who: string) => ((await people.ok('flow/supervise', { pageSize: 100 }, who)).list as { instanceId: number }[]).map((x) => x.instanceId);
    expect(await seen('demo')).toContain(office);
    expect(await seen('demo')).not.toContain(finance);
    expect(await seen('liqiang')).toEqual(expect.arrayContaining([office, finance]));
    expect((await people.post('flow/info', { id: office }, 'demo')).code).toBe(0);
    expect(await people.post('flow/info', { id: finance }, 'demo')).toMatchObject({ code: -1, msg: '流程不存在或无权查看' });
    expect((await people.post('flow/info', { id: finance }, 'liqiang')).code).toBe(0);
  });
});
