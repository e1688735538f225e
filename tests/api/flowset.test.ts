/**
 * Flowset calls (SPEC §7) on the fixture flows of tests/fixtures/schemas/flowtest: listing, versions,
 * publishing a new version (format and tree checked, -1 naming the path), restoring an old one, running
 * instances pinned to the version they started with, and who may write. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let lina: Session;
let linaId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  lina = sessionOf(await t.login('lina'));
  linaId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'lina').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

describe('Flowset', () => {
  it('lists the flows with their newest version; info and getInfo answer the definition; getActs the labelled actions', async () => {
    expect((await t.post('Flowset/list', {})).code).toBe(-99);
    const list = (await t.post('Flowset/list', { pageSize: 50 }, staff)).data;
    expect(list.list.map((f: any) => f.id)).toEqual(expect.arrayContaining(['flowtest.any', 'flowtest.leave', 'flowtest.countersign']));
    expect(list.list.find((f: any) => f.id === 'flowtest.leave')).toMatchObject({ version: 1, source: 'base', title: { d: '请假测试' } });
    const info = (await t.post('Flowset/info', { id: 'flowtest.leave' }, staff)).data;
    expect(info.definition.nodes.map((n: any) => n.id)).toEqual(['start', 'kz', 'days', 'end']);
    expect(info.versions).toEqual([expect.objectContaining({ version: 1, source: 'base' })]);
    expect((await t.post('Flowset/getInfo', { id: 'flowtest.leave', version: 9 }, staff)).msg).toBe('流程不存在：flowtest.leave@9');
    expect((await t.post('Flowset/info', { id: '../etc' }, staff)).msg).toContain('id');
    const acts = (await t.post('Flowset/getActs', {}, staff)).data as any[];
    expect(acts.find((a) => a.key === 'approve').label).toBe('同意');
    expect(acts.find((a) => a.key === 'addSign').label).toBe('加签');
  });

  it('publishes a new version (administrators only); running instances keep theirs; set restores the old one', async () => {
    const v1 = (await t.post('flow/start', { defId: 'flowtest.any', title: '版本测试', data: { approvers: [linaId] } }, staff)).data;
    expect(v1.defVersion).toBe(1);
    const def = (await t.post('Flowset/getInfo', { id: 'flowtest.any' }, admin)).data.definition;
    const changed = structuredClone(def);
    changed.nodes[1].title = { t: 'flowtest.hs2', d: '或签（新）' };
    expect((await t.post('Flowset/save', { definition: changed }, staff)).msg).toBe('您没有该操作的权限');
    const saved = await t.post('Flowset/saveJson', { id: 'flowtest.any', json: JSON.stringify(changed), comment: '改节点名' }, admin);
    expect(saved).toMatchObject({ code: 0, data: { id: 'flowtest.any', version: 2 } });
    // The instance started on version 1 still shows version 1; a new one starts on version 2.
    const old = (await t.post('flow/info', { id: v1.id }, lina)).data;
    expect(old.defVersion).toBe(1);
    expect(old.definition.nodes[1].title.d).toBe('或签');
    const v2 = (await t.post('flow/start', { defId: 'flowtest.any', title: '版本测试2', data: { approvers: [linaId] } }, staff)).data;
    expect(v2.defVersion).toBe(2);
    expect(v2.definition.nodes[1].title.d).toBe('或签（新）');
    expect((await t.post('flow/act', { id: v1.id, type: 'approve' }, lina)).data.status).toBe('finished');
    const restored = await t.post('Flowset/set', { id: 'flowtest.any', version: 1 }, admin);
    expect(restored.data.version).toBe(3);
    const info = (await t.post('Flowset/info', { id: 'flowtest.any' }, admin)).data;
    expect(info.definition.nodes[1].title.d).toBe('或签');
    expect(info.versions.map((v: any) => [v.version, v.source, v.comment])).toEqual([
      [3, 'designer', '恢复为第1版'],
      [2, 'designer', '改节点名'],
      [1, 'base', null],
    ]);
    expect(info.versions[0].author).toBe('系统管理员');
  });

  it('refuses a definition that is not valid, naming where, and keeps the built-in flows', async () => {
    const def = (await t.post('Flowset/getInfo', { id: 'flowtest.leave' }, admin)).data.definition;
    const noDefault = structuredClone(def);
    noDefault.nodes[2].branches[1].default = false;
    const r = await t.post('Flowset/save', { definition: noDefault }, admin);
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('/nodes/2');
    const badFormat = await t.post('Flowset/save', { definition: { ...def, nodes: 'x' } }, admin);
    expect(badFormat.code).toBe(-1);
    expect(badFormat.msg).toContain('/nodes');
    expect((await t.post('Flowset/saveJson', { json: '{oops' }, admin)).msg).toContain('json');
    expect((await t.post('Flowset/delete', { id: 'flowtest.leave' }, admin)).msg).toBe('系统内置流程不能删除');
    // A flow only the designer made, never used, can go.
    const own = { ...structuredClone(def), id: 'flowtest.own', title: { t: 'flowtest.own', d: '自建流程' } };
    expect((await t.post('Flowset/save', { definition: own }, admin)).data).toEqual({ id: 'flowtest.own', version: 1 });
    expect((await t.post('Flowset/getList', {}, staff)).data.map((f: any) => f.id)).toContain('flowtest.own');
    expect((await t.post('Flowset/delete', { id: 'flowtest.own' }, admin)).data).toEqual({ deleted: 1 });
    expect((await t.post('Flowset/getList', {}, staff)).data.map((f: any) => f.id)).not.toContain('flowtest.own');
  });
});
