/**
 * Export and import of an entity as .xlsx on receptions: the export opens with exceljs, with
 * the list page's Chinese headers, dict labels, names and titles; the permission `receptions:export`
 * is needed (lina: dept_leader has it, zhangwei: staff has not); an import with one bad row reports that
 * row and field and stores nothing; a good import stores every row with an audit row each; a file that
 * is not an .xlsx is refused. Round trip: an unchanged export imports as updates of the same records (none added),
 * its dates read back as dates, and a changed cell changes its record.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const PAGE = 'receptions.reception.list';
const HEADERS = ['接待事由', '来宾单位', '来宾人数', '接待日期', '离开日期', '接待地点', '承办部门', '联系人', '接待费用（元）', '状态'];
let t: TestApp;
const s: Record<string, Session> = {};
let dept = 0;
let zhangweiId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['zhangwei', 'lina', 'sunli']) s[u] = sessionOf(await t.login(u));
  const row = await t.database.db.selectFrom('users').select(['id', 'current_dept_id']).where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
  dept = Number(row.current_dept_id);
  zhangweiId = row.id;
});
afterAll(async () => t.close());

async function download(body: Record<string, unknown>, session?: Session) {
  return t.app.inject({
    method: 'POST',
    url: '/api/receptions/export',
    payload: body,
    headers: session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {},
  });
}

async function sheetOf(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

/** A multipart body with `file` (and optional `page`) as the browser's FormData sends it. */
function multipart(file: Buffer, name: string, page?: string) {
  const boundary = '----oa-test-boundary';
  const parts: Buffer[] = [];
  if (page) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="page"\r\n\r\n${page}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(file: Buffer, session: Session | undefined, page?: string) {
  const m = multipart(file, '接待导入.xlsx', page);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/receptions/import',
    payload: m.payload,
    headers: { 'content-type': m.contentType, ...(session ? { 'x-token': session.token, 'x-uuid': session.uuid } : {}) },
  });
  return res.json();
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('接待');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function total(): Promise<number> {
  return (await t.post('receptions/list', {}, s.lina)).data.total;
}

describe('export', () => {
  it('answers an .xlsx with the page columns in Chinese, dict labels, names, titles and money', async () => {
    const add = await t.post(
      'receptions/add',
      { title: '省统计局调研', guestUnit: '省统计局', people: 4, visitDate: '2026-05-06', dept, contact: zhangweiId, cost: 1234.5, status: 'ongoing' },
      s.zhangwei,
    );
    expect(add.code, add.msg).toBe(0);
    const res = await download({ page: PAGE, keyword: '省统计局' }, s.lina);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''%E6%8E%A5%E5%BE%85-\d{8}\.xlsx$/);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['记录ID', ...HEADERS]);
    expect(rows).toHaveLength(2);
    const [id, title, unit, people, visit, , , deptTitle, contact, cost, status] = rows[1];
    expect(id).toBe(add.data.id);
    // a date is a date cell (midnight of the day), shown as yyyy-mm-dd, not text
    expect([title, unit, people, visit]).toEqual(['省统计局调研', '省统计局', 4, new Date(Date.UTC(2026, 4, 6))]);
    expect(String(deptTitle)).toContain('秘书科');
    expect(contact).toBe('张伟');
    expect(cost).toBe(1234.5);
    expect(status).toBe('进行中');
    const audits = await t.database.db.selectFrom('audit_log').select('event').where('event', '=', 'receptions.reception.export').execute();
    expect(audits).toHaveLength(1);
  });

  it('gives headers only for a template, and model fields without a page', async () => {
    const tpl = await sheetOf((await download({ page: PAGE, template: true }, s.lina)).rawPayload);
    expect(tpl).toEqual([['记录ID', ...HEADERS]]);
    const all = await sheetOf((await download({ template: true }, s.lina)).rawPayload);
    expect(all[0]).toContain('来宾姓名');
    expect(all[0]).not.toContain('附件');
  });

  it('needs a session and the export permission; a bad page is -1 naming it', async () => {
    expect((await download({ page: PAGE })).json().code).toBe(-99);
    expect((await download({ page: PAGE }, s.zhangwei)).json()).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
    expect((await download({ page: 'nope' }, s.lina)).json()).toMatchObject({ code: -1, msg: '参数列表页面不正确' });
    expect((await download({ filters: { people: 'abc' } }, s.lina)).json()).toMatchObject({ code: -1, msg: '参数people不正确' });
  });
});

