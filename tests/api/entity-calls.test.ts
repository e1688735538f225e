/**
 * Entity `calls` on a table entity (engine/schema/entityCalls.ts, src/server/engine/api.ts): the fixture
 * `entitytest.notebook` declares `"calls": {"list": "pageNotebooks", "add": "addNotebook"}`, so its generic list and add
 * are also served under those names — the same guard (-99, the permission code), body and answer — while the generic
 * names keep answering.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/entitytest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const G = 'entitytestNotebooks';
let t: TestApp;
let s: Session;

beforeAll(async () => {
  t = await createTestApp();
  s = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

describe('an entity served under the calls it declares', () => {
  it('guards the declared add like the generic one, then adds and lists under the declared names', async () => {
    expect((await t.post(`${G}/pageNotebooks`, {})).code).toBe(-99);
    expect(await t.post(`${G}/addNotebook`, { title: '无权', code: 'C-0' }, s)).toMatchObject({ code: -1, msg: '您没有该操作的权限' });

    const { db } = t.database;
    const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ role_id: staff.id, code: 'entitytest:add' }).execute();
    invalidateMenuCache(db);

    const added = await t.post(`${G}/addNotebook`, { title: '声明的调用', code: 'C-1' }, s);
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ title: '声明的调用', code: 'C-1', version: 1 });
    expect(await t.post(`${G}/addNotebook`, { title: '本', code: 'C-2', colour: 'red' }, s)).toMatchObject({ code: -1, msg: '不支持的参数：colour' });
    const generic = await t.post(`${G}/add`, { title: '通用调用', code: 'C-3' }, s);
    expect(generic.code, generic.msg).toBe(0);

    const declared = await t.post(`${G}/pageNotebooks`, { keyword: '调用', sort: { field: 'code', order: 'asc' } }, s);
    expect(declared.code, declared.msg).toBe(0);
    expect(declared.data.list.map((r: { code: string }) => r.code)).toEqual(['C-1', 'C-3']);
    const plain = await t.post(`${G}/list`, { keyword: '调用', sort: { field: 'code', order: 'asc' } }, s);
    expect(plain.data).toEqual(declared.data);
  });
});
