/**
 * 收藏 (scgw), 关联文件 (listthgl / editthgl / delthgl), 归档 (documentarchive/*) and the attachments of a document
 * (getAttachList, mergeDownAttachs as a ZIP with Chinese names) — SPEC §7. Documents are 发文 of the demo
 * organisation run through their flow as in document-chain.test.ts. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { forgetClearance } from '../../src/server/services/clearance.js';

let t: TestApp;
let dataDir: string;
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
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** Uploads `content` as `name` through File/upload (multipart, UTF-8 file name) as `who`. */
async function upload(name: string, content: Buffer, who: string) {
  const boundary = '----oaExtrasBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    'utf8',
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]);
  const session = await as(who);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/File/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': session.token, 'x-uuid': session.uuid },
  });
  const r = res.json();
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

/** A drafted and submitted 发文 of `who`; answers the flow instance view. */
async function submit(title: string, who = 'zhangwei', extra: Record<string, unknown> = {}) {
  const rec = await post(
    'document/add',
    { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>现将有关事项通知如下。</p>', issuerOrg: '市人民政府办公室', ...extra },
    who,
  );
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, who);
  expect(v.code, v.msg).toBe(0);
  return v.data;
}

async function approve(id: number, who: string, data?: Record<string, unknown>) {
  const r = await post('flow/act', { id, type: 'approve', opinion: '同意', ...(data ? { data } : {}) }, who);
  expect(r.code, `${who}: ${r.msg}`).toBe(0);
  return r.data;
}

/** Runs 发文 `id` (submitted by 张伟) through 核稿 (unless `reviewed`) → 签发 → 编号 → 用印 → 分发 to its end. */
async function finish(id: number, reviewed = false) {
  const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政办发');
  if (!reviewed) await approve(id, 'lina');
  await as('chenjing');
  await approve(id, 'demo', { issuerUser: uid.chenjing, markId: mark.id, mainTo: [await deptId('市财政局')] });
  await approve(id, 'chenjing', { docDate: '2026-11-25' });
  await approve(id, 'wangfang');
  await approve(id, 'wangfang');
  const done = await approve(id, 'wangfang');
  expect(done.status).toBe('finished');
  return done;
}

const TEXT_A = Buffer.from('附件一：2026年安全生产检查要点\n一、消防通道畅通。\n', 'utf8');
const PDF_B = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let d1: any; // 发文 of 张伟 with two attachments, finished later
let d2: any; // 发文 of 张伟, 秘书 (1), running
let d3: any; // 发文 of 李娜, running; 张伟 takes no part
let files: any[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-docextras-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  files = [await upload('附件一：安全生产检查要点.txt', TEXT_A, 'zhangwei'), await upload('附件二：统计表.pdf', PDF_B, 'zhangwei')];
  d1 = await submit('关于开展安全生产大检查的通知', 'zhangwei', { attachments: files });
  d2 = await submit('关于加强值班工作的通知', 'zhangwei', { secretLevel: '1' });
  d3 = await submit('关于调整办公用房的通知', 'lina');
});
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('without a session or with bad input', () => {
  it('answers -99 without a session and -1 naming the field for bad input', async () => {
    for (const p of [
      'document/favorite',
      'document/favorites',
      'document/listthgl',
      'document/getAttachList',
      'document/mergeDownAttachs',
      'documentarchive/list',
      'documentarchive/add',
    ]) {
      expect((await t.post(p, { id: d1.id })).code, p).toBe(-99);
    }
    const bad = await post('document/favorite', { id: 'x' }, 'zhangwei');
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('ID');
    const badRet = await post('documentarchive/add', { flow_id: d1.id, retention: '5年' }, 'wangfang');
    expect(badRet.code).toBe(-1);
    expect(badRet.msg).toContain('保管期限');
  });
});

