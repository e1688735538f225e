/**
 * 手写签名 ("opinion box … handwritten-signature image optional"): a person keeps an image they
 * uploaded as their signature (Person/saveSignature, deleteSignature; userInfo.signature), and an approval
 * sent with `signature: true` carries it on its flow-log event. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let dataDir: string;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-signature-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  for (const u of ['zhangwei', 'lina', 'hechao']) {
    s[u] = sessionOf(await t.login(u));
    id[u] = (await t.database.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
  }
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (p: string, body: Record<string, unknown>, who: string) => t.post(p, body, s[who]);

/** File/upload of `content` named `name` by `who`; answers the attachment id. */
async function upload(name: string, content: Buffer, who: string): Promise<string> {
  const boundary = '----oaSignatureBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/File/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': s[who].token, 'x-uuid': s[who].uuid },
  });
  const body = res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.id;
}

describe('Person/saveSignature and deleteSignature', () => {
  it('keeps an image one uploaded as one’s signature, shown in userInfo, and removes it', async () => {
    expect((await post('Person/userInfo', {}, 'zhangwei')).data.signature).toBeNull();
    const png = await upload('签名.png', PNG, 'zhangwei');
    const r = await post('Person/saveSignature', { fileId: png }, 'zhangwei');
    expect(r).toMatchObject({ code: 0, msg: '手写签名已保存', data: { signature: png } });
    expect((await post('Person/userInfo', {}, 'zhangwei')).data.signature).toBe(png);
    const jpg = await upload('签名.jpg', JPEG, 'zhangwei');
    expect((await post('Person/saveSignature', { fileId: jpg }, 'zhangwei')).code).toBe(0);
    expect((await post('Person/userInfo', {}, 'zhangwei')).data.signature).toBe(jpg);
    expect((await post('Person/deleteSignature', {}, 'zhangwei')).msg).toBe('手写签名已删除');
    expect((await post('Person/userInfo', {}, 'zhangwei')).data.signature).toBeNull();
  });

  it('refuses, naming fileId, a file that is not an image, someone else’s upload, an unknown id or a large image; -99 without a session', async () => {
    const pdf = await upload('说明.pdf', PDF, 'zhangwei');
    expect((await post('Person/saveSignature', { fileId: pdf }, 'zhangwei')).msg).toBe('参数fileId不正确：手写签名须为PNG或JPEG图片');
    const linas = await upload('李娜签名.png', PNG, 'lina');
    expect((await post('Person/saveSignature', { fileId: linas }, 'zhangwei')).msg).toBe('参数fileId不正确：只能使用本人上传的图片作为手写签名');
    expect((await post('Person/saveSignature', { fileId: 'AAAAAAAAAAAAAAAAAAAAAA' }, 'zhangwei')).msg).toContain('fileId');
    for (const fileId of [undefined, '', '../../etc/passwd', 42]) {
      const r = await post('Person/saveSignature', fileId === undefined ? {} : { fileId }, 'zhangwei');
      expect(r.code).toBe(-1);
      expect(r.msg).toContain('fileId');
    }
    const big = await upload('大签名.png', Buffer.concat([PNG, Buffer.alloc(600 * 1024, 3)]), 'zhangwei');
    expect((await post('Person/saveSignature', { fileId: big }, 'zhangwei')).msg).toBe('参数fileId不正确：手写签名图片不能超过512KB');
    expect((await post('Person/userInfo', {}, 'zhangwei')).data.signature).toBeNull();
    expect((await t.post('Person/saveSignature', { fileId: pdf })).code).toBe(-99);
    expect((await t.post('Person/deleteSignature', {})).code).toBe(-99);
  });
});

describe('flow/act with signature: true', () => {
  it('puts the approver’s signature on the approval event of the flow log; without one it is refused naming signature', async () => {
    const sig = await upload('李娜手写签名.png', PNG, 'lina');
    const v = (
      await post(
        'flow/start',
        { defId: 'affair.default', title: '关于申领办公用品的请示', data: { title: '关于申领办公用品的请示', urgency: '0' } },
        'zhangwei',
      )
    ).data;
    expect(v.status).toBe('running');
    // lina has no signature yet: refused, and nothing happened.
    const refused = await post('flow/act', { id: v.id, type: 'approve', opinion: '同意', signature: true }, 'lina');
    expect(refused.code).toBe(-1);
    expect(refused.msg).toBe('参数signature不正确：您尚未设置手写签名');
    expect((await post('flow/act', { id: v.id, type: 'approve', signature: 'yes' }, 'lina')).msg).toContain('signature');
    expect((await post('flow/info', { id: v.id }, 'lina')).data.version).toBe(v.version);
    expect((await post('Person/saveSignature', { fileId: sig }, 'lina')).code).toBe(0);
    const r = await post('flow/act', { id: v.id, type: 'approve', opinion: '同意，请领导审批', signature: true }, 'lina');
    expect(r.code, r.msg).toBe(0);
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    const approval = log.find((e) => e.type === 'approve');
    expect(approval).toMatchObject({ actor: id.lina, opinion: '同意，请领导审批', detail: { signature: sig } });
    // Only lina's own event carries it; the start event of zhangwei does not.
    expect(log.filter((e) => e.detail?.signature).map((e) => e.actor)).toEqual([id.lina]);
    // Whoever reads the log may fetch the image.
    const img = await t.app.inject({
      method: 'POST',
      url: '/api/File/download',
      payload: { id: sig },
      headers: { 'x-token': s.zhangwei.token, 'x-uuid': s.zhangwei.uuid },
    });
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('an approval without signature: true carries none, even when one is set', async () => {
    const v = (await post('flow/start', { defId: 'affair.default', title: '关于调休的请示', data: { title: '关于调休的请示', urgency: '0' } }, 'zhangwei'))
      .data;
    expect((await post('flow/act', { id: v.id, type: 'approve', opinion: '同意' }, 'lina')).code).toBe(0);
    const log = (await post('flow/log', { id: v.id }, 'zhangwei')).data as any[];
    expect(log.find((e) => e.type === 'approve').detail?.signature).toBeUndefined();
  });
});
