/**
 * WorkListPage (engine/renderers/WorkListPage.tsx) as a handler and a follow-up person see it: 批量同意 of the
 * selected 待办 with one opinion, then the summary of successes and refusals; the 督办 list with the current
 * handlers, the urge count and 催办 only where the caller may urge, sending the message and showing the
 * count go up; a page without `flows` listing every flow's items; 只看超期 sent to the server. flow/* and
 * Words calls are mocked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import type { PageBundle } from '../../engine/schema/bundle';
import type { WorkListKind, WorkListPageDef } from '../../engine/schema/types';
import { renderWithUser, userWith } from './list-fixture';
import { installTestHost, testRemindersAtom } from './testHost';

const calls = vi.hoisted(() => ({
  list: [] as { kind: string; params: Record<string, unknown> }[],
  rows: [] as unknown[],
  batch: [] as { items: unknown[]; opinion: string }[],
  act: [] as { id: number; version: number | undefined; body: Record<string, unknown> }[],
}));

vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    list: async (kind: string, params: Record<string, unknown>) => {
      calls.list.push({ kind, params });
      return { list: calls.rows, total: calls.rows.length };
    },
    batch: async (items: unknown[], opinion: string) => {
      calls.batch.push({ items, opinion });
      return {
        results: [
          { id: 11, taskId: 'a', ok: true, title: '关于甲的请示' },
          { id: 12, taskId: 'b', ok: true, title: '关于乙的请示' },
          { id: 13, taskId: 'c', ok: false, reason: '该待办已处理', title: '关于丙的请示' },
        ],
        success: 2,
        failed: 1,
      };
    },
    act: async (id: number, version: number | undefined, body: Record<string, unknown>) => {
      calls.act.push({ id, version, body });
      return {};
    },
  },
}));
vi.mock('../../engine/renderers/approval/words', () => ({
  wordsApi: { list: async () => [{ id: 1, content: '同意。', sort: 1, isPublic: true, mine: false }], add: async () => ({ id: 9 }) },
}));

const { WorkListPage } = await import('../../engine/renderers/WorkListPage');

let host = installTestHost();
afterEach(() => {
  cleanup();
  host = installTestHost();
  calls.list = [];
  calls.rows = [];
  calls.batch = [];
  calls.act = [];
});

function bundle(list: WorkListKind, extra: Partial<WorkListPageDef> = {}): PageBundle {
  const page: WorkListPageDef = {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: `test.${list}`,
    kind: 'page',
    pageKind: 'worklist',
    title: { t: 'test.title', d: '测试列表' },
    list,
    ...extra,
  };
  return { page, entity: null, dicts: [], texts: {}, etag: 'test' };
}
const task = (instanceId: number, taskId: string, title: string, extra: Record<string, unknown> = {}) => ({
  taskId,
  instanceId,
  title,
  defId: 'affair.default',
  nodeId: 'deptReview',
  kind: 'approve',
  status: 'pending',
  result: null,
  initiator: 1,
  onBehalfOf: null,
  createdAt: Date.parse('2026-09-30T10:00:00+08:00'),
  actedAt: null,
  deadline: null,
  overdue: false,
  flowTitle: '事务审批',
  nodeTitle: '科室负责人审核',
  initiatorName: '张伟',
  open: '/affair/show-audit/:id',
  ...extra,
});
const supervised = (instanceId: number, title: string, extra: Record<string, unknown> = {}) => ({
  instanceId,
  title,
  defId: 'affair.default',
  status: 'running',
  initiator: 1,
  initiatorName: '张伟',
  flowTitle: '事务审批',
  startedAt: Date.parse('2026-09-30T10:00:00+08:00'),
  endedAt: null,
  nodes: [{ id: 'deptReview', title: '科室负责人审核' }],
  handlers: ['李娜'],
  deadline: null,
  overdue: false,
  urgeCount: 0,
  mayUrge: true,
  open: '/affair/show-audit/:id',
  ...extra,
});
const show = (b: PageBundle) => renderWithUser(<WorkListPage bundle={b} />, userWith([]));

describe('批量同意 on the 待办 list', () => {
  it('approves the selected items with one opinion and shows how many succeeded and why the others failed', async () => {
    calls.rows = [task(11, 'a', '关于甲的请示'), task(12, 'b', '关于乙的请示'), task(13, 'c', '关于丙的请示')];
    show(bundle('todo', { flows: ['affair.default'], open: '/affair/show-audit/:id' }));
    await screen.findByText('关于丙的请示');
    expect(screen.getByTestId('worklist-total').textContent).toBe('共 3 条');
    const button = screen.getByTestId('worklist-batch');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (const title of ['关于甲的请示', '关于乙的请示', '关于丙的请示']) fireEvent.click(screen.getByRole('checkbox', { name: title }));
    await waitFor(() => expect(button.textContent).toContain('批量同意（3）'));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('批量同意（已选 3 项）')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('approval-opinion'), { target: { value: '同意，请按程序办理' } });
    const loads = calls.list.length;
    fireEvent.click(within(dialog).getByTestId('worklist-batch-ok'));
    await waitFor(() => expect(calls.batch).toHaveLength(1));
    expect(calls.batch[0]).toEqual({
      items: [
        { id: 11, taskId: 'a' },
        { id: 12, taskId: 'b' },
        { id: 13, taskId: 'c' },
      ],
      opinion: '同意，请按程序办理',
    });
    expect((await screen.findByTestId('worklist-batch-summary')).textContent).toContain('成功 2 项，失败 1 项');
    const failures = screen.getByTestId('worklist-batch-failures');
    expect(within(failures).getByText('关于丙的请示')).toBeTruthy();
    expect(within(failures).getByText('该待办已处理')).toBeTruthy();
    await waitFor(() => expect(calls.list.length).toBeGreaterThan(loads));
    // The menu badges follow one's own batch at once (no reminder comes for it).
    expect(host.badgeRefreshes).toBe(1);
  });

  it('reads the list again when a reminder arrives, showing the new task without a reload', async () => {
    calls.rows = [task(11, 'a', '关于甲的请示')];
    const { store } = renderWithUser(<WorkListPage bundle={bundle('todo', { flows: ['affair.default'] })} />, userWith([]));
    await screen.findByText('关于甲的请示');
    calls.rows = [task(14, 'd', '关于丁的请示'), task(11, 'a', '关于甲的请示')];
    act(() => store.set(testRemindersAtom, { unread: 1, lastId: 77 }));
    expect(await screen.findByText('关于丁的请示')).toBeTruthy();
  });

  it('only overdue goes to the server; a sign-for task cannot be selected', async () => {
    calls.rows = [task(21, 's', '关于签收的通知', { kind: 'signfor' })];
    show(bundle('todo', { flows: ['affair.default'] }));
    await screen.findByText('关于签收的通知');
    expect((screen.getByRole('checkbox', { name: '关于签收的通知' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '只看超期' }));
    await waitFor(() => expect(calls.list.at(-1)?.params).toMatchObject({ overdue: true, current: 1, flows: ['affair.default'] }));
  });
});

describe('督办 list', () => {
  it('shows handlers and urge counts, offers 催办 where allowed, and the count goes up after it', async () => {
    calls.rows = [
      supervised(31, '关于购置设备的请示'),
      supervised(32, '关于会议安排的报告', {
        mayUrge: false,
        handlers: ['刘洋', '王芳'],
        urgeCount: 2,
        overdue: true,
        deadline: Date.parse('2026-10-09T10:00:00+08:00'),
      }),
    ];
    show(bundle('supervise', { flows: ['affair.default'], open: '/affair/show-audit/:id' }));
    await screen.findByText('关于会议安排的报告');
    expect(screen.getAllByTestId('worklist-handlers').map((e) => e.textContent)).toEqual(['李娜', '刘洋、王芳']);
    expect(screen.getAllByTestId('worklist-urged').map((e) => e.textContent)).toEqual(['0', '2']);
    expect(screen.getByText('已超期')).toBeTruthy();
    expect(screen.queryByTestId('worklist-urge-32')).toBeNull();
    fireEvent.click(screen.getByTestId('worklist-urge-31'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/李娜/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('worklist-urge-message'), { target: { value: '请今日内办理' } });
    calls.rows = [supervised(31, '关于购置设备的请示', { urgeCount: 1 })];
    fireEvent.click(within(dialog).getByTestId('worklist-urge-ok'));
    await waitFor(() => expect(calls.act).toEqual([{ id: 31, version: undefined, body: { type: 'urge', opinion: '请今日内办理' } }]));
    await waitFor(() => expect(screen.getAllByTestId('worklist-urged').map((e) => e.textContent)).toEqual(['1']));
    expect(calls.list.at(-1)).toMatchObject({ kind: 'supervise' });
  });
});

describe('a list over every flow', () => {
  it('needs no `flows`: lists every flow’s items with the flow named, and opens each in its area’s approval page', async () => {
    calls.rows = [
      task(41, 'x', '关于年度预算的请示', { flowTitle: '事务审批' }),
      task(42, 'y', '关于差旅报销的申请', { defId: 'finance.claim', flowTitle: '报销审批', open: null }),
    ];
    show(bundle('todo'));
    await screen.findByText('关于差旅报销的申请');
    expect(calls.list[0].params.flows).toBeUndefined();
    expect(screen.getByText('报销审批')).toBeTruthy();
    fireEvent.click(screen.getByText('关于年度预算的请示'));
    expect(host.opened).toEqual(['/affair/show-audit/41']);
    // No approval page for that area: the title is not a link.
    expect(screen.getByText('关于差旅报销的申请').closest('a')).toBeNull();
  });
});

describe('a page with views (the document list types of SPEC §3)', () => {
  const views: WorkListPageDef['views'] = [
    { id: 'all_db', title: { t: 'v.db', d: '全部待办' }, list: 'todo', route: '/document/dbgw-new' },
    { id: 'qb_sw', title: { t: 'v.sw', d: '全部收文' }, list: 'supervise', flows: ['document.receive'], filters: { status: 'all' } },
    { id: 'dq', title: { t: 'v.dq', d: '到期公文' }, list: 'todo', filters: { overdue: true } },
  ];
  const showAt = async (url: string) => {
    const { MemoryRouter } = await import('react-router-dom');
    return renderWithUser(
      <MemoryRouter initialEntries={[url]}>
        <WorkListPage bundle={bundle('todo', { flows: ['document.send', 'document.receive'], views })} />
      </MemoryRouter>,
      userWith([]),
    );
  };

  it('opens on the view of its route and reads each tab’s own list with its preset filters', async () => {
    await showAt('/document/dbgw-new');
    await waitFor(() => expect(calls.list).toHaveLength(1));
    expect(calls.list[0]).toMatchObject({ kind: 'todo', params: { flows: ['document.send', 'document.receive'] } });
    expect(calls.list[0].params.overdue).toBeUndefined();
    fireEvent.click(screen.getByTestId('worklist-view-dq'));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ kind: 'todo', params: { overdue: true } }));
    expect((screen.getByRole('checkbox', { name: '只看超期' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('worklist-view-qb_sw'));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ kind: 'supervise', params: { flows: ['document.receive'], status: 'all' } }));
  });

  it('opens on the view the URL’s list_type names', async () => {
    await showAt('/document/dbgw-new?list_type=dq');
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ kind: 'todo', params: { overdue: true } }));
    expect(calls.list).toHaveLength(1);
  });
});