describe('import', () => {
  it('reports every bad row with its row number and field, and stores nothing', async () => {
    const before = await total();
    const file = await workbook([
      HEADERS,
      ['市教育局来访', '市教育局', 3, '2026-06-01', null, '迎宾馆', '市政府办公室秘书科', 'zhangwei', 500, '计划中'],
      ['市卫健委来访', '市卫生健康委', 'abc', '2026-06-02', null, null, null, null, null, '计划中'],
      ['无名来访', null, 2, '2026-06-03', null, null, null, null, null, '不存在的状态'],
    ]);
    const r = await upload(file, s.zhangwei, PAGE);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ imported: 0, added: 0, updated: 0, refused: 2 });
    expect(r.data.errors).toEqual([
      // every problem of a row, not only its first
      { row: 3, field: '来宾人数', message: '来宾人数类型不正确' },
      { row: 3, field: '承办部门', message: '请填写承办部门' },
      { row: 4, field: '状态', message: '状态的取值“不存在的状态”不正确' },
      { row: 4, field: '来宾单位', message: '请填写来宾单位' },
      { row: 4, field: '承办部门', message: '请填写承办部门' },
    ]);
    expect(await total()).toBe(before);
  });

  it('names a missing required value and an unknown person', async () => {
    const file = await workbook([
      HEADERS,
      ['市教育局来访', null, 3, '2026-06-01', null, null, null, null, null, null],
      ['市教育局来访', '市教育局', 3, new Date(Date.UTC(2026, 5, 1)), null, null, null, '查无此人', null, null],
    ]);
    const r = await upload(file, s.zhangwei, PAGE);
    expect(r.data.errors).toEqual([
      { row: 2, field: '来宾单位', message: '请填写来宾单位' },
      { row: 2, field: '承办部门', message: '请填写承办部门' },
      { row: 3, field: '联系人', message: '联系人中的人员“查无此人”不存在或重名' },
      { row: 3, field: '承办部门', message: '请填写承办部门' },
    ]);
  });

  it('stores every row of a good file in one go, with an audit row each', async () => {
    const before = await total();
    const exported = await sheetOf((await download({ page: PAGE, template: true }, s.lina)).rawPayload);
    const file = await workbook([
      exported[0] as unknown[],
      [null, '市教育局来访', '市教育局', 3, new Date(Date.UTC(2026, 5, 1)), '2026/6/2', '迎宾馆', '市政府办公室秘书科', 'zhangwei', 500, '计划中'],
      [null, '区政府来访', '区人民政府', 6, '2026-06-05', null, null, '市政府办公室秘书科', null, 88.88, '已完成'],
    ]);
    const r = await upload(file, s.zhangwei, PAGE);
    expect(r).toMatchObject({ code: 0, data: { imported: 2, added: 2, updated: 0, refused: 0, errors: [] } });
    expect(await total()).toBe(before + 2);
    const found = await t.post('receptions/list', { keyword: '市教育局来访', page: PAGE, fields: ['owner_dept_id'] }, s.zhangwei);
    expect(found.data.list[0]).toMatchObject({
      visitDate: '2026-06-01',
      leaveDate: '2026-06-02',
      dept,
      contact: zhangweiId,
      cost: 500,
      status: 'planned',
      owner_dept_id: dept,
    });
    const audits = await t.database.db.selectFrom('audit_log').select('event').where('event', '=', 'receptions.reception.import').execute();
    expect(audits).toHaveLength(2);
  });

  it('refuses a file that is not an .xlsx, an empty one, no file and no session', async () => {
    expect(await upload(Buffer.from('title,guestUnit\n'), s.zhangwei)).toMatchObject({ code: -1, msg: '只能导入.xlsx格式的Excel文件' });
    expect(await upload(await workbook([HEADERS]), s.zhangwei)).toMatchObject({ code: -1, msg: '导入文件中没有数据' });
    expect(await t.post('receptions/import', {}, s.zhangwei)).toMatchObject({ code: -1, msg: '请选择要导入的Excel文件' });
    expect((await upload(await workbook([HEADERS]), undefined)).code).toBe(-99);
    expect(await upload(await workbook([['颜色'], ['红']]), s.zhangwei)).toMatchObject({ code: 0, data: { imported: 0, errors: [{ row: 1, field: '颜色' }] } });
  });
});

describe('export and import again', () => {
  it('updates the exported records by their id: an unchanged sheet adds none, and its dates are dates', async () => {
    for (const [title, visitDate] of [
      ['市审计局来访', '2026-09-30'],
      ['市财政局来访', '2026-10-08'],
    ]) {
      const add = await t.post('receptions/add', { title, guestUnit: '市直机关', people: 2, visitDate, leaveDate: '2026-10-09', dept }, s.lina);
      expect(add.code, add.msg).toBe(0);
    }
    const before = await total();
    const file = (await download({ page: PAGE }, s.lina)).rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const visitCol = (ws.getRow(1).values as unknown[]).indexOf('接待日期');
    const audit = [...Array(ws.rowCount).keys()].map((i) => ws.getRow(i + 1)).find((r) => r.getCell(2).value === '市审计局来访')!;
    expect(audit.getCell(visitCol).value).toEqual(new Date(Date.UTC(2026, 8, 30)));
    expect(audit.getCell(visitCol).numFmt).toBe('yyyy-mm-dd');
    const n = ws.rowCount - 1;
    expect(n).toBe(before);

    const again = await upload(file, s.lina, PAGE);
    expect(again).toMatchObject({ code: 0, data: { added: 0, updated: n, refused: 0, errors: [] } });
    expect(await total()).toBe(before);

    // a changed cell changes its record (and only that record), the id saying which
    audit.getCell(3).value = '市审计局（更正）';
    const changed = await upload(Buffer.from(await wb.xlsx.writeBuffer()), s.lina, PAGE);
    expect(changed).toMatchObject({ code: 0, data: { added: 0, updated: n } });
    const found = await t.post('receptions/info', { id: audit.getCell(1).value }, s.lina);
    expect(found.data).toMatchObject({ title: '市审计局来访', guestUnit: '市审计局（更正）', visitDate: '2026-09-30', version: 2 });
    expect(await total()).toBe(before);
  });

  it('reports both problems of a row with two, and refuses an id the caller cannot see', async () => {
    const header = ['记录ID', ...HEADERS];
    const file = await workbook([
      header,
      [null, '市统计局来访', null, 'abc', '2026-06-01', null, null, '市政府办公室秘书科', null, null, '计划中'],
      [999999, '市统计局来访', '市统计局', 2, '2026-06-01', null, null, null, null, null, '计划中'],
    ]);
    const r = await upload(file, s.lina, PAGE);
    expect(r.data).toMatchObject({ imported: 0, added: 0, updated: 0, refused: 2 });
    expect(r.data.errors).toEqual([
      { row: 2, field: '来宾人数', message: '来宾人数类型不正确' },
      { row: 2, field: '来宾单位', message: '请填写来宾单位' },
      { row: 3, field: '记录ID', message: '记录不存在或无权访问' },
    ]);
  });
});
