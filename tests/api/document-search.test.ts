/**
 * 公文检索 ("Search: Chinese full text (jieba) over title, 发文字号, 正文 and the text of DOCX/PDF
 * attachments, filters by year, organ, kind, 密级; only documents the user may see"), through the API on the
 * demo organisation: documents drafted by 张伟 and started on the 发文 flow, one with a DOCX attachment uploaded
 * through File/upload, one numbered (发文字号) by 王芳; a 机密 one drafted by 李娜. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { forgetClearance } from '../../src/server/services/clearance.js';
import { searchTuning } from '../../src/areas/document/server/search/query.js';

let t: TestApp;
let dataDir = '';
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};

async function as(username: string): Promise<Session> {
  if (!s[username]) {
    s[username] = sessionOf(await t.login(username));
    uid[username] = (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  return s[username];
}
const post = async (p: string, body: Record<string, unknown>, who: string) => t.post(p, body, await as(who));
const search = async (who: string, body: Record<string, unknown>) => {
  const r = await post('document/search', body, who);
  expect(r.code, r.msg).toBe(0);
  return r.data as { list: any[]; total: number; more: boolean };
};
const titles = (r: { list: any[] }) => r.list.map((x) => x.title);

/** A multipart/form-data body with one file part. */
function multipart(filename: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----oaSearchBoundary7MA4YWxk';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A one-page PDF showing `text` in Helvetica (hand-written objects and xref). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 20 80 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function upload(name: string, content: Buffer, who: string) {
  const session = await as(who);
  const { payload, headers } = multipart(name, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/File/upload',
    payload,
    headers: { ...headers, 'x-token': session.token, 'x-uuid': session.uuid },
  });
  const r = res.json();
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

/** A drafted 发文 of `who`, started on its flow; answers {id, flowId}. */
async function draft(who: string, fields: Record<string, unknown>) {
  const rec = await post('document/add', { docType: '8', secretLevel: '0', urgency: '0', issuerOrg: '市人民政府办公室', ...fields }, who);
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, who);
  expect(v.code, v.msg).toBe(0);
  return { id: rec.data.id as number, flowId: v.data.id as number };
}

async function approve(id: number, who: string, data?: Record<string, unknown>) {
  const r = await post('flow/act', { id, type: 'approve', opinion: '同意', ...(data ? { data } : {}) }, who);
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
}

