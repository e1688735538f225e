/**
 * 公文督办 (/document/gwdb): the definition schemas/document/pages/supervise.page.json through the generic work list
 * (engine/renderers/WorkListPage, a declared list over document/gwdbList) with the area's row dialogs
 * (src/areas/document/client: 督办, 督办记录, 更换督办人) — rows with 发文/收文, 文号 (under the title), 当前环节,
 * 当前办理人, 办理期限 (已超期 in red), 督办人, 督办期限, 催办次数; a title opens its approval page (the row's `open`);
 * search and 只看超期 ask the server again; 督办 needs a 督办意见 and records it (saveDb) with the chosen 督办期限;
 * 催办 goes through flow/act; 督办记录 shows 督办, 更换督办人 and 催办 newest first; 更换督办人 only for holders of
 * document:supervise, naming the picked person (dbUpdateDbr). The calls are answered by the test host.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import type { PageKindProps } from '../../engine/renderers/registry';
import { renderWithUser, userWith } from './list-fixture';
import { installTestHost } from './testHost';

const calls = vi.hoisted(() => ({
  queries: [] as Record<string, unknown>[],
  rows: [] as Record<string, unknown>[],
  saved: [] as { id: number; remark: string; deadline: number | null }[],
  acts: [] as { id: number; body: Record<string, unknown> }[],
  reassigned: [] as { id: number; userId: number; remark?: string }[],
  history: {} as Record<number, Record<string, unknown>[]>,
  urges: {} as Record<number, Record<string, unknown>[]>,
}));

/** The server's answers, by call. */
const answer = async (api: string, b: Record<string, unknown> = {}): Promise<unknown> => {
  const id = b.id as number;
  switch (api) {
    case 'document/gwdbList': {
      calls.queries.push(b);
      const list = b.overdue ? calls.rows.filter((r) => r.overdue) : calls.rows;
      return { list, total: list.length };
    }
    case 'document/saveDb':
      calls.saved.push({ id, remark: b.remark as string, deadline: b.deadline as number | null });
      return { id: 1, instanceId: id, remark: b.remark, deadline: b.deadline, kind: 'supervise' };
    case 'document/dbHistory':
      return calls.history[id] ?? [];
    case 'document/cbHistory':
      return calls.urges[id] ?? [];
    case 'document/dbUpdateDbr':
      calls.reassigned.push({ id, userId: b.userId as number, remark: b.remark as string | undefined });
      return { id: 9, instanceId: id, kind: 'reassign', supervisorId: b.userId, supervisorName: '王芳' };
  }
  throw new Error(`unexpected call ${api}`);
};
vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    act: async (id: number, _version: number | undefined, body: Record<string, unknown>) => {
      calls.acts.push({ id, body });
      calls.rows = calls.rows.map((r) => (r.instanceId === id ? { ...r, urgeCount: (r.urgeCount as number) + 1 } : r));
      return {};
    },
  },
}));
const shell = installTestHost({ call: <T,>(api: string, body?: object) => answer(api, body as Record<string, unknown>) as Promise<T> });
// The organisation picker asks the server; here a plain field of user ids stands in for it.
vi.mock('../../engine/renderers/approval/PersonPicker', () => ({
  PersonPicker: ({ value, onChange }: { value?: number; onChange: (v?: number) => void }) => (
    <input data-testid="person-picker" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)} />
  ),
}));

// The area module registers its row dialogs, as the shell loads it.
await import('../../src/areas/document/client');
const { WorkListPage } = await import('../../engine/renderers/WorkListPage');

const ROOT = join(__dirname, '../..');
const page = JSON.parse(readFileSync(join(ROOT, 'schemas/document/pages/supervise.page.json'), 'utf8'));
const texts = JSON.parse(readFileSync(join(ROOT, 'schemas/document/locales/zh-CN.json'), 'utf8'));
const props = { bundle: { page, entity: null, dicts: [], texts, etag: '' } } as unknown as PageKindProps;
const DAY = 86_400_000;
const row = (instanceId: number, title: string, extra: Record<string, unknown> = {}) => ({
  instanceId,
  title,
  defId: 'document.send',
  open: '/document/show-audit/:id',
  status: 'running',
  initiator: 7,
  startedAt: Date.UTC(2026, 10, 20, 2),
  endedAt: null,
  nodes: [{ id: 'officeReview', title: '办公室核稿' }],
  handlers: ['周明远'],
  deadline: Date.now() + 3 * DAY,
  overdue: false,
  urgeCount: 0,
  mayUrge: true,
  docNumber: null,
  supervisorId: null,
  supervisorName: null,
  supervisionDeadline: null,
  ...extra,
});
const SUPERVISION_DUE = Date.UTC(2026, 11, 31, 15, 59);
const HOLDER = userWith(['document:supervise']);
const show = (user = HOLDER) =>
  renderWithUser(
    <MemoryRouter>
      <WorkListPage {...props} />
    </MemoryRouter>,
    user,
  );
/** The table row of `title`. */
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

