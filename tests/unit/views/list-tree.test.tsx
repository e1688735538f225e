/**
 * A list page with a `tree` (engine/renderers/ListPage.tsx + tree/TreeBeside.tsx) over the organisation's own
 * definitions: 部门管理 and 人员管理 show the department tree beside the list; a unit filters the list to it and its
 * sub-units (departments by id, people by their departments); 全部 lifts the filter; same-named offices differ by
 * their full path.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { join } from 'node:path';
import '@app/i18n';
import { i18n } from '@app/i18n';
import type { ListParams } from '../../../engine/data/api';
import type { PageBundle } from '../../../engine/schema/bundle';
import type { DictDef } from '../../../engine/schema/types';
import { buildRegistry } from '../../../engine/schema/loader';
import { mergeLocaleFiles } from '../../../engine/schema/text';
import '../../../engine/renderers/index';
import { ListPage } from '../../../engine/renderers/ListPage';
import { renderWithUser } from '../list-fixture';
import { readSchemaDir, ROOT } from '../schema/helpers';
import { hostUser, installHost } from './testHost';

const lists = vi.hoisted(() => [] as { group: string; params: ListParams }[]);
vi.mock('../../../engine/data/api', async (orig) => ({
  ...(await orig<object>()),
  resource: (group: string) => ({
    list: async (params: ListParams) => {
      lists.push({ group, params });
      const rows =
        group === 'department'
          ? [
              { id: 1, version: 1, name: '市政府办公室', path: '市政府办公室', kind: 'unit', status: '1', sort: 1 },
              { id: 3, version: 1, name: '办公室', path: '市政府办公室 / 办公室', kind: 'dept', status: '1', sort: 2 },
              { id: 4, version: 1, name: '办公室', path: '市财政局 / 办公室', kind: 'dept', status: '1', sort: 3 },
            ]
          : [{ id: 9, version: 1, realname: '李娜', username: 'lina', dept: 3, status: '1', sort: 1 }];
      return { list: rows, total: rows.length, refs: { users: {}, depts: { 3: '市政府办公室办公室' } } };
    },
  }),
}));

const dir = readSchemaDir(join(ROOT, 'schemas/organization'));
const registry = buildRegistry(dir.files, { root: 'schemas/' });
const texts = mergeLocaleFiles(dir.locales);

function bundle(id: string): PageBundle {
  const page = registry.get('page', id)!;
  const entity = registry.entityOf(page) ?? null;
  const dicts = Object.values(entity?.model.properties ?? {})
    .map((p) => p['x-dict'])
    .flatMap((c) => (c ? [registry.get('dict', c)] : []))
    .filter((d): d is DictDef => !!d);
  return { page, entity, dicts, texts: texts['zh-CN'] ?? {}, etag: `test-${id}` };
}

const ORG = [
  { id: 1, title: '市政府办公室', kind: 'unit', parentId: null, children: [{ id: 3, title: '秘书科', kind: 'dept', parentId: 1, children: [] }] },
  { id: 2, title: '市财政局', kind: 'unit', parentId: null, children: [{ id: 4, title: '办公室', kind: 'dept', parentId: 2, children: [] }] },
];

function render(id: string) {
  const access = ['organization:view', 'organization:edit'];
  installHost((api) => {
    if (api === 'selector/treeall') return ORG;
    throw new Error(`unexpected call ${api}`);
  }, access);
  renderWithUser(<ListPage bundle={bundle(id)} />, hostUser(access));
}

/** Sets the window's width (px): the tree stands beside the table from 1200 px, folds above it below. */
function viewport(width: number) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 900 });
}

beforeAll(() => i18n.changeLanguage('zh-CN'));
beforeEach(() => viewport(1440));
afterEach(() => {
  cleanup();
  lists.length = 0;
});

describe('list page with an organisation tree', { timeout: 30_000 }, () => {
  it('部门管理: the tree beside the list, each 办公室 with its full path; a unit filters to its subtree', async () => {
    render('organization.department.list');
    expect(await screen.findByTestId('tree-sider')).toBeTruthy();
    expect(await screen.findByTestId('tree-node-2')).toBeTruthy();
    expect(await screen.findByText('市财政局 / 办公室')).toBeTruthy();
    expect(screen.getByText('市政府办公室 / 办公室')).toBeTruthy();
    expect(lists.at(-1)?.params.filters?.id).toBeUndefined();
    fireEvent.click(screen.getByTestId('tree-node-1'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ group: 'department', params: { filters: { id: { op: 'in', value: [1, 3] } } } }));
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(lists.at(-1)?.params.filters?.id).toBeUndefined());
  });

  it('人员管理: a unit filters the people by department, the unit and its sub-units', async () => {
    render('organization.user.list');
    expect(await screen.findByText('李娜')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('tree-node-2'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ group: 'Users', params: { filters: { dept: { op: 'in', value: [2, 4] } } } }));
  });

  it('on a narrower window the organisation folds into a panel above the list, and still filters it', async () => {
    viewport(1024);
    render('organization.department.list');
    expect(await screen.findByText('市财政局 / 办公室')).toBeTruthy();
    expect(screen.queryByTestId('tree-sider')).toBeNull();
    fireEvent.click(screen.getByText('组织机构 · 全部'));
    fireEvent.click(await screen.findByTestId('tree-node-2'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ group: 'department', params: { filters: { id: { op: 'in', value: [2, 4] } } } }));
    expect(screen.getByText('组织机构 · 市财政局')).toBeTruthy();
  });
});
