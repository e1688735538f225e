/**
 * Reference fields (kind `record`, src/server/engine/records.ts) on the reftest fixture area: a 用车申请 refers to a
 * 车辆 (restrict), a 出车记录 to a 车辆 (clear). Vehicles are department-scoped: lina (秘书科, department scope) sees
 * 秘书科's, sunli (财政局办公室) sees hers, zhangwei (staff, own scope) only those he registered.
 * Covers: add with a good, missing and out-of-scope reference; the label in list and info; filters by id and by
 * label; a chart grouped by the reference; the label in the export; an import resolving labels (unknown and ambiguous refused naming the row);
 * deleting a referenced vehicle (restrict refuses naming the request, clear empties the trip's reference and audits it);
 * the page bundle's target of the field; the existence check of a reference a flow step writes.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/reftest';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { loadEntities } from '../../src/server/engine/definitions.js';
import { assertRecordsExist } from '../../src/server/engine/records.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const V = 'reftestVehicles';
const R = 'reftestRequests';
let mine = 0; // 秘书科's 京A10001
let theirs = 0; // 财政局's 财B20002
const plates: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(['reftest:view', 'reftest:manage', 'reftest:apply'].map((code) => ({ role_id: staff.id, code })))
    .execute();
  invalidateMenuCache(db);
  for (const u of ['zhangwei', 'lina', 'sunli']) s[u] = sessionOf(await t.login(u));
  mine = (await ok(V, 'add', { plate: '京A10001', model: '轿车' }, 'lina')).id;
  theirs = (await ok(V, 'add', { plate: '财B20002', model: '商务车' }, 'sunli')).id;
});
afterAll(async () => t.close());

async function ok(group: string, call: string, body: Record<string, unknown>, who: string) {
  const r = await t.post(`${group}/${call}`, body, s[who]);
  expect(r.code, r.msg).toBe(0);
  if (group === V && call === 'add') plates[r.data.id] = r.data.plate;
  return r.data;
}

describe('writing a reference', () => {
  it('stores the id of a record the caller sees and answers its label', async () => {
    const rec = await ok(R, 'add', { reason: '市区公务', vehicle: mine }, 'lina');
    expect(rec.vehicle).toBe(mine);
    const info = await ok(R, 'info', { id: rec.id }, 'lina');
    expect(info._refs.records.vehicle).toEqual({ [mine]: '京A10001' });
  });

  it('refuses a record that does not exist, naming the field', async () => {
    const r = await t.post(`${R}/add`, { reason: '无车', vehicle: 999999 }, s.lina);
    expect(r).toMatchObject({ code: -1, msg: '车辆引用的记录不存在或无权访问' });
    const en = await t.post(`${R}/add`, { reason: 'none', vehicle: 999999 }, s.lina, { headers: { 'x-lang': 'en-US' } });
    expect(en).toMatchObject({ code: -1, msg: 'The record Vehicle refers to does not exist or you may not access it' });
  });

  it('refuses a record outside the caller’s data scope (another department’s, or a colleague’s under own scope)', async () => {
    expect(await t.post(`${R}/add`, { reason: '借车', vehicle: theirs }, s.lina)).toMatchObject({ code: -1, msg: '车辆引用的记录不存在或无权访问' });
    expect(await t.post(`${R}/add`, { reason: '借车', vehicle: mine }, s.zhangwei)).toMatchObject({ code: -1, msg: '车辆引用的记录不存在或无权访问' });
    const own = await ok(V, 'add', { plate: '京A30003' }, 'zhangwei');
    expect((await ok(R, 'add', { reason: '自己的车', vehicle: own.id }, 'zhangwei')).vehicle).toBe(own.id);
  });

  it('checks a changed reference on edit, not an unchanged one', async () => {
    const rec = await ok(R, 'add', { reason: '改车', vehicle: mine }, 'lina');
    const bad = await t.post(`${R}/edit`, { id: rec.id, version: rec.version, vehicle: theirs }, s.lina);
    expect(bad).toMatchObject({ code: -1, msg: '车辆引用的记录不存在或无权访问' });
    const edited = await ok(R, 'edit', { id: rec.id, version: rec.version, reason: '改事由', vehicle: mine }, 'lina');
    expect(edited).toMatchObject({ reason: '改事由', vehicle: mine, version: rec.version + 1 });
  });
});

describe('a reference written by a flow step', () => {
  it('must name an existing record of the target (checked in the action’s transaction)', async () => {
    const defs = loadEntities();
    const request = defs.find((d) => d.id === 'reftest.request')!;
    const entityOf = (id: string) => defs.find((d) => d.id === id);
    const { db } = t.database;
    await expect(assertRecordsExist(db, request, { vehicle: theirs }, ['vehicle'], 'zh-CN', entityOf)).resolves.toBeUndefined();
    await expect(assertRecordsExist(db, request, { vehicle: 999999 }, ['vehicle'], 'zh-CN', entityOf)).rejects.toThrow('车辆引用的记录不存在或无权访问');
    await expect(assertRecordsExist(db, request, { vehicle: 999999 }, ['reason'], 'zh-CN', entityOf)).resolves.toBeUndefined();
  });
});

describe('reading and filtering', () => {
  it('lists the label of every referenced record in refs.records, one entry per field', async () => {
    const r = await ok(R, 'list', { page: 'reftest.request.list' }, 'lina');
    expect(r.list.length).toBeGreaterThan(0);
    // zhangwei's request (his own 京A30003) is in 秘书科 too
    expect(new Set(r.list.map((row: { vehicle: number }) => r.refs.records.vehicle[String(row.vehicle)]))).toEqual(new Set(['京A10001', '京A30003']));
    for (const row of r.list) expect(r.refs.records.vehicle[String(row.vehicle)]).toBe(plates[row.vehicle]);
  });

  it('filters by the referenced id and by its label', async () => {
    const byId = await ok(R, 'list', { filters: { vehicle: mine } }, 'lina');
    const byLabel = await ok(R, 'list', { filters: { vehicle: '京A100' } }, 'lina');
    const byLike = await ok(R, 'list', { filters: { vehicle: { op: 'like', value: '财B' } } }, 'lina');
    expect(byId.total).toBeGreaterThan(0);
    expect(byLabel.list.map((x: { id: number }) => x.id)).toEqual(byId.list.map((x: { id: number }) => x.id));
    expect(byLike.total).toBe(0);
  });

  it('groups a chart by the reference, labelled by the referenced record', async () => {
    const r = await ok(R, 'aggregate', { groupBy: [{ field: 'vehicle' }] }, 'lina');
    const byPlate = Object.fromEntries(r.groups.map((g: { keys: number[]; labels: string[]; values: number[] }) => [g.labels[0], [g.keys[0], g.values[0]]]));
    const listed = await ok(R, 'list', { filters: { vehicle: mine } }, 'lina');
    expect(byPlate['京A10001']).toEqual([mine, listed.total]);
    expect(Object.keys(byPlate).sort()).toEqual(['京A10001', '京A30003']);
  });

  it('tells the client where the target lives in the page bundle', async () => {
    const b = await ok('Template', 'page', { id: 'reftest.request.list' }, 'lina');
    expect(b.records.vehicle).toMatchObject({ entity: 'reftest.vehicle', group: V, label: 'plate', labelSearchable: true, detail: 'reftest.vehicle.detail' });
  });
});

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

async function importRows(rows: unknown[][], who: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用车申请');
  for (const r of rows) ws.addRow(r);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----oa-ref-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${R}/import`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': s[who].token, 'x-uuid': s[who].uuid },
  });
  return res.json();
}

describe('export and import', () => {
  it('exports the label of the referenced record', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${R}/export`,
      payload: { page: 'reftest.request.list' },
      headers: { 'x-token': s.lina.token, 'x-uuid': s.lina.uuid },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['记录ID', '用车事由', '车辆']);
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['京A10001', '京A30003']));
  });

  it('imports a label as the id of the one record the caller sees with it', async () => {
    const r = await importRows(
      [
        ['用车事由', '车辆'],
        ['导入的申请', '京A10001'],
      ],
      'lina',
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ imported: 1, added: 1, updated: 0, refused: 0, errors: [] });
    const found = await ok(R, 'list', { keyword: '导入的申请' }, 'lina');
    expect(found.list[0].vehicle).toBe(mine);
  });

  it('refuses a row whose label is unknown, not visible or ambiguous, naming the row, and stores nothing', async () => {
    await ok(V, 'add', { plate: '京C50005' }, 'lina');
    await ok(V, 'add', { plate: '京C50005' }, 'lina');
    const before = (await ok(R, 'list', {}, 'lina')).total;
    const r = await importRows(
      [
        ['用车事由', '车辆'],
        ['好的', '京A10001'],
        ['没有的车', '京Z00000'],
        ['别人的车', '财B20002'],
        ['重名的车', '京C50005'],
      ],
      'lina',
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.data.imported).toBe(0);
    expect(r.data.errors).toEqual([
      { row: 3, field: '车辆', message: '车辆中的“京Z00000”不存在、无权访问或不唯一' },
      { row: 4, field: '车辆', message: '车辆中的“财B20002”不存在、无权访问或不唯一' },
      { row: 5, field: '车辆', message: '车辆中的“京C50005”不存在、无权访问或不唯一' },
    ]);
    expect((await ok(R, 'list', {}, 'lina')).total).toBe(before);
  });
});

describe('deleting a referenced record', () => {
  it('restrict: refuses naming the records that refer to it, and deletes nothing', async () => {
    const r = await t.post(`${V}/del`, { id: mine }, s.lina);
    expect(r.code).toBe(-1);
    expect(r.msg).toMatch(/^该记录被用车申请的车辆引用，不能删除：「(市区公务|改事由|导入的申请)」/);
    expect((await ok(V, 'info', { id: mine }, 'lina')).plate).toBe('京A10001');
  });

  it('clear: deletes the vehicle and empties the references to it in the same transaction', async () => {
    const car = await ok(V, 'add', { plate: '京D70007' }, 'lina');
    const trip = await ok('reftestTrips', 'add', { note: '送文件', car: car.id }, 'lina');
    expect(await ok(V, 'del', { id: car.id }, 'lina')).toEqual({ deleted: 1 });
    const after = await ok('reftestTrips', 'info', { id: trip.id }, 'lina');
    expect(after.car).toBeNull();
    expect(after.version).toBe(trip.version + 1);
    // the trip's change is in the audit log, in the deletion's name
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['event', 'username', 'detail'])
      .where('object', '=', `reftest.trip:${trip.id}`)
      .orderBy('id')
      .execute();
    expect(rows.at(-1)).toMatchObject({ event: 'reftest.trip.refCleared', username: 'lina' });
    expect(JSON.parse(rows.at(-1)!.detail!)).toMatchObject({ before: { car: car.id }, after: { car: null } });
  });

  it('a vehicle nobody refers to is deleted as before', async () => {
    const car = await ok(V, 'add', { plate: '京E80008' }, 'lina');
    expect(await ok(V, 'del', { ids: [car.id] }, 'lina')).toEqual({ deleted: 1 });
  });
});
