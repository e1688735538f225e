/**
 * ApprovalPage (engine/renderers/ApprovalPage.tsx) as a handler sees it: the business form under their node's
 * field permissions (R read-only, W editable, H hidden), the action bar showing exactly the actions the
 * server allows, 同意 sending the opinion and the edited fields with the version read, 退回 listing the targets
 * and sending the chosen one, the flow log with names and opinions, a read-only page for someone with
 * nothing to do. The instance is a real engine/flow state (tests/unit/flow/helpers Harness); flow/*,
 * Template/page, selector and Words calls are mocked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import { allowedActions, type ActionName, type FlowNode } from '../../engine/flow';
import type { InstanceView, FlowLogEntry } from '../../engine/data/flow';
import type { PageBundle } from '../../engine/schema/bundle';
import type { ApprovalPageDef, FormPageDef } from '../../engine/schema/types';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { approve, flow, handle, Harness } from './flow/helpers';

const calls = vi.hoisted(() => ({
  act: [] as { id: number; version: number | undefined; body: Record<string, unknown> }[],
  info: 0,
  view: null as unknown,
  log: [] as unknown[],
}));

vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    info: async () => {
      calls.info++;
      return calls.view;
    },
    act: async (id: number, version: number | undefined, body: Record<string, unknown>) => {
      calls.act.push({ id, version, body });
      return calls.view;
    },
    log: async () => calls.log,
    actions: async () => [],
  },
}));

vi.mock('../../engine/data/api', async () => {
  const { bundleOf: formBundle } = await import('./list-fixture');
  return {
    loadPage: async () => {
      const base = formBundle('receptions.reception.form');
      const field = (f: string) => ({ id: `f_${f}`, type: 'field' as const, field: f });
      const page = {
        ...(base.page as FormPageDef),
        layout: [{ id: 'g', type: 'grid', columns: 2, children: ['title', 'guestUnit', 'people'].map(field) }],
        computed: [],
        rules: [],
        validators: [],
      };
      return { ...base, page };
    },
    resource: () => ({ info: async () => ({ id: 1 }) }),
    selector: {
      getlist: async () => ({ users: { 1: '张三', 2: '李四', 3: '赵六', 5: '王五' }, depts: {} }),
      search: async () => ({ users: [], depts: [] }),
      tree: async () => [],
      getrecent: async () => [],
    },
    files: { upload: async () => ({}), download: async () => ({}) },
  };
});

vi.mock('../../engine/renderers/approval/words', () => ({
  wordsApi: {
    list: async () => [
      { id: 1, content: '同意。', sort: 1, isPublic: true, mine: false },
      { id: 2, content: '请按规定办理。', sort: 2, isPublic: false, mine: true },
    ],
    add: async () => ({ id: 9 }),
  },
}));

const { ApprovalPage } = await import('../../engine/renderers/ApprovalPage');

const title = (d: string) => ({ t: `test.approval.${d}`, d });
/** 科员核稿 (5) → 科室审核 (2, the test user: guestUnit W, people H) → 领导审批 (3). */
const def = flow([
  approve('clerk', [5], { title: title('科员核稿') }),
  approve('dept', [2], { title: title('科室审核'), fieldPermissions: { guestUnit: 'W', people: 'H' } }),
  approve('leader', [3], { title: title('领导审批') }),
] as FlowNode[]);

/** The instance after 王五 (5) approved: 李四 (2, the test user) holds the 科室审核 task. */
function viewAtDept(actions?: ActionName[]): InstanceView {
  const h = new Harness(def, { initiator: 1, data: { title: '考察接待', guestUnit: '某局', people: 3 } });
  h.start();
  h.act({ type: 'approve', actor: 5, opinion: '请领导审阅' });
  return {
    id: 7,
    defId: def.id,
    defVersion: 1,
    title: '关于某局考察接待的审批',
    status: 'running',
    entity: null,
    recordId: null,
    initiator: 1,
    createdAt: h.state.createdAt,
    startedAt: h.state.startedAt ?? null,
    endedAt: null,
    version: 4,
    state: h.state,
    definition: def,
    actions: actions ?? allowedActions(def, h.state, 2),
  };
}