describe('收藏 (scgw)', () => {
  it('favourite, list with the approval route, unfavourite', async () => {
    expect((await post('document/favorite', { id: d1.id }, 'zhangwei')).data).toEqual({ id: d1.id, favorite: true });
    expect((await post('document/favorite', { id: d1.id }, 'zhangwei')).code).toBe(0); // kept once
    expect((await post('document/favorite', { id: d2.id }, 'zhangwei')).code).toBe(0);
    let list = (await post('document/favorites', {}, 'zhangwei')).data;
    expect(list.total).toBe(2);
    expect(list.list.map((x: any) => x.id).sort()).toEqual([d1.id, d2.id].sort());
    const row = list.list.find((x: any) => x.id === d1.id);
    expect(row).toMatchObject({ title: '关于开展安全生产大检查的通知', status: 'running', open: '/document/show-audit/:id', flowTitle: expect.any(String) });
    expect(row.favoritedAt).toBeGreaterThan(0);
    expect((await post('document/isFavorite', { id: d1.id }, 'zhangwei')).data.favorite).toBe(true);
    // keyword and paging
    expect((await post('document/favorites', { keyword: '值班' }, 'zhangwei')).data.list.map((x: any) => x.id)).toEqual([d2.id]);
    const page2 = (await post('document/favorites', { pageSize: 1, current: 2 }, 'zhangwei')).data;
    expect(page2.total).toBe(2);
    expect(page2.list).toHaveLength(1);
    // other users' favourites are their own
    expect((await post('document/favorites', {}, 'lina')).data.total).toBe(0);
    expect((await post('document/unfavorite', { id: d1.id }, 'zhangwei')).code).toBe(0);
    list = (await post('document/favorites', {}, 'zhangwei')).data;
    expect(list.list.map((x: any) => x.id)).toEqual([d2.id]);
    expect((await post('document/isFavorite', { id: d1.id }, 'zhangwei')).data.favorite).toBe(false);
  });

  it('a document the user may not see cannot be favourited; one he can no longer see is not listed', async () => {
    const outside = await post('document/favorite', { id: d1.id }, 'liuyang');
    expect(outside.code).toBe(-1);
    expect(outside.msg).toBe('流程不存在或无权查看');
    // 张伟's clearance drops below the 秘密 document's 密级: it disappears from his favourites.
    const before = (await t.database.db.selectFrom('users').select('clearance').where('id', '=', uid.zhangwei).executeTakeFirstOrThrow()).clearance;
    await t.database.db.updateTable('users').set({ clearance: 0 }).where('id', '=', uid.zhangwei).execute();
    forgetClearance(t.database.db, uid.zhangwei);
    try {
      const list = (await post('document/favorites', {}, 'zhangwei')).data;
      expect(list).toMatchObject({ total: 0, list: [] });
    } finally {
      await t.database.db.updateTable('users').set({ clearance: before }).where('id', '=', uid.zhangwei).execute();
      forgetClearance(t.database.db, uid.zhangwei);
    }
    expect((await post('document/favorites', {}, 'zhangwei')).data.total).toBe(1);
  });
});

describe('关联文件', () => {
  it('links are visible both ways, only to those who may see the other document', async () => {
    // the picker offers 张伟's other documents, not d3 (he takes no part in it) nor d1 itself
    const offered = (await post('document/thglCandidates', { id: d1.id }, 'zhangwei')).data.map((x: any) => x.id);
    expect(offered).toContain(d2.id);
    expect(offered).not.toContain(d1.id);
    expect(offered).not.toContain(d3.id);
    expect((await post('document/editthgl', { id: d1.id, related: [d2.id] }, 'zhangwei')).data).toEqual({ added: 1 });
    expect((await post('document/thglCandidates', { id: d1.id, keyword: '值班' }, 'zhangwei')).data).toEqual([]);
    expect((await post('document/editthgl', { id: d2.id, related: [d1.id] }, 'zhangwei')).data).toEqual({ added: 0 }); // same pair
    expect((await post('document/listthgl', { id: d1.id }, 'zhangwei')).data.map((x: any) => x.id)).toEqual([d2.id]);
    const back = (await post('document/listthgl', { id: d2.id }, 'zhangwei')).data;
    expect(back.map((x: any) => x.id)).toEqual([d1.id]);
    expect(back[0]).toMatchObject({ title: '关于开展安全生产大检查的通知', open: '/document/show-audit/:id' });
    // 李娜 (核稿 of d1 and drafter of d3) links d3 to d1; 张伟 may not see d3, so his list leaves it out.
    expect((await post('document/editthgl', { id: d1.id, related: [d3.id] }, 'lina')).code).toBe(0);
    expect((await post('document/listthgl', { id: d1.id }, 'lina')).data.map((x: any) => x.id).sort()).toEqual([d2.id, d3.id].sort());
    expect((await post('document/listthgl', { id: d1.id }, 'zhangwei')).data.map((x: any) => x.id)).toEqual([d2.id]);
  });

  it('refuses itself, invisible documents and outsiders; delthgl removes a link both ways', async () => {
    expect((await post('document/editthgl', { id: d1.id, related: [d1.id] }, 'zhangwei')).msg).toBe('不能关联公文自身');
    expect((await post('document/editthgl', { id: d2.id, related: [d3.id] }, 'zhangwei')).msg).toBe('关联的公文不存在或无权查看');
    expect((await post('document/editthgl', { id: d2.id, related: [] }, 'zhangwei')).msg).toContain('关联文件');
    expect((await post('document/listthgl', { id: d1.id }, 'liuyang')).code).toBe(-1);
    expect((await post('document/editthgl', { id: d1.id, related: [d2.id] }, 'liuyang')).code).toBe(-1);
    expect((await post('document/delthgl', { id: d2.id, related_id: d1.id }, 'zhangwei')).code).toBe(0);
    expect((await post('document/listthgl', { id: d1.id }, 'zhangwei')).data).toEqual([]);
    expect((await post('document/listthgl', { id: d2.id }, 'zhangwei')).data).toEqual([]);
    expect((await post('document/delthgl', { id: d2.id, related_id: d1.id }, 'zhangwei')).msg).toBe('关联关系不存在');
  });
});

