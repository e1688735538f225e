/**
 * The list page renderer over the real receptions definition (schemas/receptions) with a mocked entity
 * API: what a user sees (Chinese headers, status tags, money, names of people and departments), what is
 * asked of the server (paging, view, keyword, sort), and which buttons appear (permission codes, each
 * record's `_actions`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import type { ListAnswer, ListParams } from '../../engine/data/api';
import { keepPage, pageKey } from '../../engine/data/pageCache';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { installTestHost, testIdentityAtom, type TestHostRecord } from './testHost';

const calls = vi.hoisted(() => ({
  list: [] as unknown[],
  action: [] as unknown[][],
  del: [] as unknown[][],
  exportXlsx: [] as unknown[],
}));

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    list: async (p: ListParams) => {
      calls.list.push(p);
      return answer(p);
    },
    action: async (...a: unknown[]) => (calls.action.push(a), {}),
    del: async (ids: number[]) => (calls.del.push([ids]), { deleted: ids.length }),
    exportXlsx: async (p: unknown) => (calls.exportXlsx.push(p), { blob: new Blob(['PK']), filename: 'x.xlsx' }),
    importXlsx: async () => ({ imported: 0, errors: [] }),
    info: async () => ({}),
  }),
  selector: { search: async () => ({ users: [], depts: [] }) },
  loadPage: async () => {
    throw new Error('not in this test');
  },
}));

function answer(p: ListParams): ListAnswer {
  const rows = [
    {
      id: 1,
      version: 3,
      title: '兄弟城市考察团来访',
      guestUnit: '某市发展和改革委员会',
      people: 6,
      visitDate: '2026-10-12',
      leaveDate: '2026-10-14',
      place: '市政府第一会议室',
      dept: 3,
      contact: 7,
      cost: 3600.5,
      status: 'planned',
      _actions: ['edit', 'finish', 'cancel'],
    },
    {
      id: 2,
      version: 1,
      title: '省厅调研组座谈',
      guestUnit: '省发展和改革委员会',
      people: 4,
      visitDate: '2026-10-02',
      dept: 3,
      contact: 8,
      cost: 1234567,
      status: 'done',
      _actions: ['edit'],
    },
  ];
  return {
    list: p.current === 2 ? [] : rows,
    total: estimated.on ? 1_000_000 : 45,
    ...(estimated.on ? { totalEstimated: true } : {}),
    next: `next-of-${p.current}`,
    prev: `prev-of-${p.current}`,
    refs: { users: { '7': '周明远', '8': '李秀英' }, depts: { '3': '市人民政府办公室' } },
  };
}

/** Whether the mocked server answers an estimated total of 1,000,000. */
const estimated = { on: false };

const bundle = bundleOf('receptions.reception.list');
const { ListPage } = await import('../../engine/renderers/ListPage');

let host: TestHostRecord;
beforeEach(() => {
  for (const k of Object.keys(calls) as (keyof typeof calls)[]) calls[k].length = 0;
  estimated.on = false;
  // Person/saveListSetting answers null; exports are saved by the host
  host = installTestHost({ call: async <T,>() => null as T });
});
afterEach(cleanup);

const EDITOR = ['receptions:view', 'receptions:edit'];
const ALL = [...EDITOR, 'receptions:delete', 'receptions:export'];

