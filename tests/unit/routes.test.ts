import { describe, expect, it } from 'vitest';
import { SHELL_SECTIONS, TOP_ROUTES, flattenRoutes, menuPathOf } from '../../src/shared/routes.js';
import { areaRouteTree, mergeSections, routeKeyOf } from '../../src/shared/routeTree.js';
import type { AreaDef } from '../../engine/schema/types.js';
import zh from '../../src/app/locales/zh-CN/route.json';
import en from '../../src/app/locales/en-US/route.json';
import { shippedSections } from './shippedRoutes.js';

describe('route table (SPEC §2.2, §2.3): the shell’s routes and the areas’ of schemas/', () => {
  const sections = shippedSections('zh-CN');
  const all = flattenRoutes([...sections, ...TOP_ROUTES]);

  it('gives every route a title in zh-CN and en-US: shell routes in route.json, area routes in their area’s locale files', () => {
    const enTitles = new Map(flattenRoutes(shippedSections('en-US')).map((n) => [n.key, n.title]));
    const missing = all.filter((r) => (r.title ? !enTitles.get(r.key) : !(r.key in zh) || !(r.key in en))).map((r) => r.key);
    expect(missing).toEqual([]);
    expect(all.find((r) => r.key === 'document.dbgw')?.title).toBe('待办公文');
    expect(enTitles.get('document.dbgw')).toBe('To-do documents');
  });

  it('has unique paths and keys, and the shell keeps only its own sections', () => {
    const paths = all.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const menuPaths = all.map((r) => menuPathOf(r.path));
    expect(new Set(menuPaths).size).toBe(menuPaths.length);
    expect(SHELL_SECTIONS.map((s) => s.key)).toEqual(['dashboard', 'message', 'acl']);
  });

  it('keeps the sections of SPEC §2.3 in their menu order', () => {
    expect(sections.map((s) => s.key)).toEqual([
      'dashboard',
      'document',
      'affair',
      'flow',
      'flowset',
      'form',
      'exchange',
      'smwexchange',
      'notice',
      'systemNotice',
      'mail',
      'contact',
      'schedule',
      'meeting',
      'car',
      'assets',
      'leave',
      'businessTrip',
      'receptions',
      'clock',
      'attence',
      'classes',
      'stamp',
      'proposal',
      'sms',
      'fileBox',
      'file',
      'approval',
      'message',
      'stat',
      'organization',
      'acl',
      'examine',
      'setting',
      'codes',
      'apps',
      'outurl',
      'log',
      'index',
      'debug',
    ]);
    expect(sections.find((s) => s.key === 'log')).toMatchObject({ bare: 'frontLog', icon: 'ProfileOutlined' });
    expect(sections.find((s) => s.key === 'codes')).toMatchObject({ admin: true, children: [{ key: 'codes.index', admin: true }] });
  });

  it('holds the children SPEC §2.3 lists for documents, with their flags and pages', () => {
    const doc = sections.find((s) => s.key === 'document')!;
    const kids = doc.children!.map((c) => menuPathOf(c.path).split('/')[2]);
    for (const k of [
      'new',
      'dbgw',
      'ybgw',
      'yfgw',
      'dfgw',
      'scgw',
      'gwdb',
      'gwqs',
      'gwsz',
      'ntko',
      'flow-log',
      'search',
      'show',
      'show-audit',
      'gwqsshow',
      'savepdf',
      'plsp',
      'plcl',
      'authquery',
    ]) {
      expect(kids).toContain(k);
    }
    expect(doc.children!.find((c) => c.key === 'document.show-audit')).toMatchObject({
      path: '/document/show-audit/:id',
      page: 'document.send.approval',
      hidden: true,
      newTab: true,
      standalone: true,
    });
  });

  it('strips parameters from menu paths', () => {
    expect(menuPathOf('/document/show-audit/:id')).toBe('/document/show-audit');
    expect(menuPathOf('/mail/inbox/:id?')).toBe('/mail/inbox');
    expect(menuPathOf('/redirect/*')).toBe('/redirect');
  });
});

describe('area route tree builder', () => {
  const area = (over: Partial<AreaDef>): AreaDef => ({
    $schema: '',
    schemaVersion: 2,
    id: 'vehicles',
    kind: 'area',
    title: { t: 'vehicles.area.title', d: '车辆' },
    routes: [],
    permissions: [],
    ...over,
  });
  const texts: Record<string, string> = { 'vehicles.area.title': 'Vehicles', 'vehicles.route.apply': 'Apply', 'vehicles.route.show': 'Application' };

  it('builds a section with its routes: keys, titles in the locale (zh default else), pages and flags', () => {
    const tree = areaRouteTree(
      [
        area({
          section: { path: '/vehicles', icon: 'CarOutlined', order: 155, redirect: '/vehicles/apply' },
          routes: [
            { path: '/vehicles/apply', page: 'vehicles.apply.form', title: { t: 'vehicles.route.apply', d: '申请' } },
            { path: '/vehicles/show/:id', page: 'vehicles.apply.approval', hidden: true, standalone: true },
            { path: '/vehicles/list', title: { t: 'vehicles.route.list', d: '列表' } },
          ],
        }),
      ],
      (k) => texts[k],
    );
    expect(tree.sections).toEqual([
      {
        path: '/vehicles',
        key: 'vehicles',
        icon: 'CarOutlined',
        order: 155,
        title: 'Vehicles',
        redirect: '/vehicles/apply',
        children: [
          { path: '/vehicles/apply', key: 'vehicles.apply', title: 'Apply', page: 'vehicles.apply.form' },
          { path: '/vehicles/show/:id', key: 'vehicles.show', title: 'Application', page: 'vehicles.apply.approval', hidden: true, standalone: true },
          { path: '/vehicles/list', key: 'vehicles.list', title: '列表' },
        ],
      },
    ]);
    expect(routeKeyOf('/affair/show-audit/:id')).toBe('affair.show-audit');
  });

  it('adds a route to a shell section through mergeSections, orders sections, and leaves out duplicates', () => {
    const tree = areaRouteTree(
      [
        area({ routes: [{ path: '/acl/vehicles', title: { t: 'x.y', d: '我的车辆' } }] }),
        area({ id: 'other', routes: [{ path: '/acl/vehicles', title: { t: 'x.z', d: '重复' } }] }),
      ],
      () => undefined,
    );
    expect(tree.sections).toEqual([{ path: '/acl', key: 'acl', children: [{ path: '/acl/vehicles', key: 'acl.vehicles', title: '我的车辆' }] }]);
    const merged = mergeSections(SHELL_SECTIONS, tree.sections);
    expect(merged.map((s) => s.key)).toEqual(['dashboard', 'message', 'acl']);
    expect(merged.find((s) => s.key === 'acl')!.children!.map((c) => c.key)).toEqual(['acl.setting', 'acl.menu', 'acl.vehicles']);
    expect(merged.find((s) => s.key === 'acl')!.icon).toBe('SafetyCertificateOutlined');
    expect(SHELL_SECTIONS.find((s) => s.key === 'acl')!.children).toHaveLength(2);
  });
});

describe('routeWithId', () => {
  it('fills a required or optional :id and leaves no stray "?" in the address', async () => {
    const { routeWithId } = await import('../../src/shared/routes');
    expect(routeWithId('/document/show-audit/:id', 7)).toBe('/document/show-audit/7');
    expect(routeWithId('/document/show/:id?', 7)).toBe('/document/show/7');
    expect(routeWithId('/document/savepdf?id=:id', 3)).toBe('/document/savepdf?id=3');
    expect(routeWithId('/document/dbgw', 3)).toBe('/document/dbgw');
  });
});
