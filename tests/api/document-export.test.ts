/**
 * 正式文件 of a 发文 (document/exportPdf, document/getDoc "export to PDF laid out per GB/T 9704 … and to
 * DOCX; a seal image placed over the 成文日期 when 用印 is done"): a 发文 of the demo organisation goes through the
 * chain of document-chain.test.ts up to 分发; its drafter downloads the PDF (发文字号 and title in its text, pages
 * rendered to PNG under test-results/pdf for looking at) and the DOCX; someone outside the flow gets -1; a 请示
 * prints its 签发人. SQLite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};
const OUT = path.resolve('test-results/pdf');
const TITLE = '关于做好2027年元旦春节期间安全生产工作的通知';

async function as(username: string): Promise<Session> {
  if (!s[username]) {
    s[username] = sessionOf(await t.login(username));
    uid[username] = (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  return s[username];
}
const post = async (p: string, body: Record<string, unknown>, who: string) => t.post(p, body, await as(who));
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** `who` approves their open task of instance `id`. */
async function approve(id: number, who: string, opinion = '同意', data?: Record<string, unknown>) {
  const r = await post('flow/act', { id, type: 'approve', opinion, ...(data ? { data } : {}) }, who);
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
}

/** A drafted and submitted 发文 of zhangwei; answers the record and the instance view. */
async function submit(title: string, extra: Record<string, unknown> = {}) {
  const rec = await post(
    'document/add',
    { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>各有关单位：</p><p>现将有关事项通知如下。</p>', issuerOrg: '市人民政府办公室', ...extra },
    'zhangwei',
  );
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  return { rec: rec.data, v: v.data };
}

/** POSTs a download call; answers the HTTP response (bytes in rawPayload). */
async function download(p: string, body: Record<string, unknown>, who: string) {
  const session = await as(who);
  return t.app.inject({ method: 'POST', url: `/api/${p}`, payload: body, headers: { 'x-token': session.token, 'x-uuid': session.uuid } });
}

/** The text of PDF `bytes` (poppler's pdftotext), whitespace removed. */
function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(OUT, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, '');
}

/** Renders page `page` of PDF file `name` to test-results/pdf/<png>.png at 80 dpi. */
function renderPage(name: string, page: number, png: string): string {
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(page), '-l', String(page), '-singlefile', path.join(OUT, `${name}.pdf`), path.join(OUT, png)]);
  return path.join(OUT, `${png}.png`);
}

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('document/exportPdf and document/getDoc', () => {
  let send: { rec: any; v: any };
  let number = '';

  it('a 发文 goes through 核稿, 会签, 签发, 编号, 用印 and 分发', async () => {
    const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政办发');
    const [finance, education, drc] = await Promise.all(['市财政局', '市教育局', '市发展和改革委员会'].map(deptId));
    send = await submit(TITLE, { draftDept: await deptId('秘书科'), urgency: '2', printOrg: '市人民政府办公室秘书科', printDate: '2026-11-25' });
    await approve(send.v.id, 'lina', '核稿无误');
    await as('chenjing');
    let v = await approve(send.v.id, 'demo', '请会签', {
      countersignDepts: [finance, education],
      issuerUser: uid.chenjing,
      markId: mark.id,
      mainTo: [finance, education, drc],
      ccTo: [drc],
    });
    const signers = v.state.tasks.filter((x: any) => x.status === 'pending').map((x: any) => x.assignee);
    for (const who of signers)
      v = (await t.post('flow/act', { id: send.v.id, type: 'approve', opinion: '会签同意' }, sessionOf(await t.login(await usernameOf(who))))).data;
    await approve(send.v.id, 'chenjing', '同意印发', { docDate: '2026-11-25' });
    v = await approve(send.v.id, 'wangfang', '已编号');
    number = v.state.data.docNumber;
    expect(number).toMatch(/^京政办发〔\d{4}〕\d+号$/);
    expect((await approve(send.v.id, 'wangfang', '已用印')).state.data.sealed).toBe(true);
    expect((await approve(send.v.id, 'wangfang', '已分发')).status).toBe('finished');
  });

  it('the drafter downloads the PDF: 发文字号, title, 主送, 抄送 and the 版记’s 印发日期 in its text, named after the number', async () => {
    const res = await download('document/exportPdf', { id: send.v.id }, 'zhangwei');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(`${number}.pdf`)}`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes, 'exported');
    expect(text).toContain(number);
    expect(text).toContain(TITLE);
    expect(text).toContain('市财政局、市教育局、市发展和改革委员会：');
    expect(text).toContain('抄送：市发展和改革委员会。');
    expect(text).toContain('加急');
    expect(text).toContain('2026年11月25日');
    // the 版记: 印发机关 and 印发日期 (GB/T 9704 7.4.3)
    expect(text).toContain('市人民政府办公室秘书科');
    expect(text).toContain('2026年11月25日印发');
    // Pictures to look at: the first page (red header, number, title) and the last (seal over the date).
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path.join(OUT, 'exported.pdf')]).toString())![1]);
    expect(fs.statSync(renderPage('exported', 1, 'exported-page1')).size).toBeGreaterThan(0);
    expect(fs.statSync(renderPage('exported', pages, 'exported-last')).size).toBeGreaterThan(0);
  });

  it('the DOCX of the same 发文 (a zip), named after the number', async () => {
    const res = await download('document/getDoc', { id: send.v.id }, 'wangfang');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`${number}.docx`));
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    // The seal travels as a picture in the DOCX.
    expect(res.rawPayload.includes(Buffer.from('word/media/'))).toBe(true);
  });

  it('outside the flow (刘洋) → -1, as if it did not exist; a bad id → -1 naming the field', async () => {
    for (const p of ['document/exportPdf', 'document/getDoc']) {
      const r = await post(p, { id: send.v.id }, 'liuyang');
      expect(r.code).toBe(-1);
      expect(r.msg).toBe('流程不存在或无权查看');
      const bad = await post(p, { id: 'x' }, 'zhangwei');
      expect(bad.code).toBe(-1);
      expect(bad.msg).toContain('记录ID');
      expect((await post(p, { id: 99_999_999 }, 'zhangwei')).code).toBe(-1);
    }
  });

  it('a 请示 (上行文) prints its 签发人 next to the number, before it is numbered', async () => {
    const ask = await submit('关于申请安全生产专项经费的请示', { docType: '11' });
    await approve(ask.v.id, 'lina');
    await approve(ask.v.id, 'demo', '同意', { issuerUser: uid.chenjing, mainTo: [await deptId('市财政局')] });
    const res = await download('document/exportPdf', { id: ask.v.id }, 'zhangwei');
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'exported-upward');
    const chenjing = (await t.database.db.selectFrom('users').select('realname').where('id', '=', uid.chenjing).executeTakeFirstOrThrow()).realname;
    expect(text).toContain(`签发人：${chenjing}`);
    expect(text).toContain('关于申请安全生产专项经费的请示');
    // Not yet numbered: named after the title.
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('关于申请安全生产专项经费的请示.pdf'));
  });
});

async function usernameOf(id: number): Promise<string> {
  return (await t.database.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
}
