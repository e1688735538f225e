/**
 * The form designer's editing model (the other part is ./designer-form-commands.test.ts): copy / paste, bounded
 * undo / redo, pinyin keys and insert targets, labels in both languages.
 */
import { describe, expect, it } from 'vitest';
import {
  addTab,
  commit,
  copyNode,
  createHistory,
  createPinyinCache,
  insertTarget,
  keyFromPinyin,
  insertFromPalette,
  locate,
  pasteNode,
  redo,
  undo,
  updateField,
  updateNode,
} from '../../designer/form/model';
import { blank, env, ids, refused } from './designer-form-fixture';

describe('copy and paste', () => {
  it('pastes a field with a fresh id, a unique key and its own label key', () => {
    let s = insertFromPalette(blank(), 'text', { parent: null }, env);
    const f = s.focus!;
    s = updateField(s, f, { label: { zh: '事由', en: 'Reason' }, required: true }, env);
    const clip = copyNode(s, f);
    s = pasteNode(s, clip, { parent: null });
    expect(Object.keys(s.model.properties)).toEqual(['shiyou', 'shiyou2']);
    expect(s.focus).not.toBe(f);
    expect(s.layout.map((n) => n.id)).toEqual([f, s.focus]);
    const t2 = s.model.properties.shiyou2['x-title'];
    expect(t2).toEqual({ t: 'leave.request.field.shiyou2', d: '事由' });
    expect(s.en[t2.t]).toBe('Reason');
    expect(s.en['leave.request.field.shiyou']).toBe('Reason');
    expect(s.model.required).toEqual(['shiyou', 'shiyou2']);
  });

  it('pastes a section with its fields and a field into a sub-table as a column', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = insertFromPalette(s, 'number', { parent: sec }, env);
    const num = s.focus!;
    s = pasteNode(s, copyNode(s, sec), { parent: null });
    expect(s.layout).toHaveLength(2);
    expect(Object.keys(s.model.properties)).toEqual(['shuzi', 'shuzi2']);
    const ids = new Set<string>();
    JSON.stringify(s.layout, (k, v) => (k === 'id' ? (ids.add(v), v) : v));
    expect(ids.size).toBe(4);
    s = insertFromPalette(s, 'subtable', { parent: null }, env);
    const st = s.focus!;
    s = pasteNode(s, copyNode(s, num), { parent: st });
    expect((locate(s.layout, st)!.node as { columns: { field: string }[] }).columns.map((c) => c.field)).toEqual(['shuzi']);
    refused(() => pasteNode(s, copyNode(s, sec), { parent: st }), 'notColumn');
  });
});

