/**
 * The affair flow pages as their users see them (engine/renderers/flowpages): the 阅办单 (/affair/show1) shows
 * the fields and the opinions grouped by step, or the server's refusal; 流程日志 (/affair/flow-log) lists the
 * instances one took part in and shows the chosen one's log; 正文 (/affair/ntko) is read-only without W on the
 * field and saves with the version read (a stale save shows the server's message). The instance is a real
 * engine/flow state; flow, Template/page, selector, entity and Words calls are mocked, as is the chart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import '@app/i18n';
import { allowedActions, type FlowNode } from '../../engine/flow';
import type { FlowLogEntry, InstanceView } from '../../engine/data/flow';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { approve, flow, Harness } from './flow/helpers';

const calls = vi.hoisted(() => ({
  view: null as unknown,
  log: [] as unknown[],
  infoError: null as string | null,
  act: [] as { id: number; version: number | undefined; body: Record<string, unknown> }[],
  edits: [] as Record<string, unknown>[],
  editError: null as string | null,
  started: [] as Record<string, unknown>[],
  involved: [] as Record<string, unknown>[],
  record: { id: 40, version: 6, body: '<p>原正文</p>' } as Record<string, unknown>,
}));

vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    info: async () => {
      if (calls.infoError) throw new Error(calls.infoError);
      return calls.view;
    },
    log: async () => calls.log,
    act: async (id: number, version: number | undefined, body: Record<string, unknown>) => {
      calls.act.push({ id, version, body });
      return calls.view;
    },
    startForRecord: async (body: Record<string, unknown>) => {
      calls.started.push(body);
      return calls.view;
    },
    list: async () => ({ list: [], total: 0 }),
  },
}));
vi.mock('../../engine/data/flowpages', () => ({
  flowPagesApi: {
    involved: async (p: Record<string, unknown>) => {
      calls.involved.push(p);
      return {
        list: [
          {
            instanceId: 7,
            title: '关于购置办公设备的请示',
            flowTitle: '事务审批',
            initiatorName: '张三',
            status: 'running',
            createdAt: 0,
            startedAt: 0,
            defId: 'test.flow',
            initiator: 1,
            endedAt: null,
            updatedAt: 0,
          },
        ],
        total: 1,
      };
    },
    definition: async () => ({}),
  },
}));
vi.mock('../../engine/data/api', () => ({
  loadPage: async () => ({ texts: {} }),
  selector: { getlist: async () => ({ users: { 1: '张三', 2: '李四', 3: '赵六' }, depts: { 9: '秘书科' } }) },
  resource: () => ({
    info: async () => calls.record,
    edit: async (r: Record<string, unknown>) => {
      calls.edits.push(r);
      if (calls.editError) throw new Error(calls.editError);
      return { ...calls.record, version: Number(calls.record.version) + 1 };
    },
  }),
  files: { download: async () => ({}) },
}));
vi.mock('../../engine/renderers/approval/FlowDiagram', () => ({ FlowDiagram: () => <div data-testid="diagram-stub" /> }));
vi.mock('../../widgets', async (orig) => {
  const real = await orig<typeof import('../../widgets')>();
  const RichStub = (p: { value?: string; onChange: (v: string) => void; readonly?: boolean }) => (
    <textarea data-testid="rich-stub" value={p.value ?? ''} readOnly={p.readonly} onChange={(e) => p.onChange(e.target.value)} />
  );
  return { ...real, widgetOf: (k: string) => (k === 'richtext' ? RichStub : real.widgetOf(k)) };
});

const { PrintSheet } = await import('../../engine/renderers/flowpages/PrintSheet');
const { FlowLogPage } = await import('../../engine/renderers/flowpages/FlowLogPage');
const { BodyPage } = await import('../../engine/renderers/flowpages/BodyPage');

const title = (d: string) => ({ t: `test.pages.${d}`, d });
/** 拟稿 (body W) → 科室审核 (2: body W) → 领导审批 (3: body not writable). */
const def = flow([
  approve('dept', [2], { title: title('科室审核'), fieldPermissions: { body: 'W' } }),
  approve('leader', [3], { title: title('领导审批') }),
] as FlowNode[]);
def.nodes[0] = { ...def.nodes[0], title: title('拟稿'), fieldPermissions: { body: 'W' } } as FlowNode;
const DATA = {
  title: '关于购置办公设备的请示',
  affairType: 'request',
  urgency: '2',
  deadline: '2026-10-15',
  dept: 9,
  body: '<p>拟购置打印机两台。</p>',
  attachments: [{ id: 'a1', name: '报价单.pdf', size: 2048, type: 'application/pdf' }],
};

