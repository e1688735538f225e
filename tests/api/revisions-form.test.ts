/**
 * Form revisions ("Revisions", DESIGN §4 Overlays; src/server/api/Template/revisionCalls.ts) on the
 * shipped 接待登记 form: publishing a label change makes it what staff see, the diff shows exactly that
 * change, a restore brings the old label back as a new revision, drafts are never applied, a definition
 * that does not lint (CEL) or adds a field is refused without writing anything, export / import with the
 * format version check, and only administrators may use the calls. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../src/server/lib/clock.js';
import { invalidateSchemas } from '../../src/server/engine/schemaStore.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FORM = 'receptions.reception.form';
let t: TestApp;
let admin: Session;
let staff: Session;
let other: Session;
let deptId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  other = sessionOf(await t.login('sunli'));
  deptId = Number(
    (await t.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow()).current_dept_id,
  );
});

/** A reception record of zhangwei's department, created now. */
async function addRecord(title: string): Promise<number> {
  advanceClock(5);
  const r = await t.post('receptions/add', { title, guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01', dept: deptId }, staff);
  expect(r.code, r.msg).toBe(0);
  advanceClock(5);
  return r.data.id;
}
afterAll(async () => t.close());

/** The form as the designer sends it: {page, entity: {model}}. */
async function designerForm() {
  const info = (await t.post('Template/revision', { id: FORM, revision: 0 }, admin)).data;
  return structuredClone(info.definition) as { page: any; entity: any };
}
const label = async (field: string, lang?: string) =>
  (await t.post('Template/forminfo', { id: FORM }, staff, lang ? { headers: { 'x-lang': lang } } : {})).data.schema.properties[field].title as string;
const revisionCount = async () =>
  (
    await t.database.db
      .selectFrom('definition_revisions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('form revisions', () => {
  it('refuses everyone but administrators', async () => {
    for (const call of ['Template/revisions', 'Template/diff', 'Template/set', 'Template/restore', 'Template/export', 'Template/formedit']) {
      const r = await t.post(call, { id: FORM, revision: 0 }, staff);
      expect([call, r.code, r.msg]).toEqual([call, -1, '您没有该操作的权限']);
    }
    expect((await t.post('Template/revisions', { id: FORM })).code).toBe(-99);
  });

  it('publishes a label change, diffs exactly it, and a restore brings the old label back', async () => {
    expect((await t.post('Template/revisions', { id: FORM }, admin)).data).toMatchObject({ current: 0, draft: null, list: [{ revision: 0, base: true }] });
    expect(await label('guestUnit')).toBe('来宾单位');

    const before = await addRecord('发布前');
    const form = await designerForm();
    form.entity.model.properties.guestUnit['x-title'].d = '来访单位';
    const pub = await t.post('Template/set', { id: FORM, definition: JSON.stringify(form), comment: '改标签' }, admin);
    expect(pub).toMatchObject({ code: 0, data: { id: FORM, revision: 1 } });
    expect(await label('guestUnit')).toBe('来访单位');
    expect(await label('guestUnit', 'en-US')).toBe('Guest organisation');
    const after = await addRecord('发布后');

    const diff = (await t.post('Template/diff', { id: FORM, from: 0, to: 1 }, admin)).data;
    expect(diff.changes).toEqual([
      {
        kind: 'changed',
        target: 'field',
        id: 'guestUnit',
        label: '来访单位',
        property: 'label',
        before: '来宾单位',
        after: '来访单位',
        text: '字段 来访单位: 标签 来宾单位 → 来访单位',
      },
    ]);
    // default sides: the revision before the newest → the current definition
    expect((await t.post('Template/diff', { id: FORM }, admin)).data.changes.map((c: any) => c.text)).toEqual(['字段 来访单位: 标签 来宾单位 → 来访单位']);
    expect((await t.post('Template/diff', { id: FORM, from: 0, to: 1 }, admin, { headers: { 'x-lang': 'en-US' } })).data.changes[0].text).toBe(
      'Field 来访单位: label 来宾单位 → 来访单位',
    );

    const restored = await t.post('Template/restore', { id: FORM, revision: 0 }, admin);
    expect(restored.data).toEqual({ id: FORM, revision: 2, restoredFrom: 0 });
    expect(await label('guestUnit')).toBe('来宾单位');
    expect((await t.post('Template/diff', { id: FORM, from: 1, to: 2 }, admin)).data.changes.map((c: any) => c.text)).toEqual([
      '字段 来宾单位: 标签 来访单位 → 来宾单位',
    ]);
    const list = (await t.post('Template/revisions', { id: FORM }, admin)).data.list;
    expect(list.map((r: any) => [r.revision, r.comment, r.restoredFrom, r.author])).toEqual([
      [2, '恢复为第0版', 0, '系统管理员'],
      [1, '改标签', null, '系统管理员'],
      [0, null, null, null],
    ]);
    // published revisions stay as they were
    expect((await t.post('Template/revision', { id: FORM, revision: 1 }, admin)).data.definition.entity.model.properties.guestUnit['x-title'].d).toBe(
      '来访单位',
    );
    expect((await t.post('Template/revision', { id: FORM, revision: 9 }, admin)).msg).toBe(`版本不存在：${FORM} 第9版`);

    // records keep the form revision they were created with, whatever is published later
    const pinned = async (recordId: number) => (await t.post('Template/recordform', { id: FORM, recordId }, staff)).data;
    expect(await pinned(before)).toMatchObject({ revision: 0, schema: { properties: { guestUnit: { title: '来宾单位' } } } });
    expect(await pinned(after)).toMatchObject({ revision: 1, schema: { properties: { guestUnit: { title: '来访单位' } } } });
    expect((await pinned(await addRecord('恢复后'))).revision).toBe(2);
    expect((await t.post('Template/recordform', { id: FORM, recordId: after }, other)).msg).toBe('记录不存在或无权访问');
  });

  it('keeps a draft apart until it is published; en-US labels come with the texts', async () => {
    const form = await designerForm();
    form.entity.model.properties.place['x-title'].d = '接待场所';
    (form as any).texts = { 'en-US': { 'receptions.reception.field.place': 'Venue' } };
    expect((await t.post('Template/formedit', { id: FORM, definition: form }, admin)).code).toBe(0);
    expect(await label('place')).toBe('接待地点');
    expect((await t.post('Template/draft', { id: FORM }, admin)).data.definition.entity.model.properties.place['x-title'].d).toBe('接待场所');
    expect((await t.post('Template/diff', { id: FORM, from: 'current', to: 'draft' }, admin)).data.changes.map((c: any) => c.text)).toEqual([
      '字段 接待场所: 标签 接待地点 → 接待场所',
    ]);
    const pub = await t.post('Template/set', { id: FORM }, admin);
    expect(pub.data.revision).toBe(3);
    expect(await label('place')).toBe('接待场所');
    expect(await label('place', 'en-US')).toBe('Venue');
    expect((await t.post('Template/draft', { id: FORM }, admin)).data).toBeNull();
  });

  it('refuses a definition that does not lint or changes the table, writing nothing', async () => {
    const before = await revisionCount();
    const badRule = await designerForm();
    badRule.page.rules = [{ id: 'r_bad', when: { cel: 'people + "x"' }, field: 'place', effect: 'visible' }];
    const r = await t.post('Template/set', { id: FORM, definition: badRule }, admin);
    expect(r.code).toBe(-1);
    expect(r.msg).toMatch(/^定义有误（\/rules\/0\/when\/cel）：CEL/);
    const newField = await designerForm();
    newField.entity.model.properties.phone = { type: 'string', 'x-title': { t: 'receptions.reception.field.phone', d: '电话' } };
    expect((await t.post('Template/set', { id: FORM, definition: newField }, admin)).msg).toBe('字段的增删或类型变更需要数据表变更，不能在设计器中发布：phone');
    expect((await t.post('Template/set', { id: 'receptions.reception.list', definition: newField }, admin)).msg).toBe('定义不存在：receptions.reception.list');
    expect(await revisionCount()).toBe(before);
  });

  it('exports a revision as a JSON file and imports it; a newer format is refused', async () => {
    const file = await t.post('Template/export', { id: FORM, revision: 1 }, admin);
    expect(file.res.headers['content-disposition']).toContain(`${FORM}.r1.form.json`);
    expect(file).toMatchObject({ $schema: 'oa:export/form', schemaVersion: 2, kind: 'form', id: FORM, revision: 1 });
    const { res: _res, status: _status, ...body } = file as any;
    const newer = await t.post('Template/import', { file: JSON.stringify({ ...body, schemaVersion: 3 }) }, admin);
    expect(newer).toMatchObject({ code: -1, msg: '导入文件的格式版本为 3，高于本系统支持的 2，请升级系统后再导入' });
    const newerInside = structuredClone(body);
    newerInside.definition.page.schemaVersion = 3;
    expect((await t.post('Template/importform', { file: newerInside }, admin)).msg).toContain('格式版本为 3');
    expect((await t.post('Template/import', { file: { ...body, $schema: 'oa:export/flow' } }, admin)).code).toBe(-1);

    const imported = await t.post('Template/import', { file: JSON.stringify(body), comment: '导入' }, admin);
    expect(imported.data).toEqual({ id: FORM, revision: 4 });
    expect(await label('guestUnit')).toBe('来访单位');
  });

  it('lists an overlay that no longer fits the shipped form as a conflict, never applied silently', async () => {
    const at = Date.now();
    await t.database.db
      .insertInto('definition_overlays')
      .values({
        target_kind: 'page',
        target_id: FORM,
        revision: 99,
        status: 'published',
        ops: JSON.stringify([{ op: 'set', node: 'f_gone', path: 'span', value: 1 }]),
        base_hash: 'old',
        author_id: null,
        comment: null,
        created_at: at,
        published_at: at,
      })
      .execute();
    invalidateSchemas(t.database.db);
    const conflicts = (await t.post('Template/revisions', { id: FORM }, admin)).data.conflicts;
    expect(conflicts).toEqual(expect.arrayContaining([expect.objectContaining({ targetId: FORM, revision: 99, kind: 'not-found', applied: false })]));
  });
});