/** 10:00 in the organisation's zone (Asia/Shanghai by default), whatever the machine's zone. */
const at = Date.parse('2026-09-30T10:00:00+08:00');
const LOG: FlowLogEntry[] = [
  { id: 1, at, actor: 1, actorName: '张三', type: 'start', nodeId: null, taskId: null, opinion: null, detail: null },
  { id: 2, at: at + 60_000, actor: 5, actorName: '王五', type: 'approve', nodeId: 'clerk', taskId: 't1', opinion: '请领导审阅', detail: null },
  { id: 3, at: at + 120_000, actor: null, actorName: null, type: 'autoUrge', nodeId: 'dept', taskId: 't2', opinion: null, detail: null },
];

function approvalBundle(): PageBundle {
  const base = bundleOf('receptions.reception.form');
  const page: ApprovalPageDef = {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: 'receptions.reception.approval',
    kind: 'page',
    pageKind: 'approval',
    title: { t: 'x.approval', d: '接待审批' },
    entity: 'receptions.reception',
    form: 'receptions.reception.form',
    route: '/affair/show-audit/:id',
  } as ApprovalPageDef;
  return { ...base, page };
}

const render = () => renderWithUser(<ApprovalPage bundle={approvalBundle()} recordId={7} />, userWith([]));
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const opinionBox = () => {
  const el = screen.getByTestId('approval-opinion');
  return (el.tagName === 'TEXTAREA' ? el : el.querySelector('textarea')) as HTMLTextAreaElement;
};
const actionIds = () => [...document.querySelectorAll('[data-testid^="approval-action-"]')].map((b) => b.getAttribute('data-testid'));

afterEach(() => {
  cleanup();
  calls.act.length = 0;
  calls.info = 0;
  calls.log = [];
});

