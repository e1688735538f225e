/**
 * The flow designer's commands and history (designer/flow/model, DESIGN §5): inserting nodes and branch sets
 * anywhere in the tree, adding / deleting / reordering branches, deleting subtrees, node properties, and
 * undo/redo with ids that are never issued twice.
 */
import { describe, expect, it } from 'vitest';
import {
  DesignerError,
  allIds,
  canRedo,
  canUndo,
  createHistory,
  execute,
  findBranch,
  findNode,
  redo,
  undo,
  type FlowCommand,
  type FlowHistory,
} from '../../designer/flow/model';
import type { BranchNode, FlowDef, FlowNode, ParallelNode, TaskNode } from '../../engine/flow';
import { approve, flow, text } from './flow/helpers';

/** Ids of a sequence, splits as `id[b1: …| b2: …]`. */
function shape(seq: FlowNode[]): string {
  return seq
    .map((n) => (n.type === 'branch' || n.type === 'parallel' ? `${n.id}[${n.branches.map((b) => `${b.id}:${shape(b.nodes)}`).join('|')}]` : n.id))
    .join(' ');
}

const base = (): FlowDef => flow([approve('a1', [11])]);
const run = (h: FlowHistory, ...cmds: FlowCommand[]) => cmds.reduce(execute, h);

