/**
 * Template and Form calls (SPEC §7 "Templates, forms and flows"): each call answers -99 without a
 * session, -1 naming the field on bad input and the id on an unknown one, and its shape on success;
 * Template/page and Template/info answer {notModified} for the current ETag; a page bundle goes over the wire
 * compressed (br, else gzip) for a browser that accepts it.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let s: Session;
const en = { headers: { 'x-lang': 'en-US' } };

beforeAll(async () => {
  t = await createTestApp();
  s = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

const CALLS: [string, Record<string, unknown>][] = [
  ['Template/page', { route: '/receptions/index' }],
  ['Template/list', {}],
  ['Template/info', { id: 'receptions.reception.list' }],
  ['Template/forminfo', { id: 'receptions.reception.form' }],
  ['Template/fieldinfo', { entity: 'receptions.reception' }],
  ['Template/getColumns', { id: 'receptions.reception.list' }],
  ['Template/getFunc', {}],
  ['Template/checkjsgs', { entity: 'receptions.reception', expr: 'people * 2' }],
  ['Form/info', { id: 'receptions.reception.form' }],
  ['Form/getpinyin', { text: '请假事由' }],
];

describe('Template and Form calls', () => {
  it.each(CALLS)('%s answers -99 without a session and 0 with one', async (path, body) => {
    expect((await t.post(path, body)).code).toBe(-99);
    const ok = await t.post(path, body, s);
    expect(ok.code, ok.msg).toBe(0);
  });

  it.each([
    ['Template/page', 'route', '请填写路由'],
    ['Template/info', 'id', '请填写定义标识'],
    ['Template/forminfo', 'id', '请填写定义标识'],
    ['Template/fieldinfo', 'entity', '请填写实体'],
    ['Template/getColumns', 'id', '请填写定义标识'],
    ['Template/checkjsgs', 'expr', '请填写公式'],
    ['Form/info', 'id', '请填写定义标识'],
    ['Form/getpinyin', 'text', '请填写文本'],
  ])('%s without %s answers -1 naming it', async (path, _field, msg) => {
    const body = path === 'Template/checkjsgs' ? { entity: 'receptions.reception' } : {};
    expect(await t.post(path, body, s)).toMatchObject({ code: -1, msg });
  });

  it.each([
    ['Template/page', { route: '/nowhere/index' }, '/nowhere/index'],
    ['Template/info', { id: 'no.such.page' }, 'no.such.page'],
    ['Template/forminfo', { id: 'receptions.reception.list' }, 'receptions.reception.list'],
    ['Template/fieldinfo', { entity: 'no.entity' }, 'no.entity'],
    ['Template/getColumns', { id: 'receptions.reception.form' }, 'receptions.reception.form'],
    ['Template/checkjsgs', { entity: 'no.entity', expr: '1' }, 'no.entity'],
    ['Form/info', { id: 'nope' }, 'nope'],
  ])('%s with an unknown id answers -1 naming it', async (path, body, id) => {
    expect(await t.post(path, body, s)).toMatchObject({ code: -1, msg: `定义不存在：${id}` });
  });

  it('Template/page serves page, entity without table internals, dicts, texts and an ETag', async () => {
    const r = await t.post('Template/page', { route: '/receptions/index' }, s);
    expect(r.data.page).toMatchObject({ id: 'receptions.reception.list', pageKind: 'list' });
    expect(r.data.entity).toMatchObject({ id: 'receptions.reception', group: 'receptions', scope: 'department' });
    expect(r.data.entity.model.properties.title).toBeTruthy();
    for (const k of ['table', 'indexes', 'unique', 'references']) expect(r.data.entity).not.toHaveProperty(k);
    expect(r.data.dicts.map((d: { id: string }) => d.id)).toContain('reception_status');
    expect(r.data.texts['receptions.reception.field.guestUnit']).toBe('来宾单位');
    expect(r.data.etag).toMatch(/^[0-9a-f]{16}$/);
    const again = await t.post('Template/page', { route: '/receptions/index', etag: r.data.etag }, s);
    expect(again.data).toEqual({ notModified: true, etag: r.data.etag });
    const stale = await t.post('Template/page', { route: '/receptions/index', etag: '0000000000000000' }, s);
    expect(stale.data.page.id).toBe('receptions.reception.list');
    const english = await t.post('Template/page', { route: '/receptions/index' }, s, en);
    expect(english.data.texts['receptions.reception.field.guestUnit']).toBe('Guest organisation');
    expect(english.data.etag).not.toBe(r.data.etag);
  });

  it('Template/page goes out compressed to a browser (br, else gzip), plain to a client that accepts neither', async () => {
    const call = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Template/page',
        payload: { route: '/receptions/index' },
        headers: { 'x-token': s.token, 'x-uuid': s.uuid, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await call();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await call('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    const gz = await call('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    // a small answer (notModified) is sent as it is
    const etag = JSON.parse(plain.body).data.etag;
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/Template/page',
      payload: { route: '/receptions/index', etag },
      headers: { 'x-token': s.token, 'x-uuid': s.uuid, 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).data).toEqual({ notModified: true, etag });
  });

  it('Template/info serves any page kind with its ETag and notModified', async () => {
    const r = await t.post('Template/info', { id: 'receptions.reception.detail' }, s);
    expect(r.data.page).toMatchObject({ id: 'receptions.reception.detail', pageKind: 'detail' });
    expect((await t.post('Template/info', { id: 'receptions.reception.detail', etag: r.data.etag }, s)).data).toEqual({ notModified: true, etag: r.data.etag });
  });

  it('Template/list lists form templates with localised titles', async () => {
    const r = await t.post('Template/list', {}, s);
    expect(r.data).toContainEqual({ id: 'receptions.reception.form', title: '接待登记', entity: 'receptions.reception' });
    const e = await t.post('Template/list', {}, s, en);
    expect(e.data.find((x: { id: string }) => x.id === 'receptions.reception.form').title).not.toBe('接待登记');
  });

  it('Template/forminfo and Form/info compile the model to JSON Schema for rjsf', async () => {
    const r = await t.post('Template/forminfo', { id: 'receptions.reception.form' }, s);
    expect(r.data).toMatchObject({ entity: 'receptions.reception', page: { id: 'receptions.reception.form', pageKind: 'form' } });
    expect(r.data.schema).toMatchObject({ type: 'object', title: expect.any(String) });
    expect(r.data.schema.properties.guestUnit).toMatchObject({ title: '来宾单位', 'x-title': { t: 'receptions.reception.field.guestUnit', d: '来宾单位' } });
    expect(r.data.schema.properties.status['x-dict']).toBe('reception_status');
    const f = await t.post('Form/info', { id: 'receptions.reception.form' }, s, en);
    expect(f.data.schema.properties.guestUnit.title).toBe('Guest organisation');
    expect(f.data.etag).not.toBe(r.data.etag);
  });

  it('Template/fieldinfo lists fields with label, kind, type, required and dict', async () => {
    const r = await t.post('Template/fieldinfo', { entity: 'receptions.reception' }, s);
    expect(r.data).toContainEqual(expect.objectContaining({ field: 'guestUnit', label: '来宾单位', kind: 'text', type: 'string', required: true }));
    expect(r.data).toContainEqual(expect.objectContaining({ field: 'status', kind: 'dict', dict: 'reception_status' }));
    expect(r.data).toContainEqual(expect.objectContaining({ field: 'cost', kind: 'money' }));
  });

  it('Template/entities offers the entities a reference field may point at, with the fields that may label them', async () => {
    const r = await t.post('Template/entities', {}, s);
    const reception = r.data.find((e: { id: string }) => e.id === 'receptions.reception');
    expect(reception.title).toBe('接待');
    expect(reception.labels).toContainEqual({ field: 'guestUnit', label: '来宾单位' });
    expect(reception.labels.map((l: { field: string }) => l.field)).not.toContain('status');
  });

  it('Template/getColumns gives the list columns with localised titles and renderers', async () => {
    const r = await t.post('Template/getColumns', { id: 'receptions.reception.list' }, s);
    expect(r.data[0]).toMatchObject({ id: 'col_title', field: 'title', title: '接待事由', render: 'link', width: 240, sortable: false });
    expect(r.data).toContainEqual(expect.objectContaining({ id: 'col_status', render: 'dict', dict: 'reception_status' }));
    const e = await t.post('Template/getColumns', { id: 'receptions.reception.list' }, s, en);
    expect(e.data.find((c: { id: string }) => c.id === 'col_guestUnit').title).toBe('Guest organisation');
  });

  it('Template/getFunc lists the function catalogue', async () => {
    const r = await t.post('Template/getFunc', {}, s);
    const sum = r.data.find((f: { name: string }) => f.name === 'SUM');
    expect(sum).toMatchObject({ signature: expect.stringContaining('SUM('), description: expect.stringContaining('求和'), example: expect.any(String) });
    expect(r.data.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['IF', 'ROUND', 'DATEDIF', 'UPPERMONEY', 'WORKDAYS']));
    const en = await t.post('Template/getFunc', {}, s, { headers: { 'x-lang': 'en-US' } });
    expect(en.data.find((f: { name: string }) => f.name === 'SUM').description).toBe('Sum; an integer when every value is an integer');
  });

  it('Template/checkjsgs type-checks formulas against the entity fields', async () => {
    expect((await t.post('Template/checkjsgs', { entity: 'receptions.reception', expr: 'people * 2' }, s)).data).toEqual({ ok: true, type: 'int' });
    expect((await t.post('Template/checkjsgs', { entity: 'receptions.reception', expr: 'UPPERMONEY(cost)' }, s)).data).toEqual({ ok: true, type: 'string' });
    const bad = await t.post('Template/checkjsgs', { entity: 'receptions.reception', expr: 'nosuchfield + 1' }, s);
    expect(bad.code).toBe(0);
    expect(bad.data).toMatchObject({ ok: false, message: expect.stringContaining('nosuchfield') });
    const syntax = await t.post('Template/checkjsgs', { entity: 'receptions.reception', expr: 'people +' }, s);
    expect(syntax.data.ok).toBe(false);
    expect((await t.post('Template/checkjsgs', { entity: 'receptions.reception', expr: '' }, s)).data).toMatchObject({ ok: false, message: '表达式为空' });
  });

  it('Form/getpinyin makes field keys from labels', async () => {
    expect((await t.post('Form/getpinyin', { text: '请假事由' }, s)).data).toEqual({ pinyin: 'qingjiashiyou', first: 'qjsy' });
    expect((await t.post('Form/getpinyin', { text: '接待费用（元）' }, s)).data).toEqual({ pinyin: 'jiedaifeiyongyuan', first: 'jdfyy' });
    expect((await t.post('Form/getpinyin', { text: '绿化面积2' }, s)).data).toEqual({ pinyin: 'lvhuamianji2', first: 'lhmj2' });
    expect((await t.post('Form/getpinyin', { text: 'Car 车牌' }, s)).data).toEqual({ pinyin: 'carchepai', first: 'carcp' });
  });
});
