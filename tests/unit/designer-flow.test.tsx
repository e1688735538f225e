/**
 * The flow designer component (designer/flow FlowDesigner, DESIGN §5) in happy-dom: the canvas draws the flow,
 * "+" on an edge inserts a node there, the new node opens its panel and shows its problem (no assignee) until
 * a rule is chosen, undo / redo, mode 票签 and a field permission; a condition set: its branch's panel checks the condition against the model,
 * moves its priority and deletes it; clicking a node opens its panel; deleting a node.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import '@app/i18n';
import { i18n } from '@app/i18n';
import { FlowDesigner, findNode, type DesignerProblem } from '../../designer/flow';
import type { BranchNode, FlowDef, TaskNode } from '../../engine/flow';
import type { EntityModel } from '../../engine/schema/types';
import { approve, flow, text } from './flow/helpers';

// The org pickers would ask the server; these tests do not open them.
vi.mock('../../engine/data/api', () => ({
  resource: () => ({ list: () => Promise.resolve({ list: [], total: 0 }) }),
  selector: {
    position: () => Promise.resolve([]),
    getlist: () => Promise.resolve({ users: {}, depts: {} }),
    search: () => Promise.resolve({ users: [], depts: [] }),
  },
}));

afterEach(cleanup);

const model: EntityModel = {
  type: 'object',
  properties: {
    days: { type: 'number', 'x-title': text('天数'), 'x-kind': 'number' },
    reason: { type: 'string', 'x-title': text('事由'), 'x-kind': 'text' },
  },
};

function setup(def: FlowDef) {
  void i18n.changeLanguage('zh-CN');
  const changes: { def: FlowDef; problems: DesignerProblem[] }[] = [];
  render(
    <App>
      <FlowDesigner definition={def} model={model} onChange={(d, problems) => changes.push({ def: d, problems })} height={500} />
    </App>,
  );
  return { changes, last: () => changes[changes.length - 1] };
}

/** Chooses the option `label` of an antd Select. */
async function pick(select: HTMLElement, label: string) {
  const box = select.querySelector('.ant-select-selector, .ant-select-content') ?? select;
  fireEvent.mouseDown(box);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]);
}

async function insertOn(edgeId: string, type: string) {
  fireEvent.click(await screen.findByTestId(`flowd-plus-${edgeId}`));
  fireEvent.click(await screen.findByTestId(`flowd-insert-${type}`));
}

