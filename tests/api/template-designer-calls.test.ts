/**
 * The form designer's helper calls (SPEC §7 Template getPrevar, checkRule, funcInfo, funcSubmit; Form
 * getFiles, saveJson; src/server/api/Template/designerCalls.ts): -99 without a session, -1 naming the field or the
 * id on bad input; the variables a formula may use with their types and labels, a rule checked as a condition, one
 * function's help, a formula tried out on sample values, the files a form is made of, and a form published
 * through saveJson (administrators only, nothing written when refused). Also Flowset/saveJson refuses an id that
 * is not the definition's own before publishing anything. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const { post, ok } = actors(() => t);
const en = { headers: { 'x-lang': 'en-US' } };
const R = 'receptions.reception';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('designer helper calls', () => {
  it.each([
    ['Template/getPrevar', { entity: R }],
    ['Template/checkRule', { entity: R, expr: 'people > 3' }],
    ['Template/funcInfo', { name: 'SUM' }],
    ['Template/funcSubmit', { entity: R, expr: 'people * 2' }],
    ['Form/getFiles', { id: `${R}.form` }],
  ])('%s answers -99 without a session, then 0', async (path, body) => {
    expect((await t.post(path, body)).code).toBe(-99);
    const r = await post(path, body, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
  });

  it('getPrevar lists the fields with CEL types and labels; the record scope adds record.* and user.*', async () => {
    const fields = await ok('Template/getPrevar', { entity: R }, 'zhangwei');
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: 'people', type: 'int', label: '来宾人数', group: 'field' },
        { name: 'cost', type: 'double', label: expect.any(String), group: 'field' },
        { name: 'visitDate', type: 'string', label: expect.any(String), group: 'field' },
      ]),
    );
    expect(fields.every((v: { group: string }) => v.group === 'field')).toBe(true);
    const record = await ok('Template/getPrevar', { entity: R, scope: 'record' }, 'zhangwei');
    expect(record).toEqual(
      expect.arrayContaining([
        { name: 'record.people', type: 'int', label: '来宾人数', group: 'record' },
        { name: 'user.deptId', type: 'int', label: '当前部门', group: 'user' },
        { name: 'user.roles', type: 'list<string>', label: '当前用户角色', group: 'user' },
      ]),
    );
    const english = (await post('Template/getPrevar', { entity: R, scope: 'record' }, 'zhangwei', en)).data;
    expect(english.find((v: { name: string }) => v.name === 'user.deptId').label).toBe('Current department');
    expect((await post('Template/getPrevar', { entity: 'no.such' }, 'zhangwei')).msg).toBe('定义不存在：no.such');
    expect((await post('Template/getPrevar', { entity: R, scope: 'all' }, 'zhangwei')).code).toBe(-1);
  });

  it('checkRule accepts a condition and refuses what is not one, in the caller’s language', async () => {
    expect(await ok('Template/checkRule', { entity: R, expr: 'people > 3 && cost >= 1000.0' }, 'zhangwei')).toEqual({ ok: true, type: 'bool' });
    expect(await ok('Template/checkRule', { entity: R, expr: 'record.people > 3 && user.clearance >= 1', scope: 'record' }, 'zhangwei')).toEqual({
      ok: true,
      type: 'bool',
    });
    const notBool = await ok('Template/checkRule', { entity: R, expr: 'people * 2' }, 'zhangwei');
    expect(notBool.ok).toBe(false);
    expect(notBool.message).toMatch(/bool|布尔/);
    const unknown = await ok('Template/checkRule', { entity: R, expr: 'nosuchfield > 1' }, 'zhangwei');
    expect(unknown).toMatchObject({ ok: false, message: expect.stringContaining('nosuchfield') });
    const missing = await post('Template/checkRule', { entity: R }, 'zhangwei');
    expect([missing.code, missing.msg]).toEqual([-1, expect.stringContaining('公式')]);
  });

  it('funcInfo answers one function, whatever the case of its name', async () => {
    const sum = await ok('Template/funcInfo', { name: 'sum' }, 'zhangwei');
    expect(sum).toMatchObject({
      name: 'SUM',
      signature: expect.stringContaining('SUM('),
      description: expect.stringContaining('求和'),
      example: expect.any(String),
    });
    expect((await post('Template/funcInfo', { name: 'WORKDAYS' }, 'zhangwei', en)).data.description).toMatch(/^Working days/);
    expect((await post('Template/funcInfo', { name: 'NOPE' }, 'zhangwei')).msg).toBe('函数不存在：NOPE');
  });

  it('funcSubmit tries a formula on sample values, blank for the fields left out, and reports errors as answers', async () => {
    expect(await ok('Template/funcSubmit', { entity: R, expr: 'people * 2', data: { people: 6 } }, 'zhangwei')).toEqual({ ok: true, type: 'int', value: 12 });
    expect(await ok('Template/funcSubmit', { entity: R, expr: 'people * 2' }, 'zhangwei')).toEqual({ ok: true, type: 'int', value: 0 });
    expect(await ok('Template/funcSubmit', { entity: R, expr: 'UPPERMONEY(cost)', data: { cost: 1234.5 } }, 'zhangwei')).toEqual({
      ok: true,
      type: 'string',
      value: '壹仟贰佰叁拾肆元伍角整',
    });
    expect(
      await ok(
        'Template/funcSubmit',
        { entity: R, expr: 'WORKDAYS(visitDate, leaveDate)', data: { visitDate: '2026-11-23', leaveDate: '2026-11-27' }, field: 'days' },
        'zhangwei',
      ),
    ).toEqual({
      ok: true,
      type: 'int',
      value: 5,
    });
    // the type the target field stores
    const wrongType = await ok('Template/funcSubmit', { entity: R, expr: 'title', field: 'days' }, 'zhangwei');
    expect(wrongType.ok).toBe(false);
    const byZero = await ok('Template/funcSubmit', { entity: R, expr: 'people / 0', data: { people: 3 } }, 'zhangwei');
    expect(byZero.ok).toBe(false);
    expect(byZero.message).toEqual(expect.any(String));
    expect((await post('Template/funcSubmit', { entity: R, expr: 'people', field: 'nosuch' }, 'zhangwei')).msg).toContain('field');
    expect((await post('Template/funcSubmit', { entity: R, expr: 'people', data: 'x' }, 'zhangwei')).code).toBe(-1);
  });

  it('Form/getFiles names the page, entity, dictionaries and flow a form is made of, with their files', async () => {
    const files = await ok('Form/getFiles', { id: `${R}.form` }, 'zhangwei');
    expect(files[0]).toMatchObject({
      kind: 'page',
      id: `${R}.form`,
      file: expect.stringMatching(/receptions\/pages\/.+\.page\.json$/),
      etag: expect.any(String),
    });
    expect(files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'entity', id: R, file: expect.stringMatching(/receptions\/entities\/reception\.json$/) }),
        expect.objectContaining({ kind: 'dict', id: 'reception_status' }),
      ]),
    );
    const send = await ok('Form/getFiles', { id: 'document.send.form' }, 'zhangwei');
    expect(send).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'flow', id: 'document.send', file: expect.stringMatching(/document\/flows\//) })]),
    );
    expect((await post('Form/getFiles', { id: `${R}.list` }, 'zhangwei')).msg).toBe(`定义不存在：${R}.list`);
  });
});

describe('saveJson', () => {
  it('Form/saveJson publishes a form definition for administrators; staff and bad JSON are refused, nothing written', async () => {
    const id = `${R}.form`;
    const base = (await ok('Template/revision', { id, revision: 0 }, 'admin')).definition as {
      entity: { model: { properties: Record<string, { maxLength?: number }> } };
    };
    base.entity.model.properties.remark.maxLength = 300;
    const staff = await post('Form/saveJson', { id, json: JSON.stringify(base) }, 'zhangwei');
    expect(staff.code).toBe(-1);
    const bad = await post('Form/saveJson', { id, json: '{"page": ' }, 'admin');
    expect([bad.code, bad.msg]).toEqual([-1, expect.stringContaining('json')]);
    expect((await ok('Template/revisions', { id }, 'admin')).list.filter((r: { revision: number }) => r.revision > 0)).toEqual([]);
    expect(await ok('Form/saveJson', { id, json: JSON.stringify(base), comment: '备注限长' }, 'admin')).toEqual({ id, revision: 1 });
    expect((await ok('Template/page', { id }, 'zhangwei')).entity.model.properties.remark.maxLength).toBe(300);
  });

  it('Flowset/saveJson refuses an id that is not the definition’s own before publishing', async () => {
    const def = (await ok('Flowset/info', { id: 'affair.default' }, 'admin')) as { version: number; definition: Record<string, unknown> };
    const r = await post('Flowset/saveJson', { id: 'document.send', json: JSON.stringify(def.definition) }, 'admin');
    expect([r.code, r.msg]).toEqual([-1, expect.stringContaining('id')]);
    expect((await ok('Flowset/info', { id: 'affair.default' }, 'admin')).version).toBe(def.version);
  });
});
