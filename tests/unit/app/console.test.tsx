/**
 * The console (/dashboard/console): its four counts are the menu badge counts (flow/badges: 待办公文, 待办事务,
 * 未读邮件) and document/gwqsCount (待签收); its tabs list the first items of flow/todo of the document and affair
 * areas and of document/gwqsList (pending), with 超期 / 紧急程度 tags; an item opens its page as the list page
 * does (a new browser tab for detail pages); 更多 goes to the list; an empty list shows the empty state; new
 * badge counts (a reminder, focus, route change) read the lists again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import '@app/i18n';
import './shellHost';
import type { UserInfo } from '@shared/types';
import { appStore } from '@app/stores/store';
import { userAtom } from '@app/stores/user';
import { badgesAtom, type BadgeCounts } from '@app/stores/badges';
import ConsolePage from '@app/pages/dashboard/ConsolePage';
// The 待签收 panel is the 公文 area's (registered by its client module, as the shell loads every area's).
import '../../../src/areas/document/client';

const calls: { url: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, unknown> = {};
vi.mock('@app/services/http', () => ({
  post: vi.fn(async (url: string, body: Record<string, unknown>) => {
    calls.push({ url, body });
    const key = url === 'flow/todo' ? `flow/todo:${body.area}` : url;
    if (key in answers) return answers[key];
    throw new Error(`unexpected call ${key}`);
  }),
}));

const HOUR = 3600_000;
const task = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  taskId: `t${id}`,
  instanceId: id,
  title,
  defId: 'document.send',
  nodeId: 'n1',
  kind: 'approve',
  status: 'pending',
  result: null,
  initiator: 2,
  onBehalfOf: null,
  createdAt: Date.now() - 26 * HOUR,
  actedAt: null,
  deadline: null,
  overdue: false,
  flowTitle: '发文',
  initiatorName: '张伟',
  nodeTitle: '部门核稿',
  open: '/document/show-audit/:id',
  ...extra,
});
const signFor = (id: number, title: string, urgency: string) => ({
  id,
  send_id: 1,
  title,
  doc_number: '市府发〔2026〕3号',
  from_unit: '办公室',
  unit_id: 3,
  unit_name: '财务科',
  role: 'main',
  secret_level: '0',
  urgency,
  status: 'pending',
  sent_at: Date.now() - HOUR,
  signed_at: null,
  signed_by_name: null,
  reason: null,
  receive_flow_id: null,
});
const badges = (doc: number, affair: number, mail: number): BadgeCounts => ({
  db: { count: doc, all_count: doc },
  df: { count: 0, all_count: 0 },
  cb: { count: 0, all_count: 0 },
  dbsw: { db: affair, wbdb: 0, dy: 0, wbdy: 0, df: 0, cb: 0 },
  mail: { sjwd: mail },
});

let openSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  calls.length = 0;
  answers = {
    'flow/todo:document': { list: [task(11, '关于年度预算的请示', { overdue: true }), task(12, '关于办公用房调整的通知')], total: 2 },
    'flow/todo:affair': { list: [], total: 0 },
    'document/gwqsList': { list: [signFor(31, '关于防汛工作的紧急通知', '3')], total: 1 },
    'document/gwqsCount': { pending: 1 },
  };
  appStore.set(userAtom, { id: 7, realname: '李娜', dept: '财务科', menu: [], menu_my: [], positions: [] } as unknown as UserInfo);
  appStore.set(badgesAtom, badges(2, 0, 4));
  openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => {
  cleanup();
  openSpy.mockRestore();
  appStore.set(userAtom, null);
  appStore.set(badgesAtom, null);
});

function renderConsole() {
  return render(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={['/dashboard/console']}>
        <Routes>
          <Route path="/dashboard/console" element={<ConsolePage />} />
          <Route path="/document/dbgw" element={<div data-testid="page-dbgw" />} />
          <Route path="/document/gwqs" element={<div data-testid="page-gwqs" />} />
          <Route path="/mail/inbox" element={<div data-testid="page-mail" />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
const count = (key: string) => screen.getByTestId(`console-count-${key}`).textContent;
const tab = (key: string) => fireEvent.click(screen.getByTestId(`console-tab-${key}`));

describe('console', () => {
  it('shows the menu badge counts and the pending sign-for count, asking no count of its own but gwqsCount', async () => {
    renderConsole();
    await waitFor(() => expect(count('sign')).toBe('1'));
    expect([count('doc'), count('affair')]).toEqual(['2', '0']);
    // mail is not built yet (the shipped route table): no count of it
    expect(screen.queryByTestId('console-count-mail')).toBeNull();
    expect(calls.some((c) => c.url === 'flow/counts' || c.url === 'flow/badges')).toBe(false);
    // the lists are those of the list pages, first 6 items, area-wide as the badges
    expect(calls.find((c) => c.body.area === 'document')?.body).toMatchObject({ pageSize: 6, area: 'document' });
    expect(calls.find((c) => c.url === 'document/gwqsList')?.body).toMatchObject({ status: 'pending', pageSize: 6 });
  });

  it('shows the 三员 no to-do counts or lists and asks none (the server refuses them)', async () => {
    appStore.set(userAtom, { id: 2, realname: '安全审计员', dept: '信息科', menu: [], menu_my: [], positions: [], roles: ['auditor'] } as unknown as UserInfo);
    renderConsole();
    await screen.findByTestId('console-shortcuts');
    expect(screen.queryByTestId('console-count-doc')).toBeNull();
    expect(screen.queryByTestId('console-tab-doc')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('flow/') || c.url.startsWith('document/'))).toEqual([]);
  });

  it('lists the 待办公文 with initiator, step and 超期, and opens an item in a new browser tab as /document/dbgw does', async () => {
    renderConsole();
    const list = await screen.findByTestId('console-list-doc');
    const items = within(list).getAllByTestId('console-item-doc');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('关于年度预算的请示'), expect.stringContaining('关于办公用房调整的通知')]);
    expect(items[0].textContent).toContain('超期');
    expect(items[0].textContent).toContain('张伟');
    expect(items[0].textContent).toContain('部门核稿');
    expect(items[1].textContent).not.toContain('超期');
    fireEvent.click(items[1]);
    expect(openSpy).toHaveBeenCalledWith(expect.stringMatching(/\/document\/show-audit\/12$/), '_blank', 'noopener');
  });

  it('shows the empty state only for an empty list, and 待签收 items with their urgency, opening gwqsshow', async () => {
    renderConsole();
    await screen.findByTestId('console-list-doc');
    expect(screen.queryByTestId('console-empty-doc')).toBeNull();
    tab('affair');
    expect(await screen.findByTestId('console-empty-affair')).toBeTruthy();
    tab('sign');
    const item = await screen.findByTestId('console-item-sign');
    expect(item.textContent).toContain('关于防汛工作的紧急通知');
    expect(item.textContent).toContain('特急');
    expect(item.textContent).toContain('办公室');
    fireEvent.click(item);
    expect(openSpy).toHaveBeenCalledWith(expect.stringMatching(/\/document\/gwqsshow\/31$/), '_blank', 'noopener');
    fireEvent.click(screen.getByTestId('console-tasks-more'));
    expect(screen.getByTestId('page-gwqs')).toBeTruthy();
  });

  it('opens an affair with the approval route of the 待办事务 page', async () => {
    answers['flow/todo:affair'] = { list: [task(21, '请假申请', { defId: 'affair.default', open: null })], total: 1 };
    appStore.set(badgesAtom, badges(2, 1, 0));
    renderConsole();
    tab('affair');
    fireEvent.click(await screen.findByTestId('console-item-affair'));
    expect(openSpy).toHaveBeenCalledWith(expect.stringMatching(/\/affair\/show-audit\/21$/), '_blank', 'noopener');
  });

  it('reads the lists again when the badge counts are reloaded (a reminder, focus or route change)', async () => {
    renderConsole();
    await screen.findByTestId('console-list-doc');
    expect(screen.getAllByTestId('console-item-doc')).toHaveLength(2);
    answers['flow/todo:document'] = { list: [task(13, '新到的公文'), task(11, '关于年度预算的请示'), task(12, '关于办公用房调整的通知')], total: 3 };
    answers['document/gwqsCount'] = { pending: 0 };
    act(() => appStore.set(badgesAtom, badges(3, 0, 4)));
    await waitFor(() => expect(screen.getAllByTestId('console-item-doc')).toHaveLength(3));
    expect(screen.getAllByTestId('console-item-doc')[0].textContent).toContain('新到的公文');
    expect(count('doc')).toBe('3');
    await waitFor(() => expect(count('sign')).toBe('0'));
  });

  it('a count button goes to its list page', async () => {
    renderConsole();
    fireEvent.click(screen.getByTestId('console-todo-doc'));
    expect(screen.getByTestId('page-dbgw')).toBeTruthy();
  });
});