describe('ApprovalPage', () => {
  it('shows the header and the form under the node permissions: R read-only, W editable, H hidden', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    expect(screen.getByText('关于某局考察接待的审批')).toBeTruthy();
    expect(screen.getByTestId('approval-status').textContent).toBe('办理中');
    await waitFor(() => expect(screen.getByTestId('approval-current').textContent).toBe('科室审核（李四）'));
    expect(input('接待事由').value).toBe('考察接待');
    expect(input('接待事由').readOnly || input('接待事由').disabled).toBe(true);
    expect(input('来宾单位').value).toBe('某局');
    expect(input('来宾单位').readOnly).toBe(false);
    expect(screen.queryByText('来宾人数')).toBeNull();
  });

  it('shows exactly the actions of the view, in the canonical order', async () => {
    calls.view = viewAtDept(['comment', 'return', 'approve']);
    render();
    await screen.findByTestId('approval-action-approve');
    expect(actionIds()).toEqual(['approval-action-approve', 'approval-action-return', 'approval-action-comment']);
    expect(screen.getByTestId('approval-action-approve').textContent?.replace(/\s/g, '')).toBe('同意');
  });

  it('names what finishing a 办理 step means by its kind (签发), and 办理完毕 for an unnamed kind', async () => {
    for (const [kind, label] of [
      ['issue', '签发'],
      [undefined, '办理完毕'],
    ] as const) {
      const signOff = flow([handle('issue', [2], { title: title('领导签发'), ...(kind ? { handleKind: kind } : {}) })] as FlowNode[]);
      const h = new Harness(signOff, { initiator: 1, data: { title: '考察接待' } });
      h.start();
      calls.view = { ...viewAtDept(), defId: signOff.id, state: h.state, definition: signOff, actions: allowedActions(signOff, h.state, 2) };
      render();
      expect((await screen.findByTestId('approval-action-approve')).textContent?.replace(/\s/g, '')).toBe(label);
      cleanup();
    }
  });

  it('approve sends the opinion and the edited writable field with the version read', async () => {
    const view = viewAtDept();
    calls.view = view;
    render();
    await screen.findByText('接待事由');
    fireEvent.change(input('来宾单位'), { target: { value: '某某局' } });
    fireEvent.change(opinionBox(), { target: { value: '同意，请领导审批' } });
    fireEvent.click(screen.getByTestId('approval-action-approve'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    const task = view.state.tasks.find((x) => x.assignee === 2 && x.status === 'pending')!;
    expect(calls.act[0]).toEqual({ id: 7, version: 4, body: { type: 'approve', opinion: '同意，请领导审批', data: { guestUnit: '某某局' }, taskId: task.id } });
  });

  it('inserts a chosen 常用语 into the opinion', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    const select = screen.getByTestId('approval-words');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTestId('approval-word-2'));
    await waitFor(() => expect(opinionBox().value).toBe('请按规定办理。'));
  });

  it('return lists the previous step and the initiator, and sends the chosen target', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    fireEvent.change(opinionBox(), { target: { value: '请补充材料' } });
    fireEvent.click(screen.getByTestId('approval-action-return'));
    const dialog = await screen.findByTestId('approval-dialog-return');
    await waitFor(() => expect(within(dialog).getByText('上一步：科员核稿')).toBeTruthy());
    expect(within(dialog).getByText('发起人：张三')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('发起人：张三'));
    fireEvent.click(screen.getByTestId('approval-dialog-ok'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0].version).toBe(4);
    expect(calls.act[0].body).toMatchObject({ type: 'return', target: 'initiator', resubmit: 'restart', opinion: '请补充材料', data: { guestUnit: '某局' } });
  });

  it('asks for an opinion before a return', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    fireEvent.click(screen.getByTestId('approval-action-return'));
    expect(screen.queryByTestId('approval-dialog-return')).toBeNull();
    expect(calls.act).toHaveLength(0);
  });

  it('renders the flow log: names (系统 for the system), actions, times and opinions', async () => {
    calls.view = viewAtDept();
    calls.log = LOG;
    render();
    const log = await screen.findByTestId('approval-log');
    await waitFor(() => expect(within(log).getByText('王五')).toBeTruthy());
    expect(within(log).getByText('张三')).toBeTruthy();
    expect(within(log).getByText('系统')).toBeTruthy();
    expect(within(log).getByText('请领导审阅')).toBeTruthy();
    expect(within(log).getByText('发起')).toBeTruthy();
    expect(within(log).getByText('自动催办')).toBeTruthy();
    expect(within(log).getByText('2026-09-30 10:01')).toBeTruthy();
    expect(within(log).getByText('步骤：科员核稿')).toBeTruthy();
  });

  it('draws the flow diagram in its tab: done, current and not reached steps', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    fireEvent.click(screen.getByText('流程图'));
    const diagram = await screen.findByTestId('approval-diagram');
    await waitFor(() => expect(within(diagram).getByTestId('approval-node-dept').getAttribute('data-state')).toBe('active'));
    expect(within(diagram).getByTestId('approval-node-clerk').getAttribute('data-state')).toBe('done');
    expect(within(diagram).getByTestId('approval-node-leader').getAttribute('data-state')).toBe('pending');
    expect(within(diagram).getByTestId('approval-node-dept').textContent).toContain('李四');
  });

  it('lets the initiator of a draft edit every field (start node default W) and submit it with the data', async () => {
    const h = new Harness(def, { initiator: 2, data: { title: '考察接待', guestUnit: '某局', people: 3 } });
    calls.view = { ...viewAtDept(), status: 'draft', initiator: 2, startedAt: null, state: h.state, actions: allowedActions(def, h.state, 2) };
    render();
    await screen.findByText('接待事由');
    expect(actionIds()).toEqual(['approval-action-start', 'approval-action-saveDraft']);
    expect(input('接待事由').readOnly).toBe(false);
    fireEvent.change(input('接待事由'), { target: { value: '考察接待（修改）' } });
    fireEvent.click(screen.getByTestId('approval-action-start'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0].body).toEqual({ type: 'start', data: { title: '考察接待（修改）', guestUnit: '某局', people: 3 } });
  });

  it('asks before a reject, then sends it', async () => {
    calls.view = viewAtDept();
    render();
    await screen.findByText('接待事由');
    fireEvent.change(opinionBox(), { target: { value: '不符合规定' } });
    fireEvent.click(screen.getByTestId('approval-action-reject'));
    fireEvent.click(await screen.findByTestId('approval-confirm-ok'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0].body).toMatchObject({ type: 'reject', opinion: '不符合规定' });
  });

  it('is read-only for someone with nothing to do', async () => {
    calls.view = viewAtDept([]);
    render();
    await screen.findByText('接待事由');
    expect(screen.getByTestId('approval-readonly')).toBeTruthy();
    expect(actionIds()).toEqual([]);
    expect(screen.queryByTestId('approval-opinion')).toBeNull();
    expect(input('来宾单位').readOnly || input('来宾单位').disabled).toBe(true);
    expect(screen.getByTestId('approval-log')).toBeTruthy();
  });
});
