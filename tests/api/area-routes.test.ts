/**
 * Routes come from the area definitions read at run time: an area that exists only in a fixture folder
 * (OA_SCHEMA_DIRS, its own route prefix /fleet that SPEC does not name) is in the route tree the browser loads after
 * sign-in (menu/routes, titles in the caller's language) and gets its menu rows at start; the start-up menu sync is
 * additive — a row an administrator edited keeps the edit, a route gone from the definitions keeps its row.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/routestest';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { syncMenus } from '../../src/server/db/seed/index.js';
import type { RouteNode } from '../../src/shared/routes.js';

describe('area routes from definitions', () => {
  let t: TestApp;
  let admin: Session;
  let staff: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = sessionOf(await t.login('admin'));
    staff = sessionOf(await t.login('demo'));
  });
  afterAll(async () => t.close());
  const db = () => t.database.db;
  const row = (key: string) => db().selectFrom('menus').selectAll().where('i18n_key', '=', key).executeTakeFirst();

  it('sends every signed-in user the route tree with the fixture area: section, routes, flags and titles in their language', async () => {
    const zh = await t.post<{ sections: RouteNode[] }>('menu/routes', {}, staff);
    expect(zh.code).toBe(0);
    const fleet = zh.data.sections.find((s) => s.key === 'fleet');
    expect(fleet).toEqual({
      path: '/fleet',
      key: 'fleet',
      icon: 'CarOutlined',
      order: 155,
      title: '车队管理',
      redirect: '/fleet/index',
      children: [
        { path: '/fleet/index', key: 'fleet.index', title: '车队列表' },
        { path: '/fleet/show/:id', key: 'fleet.show', title: '出车审批', hidden: true, newTab: true, standalone: true },
      ],
    });
    const keys = zh.data.sections.map((s) => s.key);
    expect(keys.indexOf('fleet')).toBe(keys.indexOf('car') + 1);
    expect(zh.data.sections.find((s) => s.key === 'affair')!.children!.find((c) => c.key === 'affair.show-audit')).toMatchObject({
      page: 'affair.affair.approval',
      standalone: true,
    });
    expect(keys).not.toContain('dashboard');
    const en = await t.post<{ sections: RouteNode[] }>('menu/routes', {}, staff, { headers: { 'x-lang': 'en-US' } });
    expect(en.data.sections.find((s) => s.key === 'fleet')!.children!.map((c) => c.title)).toEqual(['Fleet list', 'Trip approval']);
    expect((await t.post('menu/routes', { extra: 1 }, staff)).code).toBe(-1);
    expect((await t.post('menu/routes', {})).code).toBe(-99);
  });

  it('gives the fixture area its menu rows at start', async () => {
    const section = await row('fleet');
    expect(section).toMatchObject({ parent_id: null, path: '/fleet', header: '车队管理', icon: 'CarOutlined', sort: 155 });
    expect(await row('fleet.index')).toMatchObject({ parent_id: section!.id, path: '/fleet/index', header: '车队列表', auth: '' });
    expect(await row('fleet.show')).toMatchObject({ parent_id: section!.id, path: '/fleet/show', auth: 'hidden' });
  });

  it('at the next start adds only what is missing: an edited row keeps its edit, a row of a route gone stays', async () => {
    const index = (await row('fleet.index'))!;
    expect((await t.post('menu/edit', { id: index.id, header: '我的车队', status: 0, sort: 5 }, admin)).code).toBe(0);
    await db().deleteFrom('menus').where('i18n_key', '=', 'fleet.show').execute();
    const section = (await row('fleet'))!;
    await db()
      .insertInto('menus')
      .values({
        parent_id: section.id,
        path: '/fleet/gone',
        header: '旧页面',
        i18n_key: 'fleet.gone',
        icon: null,
        auth: '',
        status: 1,
        admin_only: 0,
        sort: 90,
      })
      .execute();

    const { added } = await db()
      .transaction()
      .execute((trx) => syncMenus(trx));
    expect(added).toEqual(['fleet.show']);
    expect(await row('fleet.index')).toMatchObject({ header: '我的车队', status: 0, sort: 5 });
    expect(await row('fleet.show')).toMatchObject({ parent_id: section.id, header: '出车审批', auth: 'hidden' });
    expect(await row('fleet.gone')).toMatchObject({ header: '旧页面', status: 1 });
    expect(
      (
        await db()
          .transaction()
          .execute((trx) => syncMenus(trx))
      ).added,
    ).toEqual([]);
  });
});
