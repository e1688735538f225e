/**
 * Options an administrator types for a field of a SHIPPED form (DESIGN §4 Overlays;
 * src/server/api/Template/formDicts.ts, src/server/engine/formDicts.ts): the 接待登记 form's 状态 gets the form's own
 * dictionary (a copy of the shared `reception_status` with a new id), stored with the draft and the published
 * revision; staff see the new options, the server validates add / edit / import with them, a record pinned to the
 * earlier revision keeps the old ones, spreadsheets name old and new values, and the diff names the items changed.
 * Malformed dictionaries and changes to a shared one are refused without writing anything. SQLite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FORM = 'receptions.reception.form';
const OWN = 'receptions_reception_status';
let t: TestApp;
let admin: Session;
let staff: Session;
let leader: Session;
let deptId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  leader = sessionOf(await t.login('lina'));
  deptId = Number(
    (await t.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).current_dept_id,
  );
});
afterAll(async () => t.close());

/** Adds a reception record of zhangwei's department now (`status` when given); answers the envelope. */
async function add(title: string, status?: string) {
  advanceClock(5);
  const r = await t.post(
    'receptions/add',
    { title, guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01', dept: deptId, ...(status ? { status } : {}) },
    staff,
  );
  advanceClock(5);
  return r;
}

/** Revision `n` of the form as the designer edits it. */
async function revision(n: number) {
  return structuredClone((await t.post('Template/revision', { id: FORM, revision: n }, admin)).data.definition) as {
    page: any;
    entity: any;
    dicts?: any[];
    texts?: any;
  };
}

/** The form's own copy of 接待状态 with `items` ([value, zh label]), as the designer's toFormPage writes it. */
function ownDict(items: [string, string][]) {
  return {
    $schema: '../../_meta/dict.schema.json',
    schemaVersion: 1,
    id: OWN,
    kind: 'dict',
    title: { t: `dict.${OWN}.title`, d: '状态' },
    items: items.map(([value, d]) => ({ value, label: { t: `dict.${OWN}.${value}`, d } })),
  };
}

/** Revision `from` with 状态 taking its options from the form's own dictionary `dict`. */
async function withOptions(from: number, dict: ReturnType<typeof ownDict>, en: Record<string, string> = {}) {
  const form = await revision(from);
  form.entity.model.properties.status['x-dict'] = OWN;
  return { ...form, dicts: [dict], texts: { 'en-US': en } };
}

const page = async (body: Record<string, unknown>, lang?: string) =>
  (await t.post('Template/page', { id: FORM, ...body }, staff, lang ? { headers: { 'x-lang': lang } } : {})).data;
const labels = (bundle: any, code: string) => bundle.dicts.find((d: any) => d.id === code)?.items.map((i: any) => i.label.d);
const revisionCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('definition_revisions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const NEW_ITEMS: [string, string][] = [
  ['planned', '计划中'],
  ['ongoing', '进行中'],
  ['done', '已完成'],
  ['postponed', '已延期'],
];

describe('options typed for a shipped form', () => {
  it('refuses a malformed dictionary or a change to a shared one, writing nothing', async () => {
    const before = await revisionCount();
    const empty = await withOptions(0, { ...ownDict(NEW_ITEMS), items: [] });
    for (const call of ['Template/set', 'Template/formedit']) {
      const r = await t.post(call, { id: FORM, definition: empty }, admin);
      expect([call, r.code, r.msg]).toEqual([call, -1, '参数dicts/0/items不正确']);
    }
    const noLabel = await withOptions(0, ownDict(NEW_ITEMS));
    delete (noLabel.dicts[0].items[1] as { label?: unknown }).label;
    expect((await t.post('Template/set', { id: FORM, definition: noLabel }, admin)).msg).toBe('参数dicts/0/items/1不正确');
    const twice = await withOptions(0, ownDict([...NEW_ITEMS, ['done', '完成']]));
    expect((await t.post('Template/formedit', { id: FORM, definition: twice }, admin)).msg).toBe('参数dicts/0/items/4/value不正确');
    expect((await t.post('Template/set', { id: FORM, definition: { ...(await revision(0)), dicts: 'x' } }, admin)).msg).toBe('参数dicts不正确');

    // the shared 接待状态 (schemas/receptions/dicts) changed in place: refused, the form must take its own copy
    const shared = await revision(0);
    const served = (await page({})).dicts.find((d: any) => d.id === 'reception_status');
    const changed = { ...served, items: served.items.slice(0, 2) };
    const r = await t.post('Template/set', { id: FORM, definition: { ...shared, dicts: [changed] } }, admin);
    expect(r).toMatchObject({ code: -1, msg: '字典 reception_status 是共享字典，表单不能修改它（dicts/0/id）；表单自己的选项请使用新的字典编号' });
    // an owned id must be the entity's (receptions_reception_…)
    const foreign = await withOptions(0, { ...ownDict(NEW_ITEMS), id: 'status_x' });
    foreign.entity.model.properties.status['x-dict'] = 'status_x';
    expect((await t.post('Template/set', { id: FORM, definition: foreign }, admin)).msg).toBe('参数dicts/0/id不正确');
    // a default that is no longer an option
    const noDefault = await withOptions(0, ownDict(NEW_ITEMS.slice(1)));
    expect((await t.post('Template/set', { id: FORM, definition: noDefault }, admin)).msg).toBe('字段 状态 的默认值 planned 不在它的选项中');

    expect(await revisionCount()).toBe(before);
    expect((await t.post('Template/draft', { id: FORM }, admin)).data).toBeNull();
    expect(labels(await page({}), 'reception_status')).toEqual(['计划中', '进行中', '已完成', '已取消']);
  });

  it('publishes new options: served to staff, validated on add and edit, old records keep theirs, diffed', async () => {
    const old = await add('发布前', 'cancelled');
    expect(old.code, old.msg).toBe(0);

    // the draft keeps the dictionary; nothing is served until it is published
    const form = await withOptions(0, ownDict(NEW_ITEMS), { [`dict.${OWN}.postponed`]: 'Postponed', [`dict.${OWN}.title`]: 'Status' });
    expect((await t.post('Template/formedit', { id: FORM, definition: form }, admin)).code).toBe(0);
    expect((await t.post('Template/draft', { id: FORM }, admin)).data.definition.dicts[0].items.map((i: any) => i.value)).toEqual([
      'planned',
      'ongoing',
      'done',
      'postponed',
    ]);
    expect((await t.post('Template/diff', { id: FORM, from: 'current', to: 'draft' }, admin)).data.changes.map((c: any) => c.text)).toEqual([
      '字段 状态: 选项 新增 已延期；删除 已取消',
    ]);
    expect(labels(await page({}), OWN)).toBeUndefined();

    expect((await t.post('Template/set', { id: FORM, comment: '状态选项' }, admin)).data).toEqual({ id: FORM, revision: 1 });
    expect((await t.post('Template/revision', { id: FORM, revision: 1 }, admin)).data.definition.dicts).toEqual([ownDict(NEW_ITEMS)]);

    // staff see the new options (zh-CN defaults, en-US from the designer's texts)
    const now = await page({});
    expect(now.entity.model.properties.status['x-dict']).toBe(OWN);
    expect(labels(now, OWN)).toEqual(['计划中', '进行中', '已完成', '已延期']);
    expect((await page({}, 'en-US')).texts[`dict.${OWN}.postponed`]).toBe('Postponed');
    expect((await page({ revision: 1 }, 'en-US')).texts[`dict.${OWN}.postponed`]).toBe('Postponed');

    // the server validates with them
    const added = await add('新选项', 'postponed');
    expect(added.code, added.msg).toBe(0);
    expect(added.data.status).toBe('postponed');
    expect(await add('已删选项', 'cancelled')).toMatchObject({ code: -1, msg: '状态的取值不正确' });
    expect(await t.post('receptions/edit', { id: added.data.id, version: added.data.version, status: 'cancelled' }, staff)).toMatchObject({
      code: -1,
      msg: '状态的取值不正确',
    });

    // a record pinned to revision 0 still opens, and is edited, with the old options
    const pinned = await page({ recordId: old.data.id });
    expect(pinned.revision).toMatchObject({ form: FORM, number: 0, latest: 1 });
    expect(pinned.entity.model.properties.status['x-dict']).toBe('reception_status');
    expect(labels(pinned, 'reception_status')).toEqual(['计划中', '进行中', '已完成', '已取消']);
    expect((await t.post('receptions/edit', { id: old.data.id, version: old.data.version, status: 'cancelled', place: '会议室' }, staff)).code).toBe(0);

    // the diff names the items changed
    const diff = (await t.post('Template/diff', { id: FORM, from: 0, to: 1 }, admin)).data.changes;
    expect(diff).toEqual([
      expect.objectContaining({
        kind: 'changed',
        target: 'field',
        id: 'status',
        label: '状态',
        property: 'optionItems',
        text: '字段 状态: 选项 新增 已延期；删除 已取消',
      }),
    ]);
    expect((await t.post('Template/diff', { id: FORM, from: 0, to: 1 }, admin, { headers: { 'x-lang': 'en-US' } })).data.changes[0].text).toBe(
      'Field 状态: options added 已延期; removed 已取消',
    );

    // relabelling an option of the form's own dictionary: a new revision; revision 1 keeps its label
    const relabelled = await withOptions(1, ownDict([...NEW_ITEMS.slice(0, 3), ['postponed', '延期']]));
    expect((await t.post('Template/set', { id: FORM, definition: relabelled }, admin)).data.revision).toBe(2);
    expect(labels(await page({}), OWN)).toEqual(['计划中', '进行中', '已完成', '延期']);
    expect(labels(await page({ revision: 1 }), OWN)).toEqual(['计划中', '进行中', '已完成', '已延期']);
    const pinned1 = await page({ recordId: added.data.id });
    expect([pinned1.revision.number, labels(pinned1, OWN)]).toEqual([1, ['计划中', '进行中', '已完成', '已延期']]);
    expect((await t.post('Template/diff', { id: FORM, from: 1, to: 2 }, admin)).data.changes.map((c: any) => c.text)).toEqual([
      '字段 状态: 选项 已延期 改为 延期',
    ]);
  });

  it('stores nothing for a shared dictionary reused unchanged, and exports / imports the own one', async () => {
    const file = (await t.post('Template/export', { id: FORM }, admin)) as any;
    expect(file.definition.dicts.map((d: any) => d.id)).toEqual([OWN]);

    const back = await revision(0);
    const served = (await t.post('Template/page', { id: 'receptions.reception.list' }, staff)).data;
    expect(served.dicts.map((d: any) => d.id)).toContain(OWN);
    const shared = (await page({ revision: 0 })).dicts.find((d: any) => d.id === 'reception_status');
    const pub = await t.post('Template/set', { id: FORM, definition: { ...back, dicts: [shared] } }, admin);
    expect(pub.data.revision).toBe(3);
    expect((await t.post('Template/revision', { id: FORM, revision: 3 }, admin)).data.definition.dicts).toBeUndefined();
    expect(labels(await page({}), 'reception_status')).toEqual(['计划中', '进行中', '已完成', '已取消']);
    expect((await add('恢复共享', 'cancelled')).code).toBe(0);

    const { res: _res, status: _status, ...body } = file as any;
    expect((await t.post('Template/import', { file: JSON.stringify(body) }, admin)).data).toEqual({ id: FORM, revision: 4 });
    expect(labels(await page({}), OWN)).toEqual(['计划中', '进行中', '已完成', '延期']);
  });

  it('imports and exports spreadsheets with the options in force, old values still named', async () => {
    const HEADERS = ['接待事由', '来宾单位', '来宾人数', '接待日期', '离开日期', '接待地点', '承办部门', '联系人', '接待费用（元）', '状态'];
    const row = (title: string, status: string) => [title, '市教育局', 3, '2026-06-01', null, null, '市政府办公室秘书科', null, null, status];
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('接待');
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (file: Buffer) => {
      const boundary = '----oa-dicts-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="page"\r\n\r\nreceptions.reception.list\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/receptions/import',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': staff.token, 'x-uuid': staff.uuid },
      });
      return res.json();
    };
    const refused = await upload(await sheet([HEADERS, row('延期来访', '延期'), row('取消来访', '已取消')]));
    expect(refused.data).toEqual({ imported: 0, added: 0, updated: 0, refused: 1, errors: [{ row: 3, field: '状态', message: '状态的取值不正确' }] });
    expect((await upload(await sheet([HEADERS, row('延期来访', '延期')]))).data).toEqual({ imported: 1, added: 1, updated: 0, refused: 0, errors: [] });

    const exported = async (keyword: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/receptions/export',
        payload: { page: 'receptions.reception.list', keyword },
        headers: { 'x-token': leader.token, 'x-uuid': leader.uuid },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const column = (ws.getRow(1).values as unknown[]).indexOf('状态');
      return ws.getRow(2).getCell(column).value;
    };
    expect(await exported('延期来访')).toBe('延期');
    expect(await exported('发布前')).toBe('已取消');
  });
});
