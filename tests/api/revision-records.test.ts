/**
 * Records and form revisions ("records keep the form revision they were created with and show with it";
 * src/server/engine/recordModels.ts, src/server/api/Template/revisionPage.ts, designedApi.ts): a published rule
 * (a field made required, a maxLength, a minLength) is enforced by the server on add and import — refused naming
 * the field, nothing written — while a record pinned to an older revision still opens with that revision and
 * still saves under its rules; Template/page serves a given revision and the one a record pinned; designer-made
 * entities serve import, and an unknown path answers 404 whatever its body. SQLite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { advanceClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FORM = 'receptions.reception.form';
let t: TestApp;
let admin: Session;
let staff: Session;
let other: Session;
let deptId: number;
/** Receptions added before and after revision 1 was published. */
const made: Record<'old' | 'fresh', number> = { old: 0, fresh: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  other = sessionOf(await t.login('sunli'));
  deptId = Number(
    (await t.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).current_dept_id,
  );
});
afterAll(async () => t.close());

const rows = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.id(table)}`.execute(t.database.db)).rows[0]?.n);
const reception = (extra: Record<string, unknown> = {}) => ({
  title: '调研',
  guestUnit: '省统计局',
  people: 3,
  visitDate: '2026-04-01',
  dept: deptId,
  ...extra,
});
async function addReception(extra: Record<string, unknown> = {}): Promise<{ id: number; version: number }> {
  advanceClock(5);
  const r = await t.post('receptions/add', reception(extra), staff);
  expect(r.code, r.msg).toBe(0);
  advanceClock(5);
  return r.data;
}

/** A multipart upload of `file` to `/api/<group>/import`. */
async function upload(group: string, file: Buffer, session: Session) {
  const boundary = '----oa-revision-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${group}/import`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': session.token, 'x-uuid': session.uuid },
  });
  return { status: res.statusCode, ...res.json() };
}
async function workbook(data: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('a shipped form with a published revision', () => {
  it('validates add against the revision in force and edit against the revision the record pinned', async () => {
    const old = await addReception();
    const form = structuredClone((await t.post('Template/revision', { id: FORM, revision: 0 }, admin)).data.definition) as { page: any; entity: any };
    form.entity.model.required = [...form.entity.model.required, 'place'];
    form.entity.model.properties.guestNames.maxLength = 10;
    const pub = await t.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '接待地点必填' }, admin);
    expect(pub).toMatchObject({ code: 0, data: { revision: 1 } });

    const before = await rows('biz_reception');
    const missing = await t.post('receptions/add', reception(), staff);
    expect([missing.code, missing.msg]).toEqual([-1, '请填写接待地点']);
    const tooLong = await t.post('receptions/add', reception({ place: '迎宾馆', guestNames: '张三、李四、王五、赵六、钱七' }), staff);
    expect([tooLong.code, tooLong.msg]).toEqual([-1, '来宾姓名不能超过10个字符']);
    const en = await t.post('receptions/add', reception(), staff, { headers: { 'x-lang': 'en-US' } });
    expect(en.code).toBe(-1);
    expect(en.msg).toMatch(/place/i);
    expect(await rows('biz_reception')).toBe(before);
    const fresh = await addReception({ place: '迎宾馆' });
    Object.assign(made, { old: old.id, fresh: fresh.id });

    // the old record opens with revision 0 and saves under its rules (no 接待地点 needed)
    const edited = await t.post('receptions/edit', { id: old.id, version: old.version, title: '调研（改）' }, staff);
    expect(edited.code, edited.msg).toBe(0);
    // the new one is held to revision 1
    const cleared = await t.post('receptions/edit', { id: fresh.id, version: fresh.version, place: null }, staff);
    expect([cleared.code, cleared.msg]).toEqual([-1, '请填写接待地点']);
    expect((await t.post('receptions/info', { id: fresh.id }, staff)).data.place).toBe('迎宾馆');
  });

  it('serves the page with a given revision and with the revision a record pinned', async () => {
    const old = { id: made.old };
    const fresh = { id: made.fresh };
    const byRecord = (await t.post('Template/page', { id: FORM, recordId: old.id }, staff)).data;
    expect(byRecord.revision).toEqual({ form: FORM, number: 0, latest: 1 });
    expect(byRecord.entity.model.required).not.toContain('place');
    expect(byRecord.entity.model.properties.guestNames.maxLength).toBe(1000);
    const detail = (await t.post('Template/page', { id: 'receptions.reception.detail', recordId: fresh.id }, staff)).data;
    expect(detail.page.id).toBe('receptions.reception.detail');
    expect(detail.revision).toEqual({ form: FORM, number: 1, latest: 1 });
    expect(detail.entity.model.required).toContain('place');

    const given = (await t.post('Template/page', { id: FORM, revision: 1 }, staff)).data;
    expect(given.entity.model.properties.guestNames.maxLength).toBe(10);
    expect((await t.post('Template/page', { id: FORM, revision: 0 }, staff)).data.entity.model.properties.guestNames.maxLength).toBe(1000);
    expect((await t.post('Template/page', { id: FORM, revision: 7 }, staff)).msg).toBe(`版本不存在：${FORM} 第7版`);
    expect((await t.post('Template/page', { id: FORM, revision: -1 }, staff)).code).toBe(-1);
    expect((await t.post('Template/page', { id: FORM, recordId: old.id }, other)).msg).toBe('记录不存在或无权访问');
    // without a revision: the current page, no revision field
    expect((await t.post('Template/page', { id: FORM }, staff)).data.revision).toBeUndefined();
  });
});

