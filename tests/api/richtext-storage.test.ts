/**
 * Rich text is cleaned on the server before it is stored (src/server/lib/sanitize.ts), whatever the client sent: a
 * 发文's 正文 through document/add, the flow's copy at submission and a reviewer's edit through flow/act (and so its
 * 正文 versions), and a 正文 template through document/templateAdd. Scripts, handlers and javascript: links never
 * reach the database; the text and formatting do. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const HOSTILE =
  '<p onclick="steal()">现将<strong>有关事项</strong>通知如下。<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">详见附件</a></p>';
const UNSAFE = /script|onclick|onerror|alert|<img|javascript:/i;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'demo']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

describe('rich text is cleaned before storage', () => {
  it('a 发文 正文: the record, the flow data and every 正文 version keep the text and drop scripts and handlers', async () => {
    const rec = await t.post('document/add', { title: '关于加强值班值守工作的通知', docType: '8', secretLevel: '0', urgency: '0', body: HOSTILE }, s.zhangwei);
    expect(rec.code, rec.msg).toBe(0);
    expect(rec.data.body).not.toMatch(UNSAFE);
    expect(rec.data.body).toContain('<strong>有关事项</strong>');
    const v = (await t.post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, s.zhangwei)).data;
    const edited = await t.post('flow/act', { id: v.id, type: 'approve', opinion: '已修改', data: { body: `${HOSTILE}<p>请各单位认真落实。</p>` } }, s.lina);
    expect(edited.code, edited.msg).toBe(0);
    const info = (await t.post('flow/info', { id: v.id }, s.zhangwei)).data;
    expect(info.state.data.body).not.toMatch(UNSAFE);
    expect(info.state.data.body).toContain('请各单位认真落实。');
    const stored = (await t.post('document/info', { id: rec.data.id }, s.zhangwei)).data;
    expect(stored.body).not.toMatch(UNSAFE);
    expect(stored.body).toContain('请各单位认真落实。');
    const versions = (await t.post('flow/bodyVersions', { id: v.id }, s.zhangwei)).data as { id: number }[];
    expect(versions).toHaveLength(2);
    for (const ver of versions) expect((await t.post('flow/bodyVersion', { id: v.id, versionId: ver.id }, s.zhangwei)).data.body).not.toMatch(UNSAFE);
  });

  it('a 正文 template keeps its headings and lists and loses its script', async () => {
    const r = await t.post(
      'document/templateAdd',
      { doc_type: '8', name: '通知（清理测试）', body: `<h2>一、总体要求</h2><ol><li>落实责任</li></ol>${HOSTILE}` },
      s.demo,
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data.body).not.toMatch(UNSAFE);
    expect(r.data.body).toContain('<h2>一、总体要求</h2><ol><li>落实责任</li></ol>');
  });
});
