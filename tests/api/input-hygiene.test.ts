/**
 * Bad input never reaches the database (SPEC §8: -1 naming the field; DESIGN §6: authenticate → authorise →
 * validate): a missing list is not an empty one, keys a call does not declare are refused (never stored), menu
 * paths are routes or web addresses, a refused caller learns nothing about his body, and prototype keys or
 * out-of-range paging never crash a call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';

const FORBIDDEN = '您没有该操作的权限';
let t: TestApp;
const { as, post, ok } = actors(() => t);

/** A raw POST as `who` (for bodies an object literal cannot hold: form-encoded text, prototype keys). */
async function raw(path: string, payload: string, contentType: string, who = 'admin') {
  const s = await as(who);
  return t.app.inject({ method: 'POST', url: `/api/${path}`, payload, headers: { 'content-type': contentType, 'x-token': s.token, 'x-uuid': s.uuid } });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The menus and codes of the built-in sysadmin role. */
async function sysadminRole() {
  const roles = await ok('role/list', { pageSize: 100 }, 'admin');
  const role = roles.list.find((r: any) => r.code === 'sysadmin');
  return { id: role.id as number, ...(await ok('role/menus', { id: role.id }, 'admin')) };
}

/** A menu row as the tree answers it, by path. */
async function menuAt(path: string): Promise<any> {
  const walk = (nodes: any[]): any => {
    for (const n of nodes) {
      if (n.path === path) return n;
      const c = walk(n.children ?? []);
      if (c) return c;
    }
  };
  return walk(await ok('menu/tree', {}, 'admin'));
}

describe('a call that replaces a set', () => {
  it('role/saveMenus refuses a missing menuIds or codes naming it (the role keeps its menus); an empty list empties', async () => {
    const before = await sysadminRole();
    expect(before.menuIds.length).toBeGreaterThan(10);
    const noMenus = await post('role/saveMenus', { id: before.id }, 'admin');
    expect(noMenus).toMatchObject({ code: -1, msg: '请填写菜单' });
    const noCodes = await post('role/saveMenus', { id: before.id, menuIds: before.menuIds }, 'admin');
    expect(noCodes).toMatchObject({ code: -1, msg: '请填写权限代码' });
    const after = await sysadminRole();
    expect(after.menuIds).toEqual(before.menuIds);
    expect(after.codes).toEqual(before.codes);

    // an explicit empty list still empties the set, as JSON and form-encoded
    const role = await ok('role/add', { code: 'hygiene_r', name: '输入检查角色', data_scope: 'own', sort: 90, status: '1' }, 'admin');
    const menu = await menuAt('/receptions/index');
    expect(await ok('role/saveMenus', { id: role.id, menuIds: [menu.id], codes: ['receptions:view'] }, 'admin')).toEqual({
      menuIds: [menu.id],
      codes: ['receptions:view'],
    });
    expect(await ok('role/saveMenus', { id: role.id, menuIds: [], codes: [] }, 'admin')).toEqual({ menuIds: [], codes: [] });
    const form = await raw('role/saveMenus', `id=${role.id}&menuIds=${menu.id}&codes=receptions:view`, 'application/x-www-form-urlencoded');
    expect(form.json()).toMatchObject({ code: 0, data: { menuIds: [menu.id], codes: ['receptions:view'] } });
  });
});

describe('keys a call does not declare', () => {
  it('menu/edit refuses path javascript:, auth and any unknown key, naming it; nothing is stored', async () => {
    const menu = await menuAt('/receptions/index');
    expect(await post('menu/edit', { id: menu.id, path: 'javascript:alert(1)' }, 'admin')).toMatchObject({ code: -1, msg: '菜单路径格式不正确' });
    expect(await post('menu/edit', { id: menu.id, auth: 'x' }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：auth' });
    for (const key of ['constructor', '__proto__', 'prototype', 'admin_only']) {
      const r = await raw('menu/edit', `{"id":${menu.id},${JSON.stringify(key)}:{"x":1}}`, 'application/json');
      expect(r.statusCode, key).toBe(200);
      expect(r.json(), key).toMatchObject({ code: -1, msg: `不支持的参数：${key}` });
    }
    const after = await menuAt('/receptions/index');
    expect(after.path).toBe('/receptions/index');
    expect(after.auth).toBe(menu.auth);
    expect(after.adminOnly).toBe(menu.adminOnly);
  });

  it('menu/edit takes an app route or an http(s) address as path', async () => {
    const menu = await menuAt('/outurl/index');
    for (const bad of ['//evil.example', 'data:text/html,x', 'JavaScript:alert(1)', ' /outurl/index']) {
      expect((await post('menu/edit', { id: menu.id, path: bad }, 'admin')).msg, bad).toBe('菜单路径格式不正确');
    }
    expect((await post('menu/edit', { id: menu.id, path: 'https://www.gov.cn/' }, 'admin')).code).toBe(0);
    expect((await menuAt('https://www.gov.cn/')).id).toBe(menu.id);
    expect((await post('menu/edit', { id: menu.id, path: '/outurl/index' }, 'admin')).code).toBe(0);
  });

  it('calls that parsed their body by hand refuse unknown keys the same way (organisation, flow, Flowset, Template)', async () => {
    expect(await post('Users/getUsers', { deptid: 1 }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：deptid' });
    expect(await post('department/close', { id: 1, force: true }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：force' });
    expect(await post('flow/info', { id: 1, admin: 1 }, 'zhangwei')).toMatchObject({ code: -1, msg: '不支持的参数：admin' });
    expect(await post('Flowset/getInfo', { id: 'document.send', x: 1 }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：x' });
    expect(await post('Template/revisions', { id: 'receptions.form', y: 1 }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：y' });
    // a record's fields are the model's: an unknown one is refused with the same words, a prototype key too
    expect(await post('Users/edit', { id: 1, version: 1, colour: 'red' }, 'admin')).toMatchObject({ code: -1, msg: '不支持的参数：colour' });
    expect(await post('outurl/add', { name: '链接', url: 'https://a.example/', constructor: 'x' }, 'admin')).toMatchObject({
      code: -1,
      msg: '不支持的参数：constructor',
    });
  });

  it('names a bad field by its label in the caller’s language', async () => {
    expect(await post('Users/getUsers', { deptId: 'x' }, 'admin')).toMatchObject({ code: -1, msg: '部门类型不正确' });
    const en = await t.post('Users/getUsers', { deptId: 'x' }, await as('admin'), { headers: { 'x-lang': 'en-US' } });
    expect(en.msg).toContain('Department');
  });
});

describe('a refused caller learns nothing about his body', () => {
  it('role-only calls refuse a staff member before looking at the body', async () => {
    // before: the body was validated first, so a staff member was told which field was wrong
    expect(await post('menu/edit', {}, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('menu/edit', { id: 'x', nosuch: 1 }, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('apps/info', {}, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
  });

  it('per-call permission checks (organisation readers, 公文设置, entity permission codes) come first too', async () => {
    expect(await post('role/saveMenus', { id: 'x' }, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('department/sort', {}, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('document/mark', {}, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('document/gwszThglAdd', {}, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('outurl/add', { url: 'javascript:x', nosuch: 1 }, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('outurl/del', { ids: 'x' }, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
  });
});

describe('designer-made entities (one parametric route)', () => {
  it('check the permission code first, then the body with the generic call’s schema', async () => {
    const memo = await ok('Template/add', { title: '备忘', key: 'memo' }, 'admin');
    const content = { type: 'string', maxLength: 100, 'x-title': { t: 'custom.memo.field.content', d: '内容' }, 'x-kind': 'text' };
    const definition = {
      page: { layout: [{ id: 'f_content', type: 'field', field: 'content' }] },
      entity: { model: { type: 'object', properties: { content } } },
    };
    await ok('Template/set', { id: memo.id, definition }, 'admin');
    // staff may view and edit a published form's records, not delete them: refused whatever the body
    expect(await post('custom_memo/del', { ids: 'x', nosuch: 1 }, 'zhangwei')).toMatchObject({ code: -1, msg: FORBIDDEN });
    expect(await post('custom_memo/list', { current: 'x' }, 'zhangwei')).toMatchObject({ code: -1, msg: '页码类型不正确' });
    expect(await post('custom_memo/list', { nosuch: 1 }, 'zhangwei')).toMatchObject({ code: -1, msg: '不支持的参数：nosuch' });
    expect((await post('custom_memo/list', {}, 'zhangwei')).code).toBe(0);
  });
});

describe('values that used to crash a call', () => {
  it('prototype keys in list filters and sort are unknown fields, not a server error', async () => {
    for (const filters of ['{"constructor":1}', '{"toString":"x"}', '{"__proto__":1}', '{"hasOwnProperty":{"op":"eq","value":1}}']) {
      const r = await post('Users/list', { filters }, 'admin');
      expect(r.status).toBe(200);
      expect(r.code).toBe(-1);
    }
    const sorted = await post('Users/list', { sort: { field: 'constructor', order: 'asc' } }, 'admin');
    expect(sorted).toMatchObject({ status: 200, code: -1 });
  });

  it('huge, negative and fractional page numbers are refused naming the field', async () => {
    for (const [path, who] of [
      ['Users/importList', 'admin'],
      ['Users/list', 'admin'],
      ['flow/todo', 'zhangwei'],
      ['Flowset/list', 'admin'],
    ] as const) {
      for (const current of [1e308, -1, 1.5, 'NaN']) {
        const r = await post(path, { current }, who);
        expect(r.status, `${path} ${current}`).toBe(200);
        expect(r.msg, `${path} ${current}`).toMatch(/^页码/);
      }
      expect((await post(path, { pageSize: 1e9 }, who)).msg).toMatch(/^每页条数不能大于/);
    }
    // form-encoded: "1e999" becomes Infinity, which must meet the bound like any number
    for (const payload of ['current=1e999', 'pageSize=1e999', 'current=1e999&keyword=x']) {
      // 发文字号 marks are business (the 三员 are refused them): read as 办公室主任
      for (const [path, who] of [
        ['document/markList', 'demo'],
        ['Words/list', 'admin'],
        ['apps/list', 'admin'],
      ] as const) {
        const r = await raw(path, payload, 'application/x-www-form-urlencoded', who);
        expect(r.statusCode, `${path} ${payload}`).toBe(200);
        expect(r.json().msg, `${path} ${payload}`).toMatch(/^(页码|每页条数)不能大于/);
      }
    }
  });
});