describe('a designer-made form', () => {
  const ID = 'custom.visitlog.form';
  const text = (key: string, d: string) => ({ t: `custom.visitlog.${key}`, d });
  const definition = (rules: { noteRequired?: boolean; minLength?: number }) => ({
    page: { layout: ['content', 'note'].map((f) => ({ id: `f_${f}`, type: 'field', field: f })) },
    entity: {
      model: {
        type: 'object',
        required: ['content', ...(rules.noteRequired ? ['note'] : [])],
        properties: {
          content: {
            type: 'string',
            maxLength: 100,
            ...(rules.minLength ? { minLength: rules.minLength } : {}),
            'x-title': text('field.content', '内容'),
            'x-kind': 'text',
          },
          note: { type: 'string', maxLength: 100, 'x-title': text('field.note', '备注'), 'x-kind': 'text' },
        },
      },
    },
  });

  it('imports through /api/custom_<key>/import under the revision in force; pinned records still open and save', async () => {
    expect((await t.post('Template/add', { title: '来访记录', key: 'visitlog' }, admin)).code).toBe(0);
    expect((await t.post('Template/set', { id: ID, definition: definition({}) }, admin)).code).toBe(0);
    const first = await upload(
      'custom_visitlog',
      await workbook([
        ['内容', '备注'],
        ['第一次来访', null],
        ['第二次来访', '已登记'],
      ]),
      staff,
    );
    expect(first, JSON.stringify(first)).toMatchObject({ status: 200, code: 0, data: { imported: 2, errors: [] } });
    expect(await rows('custom_visitlog')).toBe(2);
    const noFile = await t.post('custom_visitlog/import', {}, staff);
    expect([noFile.code, noFile.msg]).toEqual([-1, '请选择要导入的Excel文件']);

    advanceClock(5);
    expect((await t.post('Template/set', { id: ID, definition: definition({ noteRequired: true, minLength: 3 }) }, admin)).data.revision).toBe(2);
    advanceClock(5);
    const refused = await upload(
      'custom_visitlog',
      await workbook([
        ['内容', '备注'],
        ['第三次来访', null],
        ['短', '有备注'],
      ]),
      staff,
    );
    expect(refused.data).toEqual({
      imported: 0,
      added: 0,
      updated: 0,
      refused: 2,
      errors: [
        { row: 2, field: '备注', message: '请填写备注' },
        { row: 3, field: '内容', message: '内容不能少于3个字符' },
      ],
    });
    const add = await t.post('custom_visitlog/add', { content: '第三次来访' }, staff);
    expect([add.code, add.msg]).toEqual([-1, '请填写备注']);
    expect(await rows('custom_visitlog')).toBe(2);

    // a record of revision 1 opens with it and saves without 备注
    const list = (await t.post('custom_visitlog/list', {}, staff)).data.list as { id: number; version: number; content: string }[];
    const pinned = list.find((r) => r.content === '第一次来访')!;
    const page = (await t.post('Template/page', { id: ID, recordId: pinned.id }, staff)).data;
    expect(page.revision).toEqual({ form: ID, number: 1, latest: 2 });
    expect(page.entity.model.required).toEqual(['content']);
    expect((await t.post('Template/page', { id: ID, revision: 0 }, staff)).msg).toBe(`版本不存在：${ID} 第0版`);
    const saved = await t.post('custom_visitlog/edit', { id: pinned.id, version: pinned.version, content: '第一次来访（补）' }, staff);
    expect(saved.code, saved.msg).toBe(0);
  });

  it('answers 404 for an unknown path whatever its body, before any session check', async () => {
    for (const url of ['/api/Nothing/here', '/api/custom_nothing/import', '/api/custom_visitlog/fly']) {
      const res = await t.app.inject({ method: 'POST', url, payload: '{"broken": ', headers: { 'content-type': 'application/json' } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, -1]);
    }
    // a known call still reads its body: a malformed one is a bad request
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/custom_visitlog/list',
      payload: '{"broken": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
