/** Overlays (engine/schema/overlay.ts), canonical JSON / hashing (hash.ts) and the Text helpers (text.ts). */
import { describe, expect, it } from 'vitest';
import { applyOverlay, CHILD_LISTS } from '../../../engine/schema/overlay';
import { canonicalJson, fnv1a64, hashDefinition } from '../../../engine/schema/hash';
import { collectTexts, isText, mergeLocaleFiles, textOf } from '../../../engine/schema/text';
import type { FormPageDef, OverlayOp } from '../../../engine/schema/types';

const form = (): FormPageDef => ({
  $schema: '../../_meta/page.schema.json',
  schemaVersion: 1,
  id: 'demo.form',
  kind: 'page',
  pageKind: 'form',
  title: { t: 'demo.form', d: '表单' },
  entity: 'demo.thing',
  layout: [
    {
      id: 'basic',
      type: 'section',
      title: { t: 'demo.basic', d: '基本信息' },
      children: [
        {
          id: 'grid',
          type: 'grid',
          columns: 2,
          children: [
            { id: 'f_a', type: 'field', field: 'a' },
            { id: 'f_b', type: 'field', field: 'b' },
            { id: 'f_c', type: 'field', field: 'c' },
          ],
        },
      ],
    },
    { id: 'more', type: 'section', children: [] },
  ],
  validators: [{ id: 'v1', expr: { cel: 'a > 0' }, message: { t: 'demo.v1', d: '必须大于零' } }],
});

const apply = (ops: OverlayOp[], base = form()) => applyOverlay(base, { target: base.id, baseHash: hashDefinition(base), ops });
const fieldIds = (def: FormPageDef) => (def.layout[0] as { children: { children: { id: string }[] }[] }).children[0].children.map((n) => n.id);

describe('applyOverlay', () => {
  it('set and unset a property path on a node found anywhere in the tree', () => {
    const r = apply([
      { op: 'set', node: 'f_b', path: 'widget', value: 'userPicker' },
      { op: 'set', node: 'f_c', path: 'placeholder.t', value: 'demo.ph' },
      { op: 'set', node: 'grid', path: '/columns', value: 3 },
      { op: 'unset', node: 'basic', path: 'title' },
    ]);
    expect(r.conflicts).toEqual([]);
    const grid = (r.def.layout[0] as { children: Record<string, unknown>[] }).children[0] as { columns: number; children: Record<string, unknown>[] };
    expect(grid.columns).toBe(3);
    expect(grid.children[1].widget).toBe('userPicker');
    expect(grid.children[2].placeholder).toEqual({ t: 'demo.ph' });
    expect('title' in r.def.layout[0]).toBe(false);
  });

  it('insert after a sibling id, or first without one, into a named list', () => {
    const r = apply([
      { op: 'insert', parent: 'grid', after: 'f_a', value: { id: 'f_x', type: 'field', field: 'x' } },
      { op: 'insert', parent: 'grid', value: { id: 'f_first', type: 'field', field: 'y' } },
      { op: 'insert', parent: 'demo.form', list: 'rules', value: { id: 'r1', when: { cel: 'a > 1' }, field: 'b', effect: 'required' } },
    ]);
    expect(r.conflicts).toEqual([]);
    expect(fieldIds(r.def)).toEqual(['f_first', 'f_a', 'f_x', 'f_b', 'f_c']);
    expect(r.def.rules).toEqual([{ id: 'r1', when: { cel: 'a > 1' }, field: 'b', effect: 'required' }]);
  });

  it('remove and move by id', () => {
    const r = apply([
      { op: 'remove', node: 'f_b' },
      { op: 'move', node: 'f_c', parent: 'grid' },
      { op: 'move', node: 'f_a', parent: 'more' },
    ]);
    expect(r.conflicts).toEqual([]);
    expect(fieldIds(r.def)).toEqual(['f_c']);
    expect((r.def.layout[1] as { children: { id: string }[] }).children.map((n) => n.id)).toEqual(['f_a']);
  });

  it('i18n overrides: zh-CN rewrites the defaults, every locale is returned', () => {
    const r = apply([
      { op: 'i18n', key: 'demo.basic', locale: 'zh-CN', value: '基本情况' },
      { op: 'i18n', key: 'demo.basic', locale: 'en-US', value: 'Overview' },
    ]);
    expect(r.conflicts).toEqual([]);
    expect((r.def.layout[0] as { title: { d: string } }).title.d).toBe('基本情况');
    expect(r.messages).toEqual({ 'zh-CN': { 'demo.basic': '基本情况' }, 'en-US': { 'demo.basic': 'Overview' } });
  });

  it('is pure: the base is never changed', () => {
    const base = form();
    const before = canonicalJson(base);
    apply(
      [
        { op: 'remove', node: 'f_a' },
        { op: 'set', node: 'f_b', path: 'span', value: 2 },
      ],
      base,
    );
    expect(canonicalJson(base)).toBe(before);
  });

  it('returns conflicts instead of throwing', () => {
    const base = form();
    const r = applyOverlay(base, {
      target: 'demo.other',
      baseHash: '0000000000000000',
      ops: [
        { op: 'set', node: 'nope', path: 'x', value: 1 },
        { op: 'insert', parent: 'grid', after: 'nope', value: { id: 'f_y' } },
        { op: 'insert', parent: 'grid', value: { id: 'f_a' } },
        { op: 'remove', node: 'demo.form' },
        { op: 'move', node: 'basic', parent: 'grid' },
        { op: 'i18n', key: 'demo.unused', locale: 'en-US', value: 'x' },
        { op: 'unset', node: 'f_a', path: 'widget' },
        { op: 'set', node: 'f_a', path: 'field.deep', value: 1 },
        { op: 'bogus' } as unknown as OverlayOp,
      ],
    });
    expect(r.conflicts.map((c) => [c.op, c.kind])).toEqual([
      [null, 'target'],
      [null, 'base-moved'],
      [0, 'not-found'],
      [1, 'not-found'],
      [2, 'duplicate-id'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'not-found'],
      [6, 'not-found'],
      [7, 'invalid'],
      [8, 'invalid'],
    ]);
    expect(canonicalJson(r.def)).toBe(canonicalJson(base));
  });

  it('reports an ambiguous id', () => {
    const base = form();
    (base.layout[1] as { children: unknown[] }).children.push({ id: 'f_a', type: 'field', field: 'z' });
    expect(apply([{ op: 'remove', node: 'f_a' }], base).conflicts[0]).toMatchObject({ op: 0, kind: 'ambiguous' });
  });

  it('id addressing survives reordering of the base (only the hash notices)', () => {
    const ops: OverlayOp[] = [
      { op: 'set', node: 'f_b', path: 'span', value: 2 },
      { op: 'insert', parent: 'grid', after: 'f_b', value: { id: 'f_new', type: 'field', field: 'n' } },
      { op: 'remove', node: 'f_a' },
    ];
    const original = form();
    const baseHash = hashDefinition(original);
    const reordered = form();
    const grid = (reordered.layout[0] as { children: { children: unknown[] }[] }).children[0];
    grid.children.reverse();
    reordered.layout.reverse();
    const r = applyOverlay(reordered, { target: 'demo.form', baseHash, ops });
    expect(r.conflicts.map((c) => c.kind)).toEqual(['base-moved']);
    const ids = (r.def.layout[1] as { children: { children: { id: string; span?: number }[] }[] }).children[0].children;
    expect(ids.map((n) => n.id)).toEqual(['f_c', 'f_b', 'f_new']);
    expect(ids[1].span).toBe(2);
  });

  it('tries the usual child lists in order', () => {
    expect(CHILD_LISTS.slice(0, 3)).toEqual(['children', 'columns', 'fields']);
  });
});

