/**
 * Flow revisions ("Revisions"; src/server/api/Flowset/revisions.ts) on the fixture flows of
 * tests/fixtures/schemas/flowtest: a draft diffed against the published version, publishing it as a new
 * version while a running instance keeps the version it started with, a restore as a new version, the lint
 * (CEL branch conditions against the entity) refusing a definition, export / import with the format version
 * check, and administrators only. SQLite and PostgreSQL.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/flowtest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const FLOW = 'flowtest.any';
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

const texts = (r: any) => r.data.changes.map((c: any) => c.text);

describe('flow revisions', () => {
  it('refuses everyone but administrators', async () => {
    for (const call of ['Flowset/revisions', 'Flowset/diff', 'Flowset/saveDraft', 'Flowset/publish', 'Flowset/restore', 'Flowset/export', 'Flowset/import']) {
      const r = await t.post(call, { id: FLOW, version: 1 }, staff);
      expect([call, r.code, r.msg]).toEqual([call, -1, '您没有该操作的权限']);
    }
  });

  it('publishes a draft as a new version; the running instance keeps its version; restore and diff', async () => {
    const running = (await t.post('flow/start', { defId: FLOW, title: '修订测试', data: { approvers: [linaId] } }, staff)).data;
    expect(running.defVersion).toBe(1);

    const def = (await t.post('Flowset/getInfo', { id: FLOW }, admin)).data.definition;
    const draft = structuredClone(def);
    draft.nodes[1].mode = 'all';
    draft.nodes[1].title = { t: 'flowtest.hs', d: '分管领导' };
    const marked = async () => Object.fromEntries((await t.post('Flowset/list', { pageSize: 50 }, admin)).data.list.map((r: any) => [r.id, r.hasDraft]));
    expect(Object.values(await marked()).every((x) => x === false)).toBe(true);
    expect((await t.post('Flowset/saveDraft', { json: JSON.stringify(draft) }, admin)).data.id).toBe(FLOW);
    // The list marks the flow with a draft (and only it), so the list page needs no Flowset/draft per row.
    const withDraft = await marked();
    expect(
      Object.entries(withDraft)
        .filter(([, x]) => x)
        .map(([id]) => id),
    ).toEqual([FLOW]);
    expect(Object.keys(withDraft).length).toBeGreaterThan(1);
    expect(texts(await t.post('Flowset/diff', { id: FLOW, to: 'draft' }, admin))).toEqual([
      '节点 分管领导: 标题 或签 → 分管领导',
      '节点 分管领导: 模式 或签 → 会签',
    ]);
    // a draft is never what runs
    expect((await t.post('Flowset/getInfo', { id: FLOW }, admin)).data.version).toBe(1);

    expect((await t.post('Flowset/publish', { id: FLOW, comment: '改为会签' }, admin)).data).toEqual({ id: FLOW, version: 2 });
    expect((await t.post('Flowset/draft', { id: FLOW }, admin)).data).toBeNull();
    expect((await marked())[FLOW]).toBe(false);
    const kept = (await t.post('flow/info', { id: running.id }, lina)).data;
    expect(kept.defVersion).toBe(1);
    expect(kept.definition.nodes[1].mode).toBe('any');
    const fresh = (await t.post('flow/start', { defId: FLOW, title: '修订测试2', data: { approvers: [linaId] } }, staff)).data;
    expect(fresh.defVersion).toBe(2);
    expect(fresh.definition.nodes[1].mode).toBe('all');
    expect((await t.post('flow/act', { id: running.id, type: 'approve' }, lina)).data.status).toBe('finished');

    const diff = await t.post('Flowset/diff', { id: FLOW }, admin);
    expect(diff.data).toMatchObject({ from: 1, to: 2 });
    expect(diff.data.changes.find((c: any) => c.property === 'mode')).toMatchObject({ kind: 'changed', target: 'node', id: 'hs', before: 'any', after: 'all' });

    const restored = await t.post('Flowset/restore', { id: FLOW, version: 1 }, admin);
    expect(restored.data).toEqual({ id: FLOW, version: 3, restoredFrom: 1 });
    expect(texts(await t.post('Flowset/diff', { id: FLOW, from: 2, to: 3 }, admin))).toEqual([
      '节点 或签: 标题 分管领导 → 或签',
      '节点 或签: 模式 会签 → 或签',
    ]);
    expect(texts(await t.post('Flowset/diff', { id: FLOW, from: 1, to: 3 }, admin))).toEqual([]);
    const list = (await t.post('Flowset/revisions', { id: FLOW }, admin)).data;
    expect(list.current).toBe(3);
    expect(list.list.map((v: any) => [v.version, v.source, v.comment])).toEqual([
      [3, 'designer', '恢复为第1版'],
      [2, 'designer', '改为会签'],
      [1, 'base', null],
    ]);
  });

  it('refuses a branch condition that does not type-check against the entity, publishing nothing', async () => {
    const def = (await t.post('Flowset/getInfo', { id: 'flowtest.leave' }, admin)).data.definition;
    const bad = structuredClone(def);
    bad.entity = 'receptions.reception';
    bad.nodes[2].branches[0].condition = { cel: 'days > "3"' };
    const r = await t.post('Flowset/saveJson', { json: JSON.stringify(bad) }, admin);
    expect(r.code).toBe(-1);
    expect(r.msg).toMatch(/^定义有误（\/nodes\/2\/branches\/0\/condition\/cel）：CEL "days > \\?"3\\?""/);
    const good = structuredClone(bad);
    good.nodes[2].branches[0].condition = { cel: 'days > 3' };
    expect((await t.post('Flowset/saveJson', { json: JSON.stringify(good) }, admin)).data.version).toBe(2);
  });

  it('exports a version as a JSON file and imports it; a newer format is refused', async () => {
    const file = await t.post('Flowset/export', { id: FLOW, version: 2 }, admin);
    expect(file).toMatchObject({ $schema: 'oa:export/flow', schemaVersion: 2, kind: 'flow', id: FLOW, revision: 2 });
    const { res: _res, status: _status, ...body } = file as any;
    expect(await t.post('Flowset/import', { file: JSON.stringify({ ...body, schemaVersion: 5 }) }, admin)).toMatchObject({
      code: -1,
      msg: '导入文件的格式版本为 5，高于本系统支持的 2，请升级系统后再导入',
    });
    expect((await t.post('Flowset/import', { file: { ...body, definition: { ...body.definition, schemaVersion: 3 } } }, admin)).msg).toContain('格式版本为 3');
    expect((await t.post('Flowset/import', { file: body, id: 'flowtest.leave' }, admin)).msg).toBe(`导入的定义是 ${FLOW}，不是 flowtest.leave`);
    expect((await t.post('Flowset/import', { file: JSON.stringify(body) }, admin)).data).toEqual({ id: FLOW, version: 4 });
    expect((await t.post('Flowset/getInfo', { id: FLOW }, admin)).data.definition.nodes[1].mode).toBe('all');
  });
});