beforeEach(() => {
  calls.queries = [];
  calls.saved = [];
  calls.acts = [];
  calls.reassigned = [];
  calls.rows = [
    row(11, '关于做好冬季供暖保障工作的通知', {
      docNumber: '京政办发〔2026〕12号',
      supervisorId: 5,
      supervisorName: '王芳',
      supervisionDeadline: SUPERVISION_DUE,
    }),
    row(12, '关于报送2026年度部门预算执行情况的报告', {
      defId: 'document.receive',
      open: '/document/show/:id?',
      nodes: [{ id: 'handle', title: '承办' }],
      handlers: ['李娜', '张伟'],
      deadline: Date.now() - DAY,
      overdue: true,
      urgeCount: 2,
    }),
  ];
  calls.history = {
    11: [
      {
        id: 1,
        instanceId: 11,
        userId: 2,
        userName: '周明远',
        deadline: Date.UTC(2026, 11, 31, 15, 59),
        remark: '请于年底前办结',
        createdAt: Date.UTC(2026, 10, 21, 1),
        kind: 'supervise',
        supervisorId: null,
        supervisorName: null,
        previousId: null,
        previousName: null,
      },
      {
        id: 2,
        instanceId: 11,
        userId: 2,
        userName: '周明远',
        deadline: null,
        remark: '工作调整',
        createdAt: Date.UTC(2026, 10, 23, 1),
        kind: 'reassign',
        supervisorId: 5,
        supervisorName: '王芳',
        previousId: 2,
        previousName: '周明远',
      },
    ],
  };
  calls.urges = { 11: [{ id: 40, at: Date.UTC(2026, 10, 22, 1), actor: 2, actorName: '周明远', opinion: '请尽快核稿', handlers: ['李娜'] }] };
});
afterEach(cleanup);

