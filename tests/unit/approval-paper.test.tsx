/**
 * The 稿纸 layout of ApprovalPage (ApprovalPageDef `paper`, engine/renderers/approval/PaperTemplate.tsx) as a
 * handler sees it: the heading, the fields in the cells of the grid under their node's R/W/H, the opinions of the
 * steps each box lists with the name of who gave them, the handler's opinion input in the box of their own step
 * (no separate opinion card), the people of a step, and 同意 sending what was typed in the box. The instance is a
 * real engine/flow state (tests/unit/flow/helpers Harness); flow/*, Template/page, selector and Words are mocked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import { allowedActions, type ActionName, type FlowNode } from '../../engine/flow';
import type { InstanceView, FlowLogEntry } from '../../engine/data/flow';
import type { PageBundle } from '../../engine/schema/bundle';
import type { ApprovalPageDef, FormPageDef } from '../../engine/schema/types';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { approve, flow, Harness } from './flow/helpers';

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

/** The approval page with a 稿纸: two opinion boxes, 接待事由 over two columns, 来宾人数 (H) and the people of 科员核稿. */
function paperBundle(): PageBundle {
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
    paper: {
      title: { t: 'x.paper', d: '接待审批单' },
      columns: 2,
      rows: [
        [
          { opinion: 'clerk', title: { t: 'x.clerk', d: '核稿意见' }, nodes: ['clerk'] },
          { opinion: 'dept', title: { t: 'x.dept', d: '审核意见' }, nodes: ['dept', 'leader'] },
        ],
        [{ field: 'title', span: 2 }],
        [{ field: 'people' }, { people: ['clerk'], title: { t: 'x.checker', d: '核稿人' } }],
      ],
    },
  } as ApprovalPageDef;
  return { ...base, page };
}

const render = () => renderWithUser(<ApprovalPage bundle={paperBundle()} recordId={7} />, userWith([]));
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  calls.act.length = 0;
  calls.info = 0;
  calls.log = [];
});

describe('ApprovalPage with a 稿纸', () => {
  it('draws the heading, the fields in the grid under R/W/H, and the fields it does not place after it', async () => {
    calls.view = viewAtDept();
    calls.log = LOG;
    render();
    const paper = await screen.findByTestId('paper');
    expect(within(paper).getByText('接待审批单')).toBeTruthy();
    expect(input('接待事由').value).toBe('考察接待');
    expect(input('接待事由').readOnly || input('接待事由').disabled).toBe(true);
    // 来宾单位 is not placed: it follows the grid, editable (W at 科室审核)
    expect(input('来宾单位').readOnly).toBe(false);
    expect(paper.contains(input('来宾单位'))).toBe(true);
    // 来宾人数 is H at 科室审核: its cell stays empty
    expect(screen.queryByText('来宾人数')).toBeNull();
  });

  it('shows each box the opinions of its steps with the name, and the handler writes in the box of their step', async () => {
    calls.view = viewAtDept();
    calls.log = LOG;
    render();
    const clerk = await screen.findByTestId('paper-opinion-clerk');
    await waitFor(() => expect(within(clerk).getByText('请领导审阅')).toBeTruthy());
    expect(within(clerk).getByText('王五')).toBeTruthy();
    expect(within(clerk).queryByTestId('approval-opinion')).toBeNull();
    const dept = screen.getByTestId('paper-opinion-dept');
    expect(within(dept).getByTestId('approval-opinion')).toBeTruthy();
    // the opinion is written in the box: no separate opinion card
    expect(screen.queryByText('审批意见')).toBeNull();
    expect(screen.getAllByText('核稿人').length).toBe(1);
    expect(screen.getAllByText('王五').length).toBeGreaterThanOrEqual(2);
  });

  it('同意 sends the opinion typed in the box', async () => {
    const view = viewAtDept();
    calls.view = view;
    calls.log = LOG;
    render();
    const dept = await screen.findByTestId('paper-opinion-dept');
    const box = within(dept).getByTestId('approval-opinion');
    const area = (box.tagName === 'TEXTAREA' ? box : box.querySelector('textarea')) as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: '同意接待' } });
    fireEvent.click(screen.getByTestId('approval-action-approve'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0].body).toMatchObject({ type: 'approve', opinion: '同意接待', data: { guestUnit: '某局' } });
  });
});
