/**
 * Dictionaries administration (SPEC §7 codes, /codes/index): anyone signed in reads the codes; only the
 * system administrator changes them; a change is a published overlay revision that every reader sees
 * at once (Template/page dictionaries included); shipped values can be disabled, never removed; restore
 * brings the shipped items back.
 */
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

describe('codes', () => {
  it('answers -99 without a session', async () => {
    for (const [path, body] of [
      ['codes/list', {}],
      ['codes/getcodes', { codes: 'document_mj' }],
      ['codes/edit', { code: 'gender', items: [] }],
    ] as const) {
      expect((await t.post(path, body)).code, path).toBe(-99);
    }
  });

  it('lists the dictionaries with Chinese titles and finds them by keyword', async () => {
    const all = await t.post('codes/list', { pageSize: 200 }, staff);
    expect(all.code).toBe(0);
    expect(all.data.list.map((d: any) => d.code)).toEqual(expect.arrayContaining(['document_mj', 'document_urgency', 'document_type']));
    const mj = await t.post('codes/list', { keyword: '密级' }, staff);
    expect(mj.data.list.map((d: any) => d.code)).toContain('document_mj');
  });

  it('gives items of several codes at once, unknown codes left out', async () => {
    const r = await t.post('codes/getcodes', { codes: 'document_urgency,nope' }, staff);
    expect(r.code).toBe(0);
    expect(Object.keys(r.data)).toEqual(['document_urgency']);
    expect(r.data.document_urgency.map((i: any) => i.label)).toEqual(expect.arrayContaining(['特急']));
  });

  it('refuses changes from a user who is not the system administrator', async () => {
    const r = await t.post('codes/edit', { code: 'gender', items: [{ value: '1', labelZh: '男' }] }, staff);
    expect(r.code).toBe(-1);
  });

  it('names the bad item field and refuses removing a shipped value', async () => {
    const info = await t.post('codes/info', { code: 'document_urgency' }, admin);
    const items = info.data.items.map((i: any) => ({ value: i.value, labelZh: i.labelZh, labelEn: i.labelEn }));
    const bad = await t.post('codes/edit', { code: 'document_urgency', items: [...items, { value: 'x y', labelZh: '坏值' }] }, admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain(`第${items.length + 1}项的代码值`);
    const removed = await t.post('codes/edit', { code: 'document_urgency', items: items.slice(1) }, admin);
    expect(removed.code).toBe(-1);
    expect(removed.msg).toContain(items[0].value);
  });

  it('publishes a change that readers and page definitions see, and restores the shipped items', async () => {
    const info = await t.post('codes/info', { code: 'reception_status' }, admin);
    const items = info.data.items.map((i: any) => ({ value: i.value, labelZh: i.labelZh, labelEn: i.labelEn, color: i.color }));
    items[0].labelZh = '筹备中';
    items.push({ value: 'postponed', labelZh: '已延期', labelEn: 'Postponed', color: 'orange' });
    const saved = await t.post('codes/edit', { code: 'reception_status', items }, admin);
    expect(saved.code).toBe(0);
    expect(saved.msg).toBe('保存成功');
    const list = await t.post('codes/getList', { code: 'reception_status' }, staff);
    expect(list.data.map((i: any) => i.label)).toEqual(expect.arrayContaining(['筹备中', '已延期']));
    const page = await t.post('Template/page', { route: '/receptions/index' }, staff);
    const dict = page.data.dicts.find((d: any) => d.id === 'reception_status');
    expect(dict.items.map((i: any) => i.value)).toContain('postponed');
    expect((await t.post('codes/list', { keyword: 'reception_status' }, staff)).data.list[0].changed).toBe(true);

    const restored = await t.post('codes/del', { code: 'reception_status' }, admin);
    expect(restored.code).toBe(0);
    const back = await t.post('codes/getList', { code: 'reception_status' }, staff);
    expect(back.data.map((i: any) => i.value)).not.toContain('postponed');
    expect(back.data.map((i: any) => i.label)).not.toContain('筹备中');
  });
});