/** The instance after 李四 (2) approved with an opinion: 赵六 (3) holds 领导审批. `draft`: not yet submitted. */
function instance(stage: 'draft' | 'dept' | 'leader', me: number): InstanceView {
  const h = new Harness(def, { initiator: 1, data: DATA });
  if (stage !== 'draft') h.start();
  if (stage === 'leader') h.act({ type: 'approve', actor: 2, opinion: '情况属实，同意。' });
  return {
    id: 7,
    defId: def.id,
    defVersion: 1,
    title: DATA.title,
    status: h.state.status,
    entity: 'affair.affair',
    recordId: 40,
    initiator: 1,
    createdAt: h.state.createdAt,
    startedAt: h.state.startedAt ?? null,
    endedAt: null,
    version: 5,
    state: h.state,
    definition: def,
    actions: allowedActions(def, h.state, me),
  };
}
/** 10:00 in the organisation's zone (Asia/Shanghai by default), whatever the machine's zone. */
const at = Date.parse('2026-09-30T10:00:00+08:00');
const LOG: FlowLogEntry[] = [
  { id: 1, at, actor: 1, actorName: '张三', type: 'start', nodeId: null, taskId: null, opinion: '请审批。', detail: null },
  { id: 2, at: at + 60_000, actor: 2, actorName: '李四', type: 'saveDraft', nodeId: 'dept', taskId: 't1', opinion: '草稿意见', detail: null },
  { id: 3, at: at + 120_000, actor: 2, actorName: '李四', type: 'approve', nodeId: 'dept', taskId: 't1', opinion: '情况属实，同意。', detail: null },
  { id: 4, at: at + 180_000, actor: 1, actorName: '张三', type: 'comment', nodeId: 'dept', taskId: null, opinion: '已补充报价单。', detail: null },
];

const me = (id: number) => ({ ...userWith([]), id });
const renderAt = (ui: React.ReactNode, url: string, user = 2) => renderWithUser(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>, me(user) as never);

afterEach(() => {
  cleanup();
  calls.act.length = 0;
  calls.edits.length = 0;
  calls.started.length = 0;
  calls.involved.length = 0;
  calls.infoError = null;
  calls.editError = null;
  calls.log = [];
});

