/**
 * 正文 versions ("every save a version with diff"): submitting a 发文 keeps its 正文 as version 1, a step
 * that may write the 正文 (部门核稿) and changes it adds version 2 by its handler; an action that leaves it alone adds
 * none. The edit reaches the record with an audit row naming its author. Only people who may see the flow read
 * them. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'liuyang']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

describe('正文 versions', () => {
  it('version 1 at submission, version 2 by the reviewer who edits it, none for an opinion alone; outsiders refused', async () => {
    const rec = await t.post(
      'document/add',
      { title: '关于调整工作时间的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>自12月1日起，上午上班时间调整为8:30。</p>' },
      s.zhangwei,
    );
    expect(rec.code, rec.msg).toBe(0);
    const v = (await t.post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, s.zhangwei)).data;
    const first = await t.post('flow/bodyVersions', { id: v.id }, s.zhangwei);
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({ field: 'body', versionNo: 1, authorName: '张伟' });
    const edited = await t.post(
      'flow/act',
      { id: v.id, type: 'approve', opinion: '已修改时间', data: { body: '<p>自12月1日起，上午上班时间调整为9:00。</p>' } },
      s.lina,
    );
    expect(edited.code, edited.msg).toBe(0);
    const list = (await t.post('flow/bodyVersions', { id: v.id }, s.zhangwei)).data;
    expect(list.map((x: any) => [x.versionNo, x.authorName])).toEqual([
      [2, '李娜'],
      [1, '张伟'],
    ]);
    const two = await t.post('flow/bodyVersion', { id: v.id, versionId: list[0].id }, s.zhangwei);
    expect(two.data.body).toContain('9:00');
    const one = await t.post('flow/bodyVersion', { id: v.id, versionId: list[1].id }, s.zhangwei);
    expect(one.data.body).toContain('8:30');
    // The reviewer's edit reached the 发文 record and is audited as hers, with the 正文 before and after.
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'detail'])
      .where('event', '=', 'document.send.flowEdit')
      .where('object', '=', `document.send:${rec.data.id}`)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0].user_id).toBe((await t.post('Person/userInfo', {}, s.lina)).data.id);
    expect(JSON.parse(String(audited[0].detail))).toEqual({
      before: { body: '<p>自12月1日起，上午上班时间调整为8:30。</p>' },
      after: { body: '<p>自12月1日起，上午上班时间调整为9:00。</p>' },
    });
    // 办公室核稿 with an opinion only: no new version.
    const demo = sessionOf(await t.login('demo'));
    expect((await t.post('flow/act', { id: v.id, type: 'comment', opinion: '阅' }, demo)).code).toBe(0);
    expect((await t.post('flow/bodyVersions', { id: v.id }, s.zhangwei)).data).toHaveLength(2);
    // Outside the flow: refused; a version of another instance: -1 naming the version.
    expect((await t.post('flow/bodyVersions', { id: v.id }, s.liuyang)).code).toBe(-1);
    expect((await t.post('flow/bodyVersion', { id: v.id, versionId: 999999 }, s.zhangwei)).msg).toContain('版本');
    expect((await t.post('flow/bodyVersions', {}, s.zhangwei)).code).toBe(-1);
  });
});
