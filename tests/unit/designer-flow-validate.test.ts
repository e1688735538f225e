/**
 * Validation of a designed flow before publish (designer/flow/model validateForPublish, DESIGN §5): a default
 * branch in every condition set, an assignee rule on every approve / handle node, conditions that type-check
 * against the entity model, no unreachable node; problems per node id with keys of the `flowdesigner` namespace.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createHistory, execute, findNode, problemsByNode, validateForPublish, type FlowHistory } from '../../designer/flow/model';
import type { BranchNode, FlowDef, FlowNode } from '../../engine/flow';
import type { EntityModel } from '../../engine/schema/types';
import { approve, flow, text } from './flow/helpers';

const model: EntityModel = {
  type: 'object',
  properties: {
    leaveType: { type: 'string', 'x-title': text('type'), 'x-kind': 'dict' },
    days: { type: 'number', 'x-title': text('days'), 'x-kind': 'number' },
    reason: { type: 'string', 'x-title': text('reason'), 'x-kind': 'text' },
    dept: { type: 'integer', 'x-title': text('dept'), 'x-kind': 'dept' },
    approver: { type: 'integer', 'x-title': text('approver'), 'x-kind': 'user' },
  },
};

/** 科长 → if days > 3 then 分管领导 (会签 with 人事科) → end. */
const leave = (cond = 'days > 3', extra: Partial<BranchNode> = {}): FlowDef =>
  flow([
    approve('chief', [{ kind: 'leader', level: 1, of: 'initiator' }]),
    {
      id: 'long',
      type: 'branch',
      title: text('by days'),
      branches: [
        {
          id: 'over3',
          title: text('over 3'),
          condition: { cel: cond },
          nodes: [
            approve(
              'vp',
              [
                { kind: 'leader', level: 2, of: 'initiator' },
                { kind: 'roles', roles: ['hr'] },
              ],
              { mode: 'all' },
            ),
          ],
        },
        { id: 'else', title: text('else'), default: true, nodes: [] },
      ],
      ...extra,
    } as FlowNode,
  ]);

const keys = (def: FlowDef) => validateForPublish(def, { model }).map((p) => `${p.nodeId}:${p.key}`);

describe('flow designer validation', () => {
  it('accepts a complete flow', () => {
    expect(validateForPublish(leave(), { model })).toEqual([]);
  });

  it('accepts the shipped flows against their entity models', () => {
    const root = path.resolve(__dirname, '../..');
    const affairFlow = JSON.parse(fs.readFileSync(path.join(root, 'schemas/affair/flows/default.flow.json'), 'utf8')) as FlowDef;
    const affairEntity = JSON.parse(fs.readFileSync(path.join(root, 'schemas/affair/entities/affair.json'), 'utf8')) as { model: EntityModel };
    expect(validateForPublish(affairFlow, { model: affairEntity.model })).toEqual([]);
  });

  it('asks for a default branch in every condition set', () => {
    const def = leave('days > 3', {
      branches: [(leave().nodes[2] as BranchNode).branches[0], { id: 'b2', title: text('b2'), condition: { cel: 'days <= 3' }, nodes: [] }],
    });
    expect(keys(def)).toContain('long:problem.noDefault');
  });

  it('asks for an assignee rule on a new approve / handle node, and for complete rules', () => {
    let h: FlowHistory = createHistory(leave());
    h = execute(h, { kind: 'insertNode', at: { after: 'chief' }, type: 'handle' });
    const id = h.created!;
    expect(keys(h.present)).toEqual([`${id}:problem.noAssigneeRule`]);
    h = execute(h, { kind: 'updateNode', id, patch: { assignees: [{ kind: 'roles', roles: [] }] } });
    expect(keys(h.present)).toEqual([`${id}:problem.emptyRule`]);
    h = execute(h, { kind: 'updateNode', id, patch: { assignees: [{ kind: 'formField', field: 'approverr' }] } });
    expect(validateForPublish(h.present, { model })).toMatchObject([{ nodeId: id, key: 'problem.unknownField', params: { field: 'approverr' } }]);
    h = execute(h, { kind: 'updateNode', id, patch: { assignees: [{ kind: 'formField', field: 'approver' }] } });
    expect(keys(h.present)).toEqual([]);
  });

  it('type-checks every condition against the model, naming the fault', () => {
    const unknown = validateForPublish(leave('dayz > 3'), { model });
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ nodeId: 'over3', key: 'problem.condition' });
    expect(String(unknown[0].params?.detail)).toContain('dayz');
    expect(keys(leave('reason + 1'))).toEqual(['over3:problem.condition']);
    expect(keys(leave('days'))).toEqual(['over3:problem.condition']);
    // A new condition branch without a condition is named too.
    let h = createHistory(leave());
    h = execute(h, { kind: 'addBranch', splitId: 'long' });
    expect(keys(h.present)).toEqual([`${h.created}:problem.noCondition`]);
  });

  it('finds unreachable nodes: constant-false or repeated conditions, branches after a constant-true one', () => {
    expect(keys(leave('false'))).toEqual(['over3:problem.unreachable', 'vp:problem.unreachable']);
    expect(keys(leave('1 > 2'))).toEqual(['over3:problem.unreachable', 'vp:problem.unreachable']);
    expect(keys(leave('true'))).toEqual(['else:problem.unreachable']);
    let h = createHistory(leave());
    h = execute(h, { kind: 'addBranch', splitId: 'long' });
    const dup = h.created!;
    h = execute(h, { kind: 'updateBranch', branchId: dup, condition: 'days  >  3' });
    h = execute(h, { kind: 'insertNode', at: { branchStart: dup }, type: 'cc' });
    const cc = h.created!;
    h = execute(h, { kind: 'updateNode', id: cc, patch: { assignees: [{ kind: 'initiator' }] } });
    expect(keys(h.present)).toEqual([`${dup}:problem.unreachable`, `${cc}:problem.unreachable`]);
    expect((findNode(h.present, 'long') as BranchNode).branches).toHaveLength(3);
  });

  it('checks field permissions, deadlines and vote ratios; groups problems by node', () => {
    let h = createHistory(leave());
    h = execute(h, { kind: 'setFieldPermission', id: 'chief', field: 'nosuch', perm: 'W' });
    h = execute(h, { kind: 'updateNode', id: 'chief', patch: { deadline: { workdays: 0 } } });
    h = execute(h, { kind: 'updateNode', id: 'vp', patch: { mode: 'vote' } });
    const problems = validateForPublish(h.present, { model });
    const by = problemsByNode(problems);
    expect(
      by
        .get('chief')
        ?.map((p) => p.key)
        .sort(),
    ).toEqual(['problem.deadline', 'problem.unknownField']);
    expect(by.get('vp')?.map((p) => p.key)).toEqual(['problem.voteRatio']);
    expect(validateForPublish(execute(h, { kind: 'updateNode', id: 'vp', patch: { ratio: 0.5 } }).present, { model }).some((p) => p.nodeId === 'vp')).toBe(
      false,
    );
  });
});