describe('阅办单 (flow.print)', () => {
  it('shows the fields read-only and the opinions grouped by step, unsent drafts left out', async () => {
    calls.view = instance('leader', 1);
    calls.log = LOG;
    renderAt(<PrintSheet bundle={bundleOf('affair.show1')} recordId={7} />, '/affair/show1/7', 1);
    const sheet = await screen.findByTestId('print-sheet');
    expect(within(screen.getByTestId('print-field-title')).getByText(DATA.title)).toBeTruthy();
    expect(screen.getByTestId('print-field-urgency').textContent).toContain('加急');
    await waitFor(() => expect(screen.getByTestId('print-field-dept').textContent).toContain('秘书科'));
    expect(screen.getByTestId('print-field-body').textContent).toContain('拟购置打印机两台。');
    expect(screen.getByTestId('print-field-attachments').textContent).toContain('报价单.pdf');
    const start = screen.getByTestId('print-step-start');
    expect(start.textContent).toContain('拟稿');
    expect(start.textContent).toContain('请审批。');
    const dept = screen.getByTestId('print-step-dept');
    expect(within(dept).getByText('科室审核')).toBeTruthy();
    expect(
      within(dept)
        .getAllByTestId('print-opinion')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('情况属实，同意。'), expect.stringContaining('已补充报价单。')]);
    expect(dept.textContent).toContain('李四');
    expect(dept.textContent).toContain('2026-09-30 10:02');
    expect(sheet.querySelector('.oa-print-opinions')?.textContent).not.toContain('草稿意见');
  });

  it('says for whom a step was handled under 委托: 赵六 同意（代 李四）', async () => {
    calls.view = instance('leader', 1);
    calls.log = [
      ...LOG,
      {
        id: 5,
        at: at + 240_000,
        actor: 3,
        actorName: '赵六',
        type: 'approve',
        nodeId: 'leader',
        taskId: 't2',
        opinion: '同意购置。',
        detail: { onBehalfOf: 2 },
      },
    ];
    renderAt(<PrintSheet bundle={bundleOf('affair.show1')} recordId={7} />, '/affair/show1/7', 1);
    const step = await screen.findByTestId('print-step-leader');
    await waitFor(() => expect(step.textContent).toContain('赵六同意（代 李四）'));
  });

  it('prints with the 打印 button', async () => {
    calls.view = instance('leader', 1);
    const print = vi.fn();
    window.print = print;
    renderAt(<PrintSheet bundle={bundleOf('affair.show1')} recordId={7} />, '/affair/show1/7', 1);
    fireEvent.click(await screen.findByTestId('print-button'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal to someone who may not see the instance', async () => {
    calls.infoError = '流程实例不存在或无权查看';
    renderAt(<PrintSheet bundle={bundleOf('affair.show1')} recordId={7} />, '/affair/show1/7', 9);
    expect((await screen.findByTestId('print-refused')).textContent).toContain('流程实例不存在或无权查看');
    expect(screen.queryByTestId('print-sheet')).toBeNull();
  });
});

describe('流程日志 (flow.log)', () => {
  it('lists the affairs one took part in and shows the chosen one’s log', async () => {
    calls.view = instance('leader', 1);
    calls.log = LOG;
    renderAt(<FlowLogPage bundle={bundleOf('affair.flowLog')} />, '/affair/flow-log', 1);
    fireEvent.click(await screen.findByTestId('flowlog-open'));
    expect(calls.involved[0]).toMatchObject({ flows: ['affair.default'] });
    const page = await screen.findByTestId('flowlog-instance');
    const log = within(page).getByTestId('approval-log');
    expect(within(log).getByText('情况属实，同意。')).toBeTruthy();
    expect(within(log).getAllByText('步骤：科室审核').length).toBeGreaterThan(0);
    expect(within(page).getByTestId('diagram-stub')).toBeTruthy();
  });

  it('opens ?id= directly and searches the list by title', async () => {
    calls.view = instance('leader', 1);
    calls.log = LOG;
    renderAt(<FlowLogPage bundle={bundleOf('affair.flowLog')} />, '/affair/flow-log?id=7', 1);
    expect(await screen.findByTestId('flowlog-instance')).toBeTruthy();
    fireEvent.click(screen.getByTestId('flowlog-back'));
    const search = (await screen.findByTestId('flowlog-search')).querySelector('input')!;
    fireEvent.change(search, { target: { value: '办公设备' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.involved.at(-1)).toMatchObject({ keyword: '办公设备' }));
  });
});

describe('正文 (flow.body)', () => {
  it('is read-only, with the reason, for a handler whose step does not grant W on the body', async () => {
    calls.view = instance('leader', 3);
    renderAt(<BodyPage bundle={bundleOf('affair.ntko')} />, '/affair/ntko?id=7', 3);
    expect((await screen.findByTestId('body-readonly')).textContent).toContain('当前办理步骤不允许修改正文');
    expect(screen.queryByTestId('body-save')).toBeNull();
    expect(screen.getByTestId('body-view').textContent).toContain('拟购置打印机两台。');
  });

  it('lets the holder of a step with W save it on the task with the instance version', async () => {
    calls.view = instance('dept', 2);
    renderAt(<BodyPage bundle={bundleOf('affair.ntko')} />, '/affair/ntko?id=7', 2);
    const editor = (await screen.findByTestId('rich-stub')) as HTMLTextAreaElement;
    await waitFor(() => expect(editor.value).toBe(DATA.body));
    fireEvent.change(editor, { target: { value: '<p>改后正文</p>' } });
    fireEvent.click(screen.getByTestId('body-save'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    const task = (calls.view as InstanceView).state.tasks.find((x) => x.assignee === 2 && x.status === 'pending')!;
    expect(calls.act[0]).toEqual({ id: 7, version: 5, body: { type: 'saveDraft', taskId: task.id, data: { body: '<p>改后正文</p>' } } });
  });

  it('saves the initiator’s draft through the record with its version, then keeps the draft; a stale save shows the server’s message', async () => {
    calls.view = instance('draft', 1);
    renderAt(<BodyPage bundle={bundleOf('affair.ntko')} />, '/affair/ntko?id=7', 1);
    const editor = await screen.findByTestId('rich-stub');
    await waitFor(() => expect((editor as HTMLTextAreaElement).value).toBe('<p>原正文</p>'));
    fireEvent.change(editor, { target: { value: '<p>新正文</p>' } });
    fireEvent.click(screen.getByTestId('body-save'));
    await waitFor(() => expect(calls.started).toHaveLength(1));
    expect(calls.edits[0]).toEqual({ id: 40, version: 6, body: '<p>新正文</p>' });
    expect(calls.started[0]).toEqual({ defId: def.id, entity: 'affair.affair', recordId: 40, draft: true });

    calls.editError = '记录已被他人修改，请刷新后重试';
    fireEvent.change(await screen.findByTestId('rich-stub'), { target: { value: '<p>再改</p>' } });
    fireEvent.click(screen.getByTestId('body-save'));
    expect((await screen.findByTestId('body-refusal')).textContent).toContain('记录已被他人修改，请刷新后重试');
    expect(calls.started).toHaveLength(1);
    expect((screen.getByTestId('rich-stub') as HTMLTextAreaElement).value).toBe('<p>再改</p>');
  });
});
