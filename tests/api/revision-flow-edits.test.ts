/**
 * An approver's edit of a record's fields (flow/act with data, written back by syncRecordData) is validated against
 * the form revision the record pinned (src/server/engine/recordModels.ts), as the record's own edit is: a
 * 正文 length limit published after a 发文 was drafted does not bind that 发文's 核稿, and binds one drafted after it
 * — refused naming 正文, nothing written. The approval page's form (Template/page {id, instanceId}) is served with the
 * revision the record behind the instance pinned, to its participants only. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FORM = 'document.send.form';
let t: TestApp;
const s: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'zhangwei', 'lina', 'sunli']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

/** A 发文 of 张伟 with a short 正文, submitted; answers the instance id. */
async function submitted(title: string): Promise<number> {
  advanceClock(5);
  const rec = await t.post('document/add', { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>通知如下。</p>' }, s.zhangwei);
  expect(rec.code, rec.msg).toBe(0);
  const v = await t.post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, s.zhangwei);
  expect(v.code, v.msg).toBe(0);
  advanceClock(5);
  return v.data.id;
}

describe('a step edits a record under the revision it pinned', () => {
  it('a 正文 limit published later binds only 发文 drafted after it', async () => {
    const old = await submitted('关于开展节能宣传周活动的通知');
    const form = structuredClone((await t.post('Template/revision', { id: FORM, revision: 0 }, s.admin)).data.definition) as { entity: any };
    form.entity.model.properties.body.maxLength = 40;
    const pub = await t.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '正文限长' }, s.admin);
    expect(pub.code, pub.msg).toBe(0);
    const fresh = await submitted('关于开展安全生产月活动的通知');

    const long = `<p>${'现将有关事项通知如下，请认真贯彻落实。'.repeat(3)}</p>`;
    const ok = await t.post('flow/act', { id: old, type: 'approve', opinion: '已修改正文', data: { body: long } }, s.lina);
    expect(ok.code, ok.msg).toBe(0);
    const refused = await t.post('flow/act', { id: fresh, type: 'approve', opinion: '已修改正文', data: { body: long } }, s.lina);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toContain('正文');
    const info = (await t.post('flow/info', { id: fresh }, s.zhangwei)).data;
    expect(info.state.data.body).toBe('<p>通知如下。</p>');
    expect(info.state.tasks.filter((x: any) => x.status === 'pending').length).toBeGreaterThan(0);
  });

  it("serves the approval page with the revision the instance's record pinned, to participants only", async () => {
    const before = await submitted('关于做好冬季防火工作的通知');
    const form = structuredClone((await t.post('Template/revision', { id: FORM, revision: 0 }, s.admin)).data.definition) as { entity: any };
    form.entity.model.properties.body.maxLength = 30;
    expect((await t.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '正文再限长' }, s.admin)).code).toBe(0);
    const after = await submitted('关于做好元旦春节期间值班工作的通知');
    const latest = (await t.post('Template/page', { id: FORM, revision: 1 }, s.zhangwei)).data.revision.latest as number;
    expect(latest).toBeGreaterThanOrEqual(2);

    const old = (await t.post('Template/page', { id: FORM, instanceId: before }, s.lina)).data;
    expect(old.revision).toEqual({ form: FORM, number: latest - 1, latest });
    expect(old.entity.model.properties.body.maxLength).toBe(40);
    const fresh = (await t.post('Template/page', { id: FORM, instanceId: after }, s.zhangwei)).data;
    expect(fresh.revision).toEqual({ form: FORM, number: latest, latest });
    expect(fresh.entity.model.properties.body.maxLength).toBe(30);

    const outsider = await t.post('Template/page', { id: FORM, instanceId: after }, s.sunli);
    expect([outsider.code, outsider.data ?? null]).toEqual([-1, null]);
    expect((await t.post('Template/page', { id: FORM, instanceId: 0 }, s.zhangwei)).code).toBe(-1);
  });
});