const SAFETY = '关于做好2027年元旦春节期间安全生产工作的通知';
const HEATING = '关于加强冬季城市供暖保障工作的通知';
let safety: { id: number; flowId: number };
let heating: { id: number; flowId: number };
let numbered = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-search-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const docx = await Packer.toBuffer(
    new Document({ sections: [{ children: [new Paragraph('附件：供热管网抢修队伍名单'), new Paragraph('各区县应储备足量燃煤，确保居民室温达标。')] }] }),
  );
  const file = await upload('抢修队伍名单.docx', Buffer.from(docx), 'zhangwei');
  safety = await draft('zhangwei', {
    title: SAFETY,
    body: '<p>各有关单位：</p><p>节日期间要重点检查<b>危化品仓库</b>和人员密集场所，严防&lt;重特大&gt;事故。</p>',
  });
  heating = await draft('zhangwei', { title: HEATING, body: '<p>请各单位做好供暖保障。</p>', attachments: [file] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('document/search', () => {
  it('finds a document by a word of its 正文, newest first, with a highlighted snippet and the route opening it', async () => {
    const r = await search('zhangwei', { keyword: '危化品仓库' });
    expect(titles(r)).toEqual([SAFETY]);
    expect(r.total).toBe(1);
    const hit = r.list[0];
    expect(hit).toMatchObject({
      entity: 'document.send',
      record_id: safety.id,
      flow_id: safety.flowId,
      doc_type: '8',
      secret_level: '0',
      open: `/document/show-audit/${safety.flowId}`,
    });
    expect(hit.unit_name).toBe('市政府办公室');
    expect(hit.snippet).toContain('<mark>');
    expect(hit.snippet).toContain('&lt;重特大&gt;');
    // Words of the title, in any order; every word must occur.
    expect(titles(await search('zhangwei', { keyword: '春节 安全生产' }))).toEqual([SAFETY]);
    expect((await search('zhangwei', { keyword: '安全生产 供暖' })).total).toBe(0);
    // An empty keyword lists by the filters alone, newest first.
    expect(titles(await search('zhangwei', {})).slice(0, 2)).toEqual([HEATING, SAFETY]);
  });

  it('finds a document by a word inside its attached DOCX', async () => {
    const r = await search('zhangwei', { keyword: '抢修队伍' });
    expect(titles(r)).toEqual([HEATING]);
    expect(r.list[0].snippet).toContain('<mark>抢修</mark>');
    expect(titles(await search('zhangwei', { keyword: '居民室温' }))).toEqual([HEATING]);
  });

  it('finds a document by its 发文字号 once it is numbered (the changed record is indexed again)', async () => {
    const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政办发');
    const finance = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市财政局').executeTakeFirstOrThrow()).id;
    await approve(heating.flowId, 'lina');
    await as('chenjing');
    await approve(heating.flowId, 'demo', { issuerUser: uid.chenjing, markId: mark.id, mainTo: [finance] });
    await approve(heating.flowId, 'chenjing');
    const v = await approve(heating.flowId, 'wangfang');
    numbered = v.state.data.docNumber;
    expect(numbered).toMatch(/^京政办发〔\d{4}〕\d+号$/);
    const r = await search('zhangwei', { keyword: numbered });
    expect(titles(r)).toEqual([HEATING]);
    expect(r.list[0].doc_number).toBe(numbered);
    // People of its flow find it too.
    expect(titles(await search('wangfang', { keyword: '供暖' }))).toContain(HEATING);
    expect(titles(await search('lina', { keyword: '危化品' }))).toEqual([SAFETY]);
  });

  it('words in many documents are tested per visible document and find the same (SQLite plan for common words)', async () => {
    const queries = [{ keyword: '危化品仓库' }, { keyword: '通知' }, { keyword: numbered }, { keyword: '抢修队伍 居民' }, { keyword: '通知', doc_type: '1' }];
    const before = await Promise.all(queries.map((q) => search('zhangwei', q)));
    const saved = searchTuning.fewHits;
    searchTuning.fewHits = 0;
    try {
      for (const [i, q] of queries.entries()) expect(await search('zhangwei', q), JSON.stringify(q)).toEqual(before[i]);
    } finally {
      searchTuning.fewHits = saved;
    }
    expect(before.map((r) => r.total)).toEqual([1, 2, 1, 1, 0]);
  });

  it('filters narrow: year, issuing organ, kind, 密级, 发文/收文', async () => {
    const hit = (await search('zhangwei', { keyword: '危化品' })).list[0];
    const year = hit.year as number;
    const unitId = (await t.database.db.selectFrom('doc_search').select('unit_id').where('record_id', '=', safety.id).executeTakeFirstOrThrow()).unit_id!;
    const other = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '市财政局').executeTakeFirstOrThrow()).id;
    const n = async (f: Record<string, unknown>) => (await search('zhangwei', { keyword: '通知', ...f })).total;
    expect(await n({})).toBe(2);
    expect(await n({ year })).toBe(2);
    expect(await n({ year: year - 1 })).toBe(0);
    expect(await n({ unit_id: unitId })).toBe(2);
    expect(await n({ unit_id: other })).toBe(0);
    expect(await n({ doc_type: '8' })).toBe(2);
    expect(await n({ doc_type: '1' })).toBe(0);
    expect(await n({ secret_level: '0' })).toBe(2);
    expect(await n({ secret_level: '1' })).toBe(0);
    expect(await n({ entity: 'document.send' })).toBe(2);
    expect(await n({ entity: 'document.receive' })).toBe(0);
    const page = await search('zhangwei', { keyword: '通知', pageSize: 1, current: 2 });
    expect(page.total).toBe(2);
    expect(titles(page)).toEqual([SAFETY]);
  });

  it('a user outside the flows finds nothing of them', async () => {
    expect((await search('liuyang', { keyword: '危化品仓库' })).total).toBe(0);
    expect((await search('liuyang', { keyword: '抢修队伍' })).total).toBe(0);
    expect(titles(await search('liuyang', {}))).not.toContain(SAFETY);
    expect((await search('sunli', { keyword: '通知' })).total).toBe(0);
  });

  it('a 发文 distributed to a unit is found by its people; the 收文 it signs for is found as 收文 with the sender as organ', async () => {
    await approve(heating.flowId, 'wangfang'); // 用印
    const done = await approve(heating.flowId, 'wangfang'); // 分发 to 市财政局
    expect(done.status).toBe('finished');
    const r = await search('zhoujie', { keyword: '供暖' });
    expect(titles(r)).toEqual([HEATING]);
    expect(r.list[0].entity).toBe('document.send');
    // 孙丽, the 财政局's 收发员, signs for it: a 收文 of her unit, opened on its own flow.
    const item = (await post('document/gwqsList', { status: 'pending' }, 'sunli')).data.list.find((x: any) => x.send_id === heating.id);
    const signed = await post('document/gwqsSign', { id: item.id }, 'sunli');
    expect(signed.code, signed.msg).toBe(0);
    const recv = await search('sunli', { keyword: '抢修队伍', entity: 'document.receive' });
    expect(recv.list.map((x: any) => [x.title, x.doc_number, x.open])).toEqual([[HEATING, numbered, `/document/show/${signed.data.flowId}`]]);
    expect(recv.list[0].unit_name).toBe('市政府办公室');
    // Still nothing for 刘洋, and the other units see neither.
    expect((await search('liuyang', { keyword: '抢修队伍' })).total).toBe(0);
    expect((await search('wuhao', { keyword: '抢修队伍' })).total).toBe(0);
  });

  it('a draft not started on its flow is found by its drafter (opened from 待发公文) and gone once deleted; a PDF attachment is searched', async () => {
    const pdf = await upload('演练脚本.pdf', minimalPdf('Flood control drill'), 'zhangwei');
    const rec = await post(
      'document/add',
      { title: '关于开展防汛应急演练的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>草稿</p>', attachments: [pdf] },
      'zhangwei',
    );
    expect(rec.code, rec.msg).toBe(0);
    const r = await search('zhangwei', { keyword: 'flood drill' });
    expect(r.list.map((x: any) => [x.title, x.open])).toEqual([['关于开展防汛应急演练的通知', '/document/dfgw']]);
    expect(r.more).toBe(false);
    expect((await search('lina', { keyword: 'flood drill' })).total).toBe(0);
    expect((await post('document/del', { ids: [rec.data.id] }, 'zhangwei')).code).toBe(0);
    expect((await search('zhangwei', { keyword: 'flood drill' })).total).toBe(0);
  });

  it('a 机密 document is found by a supervisor cleared for it, never by one whose clearance is below it', async () => {
    const secret = await draft('lina', { title: '关于某项专项保密工作的通知', secretLevel: '2', body: '<p>涉密载体清查工作安排。</p>' });
    expect(titles(await search('lina', { keyword: '涉密载体' }))).toEqual(['关于某项专项保密工作的通知']);
    // 李强 (市长) supervises: he finds documents he has no part in, within his clearance (3).
    const found = await search('liqiang', { keyword: '涉密载体' });
    expect(found.list.map((x: any) => x.flow_id)).toEqual([secret.flowId]);
    expect(titles(await search('liqiang', { keyword: '危化品仓库' }))).toEqual([SAFETY]);
    await as('liqiang');
    await t.database.db.updateTable('users').set({ clearance: 1 }).where('id', '=', uid.liqiang).execute();
    forgetClearance(t.database.db, uid.liqiang);
    try {
      expect((await search('liqiang', { keyword: '涉密载体' })).total).toBe(0);
      expect((await search('liqiang', { secret_level: '2' })).total).toBe(0);
      expect(titles(await search('liqiang', { keyword: '危化品仓库' }))).toEqual([SAFETY]);
    } finally {
      await t.database.db.updateTable('users').set({ clearance: 3 }).where('id', '=', uid.liqiang).execute();
      forgetClearance(t.database.db, uid.liqiang);
    }
    // 张伟 (clearance 1, not in its flow) never finds it.
    expect((await search('zhangwei', { keyword: '涉密载体' })).total).toBe(0);
  });

  it('query syntax is only text; bad input is -1 naming the field', async () => {
    for (const keyword of ['"危化品" OR *', 'NEAR(危化品 仓库)', "'; drop table doc_search; --", '危化品^仓库:']) {
      const r = await post('document/search', { keyword }, 'zhangwei');
      expect(r.code, keyword).toBe(0);
    }
    // Quotes and operators are dropped; a word such as OR is just a word that must occur.
    expect(titles(await search('zhangwei', { keyword: '"危化品"* (仓库)' }))).toEqual([SAFETY]);
    expect((await search('zhangwei', { keyword: '"危化品" OR *' })).total).toBe(0);
    const big = await post('document/search', { keyword: '通知', pageSize: 51 }, 'zhangwei');
    expect(big.code).toBe(-1);
    expect(big.msg).toContain('每页条数');
    const level = await post('document/search', { secret_level: '9' }, 'zhangwei');
    expect(level.code).toBe(-1);
    expect(level.msg).toContain('密级');
    const kind = await post('document/search', { entity: 'document.other' }, 'zhangwei');
    expect(kind.code).toBe(-1);
    expect(kind.msg).toContain('公文类别');
    expect((await t.post('document/search', { keyword: '通知' })).code).toBe(-99);
  });
});
