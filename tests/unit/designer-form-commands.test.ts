/**
 * The form designer's editing model: palette inserts with pinyin keys made unique, nesting into
 * sections / tabs / grids / sub-tables, moves (refusing a container into itself), keyboard moves, removal of a
 * container with its fields, inspector updates; copy / paste, undo / redo, keys and labels are
 * ./designer-form-history.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { addTab, insertFromPalette, locate, moveBy, moveNode, removeNode, setFieldKey, setRule, updateField, updateNode } from '../../designer/form/model';
import { blank, env, ids, refused } from './designer-form-fixture';

describe('insert from the palette', () => {
  it('adds a property with a pinyin key, a zh/en label and a field node', () => {
    const s = insertFromPalette(blank(), 'text', { parent: null }, env);
    expect(Object.keys(s.model.properties)).toEqual(['danhangwenben']);
    const p = s.model.properties.danhangwenben;
    expect(p).toMatchObject({ type: 'string', 'x-kind': 'text', 'x-title': { t: 'leave.request.field.danhangwenben', d: '单行文本' } });
    expect(s.en['leave.request.field.danhangwenben']).toBe('Text');
    expect(s.layout).toEqual([{ id: s.focus, type: 'field', field: 'danhangwenben' }]);
  });

  it('makes keys unique with a suffix 2, 3…', () => {
    let s = blank();
    for (let i = 0; i < 3; i++) s = insertFromPalette(s, 'text', { parent: null }, env);
    expect(Object.keys(s.model.properties)).toEqual(['danhangwenben', 'danhangwenben2', 'danhangwenben3']);
    expect(new Set(s.layout.map((n) => n.id)).size).toBe(3);
  });

  it('gives each palette entry the widget kind the engine registers', () => {
    let s = blank();
    for (const k of ['money', 'date', 'daterange', 'checkbox', 'person', 'department', 'attachments', 'richtext'] as const)
      s = insertFromPalette(s, k, { parent: null }, env);
    const kinds = Object.values(s.model.properties).map((p) => p['x-kind']);
    expect(kinds).toEqual(['money', 'date', 'daterange', 'dict', 'user', 'dept', 'attachments', 'richtext']);
    expect(s.model.properties.duoxuan.type).toBe('array');
    expect(s.layout.find((n) => n.type === 'attachments')).toMatchObject({ field: 'fujian' });
  });

  it('nests into sections, tabs, grids and sub-tables at an index', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = insertFromPalette(s, 'grid', { parent: sec }, env);
    const grid = s.focus!;
    s = insertFromPalette(s, 'text', { parent: grid }, env);
    s = insertFromPalette(s, 'number', { parent: grid, index: 0 }, env);
    expect(ids(s, grid).map((id) => (locate(s.layout, id)!.node as { field: string }).field)).toEqual(['shuzi', 'danhangwenben']);
    s = insertFromPalette(s, 'tabs', { parent: null }, env);
    const tabs = s.focus!;
    s = addTab(s, tabs, env);
    const tab2 = s.focus!;
    s = insertFromPalette(s, 'date', { parent: tab2 }, env);
    expect(ids(s, tab2)).toHaveLength(1);
    s = insertFromPalette(s, 'subtable', { parent: sec }, env);
    const st = s.focus!;
    s = insertFromPalette(s, 'money', { parent: st }, env);
    s = insertFromPalette(s, 'text', { parent: st, index: 0 }, env);
    const node = locate(s.layout, st)!.node as { field: string; columns: { field: string }[] };
    expect(node.columns.map((c) => c.field)).toEqual(['danhangwenben', 'jine']);
    const rows = (s.model.properties[node.field].items as { properties: Record<string, { 'x-title': { t: string } }> }).properties;
    expect(rows.jine['x-title'].t).toBe(`leave.request.field.${node.field}.jine`);
    refused(() => insertFromPalette(s, 'person', { parent: st }, env), 'notColumn');
    refused(() => insertFromPalette(s, 'text', { parent: tabs }, env), 'notContainer');
    refused(() => insertFromPalette(s, 'text', { parent: 'nope' }, env), 'notFound');
  });
});

describe('move, keyboard move, remove', () => {
  const three = () => {
    let s = blank();
    for (const k of ['text', 'number', 'date'] as const) s = insertFromPalette(s, k, { parent: null }, env);
    return s;
  };

  it('reorders to the final index and moves by keyboard', () => {
    const s = three();
    const [a, b, c] = ids(s, null);
    expect(ids(moveNode(s, a, { parent: null, index: 2 }), null)).toEqual([b, c, a]);
    expect(ids(moveBy(s, c, -1), null)).toEqual([a, c, b]);
    expect(moveBy(s, a, -1)).toBe(s);
    expect(moveBy(s, c, 1)).toBe(s);
  });

  it('nests a field into a section and refuses a container into itself or its child', () => {
    let s = insertFromPalette(three(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = insertFromPalette(s, 'grid', { parent: sec }, env);
    const grid = s.focus!;
    const first = s.layout[0].id;
    s = moveNode(s, first, { parent: grid, index: 0 });
    expect(ids(s, grid)).toEqual([first]);
    refused(() => moveNode(s, sec, { parent: sec }), 'intoItself');
    refused(() => moveNode(s, sec, { parent: grid }), 'intoItself');
    refused(() => moveNode(s, first, { parent: first }), 'notContainer');
  });

  it('turns a field into a sub-table column and back', () => {
    let s = insertFromPalette(three(), 'subtable', { parent: null }, env);
    const st = s.focus!;
    const textNode = s.layout[0].id;
    s = moveNode(s, textNode, { parent: st });
    const sub = locate(s.layout, st)!.node as { field: string; columns: { id: string; field: string }[] };
    expect(sub.columns).toEqual([{ id: textNode, field: 'danhangwenben' }]);
    expect(s.model.properties.danhangwenben).toBeUndefined();
    s = moveNode(s, textNode, { parent: null, index: 0 });
    expect(s.model.properties.danhangwenben['x-title'].t).toBe('leave.request.field.danhangwenben');
    expect(s.layout[0]).toEqual({ id: textNode, type: 'field', field: 'danhangwenben' });
  });

  it('removes a container with its fields, their required flags and rules', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = insertFromPalette(s, 'text', { parent: sec }, env);
    const f = s.focus!;
    s = updateField(s, f, { required: true });
    s = insertFromPalette(s, 'number', { parent: null }, env);
    s = setRule(s, { field: 'shuzi', effect: 'visible', when: { mode: 'all', items: [{ field: 'danhangwenben', op: 'eq', value: 'x' }] } });
    expect(s.model.required).toEqual(['danhangwenben']);
    s = removeNode(s, sec);
    expect(Object.keys(s.model.properties)).toEqual(['shuzi']);
    expect(s.model.required).toEqual([]);
    expect(s.rules).toEqual([]);
    expect(s.en['leave.request.field.danhangwenben']).toBeUndefined();
  });
});

describe('field properties', () => {
  it('sets label, required, default, placeholder, options and validation', () => {
    let s = insertFromPalette(blank(), 'text', { parent: null }, env);
    const f = s.focus!;
    s = updateField(
      s,
      f,
      {
        label: { zh: '请假事由', en: 'Reason' },
        required: true,
        default: '病假',
        placeholder: { zh: '请填写', en: 'Fill in' },
        minLength: 2,
        maxLength: 50,
        pattern: '^\\S+$',
        patternMessage: { zh: '不能有空格', en: 'No spaces' },
      },
      env,
    );
    expect(Object.keys(s.model.properties)).toEqual(['qingjiashiyou']);
    const p = s.model.properties.qingjiashiyou;
    expect(p).toMatchObject({
      minLength: 2,
      maxLength: 50,
      pattern: '^\\S+$',
      default: '病假',
      'x-title': { t: 'leave.request.field.qingjiashiyou', d: '请假事由' },
    });
    expect(s.en['leave.request.field.qingjiashiyou']).toBe('Reason');
    expect(s.en[p['x-pattern-message']!.t]).toBe('No spaces');
    expect(s.model.required).toEqual(['qingjiashiyou']);
    expect(s.layout[0]).toMatchObject({ field: 'qingjiashiyou', placeholder: { d: '请填写' } });
    refused(() => updateField(s, f, { minimum: 5, maximum: 1 }), 'badValue');
    refused(() => updateField(s, f, { pattern: '(' }), 'badValue');
    s = updateField(s, f, { minLength: null, pattern: null });
    expect(s.model.properties.qingjiashiyou.minLength).toBeUndefined();
    expect(s.model.properties.qingjiashiyou['x-pattern-message']).toBeUndefined();
  });

  it('keeps a key set by hand and refuses taken or invalid keys', () => {
    let s = insertFromPalette(blank(), 'text', { parent: null }, env);
    const f = s.focus!;
    s = insertFromPalette(s, 'number', { parent: null }, env);
    const g = s.focus!;
    s = setFieldKey(s, f, 'reason');
    s = updateField(s, f, { label: { zh: '事由', en: 'Reason' } }, env);
    expect(Object.keys(s.model.properties)).toEqual(['reason', 'shuzi']);
    refused(() => setFieldKey(s, g, 'reason'), 'keyTaken');
    refused(() => setFieldKey(s, g, '1abc'), 'badKey');
    refused(() => setFieldKey(s, g, 'id'), 'badKey');
    // a label that reads like another field's key gets a suffix
    s = updateField(s, g, { label: { zh: 'reason', en: 'Reason' } }, env);
    expect(Object.keys(s.model.properties)).toEqual(['reason', 'reason2']);
  });

  it('lets one department default to the signed-in user’s department, and drops that when it becomes several', () => {
    let s = insertFromPalette(blank(), 'department', { parent: null }, env);
    const id = s.focus!;
    const key = Object.keys(s.model.properties)[0];
    s = updateField(s, id, { defaultFromSession: true });
    expect(s.model.properties[key]['x-default-from']).toBe('dept');
    s = updateField(s, id, { multiple: true });
    expect(s.model.properties[key]['x-default-from']).toBeUndefined();
    refused(() => updateField(s, id, { defaultFromSession: true }), 'badValue');
  });

  it('switches person fields to several people and select fields to a dictionary', () => {
    let s = insertFromPalette(blank(), 'person', { parent: null }, env);
    s = updateField(s, s.focus!, { multiple: true });
    expect(s.model.properties.renyuan).toMatchObject({ type: 'array', items: { type: 'integer' }, 'x-kind': 'users' });
    s = insertFromPalette(s, 'select', { parent: null }, env);
    const sel = s.focus!;
    s = updateField(
      s,
      sel,
      {
        options: [{ label: { zh: '事假', en: 'Personal' } }, { label: { zh: '病假', en: 'Sick' } }, { value: 'shijia', label: { zh: '调休', en: 'Time off' } }],
      },
      env,
    );
    const dictId = s.model.properties.xialaxuanze['x-dict'];
    expect(dictId).toBe('leave_request_xialaxuanze');
    const dict = s.dicts.find((x) => x.id === dictId)!;
    expect(dict.items.map((i) => [i.value, i.label.d, s.en[i.label.t]])).toEqual([
      ['shijia', '事假', 'Personal'],
      ['bingjia', '病假', 'Sick'],
      ['shijia2', '调休', 'Time off'],
    ]);
    expect(dict.title.d).toBe('下拉选择');
    s = updateField(s, sel, { dict: 'leave_type', multiple: true });
    expect(s.model.properties.xialaxuanze).toMatchObject({ type: 'array', 'x-dict': 'leave_type' });
    expect(s.dicts).toEqual([]);
    expect(Object.keys(s.en).some((k) => k.startsWith('dict.'))).toBe(false);
    refused(() => updateField(s, s.layout[0].id, { options: [{ label: { zh: 'a', en: 'a' } }] }), 'badValue');
  });

  it('edits titles, grid columns and sub-table totals', () => {
    let s = insertFromPalette(blank(), 'section', { parent: null }, env);
    const sec = s.focus!;
    s = updateNode(s, sec, { title: { zh: '基本信息', en: 'Basics' } });
    const title = (locate(s.layout, sec)!.node as { title: { t: string; d: string } }).title;
    expect(title.d).toBe('基本信息');
    expect(s.en[title.t]).toBe('Basics');
    s = insertFromPalette(s, 'grid', { parent: sec }, env);
    refused(() => updateNode(s, s.focus!, { columns: 7 }), 'badValue');
    s = insertFromPalette(s, 'subtable', { parent: null }, env);
    const st = s.focus!;
    s = insertFromPalette(s, 'money', { parent: st }, env);
    s = insertFromPalette(s, 'text', { parent: st }, env);
    s = updateNode(s, st, { totals: ['jine'] });
    expect((locate(s.layout, st)!.node as { totals: string[] }).totals).toEqual(['jine']);
    refused(() => updateNode(s, st, { totals: ['danhangwenben'] }), 'badValue');
  });
});