describe('公文督办 (/document/gwdb)', { timeout: 20_000 }, () => {
  it('lists the documents with step, handlers, deadline (overdue in red) and urge count; a title opens its approval page', async () => {
    show();
    const sent = await rowOf('关于做好冬季供暖保障工作的通知');
    const received = await rowOf('关于报送2026年度部门预算执行情况的报告');
    const table = screen.getByTestId('worklist-table');
    for (const head of ['标题', '当前环节', '办理期限', '督办', '催办次数', '操作'])
      expect(within(table).getByRole('columnheader', { name: head })).toBeTruthy();
    expect(within(sent).getByText('发文')).toBeTruthy();
    expect(within(sent).getByText('办公室核稿')).toBeTruthy();
    expect(within(sent).queryByText('已超期')).toBeNull();
    // 办理期限 as a time of the organisation's zone, not the epoch milliseconds of the wire
    expect(within(sent).getByTestId('worklist-cell-deadline').textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(within(received).getByText('收文')).toBeTruthy();
    expect(within(received).getByText('李娜、张伟')).toBeTruthy();
    expect(within(received).getByText('已超期')).toBeTruthy();
    expect(within(received).getByTestId('worklist-cell-urged').textContent).toBe('2');
    expect(screen.getByTestId('worklist-total').textContent).toBe('共 2 条');
    fireEvent.click(within(sent).getByText('关于做好冬季供暖保障工作的通知'));
    fireEvent.click(within(received).getByText('关于报送2026年度部门预算执行情况的报告'));
    expect(shell.opened).toEqual(['/document/show-audit/11', '/document/show/12']);
  });

  it('shows 文号 under the title and 督办人 with 督办期限 under 督办; 无文号 and 未督办 where there are none', async () => {
    show();
    const sent = await rowOf('关于做好冬季供暖保障工作的通知');
    const received = await rowOf('关于报送2026年度部门预算执行情况的报告');
    expect(within(sent).getByTestId('worklist-cell-title-0').textContent).toBe('京政办发〔2026〕12号');
    expect(within(sent).getByTestId('worklist-cell-supervision').textContent).toBe('王芳');
    expect(within(sent).getByTestId('worklist-cell-supervision-0').textContent).toBe('期限 2026-12-31 23:59'); // the organisation's zone (Asia/Shanghai), not the machine's
    expect(within(received).getByText('无文号')).toBeTruthy();
    expect(within(received).getByText('未督办')).toBeTruthy();
    expect(within(received).queryByTestId('worklist-cell-supervision-0')).toBeNull();
  });

  it('search and 只看超期 ask the server again from the first page', async () => {
    show();
    await rowOf('关于做好冬季供暖保障工作的通知');
    fireEvent.click(screen.getByText('只看超期'));
    await waitFor(() => expect(screen.queryByText('关于做好冬季供暖保障工作的通知')).toBeNull());
    expect(calls.queries.at(-1)).toMatchObject({ current: 1, overdue: true });
    const search = within(screen.getByTestId('worklist-keyword')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: ' 预算 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.queries.at(-1)).toMatchObject({ keyword: '预算', overdue: true }));
  });

  it('督办 needs a 督办意见, then records it with the 督办期限 and reloads', async () => {
    show();
    const sent = await rowOf('关于做好冬季供暖保障工作的通知');
    fireEvent.click(within(sent).getByTestId('worklist-action-supervise'));
    fireEvent.click(await screen.findByTestId('docsupervise-save'));
    expect(await screen.findByText('请填写督办意见')).toBeTruthy();
    expect(calls.saved).toEqual([]);
    const date = within(screen.getByTestId('docsupervise-form')).getByPlaceholderText('选择办结期限（选填）');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-12-31' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(screen.getByTestId('docsupervise-remark'), { target: { value: '请于年底前办结并报送落实情况' } });
    const before = calls.queries.length;
    fireEvent.click(screen.getByTestId('docsupervise-save'));
    await waitFor(() => expect(calls.saved).toHaveLength(1));
    await waitFor(() => expect(shell.toasts).toContainEqual({ kind: 'success', text: '已督办“关于做好冬季供暖保障工作的通知”' }));
    expect(calls.saved[0]).toMatchObject({ id: 11, remark: '请于年底前办结并报送落实情况' });
    expect(new Date(calls.saved[0].deadline!).getDate()).toBe(31);
    await waitFor(() => expect(calls.queries.length).toBeGreaterThan(before));
  });

  it('催办 urges through the flow and the count goes up', async () => {
    show();
    const received = await rowOf('关于报送2026年度部门预算执行情况的报告');
    fireEvent.click(within(received).getByTestId('worklist-action-urge'));
    fireEvent.change(await screen.findByTestId('worklist-urge-message'), { target: { value: '请今日办理' } });
    fireEvent.click(screen.getByTestId('worklist-urge-ok'));
    await waitFor(() => expect(calls.acts).toEqual([{ id: 12, body: { type: 'urge', opinion: '请今日办理' } }]));
    await waitFor(async () => expect(within(await rowOf('关于报送2026年度部门预算执行情况的报告')).getByTestId('worklist-cell-urged').textContent).toBe('3'));
  });

  it('督办记录 shows the current 督办人, the latest 督办期限 and 督办, 更换督办人 and 催办 newest first', async () => {
    show();
    const sent = await rowOf('关于做好冬季供暖保障工作的通知');
    fireEvent.click(within(sent).getByTestId('worklist-action-history'));
    const drawer = await screen.findByTestId('docsupervise-history');
    const summary = await within(drawer).findByTestId('docsupervise-history-summary');
    expect(within(summary).getByText('王芳')).toBeTruthy();
    expect(within(summary).getByText('2026-12-31')).toBeTruthy();
    const kinds = within(drawer)
      .getAllByTestId(/^docsupervise-event-/)
      .map((e) => e.dataset.testid);
    expect(kinds).toEqual(['docsupervise-event-reassign', 'docsupervise-event-urge', 'docsupervise-event-supervise']);
    expect(within(drawer).getByText('周明远 将督办人由 周明远 更换为 王芳')).toBeTruthy();
    expect(within(drawer).getByText('变更原因：工作调整')).toBeTruthy();
    expect(within(drawer).getByText('提醒：李娜')).toBeTruthy();
    expect(within(drawer).getByText('请于年底前办结')).toBeTruthy();
  });

  it('更换督办人 names the picked person for holders of document:supervise; an unsupervised document cannot', async () => {
    show();
    const sent = await rowOf('关于做好冬季供暖保障工作的通知');
    fireEvent.click(within(sent).getByTestId('worklist-action-reassign'));
    expect((await screen.findByTestId('docsupervise-reassign-current')).textContent).toBe('王芳');
    fireEvent.change(screen.getByTestId('person-picker'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('docsupervise-reassign-remark'), { target: { value: '分管调整' } });
    fireEvent.click(screen.getByTestId('docsupervise-reassign-ok'));
    await waitFor(() => expect(calls.reassigned).toEqual([{ id: 11, userId: 8, remark: '分管调整' }]));
    await waitFor(() => expect(shell.toasts).toContainEqual({ kind: 'success', text: '督办人已更换为 王芳' }));

    const received = await rowOf('关于报送2026年度部门预算执行情况的报告');
    fireEvent.click(within(received).getByTestId('worklist-action-reassign'));
    expect(await screen.findByTestId('docsupervise-reassign-blocked')).toBeTruthy();
    expect((screen.getByTestId('docsupervise-reassign-ok') as HTMLButtonElement).disabled).toBe(true);
  });

  it('without document:supervise: no 更换督办人, and 督办 only on the documents one drafted', async () => {
    show({ ...userWith([]), id: 7 } as typeof HOLDER);
    await rowOf('关于做好冬季供暖保障工作的通知');
    expect(screen.queryAllByTestId('worklist-action-reassign')).toHaveLength(0);
    expect(screen.getAllByTestId('worklist-action-supervise')).toHaveLength(2);
    cleanup();
    show({ ...userWith([]), id: 99 } as typeof HOLDER);
    await rowOf('关于做好冬季供暖保障工作的通知');
    expect(screen.queryAllByTestId('worklist-action-supervise')).toHaveLength(0);
    expect(screen.getAllByTestId('worklist-action-history')).toHaveLength(2);
  });
});
