/**
 * Menu administration (/acl/menu, SPEC §3 "Menu item"): only the system administrator reads the whole
 * tree and the permission codes and edits menus; a hidden menu (status 0) disappears from users' menus.
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

const find = (nodes: any[], path: string): any => {
  for (const n of nodes) {
    if (n.path === path) return n;
    const c = find(n.children ?? [], path);
    if (c) return c;
  }
};

describe('menu', () => {
  it('answers -99 without a session and refuses other users', async () => {
    expect((await t.post('menu/tree', {})).code).toBe(-99);
    expect((await t.post('menu/tree', {}, staff)).code).toBe(-1);
    expect((await t.post('menu/edit', { id: 1, status: 0 }, staff)).code).toBe(-1);
  });

  it('gives the tree with sections and children, and the permission codes of each area', async () => {
    const tree = await t.post('menu/tree', {}, admin);
    expect(tree.code).toBe(0);
    const rec = find(tree.data, '/receptions/index');
    expect(rec.header).toBe('接待管理');
    const perms = await t.post('menu/permissions', {}, admin);
    const area = perms.data.find((a: any) => a.area === 'receptions');
    expect(area.title).toBe('接待管理');
    expect(area.codes.map((c: any) => c.code)).toContain('receptions:view');
  });

  it('names a bad field', async () => {
    const r = await t.post('menu/edit', { id: 1, status: 5 }, admin);
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('状态');
  });

  it('hides a menu from users at once and shows it again', async () => {
    const tree = await t.post('menu/tree', {}, admin);
    const rec = find(tree.data, '/receptions/index');
    const has = async () => JSON.stringify((await t.post('Person/userInfo', {}, staff)).data.menu).includes('/receptions/index');
    expect(await has()).toBe(true);
    expect((await t.post('menu/edit', { id: rec.id, status: 0 }, admin)).code).toBe(0);
    expect(await has()).toBe(false);
    expect((await t.post('menu/edit', { id: rec.id, status: 1, header: '来访接待' }, admin)).code).toBe(0);
    expect(find((await t.post('menu/tree', {}, admin)).data, '/receptions/index').header).toBe('来访接待');
    expect(await has()).toBe(true);
  });
});
