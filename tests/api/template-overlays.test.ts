/**
 * Published overlays from the database (DESIGN §4 Overlays, migration 0002): the newest published revision
 * of a target changes the served definition and its ETag; drafts never apply; a conflicting overlay (node
 * not found) is listed and not applied; one made against an older base applies and is listed as base-moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDefinition } from '../../engine/schema/hash.js';
import { invalidateSchemas, schemaStore } from '../../src/server/engine/schemaStore.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let s: Session;
let baseHash = '';
const LIST = 'receptions.reception.list';

beforeAll(async () => {
  t = await createTestApp();
  s = sessionOf(await t.login('zhangwei'));
  baseHash = hashDefinition((await schemaStore(t.database.db)).registry.get('page', LIST));
});
afterAll(async () => t.close());

let rev = 0;
async function addOverlay(ops: unknown[], opts: { status?: 'draft' | 'published'; target?: string; kind?: string; base?: string } = {}): Promise<number> {
  const row = await t.database.db
    .insertInto('definition_overlays')
    .values({
      target_kind: opts.kind ?? 'page',
      target_id: opts.target ?? LIST,
      revision: ++rev,
      status: opts.status ?? 'published',
      ops: JSON.stringify(ops),
      base_hash: opts.base ?? baseHash,
      author_id: null,
      comment: 'test',
      created_at: Date.now(),
      published_at: opts.status === 'draft' ? null : Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateSchemas(t.database.db);
  return Number(row.id);
}

const title = async (lang?: string) => {
  const r = await t.post('Template/getColumns', { id: LIST }, s, lang ? { headers: { 'x-lang': lang } } : {});
  return r.data.find((c: { id: string }) => c.id === 'col_guestUnit').title as string;
};

describe('overlays from the database', () => {
  it('a published overlay changes the served definition and its ETag; a newer draft does not', async () => {
    const before = await t.post('Template/page', { route: '/receptions/index' }, s);
    const info = await t.post('Template/info', { id: LIST }, s);
    expect(await title()).toBe('来宾单位');

    await addOverlay([
      { op: 'set', node: 'col_guestUnit', path: 'title', value: { t: 'receptions.reception.field.guestUnit', d: '来访单位' } },
      { op: 'i18n', key: 'receptions.reception.field.guestUnit', locale: 'zh-CN', value: '来访单位' },
    ]);
    expect(await title()).toBe('来访单位');
    expect(await title('en-US')).toBe('Guest organisation');
    const after = await t.post('Template/page', { route: '/receptions/index', etag: before.data.etag }, s);
    expect(after.data.notModified).toBeUndefined();
    expect(after.data.etag).not.toBe(before.data.etag);
    expect(after.data.page.columns.find((c: { id: string }) => c.id === 'col_guestUnit').title.d).toBe('来访单位');
    const info2 = await t.post('Template/info', { id: LIST, etag: info.data.etag }, s);
    expect(info2.data.etag).not.toBe(info.data.etag);
    expect(info2.data.page.columns[1].title.d).toBe('来访单位');

    await addOverlay([{ op: 'set', node: 'col_guestUnit', path: 'title', value: { t: 'x', d: '草稿标题' } }], { status: 'draft' });
    expect(await title()).toBe('来访单位');
    expect((await schemaStore(t.database.db)).conflicts).toEqual([]);
  });

  it('only the newest published revision applies', async () => {
    await addOverlay([{ op: 'set', node: 'col_guestUnit', path: 'width', value: 333 }]);
    const cols = (await t.post('Template/getColumns', { id: LIST }, s)).data;
    const col = cols.find((c: { id: string }) => c.id === 'col_guestUnit');
    expect(col).toMatchObject({ width: 333, title: '来宾单位' });
  });

  it('a conflicting overlay (node not found) is listed and not applied at all', async () => {
    const id = await addOverlay([
      { op: 'set', node: 'col_guestUnit', path: 'width', value: 444 },
      { op: 'set', node: 'col_gone', path: 'width', value: 1 },
    ]);
    const store = await schemaStore(t.database.db);
    expect(store.conflicts).toEqual([
      expect.objectContaining({
        rowId: id,
        targetKind: 'page',
        targetId: LIST,
        kind: 'not-found',
        op: 1,
        applied: false,
        message: expect.stringContaining('col_gone'),
      }),
    ]);
    const col = (await t.post('Template/getColumns', { id: LIST }, s)).data.find((c: { id: string }) => c.id === 'col_guestUnit');
    expect(col.width).toBe(200);
  });

  it('an overlay made against an older base applies and is listed as base-moved', async () => {
    const id = await addOverlay([{ op: 'set', node: 'col_guestUnit', path: 'width', value: 555 }], { base: '0123456789abcdef' });
    const store = await schemaStore(t.database.db);
    expect(store.conflicts).toEqual([expect.objectContaining({ rowId: id, kind: 'base-moved', applied: true })]);
    const col = (await t.post('Template/getColumns', { id: LIST }, s)).data.find((c: { id: string }) => c.id === 'col_guestUnit');
    expect(col.width).toBe(555);
  });

  it('an overlay whose result breaks the format, or on an unknown target, is listed and not applied', async () => {
    const bad = await addOverlay([{ op: 'set', node: 'col_guestUnit', path: 'render', value: 'hologram' }]);
    const missing = await addOverlay([{ op: 'remove', node: 'x' }], { target: 'no.such.page' });
    const store = await schemaStore(t.database.db);
    expect(store.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rowId: bad, kind: 'invalid', applied: false }),
        expect.objectContaining({ rowId: missing, kind: 'target', applied: false }),
      ]),
    );
    const col = (await t.post('Template/getColumns', { id: LIST }, s)).data.find((c: { id: string }) => c.id === 'col_guestUnit');
    expect(col.render).toBe('text');
  });
});