describe('canonicalJson and hashDefinition', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('hash is stable across key order and changes with content', () => {
    const a = { id: 'x', title: { t: 'a.b', d: '接待' }, list: [1, 2] };
    const b = { list: [1, 2], title: { d: '接待', t: 'a.b' }, id: 'x' };
    expect(hashDefinition(a)).toBe(hashDefinition(b));
    expect(hashDefinition(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(hashDefinition({ ...a, list: [2, 1] })).not.toBe(hashDefinition(a));
  });

  it('is FNV-1a 64 over UTF-8', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
    expect(fnv1a64('接')).toBe(fnv1a64('\u63a5'));
  });

  it('matches a BigInt reference on varied strings', () => {
    const reference = (text: string) => {
      let h = 0xcbf29ce484222325n;
      for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h.toString(16).padStart(16, '0');
    };
    for (const s of [
      '',
      'x',
      '接待管理',
      '{"a":[1,2,3]}',
      'ÿ'.repeat(300),
      Array.from({ length: 500 }, (_, i) => String.fromCharCode(32 + ((i * 7919) % 20000))).join(''),
    ]) {
      expect(fnv1a64(s)).toBe(reference(s));
    }
  });
});

describe('text helpers', () => {
  it('merges locale files and resolves Texts with the zh-CN default as fallback', () => {
    const m = mergeLocaleFiles([
      { locale: 'en-US', messages: { 'a.b': 'Guests', bad: 1 } },
      { locale: 'en-US', messages: { 'a.c': 'Cost' } },
      { locale: 'zh-CN', messages: null },
    ]);
    expect(m).toEqual({ 'en-US': { 'a.b': 'Guests', 'a.c': 'Cost' } });
    expect(textOf({ t: 'a.b', d: '来宾' }, m['en-US'])).toBe('Guests');
    expect(textOf({ t: 'a.x', d: '来宾' }, m['en-US'])).toBe('来宾');
    expect(textOf({ t: 'a.b', d: '来宾' })).toBe('来宾');
  });
  it('finds every Text with its pointer', () => {
    expect(collectTexts({ title: { t: 'a.b', d: '甲' }, list: [{ label: { t: 'a/c', d: '乙' } }] })).toEqual([
      { path: '/title', text: { t: 'a.b', d: '甲' } },
      { path: '/list/0/label', text: { t: 'a/c', d: '乙' } },
    ]);
    expect(isText({ t: 'a', d: 'b', x: 1 })).toBe(false);
  });
});