describe('undo / redo', () => {
  it('walks back and forth and forgets the redo list on a new change', () => {
    let h = createHistory(blank());
    h = commit(h, insertFromPalette(h.present, 'text', { parent: null }, env));
    h = commit(h, insertFromPalette(h.present, 'number', { parent: null }, env));
    expect(Object.keys(h.present.model.properties)).toEqual(['danhangwenben', 'shuzi']);
    h = undo(h);
    expect(Object.keys(h.present.model.properties)).toEqual(['danhangwenben']);
    h = undo(h);
    expect(h.present.layout).toEqual([]);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(Object.keys(h.present.model.properties)).toEqual(['danhangwenben']);
    h = commit(h, insertFromPalette(h.present, 'date', { parent: null }, env));
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it('keeps at most `limit` steps', () => {
    let h = createHistory(blank(), 3);
    for (let i = 0; i < 5; i++) h = commit(h, insertFromPalette(h.present, 'text', { parent: null }, env));
    expect(h.past).toHaveLength(3);
    while (h.past.length) h = undo(h);
    expect(h.present.layout).toHaveLength(2);
  });
});

describe('keys and targets', () => {
  it('turns pinyin into a valid, non-reserved key', () => {
    expect(keyFromPinyin('Qing Jia-Shi You')).toBe('qingjiashiyou');
    expect(keyFromPinyin('2026nian')).toBe('f2026nian');
    expect(keyFromPinyin('id')).toBe('fid');
    expect(keyFromPinyin('')).toBe('field');
    expect(keyFromPinyin('a'.repeat(60))).toHaveLength(40);
  });

  it('asks the server once per label and answers from the cache', async () => {
    const calls: string[] = [];
    const cache = createPinyinCache(async (t) => (calls.push(t), t === '事由' ? 'shiyou' : 'x'));
    expect(cache.get('事由 A1')).toBe('A1');
    await Promise.all([cache.load('事由'), cache.load('事由')]);
    expect(cache.get('事由')).toBe('shiyou');
    await cache.load('事由');
    expect(calls).toEqual(['事由']);
  });

  it('adds into a selected container, after a selected field, at the end otherwise', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = insertFromPalette(s, 'text', { parent: sec }, env);
    const f = s.focus!;
    s = insertFromPalette(s, 'tabs', { parent: null }, env);
    const tabs = s.focus!;
    const tab = (locate(s.layout, tabs)!.node as { children: { id: string }[] }).children[0].id;
    expect(insertTarget(s.layout, null, true)).toEqual({ parent: null });
    expect(insertTarget(s.layout, sec)).toEqual({ parent: sec });
    expect(insertTarget(s.layout, f)).toEqual({ parent: sec, index: 1 });
    expect(insertTarget(s.layout, tabs)).toEqual({ parent: tab });
  });

  it("puts a field added with nothing selected into the form's last section or tab, a layout node at the end", () => {
    expect(insertTarget(blank().layout, null)).toEqual({ parent: null });
    let s = insertFromPalette(blank(), 'text', { parent: null }, env);
    expect(insertTarget(s.layout, null)).toEqual({ parent: null });
    s = insertFromPalette(s, 'section', insertTarget(s.layout, null, true), env);
    const sec = s.focus!;
    expect(ids(s, null)).toEqual([s.layout[0].id, sec]);
    s = insertFromPalette(s, 'date', insertTarget(s.layout, null), env);
    s = insertFromPalette(s, 'date', insertTarget(s.layout, null), env);
    expect(ids(s, sec)).toHaveLength(2);
    expect(insertTarget(s.layout, null, true)).toEqual({ parent: null });
    s = insertFromPalette(s, 'tabs', { parent: null }, env);
    s = addTab(s, s.focus!, env);
    expect(insertTarget(s.layout, null)).toEqual({ parent: s.focus });
  });
});

describe('labels in both languages', () => {
  it('carries a new Chinese label into en-US while the English one is still the palette name', () => {
    let s = insertFromPalette(blank(), 'date', { parent: null }, env);
    const f = s.focus!;
    expect(s.en[s.model.properties.riqi['x-title'].t]).toBe('Date');
    s = updateField(s, f, { label: { zh: '开始日期', en: 'Date' } }, env);
    expect(s.en[s.model.properties.kaishiriqi['x-title'].t]).toBe('开始日期');
    s = updateField(s, f, { label: { zh: '起始日期', en: '开始日期' } }, env);
    expect(s.en[s.model.properties.qishiriqi['x-title'].t]).toBe('起始日期');
    s = updateField(s, f, { label: { zh: '起始日期', en: 'Start date' } }, env);
    s = updateField(s, f, { label: { zh: '开始日期', en: 'Start date' } }, env);
    expect(s.model.properties.kaishiriqi['x-title'].d).toBe('开始日期');
    expect(s.en[s.model.properties.kaishiriqi['x-title'].t]).toBe('Start date');
  });

  it('does the same for a section title', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = updateNode(s, sec, { title: { zh: '请假信息', en: 'Section' } }, env);
    const title = (locate(s.layout, sec)!.node as { title: { t: string; d: string } }).title;
    expect(title.d).toBe('请假信息');
    expect(s.en[title.t]).toBe('请假信息');
    s = updateNode(s, sec, { title: { zh: '请假信息', en: 'Leave' } }, env);
    s = updateNode(s, sec, { title: { zh: '假期信息', en: 'Leave' } }, env);
    expect(s.en[title.t]).toBe('Leave');
  });
});
