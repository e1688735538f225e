/**
 * What the 公文督办 list answers besides the step: 文号 (the 发文字号 once 编号 took it), 督办人 (who recorded
 * the first 督办, then whoever was named by 更换督办人) and 督办期限 (the deadline of the latest 督办 that set one);
 * and who opens /document/gwdb: a plain drafter (张伟, role staff) has it in his menu and follows up there the
 * documents he started, nobody else's. SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const { ok } = actors(() => t);
const uid = async (username: string) => (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const row = async (who: string, id: number) => (await ok('document/gwdbList', { pageSize: 50 }, who)).list.find((x: any) => x.instanceId === id);

let numbered = 0;
let plain = 0;

beforeAll(async () => {
  t = await createTestApp();
  const submit = async (title: string) => {
    const rec = await ok('document/add', { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>各有关单位：</p>' }, 'zhangwei');
    return (await ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, 'zhangwei')).id as number;
  };
  numbered = await submit('关于做好冬季森林防火工作的通知');
  plain = await submit('关于开展机关作风建设年活动的通知');
  // 核稿, 签发 and 编号: the first one gets its 发文字号 and waits at 用印.
  const mark = (await ok('document/markList', {}, 'zhangwei')).list.find((m: any) => m.org_code === '京政办发');
  await ok('flow/act', { id: numbered, type: 'approve', opinion: '核稿无误' }, 'lina');
  await ok('flow/act', { id: numbered, type: 'approve', opinion: '请签发', data: { issuerUser: await uid('chenjing'), markId: mark.id } }, 'demo');
  await ok('flow/act', { id: numbered, type: 'approve', opinion: '同意印发' }, 'chenjing');
  await ok('flow/act', { id: numbered, type: 'approve', opinion: '已编号' }, 'wangfang');
});
afterAll(async () => t.close());

describe('gwdbList columns: 文号, 督办人, 督办期限', () => {
  it('answers the 发文字号 once numbered, and none before', async () => {
    const record = (await ok('flow/info', { id: numbered }, 'zhangwei')).state.data;
    expect(record.docNumber).toMatch(/^京政办发〔\d{4}〕\d+号$/);
    const r = await row('liqiang', numbered);
    expect(r).toMatchObject({ docNumber: record.docNumber, handlers: ['王芳'], supervisorId: null, supervisorName: null, supervisionDeadline: null });
    expect((await row('liqiang', plain)).docNumber).toBeNull();
  });

  it('names the approval page a row opens (the generic list opens it)', async () => {
    expect((await row('liqiang', numbered)).open).toBe('/document/show-audit/:id');
  });

  it('answers 督办人 and 督办期限 as soon as a 督办 is recorded, and follows 更换督办人 and later 督办', async () => {
    const deadline = Date.UTC(2026, 11, 20, 1);
    await ok('document/saveDb', { id: numbered, deadline, remark: '请于12月20日前印发' }, 'liqiang');
    expect(await row('liqiang', numbered)).toMatchObject({ supervisorId: await uid('liqiang'), supervisorName: '李强', supervisionDeadline: deadline });
    await ok('document/dbUpdateDbr', { id: numbered, userId: await uid('demo'), remark: '由办公室跟踪' }, 'liqiang');
    const later = Date.UTC(2026, 11, 25, 1);
    await ok('document/saveDb', { id: numbered, deadline: later, remark: '延期至25日' }, 'zhangwei');
    // A 督办 without a deadline keeps the latest one that set it.
    await ok('document/saveDb', { id: numbered, remark: '已提醒' }, 'liqiang');
    expect(await row('liqiang', numbered)).toMatchObject({ supervisorName: '周明远', supervisionDeadline: later });
    expect(await row('zhangwei', numbered)).toMatchObject({ supervisorName: '周明远', supervisionDeadline: later });
    expect((await row('liqiang', plain)).supervisorName).toBeNull();
  });
});

describe('/document/gwdb for a plain drafter', () => {
  it('is in 张伟’s menu (role staff) and lists the documents he started, with their columns', async () => {
    const menu = JSON.stringify((await ok('Person/userInfo', {}, 'zhangwei')).menu);
    expect(menu).toContain('/document/gwdb');
    const mine = await ok('document/gwdbList', {}, 'zhangwei');
    expect(mine.list.map((x: any) => x.instanceId)).toEqual([plain, numbered]);
    expect(mine.list[1].docNumber).toMatch(/^京政办发/);
  });

  it('shows a clerk of another unit none of them', async () => {
    expect(JSON.stringify((await ok('Person/userInfo', {}, 'sunli')).menu)).toContain('/document/gwdb');
    expect(await ok('document/gwdbList', {}, 'sunli')).toEqual({ list: [], total: 0 });
  });
});