describe('flow designer commands', () => {
  it('inserts each node type after a node and at the start of a branch', () => {
    let h = createHistory(base());
    h = execute(h, { kind: 'insertNode', at: { after: 'start' }, type: 'handle' });
    const handleId = h.created!;
    expect(shape(h.present.nodes)).toBe(`start ${handleId} a1 end`);
    expect(findNode(h.present, handleId)).toMatchObject({ type: 'handle', assignees: [] });
    for (const type of ['approve', 'cc', 'delay', 'service'] as const) h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type });
    expect(h.present.nodes.map((n) => n.type)).toEqual(['start', 'handle', 'approve', 'service', 'delay', 'cc', 'approve', 'end']);
    expect(findNode(h.present, h.created!)).toMatchObject({ type: 'service', action: '' });
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const split = findNode(h.present, h.created!) as BranchNode;
    const [c1, dflt] = split.branches;
    expect(dflt.default).toBe(true);
    h = execute(h, { kind: 'insertNode', at: { branchStart: c1.id }, type: 'approve' });
    const inBranch = h.created!;
    h = execute(h, { kind: 'insertNode', at: { after: inBranch }, type: 'cc' });
    expect((findNode(h.present, split.id) as BranchNode).branches[0].nodes.map((n) => n.id)).toEqual([inBranch, h.created]);
    // The input definition is never changed.
    expect(shape(base().nodes)).toBe('start a1 end');
  });

  it('adds a condition set with a default branch and a parallel set, nodes after them stay after the join', () => {
    let h = createHistory(flow([approve('a1', [11]), approve('a2', [12])]));
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const b = findNode(h.present, h.created!) as BranchNode;
    expect(b.branches).toHaveLength(2);
    expect(b.branches.filter((x) => x.default)).toHaveLength(1);
    expect(shape(h.present.nodes)).toBe(`start a1 ${b.id}[${b.branches[0].id}:|${b.branches[1].id}:] a2 end`);
    h = execute(h, { kind: 'addSplit', at: { after: b.id }, type: 'parallel' });
    const p = findNode(h.present, h.created!) as ParallelNode;
    expect(p.join).toBe('all');
    expect(p.branches).toHaveLength(2);
    expect(h.present.nodes.map((n) => n.id)).toEqual(['start', 'a1', b.id, p.id, 'a2', 'end']);
  });

  it('adds a condition branch before the default and a lane last', () => {
    let h = createHistory(base());
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const id = h.created!;
    h = execute(h, { kind: 'addBranch', splitId: id });
    const added = h.created!;
    const bs = (findNode(h.present, id) as BranchNode).branches;
    expect(bs.map((x) => x.id)[1]).toBe(added);
    expect(bs.map((x) => x.title.d)).toEqual(['condition 1', 'condition 2', 'default']);
    expect(bs[2].default).toBe(true);
    h = execute(h, { kind: 'addSplit', at: { after: id }, type: 'parallel' });
    const pid = h.created!;
    h = execute(h, { kind: 'addBranch', splitId: pid });
    expect((findNode(h.present, pid) as ParallelNode).branches.map((x) => x.id).at(-1)).toBe(h.created);
  });

  it('deletes a node, a whole split with its subtree, and a branch; a set left with one branch dissolves', () => {
    let h = createHistory(base());
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'parallel' });
    const pid = h.created!;
    const [l1, l2] = (findNode(h.present, pid) as ParallelNode).branches.map((b) => b.id);
    h = execute(h, { kind: 'insertNode', at: { branchStart: l1 }, type: 'approve' });
    const x1 = h.created!;
    h = execute(h, { kind: 'insertNode', at: { branchStart: l2 }, type: 'handle' });
    const x2 = h.created!;
    h = execute(h, { kind: 'addBranch', splitId: pid });
    const l3 = h.created!;

    const noL3 = execute(h, { kind: 'deleteBranch', branchId: l3 });
    expect((findNode(noL3.present, pid) as ParallelNode).branches.map((b) => b.id)).toEqual([l1, l2]);
    const dissolved = execute(noL3, { kind: 'deleteBranch', branchId: l1 });
    expect(shape(dissolved.present.nodes)).toBe(`start a1 ${x2} end`);

    const noSplit = execute(h, { kind: 'deleteNode', id: pid });
    expect(shape(noSplit.present.nodes)).toBe('start a1 end');
    expect(findNode(noSplit.present, x1)).toBeUndefined();

    const noA1 = execute(h, { kind: 'deleteNode', id: 'a1' });
    expect(noA1.present.nodes.map((n) => n.id)).toEqual(['start', pid, 'end']);
  });

  it('refuses what would break the tree', () => {
    let h = createHistory(base());
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const [c1, dflt] = (findNode(h.present, h.created!) as BranchNode).branches;
    const refused = (cmd: FlowCommand) => {
      try {
        execute(h, cmd);
      } catch (e) {
        expect(e).toBeInstanceOf(DesignerError);
        return (e as DesignerError).key;
      }
      return 'accepted';
    };
    expect(refused({ kind: 'deleteNode', id: 'start' })).toBe('error.deleteStartEnd');
    expect(refused({ kind: 'deleteNode', id: 'end' })).toBe('error.deleteStartEnd');
    expect(refused({ kind: 'insertNode', at: { after: 'end' }, type: 'approve' })).toBe('error.insertAfterEnd');
    expect(refused({ kind: 'insertNode', at: { after: 'nope' }, type: 'approve' })).toBe('error.unknownNode');
    expect(refused({ kind: 'insertNode', at: { branchStart: 'nope' }, type: 'approve' })).toBe('error.unknownBranch');
    expect(refused({ kind: 'deleteBranch', branchId: dflt.id })).toBe('error.deleteDefault');
    expect(refused({ kind: 'updateBranch', branchId: dflt.id, condition: 'days > 3' })).toBe('error.defaultCondition');
    expect(refused({ kind: 'moveBranch', branchId: c1.id, delta: 1 })).toBe('error.moveOutOfRange');
    expect(refused({ kind: 'updateNode', id: 'a1', patch: { type: 'cc' } })).toBe('error.immutableKey');
    expect(refused({ kind: 'addBranch', splitId: 'a1' })).toBe('error.notSplit');
  });

  it('moves a branch priority up and down, the default stays last', () => {
    let h = createHistory(base());
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const sid = h.created!;
    h = execute(h, { kind: 'addBranch', splitId: sid });
    const order = () => (findNode(h.present, sid) as BranchNode).branches.map((b) => b.id);
    const [c1, c2, d] = order();
    h = execute(h, { kind: 'moveBranch', branchId: c2, delta: -1 });
    expect(order()).toEqual([c2, c1, d]);
    h = execute(h, { kind: 'moveBranch', branchId: c2, delta: 1 });
    expect(order()).toEqual([c1, c2, d]);
    expect(() => execute(h, { kind: 'moveBranch', branchId: c1, delta: -1 })).toThrow(DesignerError);
  });

  it('updates node properties: title, assignees, mode and vote ratio, actions, return targets, deadline, field permissions, cc, conditions', () => {
    let h = createHistory(base());
    h = run(
      h,
      { kind: 'setTitle', id: 'a1', text: '分管领导' },
      {
        kind: 'updateNode',
        id: 'a1',
        patch: {
          assignees: [
            { kind: 'leader', level: 2, of: 'initiator' },
            { kind: 'roles', roles: ['hr'] },
          ],
        },
      },
      { kind: 'updateNode', id: 'a1', patch: { mode: 'vote', ratio: 0.6 } },
      {
        kind: 'updateNode',
        id: 'a1',
        patch: { actions: ['approve', 'reject'], returnTargets: ['anyDone'], deadline: { workdays: 3 }, ccOnDone: [{ kind: 'users', users: [7] }] },
      },
      { kind: 'setFieldPermission', id: 'a1', field: 'reason', perm: 'R' },
      { kind: 'setFieldPermission', id: 'a1', field: 'days', perm: 'H' },
    );
    let a1 = findNode(h.present, 'a1') as TaskNode;
    // A renamed title gets a key no locale file holds (pages look the key up first), kept on the next rename.
    expect(a1.title).toEqual({ t: 'test.flow.node.a1.r1', d: '分管领导' });
    expect(text('a1').t).not.toBe(a1.title.t);
    expect(a1).toMatchObject({
      mode: 'vote',
      ratio: 0.6,
      actions: ['approve', 'reject'],
      returnTargets: ['anyDone'],
      deadline: { workdays: 3 },
      fieldPermissions: { reason: 'R', days: 'H' },
    });
    expect(a1.assignees.map((r) => r.kind)).toEqual(['leader', 'roles']);
    expect(a1.ccOnDone).toEqual([{ kind: 'users', users: [7] }]);
    h = run(
      h,
      { kind: 'updateNode', id: 'a1', patch: { mode: 'all', deadline: undefined } },
      { kind: 'setFieldPermission', id: 'a1', field: 'days', perm: null },
    );
    a1 = findNode(h.present, 'a1') as TaskNode;
    expect(a1.mode).toBe('all');
    expect('ratio' in a1).toBe(false);
    expect('deadline' in a1).toBe(false);
    expect(a1.fieldPermissions).toEqual({ reason: 'R' });

    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    const [c1, d] = (findNode(h.present, h.created!) as BranchNode).branches;
    h = execute(h, { kind: 'updateBranch', branchId: c1.id, title: '超过3天', condition: 'days > 3' });
    expect(findBranch(h.present, c1.id)?.branch).toMatchObject({ title: { t: `test.flow.branch.${c1.id}.r1`, d: '超过3天' }, condition: { cel: 'days > 3' } });
    h = execute(h, { kind: 'setDefaultBranch', branchId: c1.id });
    const after = (findNode(h.present, findBranch(h.present, c1.id)!.container.id) as BranchNode).branches;
    expect(after[0]).toMatchObject({ id: c1.id, default: true });
    expect(after[0].condition).toBeUndefined();
    expect(after[1].id).toBe(d.id);
    expect(after[1].default).toBeUndefined();
  });
});