describe('FlowDesigner', () => {
  it('draws the flow and inserts an approve node with "+" on an edge; its problem shows until it has an assignee', { timeout: 30_000 }, async () => {
    const { changes, last } = setup(flow([approve('chief', [{ kind: 'leader', level: 1, of: 'initiator' }])]));
    expect(await screen.findByTestId('flowd-node-chief')).toBeTruthy();
    expect(screen.getByTestId('flowd-node-start')).toBeTruthy();
    expect(screen.getByTestId('flowd-problem-count').textContent).toBe('检查通过，可以发布');

    await insertOn('chief->end', 'approve');
    await waitFor(() => expect(changes).toHaveLength(1));
    const ids = last().def.nodes.map((n) => n.id);
    expect(ids).toHaveLength(4);
    const id = ids[2];
    expect(ids).toEqual(['start', 'chief', id, 'end']);
    expect(last().problems.map((p) => `${p.nodeId}:${p.key}`)).toEqual([`${id}:problem.noAssigneeRule`]);
    // drawn between chief and end, marked with its problem, its panel open
    const node = await screen.findByTestId(`flowd-node-${id}`);
    expect(node.getAttribute('data-problems')).toBe('problem.noAssigneeRule');
    expect(node.textContent).toContain('审批');
    expect(node.textContent).toContain('请设置处理人');
    expect(screen.getByTestId(`flowd-plus-chief->${id}`)).toBeTruthy();
    expect(screen.getByTestId(`flowd-plus-${id}->end`)).toBeTruthy();
    const panel = screen.getByTestId(`flowd-panel-${id}`);
    expect(within(panel).getByTestId('flowd-panel-problems').textContent).toContain('未设置处理人');
    expect(screen.getByTestId('flowd-problem-count').textContent).toBe('1 个问题');

    // choose "the initiator" as the assignee: the problem goes away
    fireEvent.click(within(panel).getByTestId('flowd-assignees-add'));
    fireEvent.click(await screen.findByTestId('flowd-assignees-add-initiator'));
    await waitFor(() => expect((findNode(last().def, id) as TaskNode).assignees).toEqual([{ kind: 'initiator' }]));
    expect(last().problems).toEqual([]);
    await waitFor(() => expect(screen.getByTestId(`flowd-node-${id}`).getAttribute('data-problems')).toBe(''));
    expect(screen.getByTestId('flowd-problem-count').textContent).toBe('检查通过，可以发布');

    // rename, then undo twice and redo once
    const title = within(screen.getByTestId(`flowd-panel-${id}`)).getByTestId('flowd-title');
    fireEvent.change(title, { target: { value: '分管领导' } });
    fireEvent.blur(title);
    await waitFor(() => expect(findNode(last().def, id)?.title.d).toBe('分管领导'));
    expect(screen.getByTestId(`flowd-node-${id}`).textContent).toContain('分管领导');
    fireEvent.click(screen.getByTestId('flowd-undo'));
    fireEvent.click(screen.getByTestId('flowd-undo'));
    await waitFor(() => expect((findNode(last().def, id) as TaskNode).assignees).toEqual([]));
    expect(findNode(last().def, id)?.title.d).toBe('审批');
    fireEvent.click(screen.getByTestId('flowd-redo'));
    await waitFor(() => expect((findNode(last().def, id) as TaskNode).assignees).toEqual([{ kind: 'initiator' }]));

    // mode 票签 with its ratio, and a field permission
    const panel2 = screen.getByTestId(`flowd-panel-${id}`);
    await pick(within(panel2).getByTestId('flowd-mode'), '票签（按比例通过）');
    await waitFor(() => expect(findNode(last().def, id)).toMatchObject({ mode: 'vote', ratio: 0.5 }));
    expect(within(screen.getByTestId(`flowd-panel-${id}`)).getByTestId('flowd-ratio')).toBeTruthy();
    fireEvent.click(within(within(screen.getByTestId(`flowd-panel-${id}`)).getByTestId('flowd-perm-reason')).getByText('可编辑'));
    await waitFor(() => expect((findNode(last().def, id) as TaskNode).fieldPermissions).toEqual({ reason: 'W' }));
    expect(last().problems).toEqual([]);
  });

  it('adds a condition set, checks a branch condition against the model, deletes a node', { timeout: 30_000 }, async () => {
    const { last } = setup(flow([approve('chief', [11])]));
    await insertOn('chief->end', 'branch');
    await waitFor(() => expect(last().def.nodes[2]?.type).toBe('branch'));
    const split = last().def.nodes[2] as BranchNode;
    const [cond, dflt] = split.branches;
    expect(dflt.default).toBe(true);
    await waitFor(() => expect(screen.getByTestId(`flowd-branch-${cond.id}`).getAttribute('data-problems')).toBe('problem.noCondition'));
    expect(screen.getByTestId(`flowd-node-${split.id}/join`)).toBeTruthy();

    fireEvent.click(screen.getByTestId(`flowd-branch-${cond.id}`));
    const panel = await screen.findByTestId(`flowd-panel-${cond.id}`);
    // the builder first: a test on 天数 > 3 is written as CEL
    expect(within(panel).getByTestId('flowd-cond-builder')).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('flowd-cond-add'));
    expect(last().def.nodes[2]).toEqual(split); // "天数 equals (nothing)" is incomplete: not saved
    await pick(within(panel).getByTestId('flowd-cond-field'), '天数');
    await pick(within(panel).getByTestId('flowd-cond-op'), '大于');
    fireEvent.change(within(panel).getByTestId('flowd-cond-value'), { target: { value: '3' } });
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches[0].condition).toEqual({ cel: 'days > 3.0' }));
    expect(last().problems).toEqual([]);
    // the expression editor checks as you type
    fireEvent.click(within(panel).getByText('表达式'));
    const input = within(panel).getByTestId('flowd-condition');
    expect((input as HTMLTextAreaElement).value).toBe('days > 3.0');
    fireEvent.change(input, { target: { value: 'dayz > 3' } });
    expect(within(panel).getByTestId('flowd-condition-check').textContent).toContain('dayz');
    fireEvent.change(input, { target: { value: 'days > 3' } });
    expect(within(panel).getByTestId('flowd-condition-check').textContent).toBe('表达式正确');
    fireEvent.blur(input);
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches[0].condition).toEqual({ cel: 'days > 3' }));
    expect(last().problems).toEqual([]);

    // a second condition goes before the default; "raise priority" puts it first
    fireEvent.click(screen.getByTestId(`flowd-addbranch-${split.id}`));
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches).toHaveLength(3));
    const added = (last().def.nodes[2] as BranchNode).branches[1];
    expect(added.title.d).toBe('条件2');
    fireEvent.click(within(await screen.findByTestId(`flowd-panel-${added.id}`)).getByTestId('flowd-branch-up'));
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches.map((b) => b.id)).toEqual([added.id, cond.id, dflt.id]));
    fireEvent.click(within(screen.getByTestId(`flowd-panel-${added.id}`)).getByTestId('flowd-branch-delete'));
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches.map((b) => b.id)).toEqual([cond.id, dflt.id]));

    // clicking a node opens its panel
    fireEvent.click(screen.getByTestId('flowd-node-chief'));
    expect(await screen.findByTestId('flowd-panel-chief')).toBeTruthy();

    // insert into the empty default branch (its "+" sits on the edge from the split), then delete chief
    await insertOn(`${split.id}->${dflt.id}`, 'cc');
    await waitFor(() => expect((last().def.nodes[2] as BranchNode).branches[1].nodes).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByTestId('flowd-delete-chief'));
    });
    await waitFor(() => expect(last().def.nodes.map((n) => n.id)).toEqual(['start', split.id, 'end']));
    expect(screen.queryByTestId('flowd-node-chief')).toBeNull();
  });
});
