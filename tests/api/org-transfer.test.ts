/**
 * Users/export and Users/import (SPEC §7 "Users and groups"): the .xlsx of the people a list
 * selects with labels and names, and an import that stores all rows or none with a per-row report.
 * SQLite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

async function download(body: Record<string, unknown>, session?: Session) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Users/export',
    payload: body,
    headers: session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {},
  });
}

async function rowsOf(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function upload(rows: unknown[][], session?: Session) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人员');
  for (const r of rows) ws.addRow(r);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----oa-org-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Users/import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}) },
  });
  return res.json();
}

const HEADER = ['姓名', '账号', '手机号码', '邮箱', '性别', '主部门', '所在部门', '职务', '职级', '人员类别', '涉密等级', '状态', '排序'];

describe('Users export and import', () => {
  it('exports the people of the list with labels and department titles; refuses others', async () => {
    expect((await download({ keyword: '管理员' })).json().code).toBe(-99);
    expect((await download({ keyword: '管理员' }, staff)).json().code).toBe(-1);
    const res = await download({ keyword: '系统管理员' }, admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const row = rows.find((r) => r[1] === 'admin')!;
    expect(row[0]).toBe('系统管理员');
    expect(String(row[5])).toContain('信息科');
    expect(row[11]).toBe('启用');
  });

  it('imports nothing when a row is bad and reports each bad row; then imports all', async () => {
    const dept = String((await rowsOf((await download({ keyword: '系统管理员' }, admin)).rawPayload))[1][5]);
    const bad = await upload(
      [
        HEADER,
        ['导入甲', 'import_a', '13900000001', '', '男', dept, '', '', '四级主任科员', '公务员', '一般', '启用', 1],
        ['导入乙', 'admin', '139', '', '男', dept, '', '', '', '', '', '', ''],
        ['导入丙', 'import_c', '', '', '未知', '没有这个部门', '', '', '', '', '', '', ''],
      ],
      admin,
    );
    expect(bad.code).toBe(0);
    expect(bad.data.imported).toBe(0);
    expect(bad.data.errors.map((e: any) => e.row)).toEqual([3, 4, 4]);
    expect(bad.data.errors[0]).toMatchObject({ field: '手机号码', message: '手机号码格式不正确' });
    expect((await t.post('Users/list', { keyword: 'import_a' }, admin)).data.total).toBe(0);
    // 涉密等级 is the security administrator's (Users/setClearance): an import by the system administrator that sets one
    // is refused for that row, naming the field
    const cleared = await upload([HEADER, ['导入丁', 'import_d', '', '', '男', dept, '', '', '', '', '一般', '启用', 1]], admin);
    expect(cleared.data.imported).toBe(0);
    expect(cleared.data.errors[0].message).toBe('涉密等级由安全保密管理员设定');
    const ok = await upload(
      [
        HEADER,
        ['导入甲', 'import_a', '13900000001', '', '男', dept, '', '', '四级主任科员', '公务员', '', '启用', 1],
        ['导入乙', 'import_b', '', '', '女', dept, '', '', '', '', '', '', ''],
      ],
      admin,
    );
    expect(ok.data).toMatchObject({ imported: 2, errors: [] });
    expect(ok.data.passwords.map((p: any) => p.username)).toEqual(['import_a', 'import_b']);
    const a = (await t.post('Users/list', { keyword: 'import_a' }, admin)).data.list[0];
    expect(a).toMatchObject({ realname: '导入甲', gender: '1', clearance: '0', status: '1' });
    // Users/importList: the people the import created, newest first, with who imported them.
    const history = (await t.post('Users/importList', { pageSize: 2 }, admin)).data;
    expect(history.list.map((r: any) => [r.username, r.realname, r.operator])).toEqual([
      ['import_b', '导入乙', 'admin'],
      ['import_a', '导入甲', 'admin'],
    ]);
    expect((await t.login('import_a', ok.data.passwords[0].password)).code).toBe(-98);
    expect(await t.firstLogin('import_a', ok.data.passwords[0].password)).toHaveProperty('token');
  });
});
