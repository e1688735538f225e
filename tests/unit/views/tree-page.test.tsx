/**
 * The tree page (engine/renderers/TreePage.tsx) over the roomtest fixture with a test host: the categories as a
 * tree beside the 资料 list; selecting a node filters the list by it and its descendants, 全部 lifts the filter,
 * the search keeps matching nodes; the department tree comes from the organisation selector.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { i18n } from '@app/i18n';
import type { ListParams } from '../../../engine/data/api';
import '../../../engine/renderers/index';
import { TreePage } from '../../../engine/renderers/TreePage';
import { renderWithUser } from '../list-fixture';
import { roomBundle } from './fixture';
import { hostUser, installHost } from './testHost';

const lists = vi.hoisted(() => [] as { group: string; params: ListParams }[]);
vi.mock('../../../engine/data/api', async (orig) => {
  const { roomBundle: bundleOf } = await import('./fixture');
  return {
    ...(await orig<object>()),
    loadPage: async (ref: { id: string }) => bundleOf(ref.id),
    resource: (group: string) => ({
      list: async (params: ListParams) => {
        lists.push({ group, params });
        const rows = [
          { id: 11, version: 1, title: '考勤管理办法', category: 2 },
          { id: 12, version: 1, title: '差旅费报销细则', category: 4 },
        ];
        const f = params.filters?.category as number | { value: number[] } | undefined;
        const keep = f === undefined ? rows : rows.filter((r) => (typeof f === 'number' ? r.category === f : f.value.includes(r.category)));
        return { list: keep, total: keep.length, refs: { users: {}, depts: {} } };
      },
    }),
  };
});

const categories = [
  { id: 1, name: '制度文件', parent: null, sort: 1 },
  { id: 2, name: '人事制度', parent: 1, sort: 1 },
  { id: 3, name: '财务制度', parent: 1, sort: 2 },
  { id: 4, name: '报销细则', parent: 3, sort: 1 },
  { id: 5, name: '会议纪要', parent: null, sort: 2 },
];

beforeAll(() => i18n.changeLanguage('zh-CN'));
afterEach(() => {
  cleanup();
  lists.length = 0;
});

function renderTree(id: string) {
  const log = installHost(
    (api) => {
      if (api === 'roomtestCategories/list') return { list: categories, total: categories.length };
      if (api === 'selector/treeall')
        return [
          {
            id: 1,
            title: '市政府办公室',
            kind: 'unit',
            parentId: null,
            hasChildren: true,
            children: [{ id: 3, title: '秘书科', kind: 'dept', parentId: 1, hasChildren: false }],
          },
        ];
      throw new Error(`unexpected call ${api}`);
    },
    ['roomtest:view', 'roomtest:library'],
  );
  renderWithUser(<TreePage bundle={roomBundle(id)} />, hostUser(['roomtest:view', 'roomtest:library']));
  return log;
}

const lastFilter = () => lists.at(-1)?.params.filters;

describe('tree page', { timeout: 30_000 }, () => {
  it('shows the categories beside the whole list', async () => {
    const log = renderTree('roomtest.category.tree');
    expect(await screen.findByText('制度文件')).toBeTruthy();
    expect(screen.getByText('会议纪要')).toBeTruthy();
    expect(screen.getByText('全部')).toBeTruthy();
    expect(await screen.findByText('考勤管理办法')).toBeTruthy();
    expect(screen.getByText('差旅费报销细则')).toBeTruthy();
    expect(lastFilter()?.category).toBeUndefined();
    expect(log.calls[0]).toMatchObject({ api: 'roomtestCategories/list', body: { sort: { field: 'sort', order: 'asc' } } });
  });

  it('selecting a node filters the list by it and its descendants; 全部 shows everything again', async () => {
    renderTree('roomtest.category.tree');
    fireEvent.click(await screen.findByText('制度文件'));
    await waitFor(() => expect(lastFilter()?.category).toEqual({ op: 'in', value: [1, 2, 3, 4] }));
    fireEvent.click(await screen.findByText('财务制度'));
    await waitFor(() => expect(lastFilter()?.category).toEqual({ op: 'in', value: [3, 4] }));
    expect(await screen.findByText('差旅费报销细则')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('考勤管理办法')).toBeNull());
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(lastFilter()?.category).toBeUndefined());
    expect(await screen.findByText('考勤管理办法')).toBeTruthy();
  });

  it('the search keeps the matching nodes and their ancestors', async () => {
    renderTree('roomtest.category.tree');
    await screen.findByText('制度文件');
    fireEvent.change(screen.getByTestId('tree-search').querySelector('input') ?? screen.getByTestId('tree-search'), { target: { value: '报销' } });
    expect(await screen.findByText('报销细则')).toBeTruthy();
    expect(screen.getByText('财务制度')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('会议纪要')).toBeNull());
    expect(screen.queryByText('人事制度')).toBeNull();
  });

  it('the department tree comes from the organisation and filters the bookings by department', async () => {
    const log = renderTree('roomtest.booking.tree');
    expect(await screen.findByText('市政府办公室')).toBeTruthy();
    expect(log.calls.map((c) => c.api)).toEqual(['selector/treeall']);
    fireEvent.click(screen.getByText('市政府办公室'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ group: 'roomtestBookings', params: { filters: { dept: { op: 'in', value: [1, 3] } } } }));
  });
});
