/** Loader (engine/schema/loader.ts): valid files, invalid files as {file, path, message}, migrations, $ref, overlays. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, expectedSchemaRef, getPointer } from '../../../engine/schema/loader';
import { MIGRATIONS, identity, migrate } from '../../../engine/schema/migrations';
import { hashDefinition } from '../../../engine/schema/hash';
import { SCHEMA_VERSION, type DictDef, type EntityDef, type OverlayDef } from '../../../engine/schema/types';
import { readSchemaDir, ROOT } from './helpers';

const text = (t: string, d = '文') => ({ t, d });
const dict = (over: Record<string, unknown> = {}) => ({
  path: 'schemas/demo/dicts/color.json',
  data: {
    $schema: '../../_meta/dict.schema.json',
    schemaVersion: 1,
    id: 'demo_color',
    kind: 'dict',
    title: text('demo.color'),
    items: [{ value: 'r', label: text('demo.color.r') }],
    ...over,
  },
});
const entity = (properties: Record<string, unknown>) => ({
  path: 'schemas/demo/entities/thing.json',
  data: {
    $schema: '../../_meta/entity.schema.json',
    schemaVersion: 1,
    id: 'demo.thing',
    kind: 'entity',
    title: text('demo.thing'),
    group: 'demo',
    table: 'biz_thing',
    scope: 'own',
    model: { type: 'object', properties },
  },
});

describe('buildRegistry', () => {
  it('loads the real schemas/ without errors and indexes them', () => {
    const { files } = readSchemaDir(join(ROOT, 'schemas'));
    const r = buildRegistry(files);
    expect(r.errors).toEqual([]);
    expect(r.get('entity', 'receptions.reception')?.table).toBe('biz_reception');
    expect(r.fileOf('entity', 'receptions.reception')).toBe('schemas/receptions/entities/reception.json');
    expect(r.dicts().map((d) => d.id)).toEqual(
      expect.arrayContaining(['document_mj', 'document_urgency', 'document_type', 'gender', 'yes_no', 'reception_status']),
    );
    expect(r.get('dict', 'document_type')?.items).toHaveLength(15);
    expect(r.areas().map((a) => a.id)).toContain('receptions');
    const list = r.pageForRoute('/receptions/index');
    expect(list?.id).toBe('receptions.reception.list');
    expect(list && r.entityOf(list)?.id).toBe('receptions.reception');
    const form = r.get('page', 'receptions.reception.form');
    expect(form && r.entityOf(form)?.id).toBe('receptions.reception');
    expect(r.pageForRoute('/nowhere')).toBeUndefined();
    expect(r.etag('page', 'receptions.reception.form')).toMatch(/^[0-9a-f]{16}$/);
    const flows = r.entries.filter((e) => e.def.kind === 'flow').length;
    expect(flows).toBeGreaterThan(0);
    expect(r.entities().length + r.pages().length + r.dicts().length + r.areas().length + flows).toBe(r.entries.length);
  });

  it('reports an invalid file with file, JSON pointer and message, and leaves it out', () => {
    const r = buildRegistry([dict({ items: [{ value: 'r', label: text('demo.color.r'), colour: 'red' }] }), dict({ id: 'demo_ok', title: { t: 'demo.ok' } })]);
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { file: 'schemas/demo/dicts/color.json', path: '/items/0/colour', message: 'unknown property' },
        expect.objectContaining({ file: 'schemas/demo/dicts/color.json', path: '/title', message: expect.stringContaining('d') }),
      ]),
    );
    expect(r.dicts()).toEqual([]);
  });

  it('catches typos in pages, layout nodes, data sources and model properties', () => {
    const { files } = readSchemaDir(join(ROOT, 'schemas'));
    const pick = (suffix: string) => structuredClone(files.find((f) => f.path.endsWith(suffix))!);
    const list = pick('reception.list.page.json');
    const l = list.data as Record<string, unknown>;
    l.colums = l.columns;
    (l.source as Record<string, unknown>).entiy = 'x';
    const form = pick('reception.form.page.json');
    const layout = (form.data as { layout: { children: { children: Record<string, unknown>[] }[] }[] }).layout;
    layout[0].children[0].children[0].widgte = 'x';
    const ent = pick('entities/reception.json');
    const props = (ent.data as { model: { properties: Record<string, Record<string, unknown>> } }).model.properties;
    props.title.maxlength = 10;
    props.status['x-kind'] = 'dictionary';
    const r = buildRegistry([list, form, ent]);
    const at = r.errors.map((e) => `${e.file.split('/').pop()} ${e.path} ${e.message}`);
    expect(at).toEqual(
      expect.arrayContaining([
        'reception.list.page.json /colums unknown property',
        'reception.list.page.json /source/entiy unknown property',
        'reception.form.page.json /layout/0/children/0/children/0/widgte unknown property',
        'reception.json /model/properties/title/maxlength unknown property',
        expect.stringMatching(/^reception\.json \/model\/properties\/status\/x-kind must be equal to one of the allowed values/),
      ]),
    );
    expect(at.length).toBeLessThanOrEqual(6);
  });

  it('never throws on garbage', () => {
    const r = buildRegistry([
      { path: 'schemas/x/a.json', data: null },
      { path: 'schemas/x/b.json', data: [1, 2] },
      { path: 'schemas/x/c.json', data: { kind: 'widget', schemaVersion: 1 } },
      { path: 'schemas/x/d.json', data: { kind: 'dict', schemaVersion: 99 } },
      { path: 'schemas/x/e.json', data: { kind: 'page', schemaVersion: 1, pageKind: 'list' } },
    ]);
    expect(r.errors.map((e) => [e.file, e.path])).toEqual(
      expect.arrayContaining([
        ['schemas/x/a.json', ''],
        ['schemas/x/b.json', ''],
        ['schemas/x/c.json', '/kind'],
        ['schemas/x/d.json', '/schemaVersion'],
        ['schemas/x/e.json', ''],
      ]),
    );
    expect(r.entries).toEqual([]);
  });

  it('checks $schema against the place of the file', () => {
    expect(expectedSchemaRef('schemas/receptions/area.json', 'area')).toBe('../_meta/area.schema.json');
    expect(expectedSchemaRef('/abs/repo/schemas/receptions/pages/x.page.json', 'page')).toBe('../../_meta/page.schema.json');
    expect(expectedSchemaRef('fixtures/set/a/dicts/x.json', 'dict', 'fixtures/set')).toBe('../../_meta/dict.schema.json');
    const r = buildRegistry([dict({ $schema: '../_meta/dict.schema.json' })]);
    expect(r.errors).toEqual([{ file: 'schemas/demo/dicts/color.json', path: '/$schema', message: 'must be "../../_meta/dict.schema.json"' }]);
  });

  it('resolves {"$ref": "<id>#<pointer>"} between definitions, siblings overriding', () => {
    const base = entity({ remark: { type: 'string', maxLength: 500, 'x-title': text('demo.remark', '备注'), 'x-kind': 'textarea' } });
    const other = {
      path: 'schemas/demo/entities/other.json',
      data: {
        ...(base.data as object),
        id: 'demo.other',
        table: 'biz_other',
        model: { type: 'object', properties: { note: { $ref: 'demo.thing#/model/properties/remark', maxLength: 100 } } },
      },
    };
    const r = buildRegistry([base, other]);
    expect(r.errors).toEqual([]);
    const note = (r.get('entity', 'demo.other') as EntityDef).model.properties.note;
    expect(note).toEqual({ type: 'string', maxLength: 100, 'x-title': text('demo.remark', '备注'), 'x-kind': 'textarea' });
    const bad = buildRegistry([
      { ...other, data: { ...(other.data as object), model: { type: 'object', properties: { note: { $ref: 'demo.nothing#/x' } } } } },
    ]);
    expect(bad.errors[0]).toMatchObject({
      file: 'schemas/demo/entities/other.json',
      path: '/model/properties/note/$ref',
      message: expect.stringContaining('names no definition'),
    });
  });

  it('applies published overlays and reports their conflicts', () => {
    const d = dict();
    const base = buildRegistry([d]).get('dict', 'demo_color')!;
    const ov: OverlayDef = {
      $schema: '../_meta/overlay.schema.json',
      schemaVersion: 1,
      id: 'demo.ov',
      kind: 'overlay',
      target: 'demo_color',
      baseHash: hashDefinition(base),
      ops: [
        { op: 'set', node: 'demo_color', path: 'title.d', value: '颜色' },
        { op: 'remove', node: 'missing' },
      ],
    };
    const r = buildRegistry([d], { overlays: [ov] });
    expect((r.get('dict', 'demo_color') as DictDef).title.d).toBe('颜色');
    expect(r.errors).toEqual([{ file: 'overlay:demo.ov', path: '/ops/1', message: 'not-found: node "missing" not found' }]);
    expect(r.etag('dict', 'demo_color')).not.toBe(hashDefinition(base));
  });

  it('does not apply an overlay whose result breaks the format', () => {
    const d = dict();
    const ov: OverlayDef = {
      $schema: '../_meta/overlay.schema.json',
      schemaVersion: 1,
      id: 'demo.bad',
      kind: 'overlay',
      target: 'demo_color',
      baseHash: '0123456789abcdef',
      ops: [{ op: 'unset', node: 'demo_color', path: 'title' }],
    };
    const r = buildRegistry([d], { overlays: [ov] });
    expect((r.get('dict', 'demo_color') as DictDef).title).toBeDefined();
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^base-moved/),
      expect.stringMatching(/^result invalid at \/: must have required property 'title'/),
    ]);
  });

  it('getPointer reads JSON pointers', () => {
    expect(getPointer({ a: [{ 'b/c': 1 }] }, '/a/0/b~1c')).toBe(1);
    expect(getPointer({ a: 1 }, '/x/y')).toBeUndefined();
  });
});

describe('format migrations', () => {
  const read = (p: string) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/schemas/migrations', p), 'utf8'));

  it('has one migration per version step', () => {
    expect(MIGRATIONS).toHaveLength(SCHEMA_VERSION);
  });

  it('migrates the v0 fixture to exactly the v1 fixture (pure)', () => {
    const v0 = read('v0/item.list.page.json');
    const before = JSON.stringify(v0);
    expect(migrate(v0, 1)).toEqual({ def: read('v1/item.list.page.json') });
    expect(JSON.stringify(v0)).toBe(before);
  });

  it('migrates a v1 area (menus: route → page) to exactly the v2 fixture (routes: path → page), other kinds only get the version', () => {
    const v1 = read('v1/demo.area.json');
    const before = JSON.stringify(v1);
    expect(migrate(v1)).toEqual({ def: read('v2/demo.area.json') });
    expect(JSON.stringify(v1)).toBe(before);
    expect(migrate(read('v1/item.list.page.json'))).toEqual({ def: read('v2/item.list.page.json') });
    expect(migrate(read('v0/item.list.page.json'))).toEqual({ def: read('v2/item.list.page.json') });
  });

  it('the loader reads a v1 area as v2: its menu entries are its routes and their pages', () => {
    const r = buildRegistry(
      [
        { path: 'tests/fixtures/schemas/migrations/v1/demo.area.json', data: read('v1/demo.area.json') },
        { path: 'tests/fixtures/schemas/migrations/v1/item.list.page.json', data: read('v1/item.list.page.json') },
      ],
      { root: 'tests/fixtures/schemas/migrations' },
    );
    expect(r.errors).toEqual([]);
    expect(r.get('area', 'demo')?.routes).toEqual([
      { path: '/demo/index', page: 'demo.item.list' },
      { path: '/demo/show/:id', page: 'demo.item.detail' },
    ]);
    expect(r.pageForRoute('/demo/index')?.id).toBe('demo.item.list');
  });

  it('the loader migrates old files before validating them', () => {
    const r = buildRegistry([{ path: 'tests/fixtures/schemas/migrations/v0/item.list.page.json', data: read('v0/item.list.page.json') }], {
      root: 'tests/fixtures/schemas/migrations',
    });
    expect(r.errors).toEqual([]);
    expect(r.get('page', 'demo.item.list')).toEqual(read('v2/item.list.page.json'));
  });

  it('runs a chain of migrations and refuses versions it cannot reach', () => {
    const chain = [identity, (d: Record<string, unknown>) => ({ ...d, renamed: true })];
    expect(migrate({ schemaVersion: 0, id: 'x' }, 2, chain)).toEqual({ def: { schemaVersion: 2, id: 'x', renamed: true } });
    expect(migrate({ schemaVersion: 3 }, 2, chain).error).toMatch(/newer/);
    expect(migrate({ schemaVersion: 0 }, 3, chain).error).toMatch(/no migration from schemaVersion 2/);
    expect(migrate({ schemaVersion: -1 }).error).toMatch(/not a version/);
    expect(migrate({ schemaVersion: 2, id: 'y' })).toEqual({ def: { schemaVersion: 2, id: 'y' } });
  });
});
