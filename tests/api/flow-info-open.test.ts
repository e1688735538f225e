/**
 * flow/info names the approval page of the instance's entity (`open`, src/server/engine/flow/approvalRoute.ts):
 * a 发文 → /document/show-audit/:id, a 收文 → /document/show/:id? — the approval page moves a 收文 opened on the 发文
 * page (a reminder's target) to its own (engine/renderers/ApprovalPage.tsx). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let zhang: Session;

beforeAll(async () => {
  t = await createTestApp();
  zhang = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

describe('flow/info open', () => {
  it('is the 发文 approval route for a 发文 and the 收文 route for a 收文', async () => {
    const rec = await t.post('document/add', { title: '关于开展冬季消防安全检查的通知', docType: '8', secretLevel: '0', urgency: '0' }, zhang);
    expect(rec.code, rec.msg).toBe(0);
    const send = await t.post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, zhang);
    expect(send.code, send.msg).toBe(0);
    const info = await t.post('flow/info', { id: send.data.id }, zhang);
    expect(info.data).toMatchObject({ entity: 'document.send', open: '/document/show-audit/:id' });

    const receive = await t.post(
      'flow/start',
      { defId: 'document.receive', title: '关于做好安全生产工作的通知', data: { title: '关于做好安全生产工作的通知' }, draft: true },
      zhang,
    );
    expect(receive.code, receive.msg).toBe(0);
    expect((await t.post('flow/info', { id: receive.data.id }, zhang)).data.open).toBe('/document/show/:id?');
  });

  it('refuses an instance the caller does not take part in, without naming a route', async () => {
    const rec = await t.post('document/add', { title: '关于印发值班安排的通知', docType: '8', secretLevel: '0', urgency: '0' }, zhang);
    const send = await t.post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, zhang);
    const other = await t.post('flow/info', { id: send.data.id }, sessionOf(await t.login('liuyang')));
    expect(other.code).toBe(-1);
    expect(other.data?.open).toBeUndefined();
  });
});