describe('attachments', () => {
  it('getAttachList answers names and sizes; outsiders -1', async () => {
    const list = (await post('document/getAttachList', { id: d1.id }, 'zhangwei')).data;
    expect(list.map((f: any) => [f.name, f.size])).toEqual([
      ['附件一：安全生产检查要点.txt', TEXT_A.length],
      ['附件二：统计表.pdf', PDF_B.length],
    ]);
    expect((await post('document/getAttachList', { id: d1.id }, 'liuyang')).code).toBe(-1);
    expect((await post('document/getAttachList', { id: d2.id }, 'zhangwei')).data).toEqual([]);
  });

  it('mergeDownAttachs answers a ZIP with the Chinese names (UTF-8 flag) and the contents', async () => {
    const session = await as('lina');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/document/mergeDownAttachs',
      payload: { id: d1.id },
      headers: { 'x-token': session.token, 'x-uuid': session.uuid },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('关于开展安全生产大检查的通知-附件.zip'));
    const bytes = res.rawPayload;
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(6) & 0x0800).toBe(0x0800); // general purpose bit 11: UTF-8 names
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual(['附件一：安全生产检查要点.txt', '附件二：统计表.pdf'].sort());
    expect(await zip.file('附件一：安全生产检查要点.txt')!.async('string')).toBe(TEXT_A.toString('utf8'));
    expect(Buffer.from(await zip.file('附件二：统计表.pdf')!.async('uint8array')).equals(PDF_B)).toBe(true);
    expect((await post('document/mergeDownAttachs', { id: d2.id }, 'zhangwei')).msg).toBe('该公文没有附件');
    expect((await post('document/mergeDownAttachs', { id: d1.id }, 'liuyang')).code).toBe(-1);
  });
});

describe('归档 (documentarchive)', () => {
  it('refuses a running flow and people without the permission; archives a finished one with a generated 档号', async () => {
    // 周明远 (demo, 公文设置) holds the 办公室核稿 task: he sees the running flow, which is not archived yet.
    await approve(d1.id, 'lina');
    expect((await post('documentarchive/add', { flow_id: d1.id, retention: 'Y' }, 'demo')).msg).toBe('公文尚未办结，不能归档');
    await finish(d1.id, true);
    expect((await post('documentarchive/add', { flow_id: d1.id, retention: 'Y' }, 'zhangwei')).msg).toBe('您没有该操作的权限');
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const added = await post('documentarchive/add', { flow_id: d1.id, retention: 'Y', category: '综合类' }, 'wangfang');
    expect(added.code, added.msg).toBe(0);
    expect(added.data.archive_no).toBe(`${year}-Y-0001`);
    expect((await post('documentarchive/add', { flow_id: d1.id, retention: 'D30' }, 'wangfang')).msg).toBe('该公文已归档');
    // getlist: the archive of a flow, for whoever may see it
    expect((await post('documentarchive/getlist', { flow_id: d1.id }, 'zhangwei')).data).toMatchObject({
      archive_no: `${year}-Y-0001`,
      retention: 'Y',
      category: '综合类',
      year,
      title: '关于开展安全生产大检查的通知',
    });
    expect((await post('documentarchive/getlist', { flow_id: d1.id }, 'liuyang')).code).toBe(-1);
    // list: participants and 公文设置 holders see it, outsiders do not
    for (const who of ['wangfang', 'zhangwei', 'demo']) {
      const l = (await post('documentarchive/list', { year }, who)).data;
      expect(
        l.list.map((x: any) => x.archive_no),
        who,
      ).toEqual([`${year}-Y-0001`]);
    }
    expect((await post('documentarchive/list', {}, 'liuyang')).data).toEqual({ list: [], total: 0 });
    expect((await post('documentarchive/list', { keyword: '不存在的题名' }, 'demo')).data.total).toBe(0);
    expect((await post('documentarchive/list', { year: year - 1 }, 'demo')).data.total).toBe(0);
  });

  it('a given 档号 must be free; delete only with 公文设置', async () => {
    const other = await submit('关于做好冬季供暖保障工作的通知');
    await finish(other.id);
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect((await post('documentarchive/add', { flow_id: other.id, retention: 'D10', archive_no: `${year}-Y-0001` }, 'wangfang')).msg).toBe(
      `档号${year}-Y-0001已被使用`,
    );
    const mine = await post('documentarchive/add', { flow_id: other.id, retention: 'D10', archive_no: '京政办-2026-专-001' }, 'wangfang');
    expect(mine.data.archive_no).toBe('京政办-2026-专-001');
    expect((await post('documentarchive/delete', { id: mine.data.id }, 'wangfang')).msg).toBe('您没有该操作的权限');
    expect((await post('documentarchive/delete', { id: mine.data.id }, 'demo')).code).toBe(0);
    expect((await post('documentarchive/getlist', { flow_id: other.id }, 'zhangwei')).data).toBeNull();
    expect((await post('documentarchive/delete', { id: mine.data.id }, 'demo')).msg).toBe('档案不存在');
  });
});
