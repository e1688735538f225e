/**
 * 事务设置 (/affair/swsz, flow.settings) and 发起申请 (/flow/tree, flow.tree) as a user sees them: adding a 委托
 * (person, whole days, optional flow) and removing one after confirming; adding and deleting a 常用语; the
 * startable flows grouped by area with their descriptions, 发起 opening the form route and 查看流程图 the chart.
 * flow/*, Flowset and Words calls are mocked; the person picker is a plain input.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import dayjs from 'dayjs';
import '@app/i18n';
import { installTestHost } from './testHost';
import { bundleOf, renderWithUser, userWith } from './list-fixture';

const calls = vi.hoisted(() => ({
  delegations: [] as Record<string, unknown>[],
  added: [] as Record<string, unknown>[],
  removed: [] as number[],
  words: [] as Record<string, unknown>[],
  wordAdded: [] as string[],
  wordRemoved: [] as number[],
  opened: [] as string[],
}));

vi.mock('../../engine/data/flowpages', () => ({
  flowPagesApi: {
    delegations: async () => calls.delegations,
    delegate: async (b: Record<string, unknown>) => {
      calls.added.push(b);
      calls.delegations = [
        ...calls.delegations,
        { id: 12, delegateId: b.delegateId, delegateName: '李娜', defId: b.defId ?? null, start: b.start, end: b.end, remark: null },
      ];
      return { id: 12 };
    },
    undelegate: async (id: number) => {
      calls.removed.push(id);
      calls.delegations = calls.delegations.filter((d) => d.id !== id);
      return { deleted: 1 };
    },
    flows: async () => [
      { id: 'affair.default', title: { t: 'affair.flow.default', d: '事务审批' } },
      { id: 'document.send', title: { t: 'document.flow.send', d: '发文' } },
    ],
    deleteWord: async (id: number) => {
      calls.wordRemoved.push(id);
      calls.words = calls.words.filter((w) => w.id !== id);
      return { deleted: 1 };
    },
    tree: async () => [
      { id: 'affair.default', version: 2, title: '事务审批', description: '日常事务的请示与报告', area: 'affair', areaTitle: '事务管理', route: '/affair/new' },
      { id: 'receptions.visit', version: 1, title: '接待审批', description: '', area: 'receptions', areaTitle: '公务接待', route: '/receptions/index' },
    ],
  },
}));
vi.mock('../../engine/renderers/approval/words', () => ({
  wordsApi: {
    list: async () => calls.words,
    add: async (content: string) => {
      calls.wordAdded.push(content);
      calls.words = [...calls.words, { id: 30, content, sort: 0, isPublic: false, mine: true }];
      return { id: 30 };
    },
  },
}));
installTestHost({ useOpenRecord: () => (path: string) => void calls.opened.push(path) });
vi.mock('../../widgets', async (orig) => {
  const real = await orig<typeof import('../../widgets')>();
  const PersonStub = (p: { value?: number; onChange: (v: number | undefined) => void }) => (
    <input data-testid="person-stub" value={p.value ?? ''} onChange={(e) => p.onChange(e.target.value ? Number(e.target.value) : undefined)} />
  );
  return { ...real, widgetOf: (k: string) => (k === 'user' ? PersonStub : real.widgetOf(k)) };
});

const { SettingsPage } = await import('../../engine/renderers/flowpages/SettingsPage');
const { FlowTreePage } = await import('../../engine/renderers/flowpages/FlowTreePage');

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const renderAt = (ui: React.ReactNode, url: string) =>
  renderWithUser(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    userWith([]),
  );

afterEach(() => {
  cleanup();
  calls.added.length = 0;
  calls.removed.length = 0;
  calls.wordAdded.length = 0;
  calls.wordRemoved.length = 0;
  calls.opened.length = 0;
});

describe('事务设置 (flow.settings)', () => {
  it('adds a 委托 for whole days of the chosen flow and removes it after confirming', async () => {
    calls.delegations = [];
    renderAt(<SettingsPage bundle={bundleOf('affair.swsz')} />, '/affair/swsz');
    fireEvent.click(await screen.findByTestId('delegation-add'));
    const form = await screen.findByTestId('delegation-form');
    fireEvent.change(within(form).getByTestId('person-stub'), { target: { value: '5' } });
    const [from, to] = [...form.querySelectorAll('.ant-picker-input input')] as HTMLInputElement[];
    // days of the organisation's zone (UTC+8 all year), whatever the machine's zone and hour
    const zoneToday = dayjs(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
    const start = zoneToday.add(1, 'day').format('YYYY-MM-DD');
    const end = zoneToday.add(3, 'day').format('YYYY-MM-DD');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: start } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(to, { target: { value: end } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // Only the page's flows are offered.
    fireEvent.mouseDown(form.querySelector('.ant-select')!.querySelector('.ant-select-selector') ?? form.querySelector('.ant-select')!);
    expect(screen.queryByText('发文')).toBeNull();
    fireEvent.click(await screen.findByText('事务审批', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(form.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.added).toHaveLength(1));
    // whole days of the organisation's zone (Asia/Shanghai), not of the machine's
    expect(calls.added[0]).toEqual({
      delegateId: 5,
      defId: 'affair.default',
      start: Date.parse(`${start}T00:00:00+08:00`),
      end: Date.parse(`${end}T00:00:00+08:00`) + 86_400_000 - 1,
    });
    const row = (await screen.findByText('李娜')).closest('tr')!;
    expect(row.textContent).toContain(`${start} 至 ${end}`);
    expect(row.textContent).toContain('未开始');

    fireEvent.click(within(row).getByTestId('delegation-remove-12'));
    fireEvent.click(within((await screen.findByText('确定删除该委托吗？')).closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.removed).toEqual([12]));
    await waitFor(() => expect(screen.queryByText('李娜')).toBeNull());
  });

  it('adds a 常用语 and deletes one’s own; public ones cannot be deleted', async () => {
    calls.words = [
      { id: 1, content: '同意。', sort: 1, isPublic: true, mine: false },
      { id: 2, content: '请按规定办理。', sort: 2, isPublic: false, mine: true },
    ];
    renderAt(<SettingsPage bundle={bundleOf('affair.swsz')} />, '/affair/swsz');
    fireEvent.click(await screen.findByText('常用语'));
    const input = await screen.findByTestId('word-input');
    expect(within(await screen.findByTestId('word-1')).queryByTestId('word-remove-1')).toBeNull();
    fireEvent.change(input, { target: { value: '  拟同意，请领导审示。 ' } });
    fireEvent.click(screen.getByTestId('word-add'));
    await waitFor(() => expect(calls.wordAdded).toEqual(['拟同意，请领导审示。']));
    expect(await screen.findByText('拟同意，请领导审示。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('word-remove-2'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.wordRemoved).toEqual([2]));
    await waitFor(() => expect(screen.queryByText('请按规定办理。')).toBeNull());
  });
});

describe('发起申请 (flow.tree)', () => {
  it('lists the startable flows by area with their descriptions; 发起 opens the form, 查看流程图 the chart', async () => {
    renderAt(<FlowTreePage bundle={bundleOf('flow.tree')} />, '/flow/tree');
    const affair = await screen.findByTestId('tree-area-affair');
    expect(within(affair).getByText('事务管理')).toBeTruthy();
    expect(within(screen.getByTestId('tree-card-affair.default')).getByText('日常事务的请示与报告')).toBeTruthy();
    expect(within(screen.getByTestId('tree-area-receptions')).getByText('接待审批')).toBeTruthy();
    expect(within(screen.getByTestId('tree-card-receptions.visit')).getByText('暂无说明')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tree-start-affair.default'));
    expect(calls.opened).toEqual(['/affair/new']);
    fireEvent.click(screen.getByTestId('tree-chart-affair.default'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/flow/view-flow?defId=affair.default'));
  });
});
