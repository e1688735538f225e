/**
 * A form page with a flow (schemas/affair 拟稿, `flow: affair.default`): instead of 保存 it offers 提交 and 暂存;
 * 提交 saves the record and submits it to the flow, 暂存 keeps the flow as a draft (待发), and both go on to
 * the page's `afterSubmit` list; a refusal of the flow is shown above the form.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { FormPage } from '../../engine/renderers/FormPage';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { installTestHost } from './testHost';

const calls = vi.hoisted(() => ({
  add: [] as Record<string, unknown>[],
  start: [] as Record<string, unknown>[],
  refuse: null as string | null,
  answer: null as Record<string, unknown> | null,
}));

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    add: async (r: Record<string, unknown>) => (calls.add.push(r), { id: 41, version: 1, ...r }),
  }),
  selector: {
    search: async () => ({ users: [], depts: [] }),
    getlist: async () => ({ users: { 5: '李娜' }, depts: {} }),
    tree: async () => [],
    getrecent: async () => [],
  },
  files: { upload: async () => ({}), download: async () => ({}) },
}));
vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    startForRecord: async (b: Record<string, unknown>) => {
      calls.start.push(b);
      if (calls.refuse) throw new Error(calls.refuse);
      return calls.answer ?? { id: 7, status: b.draft ? 'draft' : 'running' };
    },
  },
}));

let host = installTestHost();
const moves = () => host.navigations.map((n) => n.to);
afterEach(() => {
  cleanup();
  host = installTestHost();
  calls.add.length = 0;
  calls.start.length = 0;
  calls.refuse = null;
  calls.answer = null;
});

const fillTitle = async (v: string) => fireEvent.change(await screen.findByLabelText('事务标题', { exact: true }), { target: { value: v } });

describe('form page with a flow', () => {
  it('提交 saves the record, submits it to the flow and goes to 已发', async () => {
    renderWithUser(<FormPage bundle={bundleOf('affair.affair.form')} />, userWith([]));
    await fillTitle('关于召开季度工作会议的请示');
    expect(screen.queryByTestId('form-save')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit-flow'));
    await waitFor(() => expect(calls.start).toHaveLength(1));
    expect(calls.add[0]).toMatchObject({ title: '关于召开季度工作会议的请示', affairType: 'request', urgency: '0' });
    expect(calls.start[0]).toEqual({ defId: 'affair.default', entity: 'affair.affair', recordId: 41, draft: false });
    await waitFor(() => expect(moves()).toEqual(['/affair/yfsw']));
  });

  it('提交 says which step and person it went to', async () => {
    const definition = {
      id: 'affair.default',
      nodes: [
        { id: 'start', type: 'start', title: { t: 'x.start', d: '拟稿' } },
        { id: 'deptReview', type: 'approve', title: { t: 'x.dept', d: '科室负责人审核' }, assignees: [] },
      ],
    };
    calls.answer = {
      id: 7,
      status: 'running',
      definition,
      state: { tasks: [{ id: 't1', nodeId: 'deptReview', kind: 'approve', assignee: 5, status: 'pending' }] },
    };
    renderWithUser(<FormPage bundle={bundleOf('affair.affair.form')} />, userWith([]));
    await fillTitle('关于召开季度工作会议的请示');
    fireEvent.click(screen.getByTestId('form-submit-flow'));
    await waitFor(() => expect(host.toasts).toContainEqual({ kind: 'success', text: '已提交，送 科室负责人审核（李娜）' }));
  });

  it('follows the start step’s field rights: an R field is read-only for the drafter', async () => {
    const bundle = { ...bundleOf('affair.affair.form'), startFields: { title: 'R' as const } };
    renderWithUser(<FormPage bundle={bundle} />, userWith([]));
    const title = (await screen.findByLabelText('事务标题', { exact: true })) as HTMLInputElement;
    expect(title.disabled || title.readOnly).toBe(true);
  });

  it('暂存 keeps it as a draft; a refusal is shown and nothing navigates', async () => {
    renderWithUser(<FormPage bundle={bundleOf('affair.affair.form')} />, userWith([]));
    await fillTitle('草稿事务');
    fireEvent.click(screen.getByTestId('form-save-draft'));
    await waitFor(() => expect(calls.start).toHaveLength(1));
    expect(calls.start[0]).toMatchObject({ draft: true });
    cleanup();
    calls.refuse = '该事项已提交审批，不能重复提交';
    host.navigations.length = 0;
    renderWithUser(<FormPage bundle={bundleOf('affair.affair.form')} />, userWith([]));
    await fillTitle('再次提交');
    fireEvent.click(screen.getByTestId('form-submit-flow'));
    expect((await screen.findByTestId('form-refusal')).textContent).toContain('该事项已提交审批，不能重复提交');
    expect(moves()).toEqual([]);
  });
});