describe('flow designer history', () => {
  it('undoes and redoes every step, a new command clears redo', () => {
    const def = base();
    let h = createHistory(def);
    expect(canUndo(h)).toBe(false);
    h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'approve' });
    const s1 = h.present;
    h = execute(h, { kind: 'addSplit', at: { after: 'start' }, type: 'parallel' });
    const s2 = h.present;
    h = undo(h);
    expect(h.present).toBe(s1);
    h = undo(h);
    expect(h.present).toBe(def);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(s1);
    h = redo(h);
    expect(h.present).toBe(s2);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(canRedo(h)).toBe(true);
    h = execute(h, { kind: 'deleteNode', id: 'a1' });
    expect(canRedo(h)).toBe(false);
    expect(shape(h.present.nodes)).not.toContain('a1');
  });

  it('a refused command leaves the history as it was', () => {
    const h = execute(createHistory(base()), { kind: 'insertNode', at: { after: 'a1' }, type: 'cc' });
    expect(() => execute(h, { kind: 'deleteNode', id: 'end' })).toThrow(DesignerError);
    expect(h.past).toHaveLength(1);
  });

  it('never issues an id twice: not after delete, not after undo, not one reserved from older revisions', () => {
    let h = createHistory(base(), { reservedIds: ['approve_1', 'approve_2'] });
    const issued: string[] = [];
    h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'approve' });
    issued.push(h.created!);
    expect(h.created).toBe('approve_3');
    h = execute(h, { kind: 'deleteNode', id: h.created! });
    h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'approve' });
    issued.push(h.created!);
    h = undo(h);
    h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
    issued.push(h.created!, ...(findNode(h.present, h.created!) as BranchNode).branches.map((b) => b.id));
    h = undo(h);
    h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'approve' });
    issued.push(h.created!);
    expect(new Set(issued).size).toBe(issued.length);
    expect(issued).not.toContain('approve_1');
    expect(issued).not.toContain('a1');
    for (const id of allIds(h.present)) expect(['start', 'a1', 'end', ...issued]).toContain(id);
  });

  it('keeps at most `limit` undo steps', () => {
    let h = createHistory(base(), { limit: 3 });
    for (let i = 0; i < 5; i++) h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'cc' });
    expect(h.past).toHaveLength(3);
    h = undo(undo(undo(h)));
    expect(h.present.nodes).toHaveLength(5);
  });

  it('renames with a fresh i18n key once, keeps it on later renames, and leaves an unchanged title alone', () => {
    let h = createHistory(base());
    const before = findNode(h.present, 'a1')!.title;
    h = execute(h, { kind: 'setTitle', id: 'a1', text: before.d });
    expect(findNode(h.present, 'a1')!.title).toBe(before);
    h = run(h, { kind: 'setTitle', id: 'a1', text: '科长审批' }, { kind: 'setTitle', id: 'a1', text: '处长审批' });
    expect(findNode(h.present, 'a1')!.title).toEqual({ t: 'test.flow.node.a1.r1', d: '处长审批' });
    h = undo(undo(h));
    expect(findNode(h.present, 'a1')!.title).toEqual(before);
  });
});
