import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.js';
import { createSession } from '../../src/server/services/session.js';
import { sanitiseFileName } from '../../src/server/services/files.js';

/** A multipart/form-data body with one file part (UTF-8 file name, as browsers send it). */
function multipart(filename: string, content: Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----oaTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.from('[Content_Types].xml word/document.xml')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0), Buffer.from('This program cannot be run in DOS mode')]);

describe('File group: attachments (engine/data/api.ts files, DESIGN §4)', () => {
  let t: TestApp;
  let dataDir: string;
  const s: Record<string, Session> = {};
  const uid: Record<string, number> = {};

  const upload = async (name: string, content: Buffer, session: Session | null = s.zhangwei, field = 'file') => {
    const { payload, headers } = multipart(name, content, field);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/File/upload',
      payload,
      headers: { ...headers, ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}) },
    });
    return { ...res.json(), status: res.statusCode };
  };
  const download = (id: unknown, session: Session | null = s.lina) =>
    t.app.inject({ method: 'POST', url: '/api/File/download', payload: { id }, headers: session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {} });
  const storedFiles = () =>
    fs
      .readdirSync(path.join(dataDir, 'files'))
      .filter((d) => d !== 'tmp')
      .flatMap((d) => fs.readdirSync(path.join(dataDir, 'files', d)));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-files-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const users = await t.database.db
      .selectFrom('users')
      .select(['id', 'uuid', 'username', 'current_dept_id'])
      .where('username', 'in', ['zhangwei', 'lina'])
      .execute();
    for (const u of users) {
      uid[u.username] = u.id;
      const { token } = await createSession(t.database.db, { userId: u.id, deptId: u.current_dept_id });
      s[u.username] = { token, uuid: u.uuid };
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('without a session', () => {
    it('upload, download and info answer -99', async () => {
      expect((await upload('a.pdf', PDF, null)).code).toBe(-99);
      expect((await download('AAAAAAAAAAAAAAAAAAAAAA', null)).json().code).toBe(-99);
      expect((await t.post('File/info', { ids: [] })).code).toBe(-99);
    });
  });

  describe('upload and download', () => {
    it('round-trips a file with a Chinese name: type from the content, RFC 5987 file name', async () => {
      const name = '关于2026年第一季度工作安排的通知（定稿）.pdf';
      const r = await upload(name, PDF);
      expect(r).toMatchObject({ code: 0, data: { name, size: PDF.length, type: 'application/pdf' } });
      expect(r.data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const row = await t.database.db.selectFrom('attachments').selectAll().where('id', '=', r.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name, uploader_id: uid.zhangwei, type: 'application/pdf' });
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.existsSync(path.join(dataDir, 'files', row.sha256.slice(0, 2), row.sha256))).toBe(true);

      const res = await download(r.data.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PDF)).toBe(true);
      const cd = String(res.headers['content-disposition']);
      expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(cd)![1])).toBe(name);

      const info = await t.post('File/info', { ids: [r.data.id, 'ZZZZZZZZZZZZZZZZZZZZZZ'] }, s.lina);
      expect(info).toMatchObject({ code: 0, data: [{ id: r.data.id, name, size: PDF.length, type: 'application/pdf' }] });
    });

    it('accepts office documents, images and text by their first bytes', async () => {
      expect((await upload('报告.docx', DOCX)).data.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect((await upload('照片.PNG', PNG)).data.type).toBe('image/png');
      expect((await upload('说明.txt', Buffer.from('会议纪要：\n一、……\n', 'utf8'))).data.type).toBe('text/plain');
    });

    it('stores identical content once', async () => {
      const content = Buffer.from(`%PDF-1.7\n% dedupe ${Date.now()}\n%%EOF\n`);
      const before = storedFiles().length;
      const a = await upload('甲.pdf', content);
      const b = await upload('乙.pdf', content, s.lina);
      expect(a.code).toBe(0);
      expect(b.code).toBe(0);
      expect(a.data.id).not.toBe(b.data.id);
      expect(storedFiles().length).toBe(before + 1);
      const rows = await t.database.db.selectFrom('attachments').select(['sha256', 'uploader_id']).where('id', 'in', [a.data.id, b.data.id]).execute();
      expect(new Set(rows.map((r) => r.sha256)).size).toBe(1);
      expect((await download(b.data.id)).rawPayload.equals(content)).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
    });

    it('refuses executables and scripts, naming the type', async () => {
      expect(await upload('setup.exe', EXE)).toMatchObject({ code: -1, msg: '不允许上传.exe类型的文件' });
      for (const name of ['run.bat', 'app.js', 'install.sh', 'page.html', 'logo.svg', 'x.php']) {
        const r = await upload(name, Buffer.from('echo hi\n'));
        expect(r).toMatchObject({ code: -1, msg: `不允许上传.${name.split('.').pop()}类型的文件` });
      }
      expect(await upload('README', Buffer.from('hello'))).toMatchObject({ code: -1, msg: '不允许上传无扩展名类型的文件' });
      expect(await upload('通知.pdf', EXE)).toMatchObject({ code: -1, msg: '文件内容与.pdf类型不符，不能上传' });
      expect(await upload('notes.txt', EXE)).toMatchObject({ code: -1, msg: '文件内容与.txt类型不符，不能上传' });
      const en = await t.app.inject({
        method: 'POST',
        url: '/api/File/upload',
        ...multipart('setup.exe', EXE),
        headers: { ...multipart('setup.exe', EXE).headers, 'x-token': s.zhangwei.token, 'x-uuid': s.zhangwei.uuid, 'x-lang': 'en-US' },
      });
      expect(en.json().msg).toBe('Files of type .exe may not be uploaded');
    });

    it('refuses an empty file, a missing file and a wrong part name', async () => {
      expect(await upload('空.txt', Buffer.alloc(0))).toMatchObject({ code: -1, msg: '不能上传空文件' });
      expect(await t.post('File/upload', { file: 'x' }, s.zhangwei)).toMatchObject({ code: -1, msg: '请填写文件' });
      expect(await upload('a.pdf', PDF, s.zhangwei, 'document')).toMatchObject({ code: -1, msg: '不支持的参数：document' });
    });

    it('refuses a file over the limit (config uploadMaxBytes) and keeps nothing of it', async () => {
      const saved = t.config.uploadMaxBytes;
      t.config.uploadMaxBytes = 1024;
      try {
        const before = storedFiles().length;
        const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x20)]);
        expect(await upload('大文件.pdf', big)).toMatchObject({ code: -1, msg: '文件大小不能超过1KB' });
        expect(storedFiles().length).toBe(before);
        expect(fs.readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
        expect((await upload('小文件.pdf', PDF)).code).toBe(0);
      } finally {
        t.config.uploadMaxBytes = saved;
      }
    });

    it('refuses a file over the default 50 MB', async () => {
      expect(t.config.uploadMaxBytes).toBe(50 * 1024 * 1024);
      const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
      big.write('%PDF-1.4\n');
      expect(await upload('超大.pdf', big)).toMatchObject({ code: -1, msg: '文件大小不能超过50MB' });
    });
  });

  describe('download and info input', () => {
    it('names a bad id and answers -1 for an unknown one', async () => {
      expect((await download('x')).json()).toMatchObject({ code: -1, msg: '附件ID格式不正确' });
      expect((await download(undefined)).json()).toMatchObject({ code: -1, msg: '请填写附件ID' });
      expect((await download('AAAAAAAAAAAAAAAAAAAAAA')).json()).toMatchObject({ code: -1, msg: '文件不存在或已被删除' });
      expect(await t.post('File/info', {}, s.lina)).toMatchObject({ code: -1, msg: '请填写附件ID列表' });
      expect(await t.post('File/info', { ids: ['../../etc'] }, s.lina)).toMatchObject({ code: -1, msg: '附件ID列表格式不正确' });
    });
  });

  describe('file names', () => {
    it('strips paths, control and reserved characters and caps the length at 200 with the extension kept', async () => {
      expect(sanitiseFileName('..\\..\\windows\\sys<t>em:32.txt')).toBe('system32.txt');
      expect(sanitiseFileName('/etc/pass\u0000wd\u202e.txt')).toBe('passwd.txt');
      expect(sanitiseFileName('  .hidden. ')).toBe('hidden');
      expect(sanitiseFileName('con.txt')).toBe('_con.txt');
      const long = sanitiseFileName(`${'长'.repeat(300)}.docx`);
      expect([...long].length).toBe(200);
      expect(long.endsWith('.docx')).toBe(true);
      const r = await upload('../../公文/草稿|v2?.pdf', PDF);
      expect(r.data.name).toBe('草稿v2.pdf');
    });
  });
});