async function shown() {
  await screen.findByText('兄弟城市考察团来访');
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('ListPage over the receptions definition', () => {
  it('shows Chinese headers, status tags, money and the names of people and departments', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['接待事由', '来宾单位', '来宾人数', '接待日期', '承办部门', '联系人', '接待费用（元）', '状态', '操作']));
    expect(screen.getByTestId('list-title').textContent).toBe('接待管理');

    const planned = within(rowOf('兄弟城市考察团来访')).getByText('计划中');
    expect(planned.closest('.ant-tag')!.className).toMatch(/blue/);
    expect(within(rowOf('省厅调研组座谈')).getByText('已完成').closest('.ant-tag')!.className).toMatch(/green/);

    const money = within(rowOf('兄弟城市考察团来访')).getByText('¥3,600.50');
    expect((money.closest('td') as HTMLElement).className + (money.closest('td') as HTMLElement).style.textAlign).toMatch(/right/);
    expect(within(rowOf('省厅调研组座谈')).getByText('¥1,234,567.00')).toBeTruthy();

    expect(within(rowOf('兄弟城市考察团来访')).getByText('周明远')).toBeTruthy();
    expect(within(rowOf('省厅调研组座谈')).getByText('李秀英')).toBeTruthy();
    expect(within(rowOf('兄弟城市考察团来访')).getByText('市人民政府办公室')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('asks the server for page, size, view and default sort, then for page 2, a keyword and a view', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    expect(calls.list[0]).toEqual({
      current: 1,
      pageSize: 20,
      page: 'receptions.reception.list',
      view: 'view_all',
      sort: { field: 'visitDate', order: 'desc' },
    });

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ current: 2, pageSize: 20 }));

    const box = screen.getByTestId('list-keyword').querySelector('input') ?? (screen.getByTestId('list-keyword') as HTMLInputElement);
    fireEvent.change(box, { target: { value: '考察团' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ current: 1, keyword: '考察团' }));

    fireEvent.click(screen.getByText('计划中', { selector: '[data-testid="list-view-view_planned"]' }));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ current: 1, view: 'view_planned', keyword: '考察团' }));
  });

  it('asks the next page by the cursor of the page shown, a typed page by its number', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    fireEvent.click(document.querySelector('.ant-pagination-next button, .ant-pagination-next')!);
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ current: 2, after: 'next-of-1' }));
    // page 2 came back empty: the list goes to the last page by its number, without a cursor
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ current: 3 }));
    expect(calls.list.at(-1)).not.toHaveProperty('after');
    expect(calls.list.at(-1)).not.toHaveProperty('before');
  });

  it('says the total is about so many when the server estimated it', async () => {
    estimated.on = true;
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    expect(await screen.findByText('约 1,000,000 条')).toBeTruthy();
  });

  it('offers row actions only as each record allows, entity actions included', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    const first = within(rowOf('兄弟城市考察团来访'));
    expect(first.getByText('查看')).toBeTruthy();
    expect(first.getByText('编辑')).toBeTruthy();
    expect(first.getByText('办结')).toBeTruthy();
    expect(first.getByText('取消接待')).toBeTruthy();
    expect(first.queryByText('删除')).toBeNull();

    const second = within(rowOf('省厅调研组座谈'));
    expect(second.getByText('查看')).toBeTruthy();
    expect(second.getByText('编辑')).toBeTruthy();
    expect(second.queryByText('办结')).toBeNull();
    expect(second.queryByText('取消接待')).toBeNull();
  });

  it('asks before an entity action, then calls it with the record version and reloads', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    const before = calls.list.length;
    fireEvent.click(within(rowOf('兄弟城市考察团来访')).getByText('办结'));
    expect(await screen.findByText('确定将该接待标记为已完成吗？')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(calls.action).toEqual([['finish', 1, 3]]));
    await waitFor(() => expect(calls.list.length).toBeGreaterThan(before));
  });

  it('shows toolbar and bulk buttons by permission code', async () => {
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    expect(screen.getByText('登记接待')).toBeTruthy();
    expect(screen.getByText('导入')).toBeTruthy();
    expect(screen.queryByText('导出')).toBeNull();
    expect(screen.queryByText(/批量删除/)).toBeNull();
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
    cleanup();

    renderWithUser(<ListPage bundle={bundle} />, userWith(ALL));
    await shown();
    expect(screen.getByText('导出')).toBeTruthy();
    expect(screen.getByText(/批量删除/)).toBeTruthy();
    expect(within(rowOf('兄弟城市考察团来访')).queryByText('删除')).toBeNull();
    fireEvent.click(screen.getByText('导出'));
    await waitFor(() => expect(calls.exportXlsx).toHaveLength(1));
    expect(calls.exportXlsx[0]).toEqual({ page: 'receptions.reception.list', view: 'view_all', sort: { field: 'visitDate', order: 'desc' } });
  });

  it('hides a column from the column settings and remembers it for the user', async () => {
    const { store } = renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    fireEvent.click(screen.getByTestId('column-settings-trigger'));
    fireEvent.click(await screen.findByTestId('column-toggle-col_place'));
    const saves = () => host.calls.filter((c) => c.api === 'Person/saveListSetting');
    await waitFor(() => expect(saves()).toHaveLength(1));
    const { key, setting } = saves()[0].body as { key: string; setting: { hidden: string[]; order: string[] } };
    expect(key).toBe('receptions.reception.list');
    expect(setting.hidden).toEqual(['col_place']);
    // the signed-in user's info keeps it for the next visit
    await waitFor(() => expect(store.get(testIdentityAtom)?.list_settings?.['receptions.reception.list']).toEqual(setting));
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).not.toContain('接待地点');
  });

  it('reads a remembered column order and hidden columns from the user info', async () => {
    const saved = { 'receptions.reception.list': { order: ['col_status', 'col_title'], hidden: ['col_guestUnit'] } };
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR, saved));
    await shown();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers.slice(0, 2)).toEqual(['状态', '接待事由']);
    expect(headers).not.toContain('来宾单位');
  });

  it('shows the rows the router asked for with the kept definition on its first render, and asks again when opened anew', async () => {
    keepPage(pageKey({ route: '/receptions/index' }), bundle);
    const { prefetchRoute, EARLY_LIST_MS } = await import('../../engine/data/pageData');
    // later than the first loads of the tests before, which the router would not ask again
    const later = Date.now() + EARLY_LIST_MS;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    prefetchRoute('/receptions/index');
    expect(calls.list).toEqual([
      { current: 1, pageSize: 20, page: 'receptions.reception.list', view: 'view_all', sort: { field: 'visitDate', order: 'desc' } },
    ]);
    await new Promise((r) => setTimeout(r, 0));
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    expect(screen.getByText('兄弟城市考察团来访')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.list).toHaveLength(1);
    // the early answer serves one opening only: a later one reads the rows again
    cleanup();
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    expect(calls.list).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it('keeps the filter of a related list (initial) in every request', async () => {
    renderWithUser(<ListPage bundle={bundle} initial={{ dept: 3 }} embedded />, userWith(EDITOR));
    await shown();
    expect(screen.queryByTestId('list-title')).toBeNull();
    expect(calls.list[0]).toMatchObject({ filters: { dept: 3 } });
    fireEvent.mouseDown(screen.getByTestId('list-filter-flt_status').querySelector('.ant-select')!);
    fireEvent.click(await screen.findByTitle('已完成'));
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ filters: { status: 'done', dept: 3 } }));
  });

  it('gives a link cell the href of its record (new tab, Enter) while a plain click opens the drawer in the app', async () => {
    host.location = { pathname: '/receptions/list', search: '' };
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    const link = within(rowOf('兄弟城市考察团来访')).getByTestId('cell-link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/receptions/list?view=1');
    // Ctrl + click is the browser's (a new tab): the app opens nothing
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.queryByTestId('record-drawer')).toBeNull();
    // a plain click stays in the app: the browser's navigation is cancelled and the record's drawer opens
    expect(fireEvent.click(link)).toBe(false);
    expect(await screen.findByTestId('record-drawer')).toBeTruthy();
    expect(host.navigations).toEqual([]);
  });

  it('opens the drawer of the record a link cell’s href names', async () => {
    host.location = { pathname: '/receptions/list', search: '?view=2' };
    renderWithUser(<ListPage bundle={bundle} />, userWith(EDITOR));
    await shown();
    expect(await screen.findByTestId('record-drawer')).toBeTruthy();
  });
});

describe('the 操作 column', () => {
  it('is 260 px for Chinese labels and as wide as longer English labels need', async () => {
    const { rowActionsWidth } = await import('../../engine/renderers/list/RowActions');
    expect(rowActionsWidth(['查看', '编辑', '办结', '删除', '取消'], '更多')).toBe(260);
    const english = rowActionsWidth(['View', 'Edit', 'Complete', 'Delete', 'Cancel'], 'More');
    // four links of 4–8 letters (~8 px each, 8 px padding, 4 px apart), "More ▾" and the cell padding
    expect(english).toBeGreaterThan(260);
    expect(english).toBe(32 + 40 + 40 + 72 + 56 + 12 + 4 + 32 + 8 + 18);
  });
});
