/**
 * The flow designer's canvas layout (designer/flow/model layoutFlow): a branchy flow (a condition set with an
 * empty default branch, a nested parallel set) becomes positioned nodes and edges, top to bottom, branches side
 * by side, nothing overlapping, the same every time; the "+" on every edge inserts exactly there.
 */
import { describe, expect, it } from 'vitest';
import { createHistory, execute, findNode, layoutFlow, validateForPublish, type DesignerNode, type FlowHistory } from '../../designer/flow/model';
import type { BranchNode, ParallelNode } from '../../engine/flow';
import { approve, flow } from './flow/helpers';

/** start → a1 → branch[c1: x → parallel[l1: p1 | l2: p2] | default: (empty)] → a2 → end, built by commands. */
function branchy(): FlowHistory {
  let h = createHistory(flow([approve('a1', [1]), approve('a2', [2])]));
  h = execute(h, { kind: 'addSplit', at: { after: 'a1' }, type: 'branch' });
  const b = findNode(h.present, h.created!) as BranchNode;
  h = execute(h, { kind: 'updateBranch', branchId: b.branches[0].id, condition: 'true == true' });
  h = execute(h, { kind: 'insertNode', at: { branchStart: b.branches[0].id }, type: 'approve' });
  const x = h.created!;
  h = execute(h, { kind: 'updateNode', id: x, patch: { assignees: [{ kind: 'initiator' }] } });
  h = execute(h, { kind: 'addSplit', at: { after: x }, type: 'parallel' });
  const p = findNode(h.present, h.created!) as ParallelNode;
  for (const lane of p.branches) {
    h = execute(h, { kind: 'insertNode', at: { branchStart: lane.id }, type: 'handle' });
    h = execute(h, { kind: 'updateNode', id: h.created!, patch: { assignees: [{ kind: 'users', users: [3] }] } });
  }
  return h;
}

const overlap = (a: DesignerNode, b: DesignerNode) =>
  a.position.x < b.position.x + b.width &&
  b.position.x < a.position.x + a.width &&
  a.position.y < b.position.y + b.height &&
  b.position.y < a.position.y + a.height;

describe('flow designer layout', () => {
  it('lays a branchy flow out top to bottom, branches side by side, no overlap', () => {
    const def = branchy().present;
    const l = layoutFlow(def);
    const split = def.nodes[2] as BranchNode;
    const par = split.branches[0].nodes[1] as ParallelNode;
    const ids = l.nodes.map((n) => n.id);
    expect(ids).toHaveLength(4 + 5 + 2 + 1); // start a1 a2 end; split x parallel p1 p2; two joins; the empty branch's point
    expect(ids).toContain(`${split.id}/join`);
    expect(ids).toContain(`${par.id}/join`);
    expect(ids).toContain(split.branches[1].id);
    const at = new Map(l.nodes.map((n) => [n.id, n]));
    for (const e of l.edges) {
      const s = at.get(e.source)!;
      const t = at.get(e.target)!;
      expect(s.position.y + s.height, `${e.id} goes down`).toBeLessThanOrEqual(t.position.y);
    }
    for (let i = 0; i < l.nodes.length; i++)
      for (let j = i + 1; j < l.nodes.length; j++) expect(overlap(l.nodes[i], l.nodes[j]), `${l.nodes[i].id} / ${l.nodes[j].id}`).toBe(false);
    const [p1, p2] = par.branches.map((b) => at.get(b.nodes[0].id)!);
    expect(p1.position.y).toBe(p2.position.y);
    expect(p1.position.x).not.toBe(p2.position.x);
    expect(l.width).toBeGreaterThanOrEqual(Math.max(...l.nodes.map((n) => n.position.x + n.width)));
    expect(l.height).toBeGreaterThanOrEqual(Math.max(...l.nodes.map((n) => n.position.y + n.height)));
    // branch titles on the first edge of each branch, which knows its branch
    const first = l.edges.find((e) => e.source === split.id && e.target === split.branches[0].nodes[0].id)!;
    expect(first.data.branchId).toBe(split.branches[0].id);
    expect(first.label).toBe(split.branches[0].title.d);
  });

  it('is deterministic', () => {
    const def = branchy().present;
    expect(layoutFlow(def)).toEqual(layoutFlow(structuredClone(def)));
  });

  it('the "+" of every edge inserts a node right on that edge', () => {
    const h = branchy();
    const l = layoutFlow(h.present);
    const kind = new Map(l.nodes.map((n) => [n.id, n.data.kind]));
    expect(l.edges.every((e) => e.data.insert)).toBe(true);
    for (const e of l.edges) {
      const next = execute(h, { kind: 'insertNode', at: e.data.insert!, type: 'cc' });
      const id = next.created!;
      const l2 = layoutFlow(next.present);
      // an empty branch's point gives way to the node: the edge then runs split → node → join
      const src = kind.get(e.source) === 'pass' ? l.edges.find((x) => x.target === e.source)!.source : e.source;
      const dst = kind.get(e.target) === 'pass' ? l.edges.find((x) => x.source === e.target)!.target : e.target;
      expect(
        l2.edges.some((x) => x.source === src && x.target === id),
        `into ${id} on ${e.id}`,
      ).toBe(true);
      expect(
        l2.edges.some((x) => x.source === id && x.target === dst),
        `out of ${id} on ${e.id}`,
      ).toBe(true);
    }
  });

  it('attaches problems to their nodes and branch edges', () => {
    let h = branchy();
    const split = h.present.nodes[2] as BranchNode;
    h = execute(h, { kind: 'updateBranch', branchId: split.branches[0].id, condition: 'nosuch > 1' });
    h = execute(h, { kind: 'insertNode', at: { after: 'a1' }, type: 'approve' });
    const problems = validateForPublish(h.present, { model: { type: 'object', properties: {} } });
    const l = layoutFlow(h.present, { problems });
    expect(l.nodes.find((n) => n.id === h.created)!.data.problems.map((p) => p.key)).toEqual(['problem.noAssigneeRule']);
    expect(l.edges.find((e) => e.data.branchId === split.branches[0].id)!.data.problems.map((p) => p.key)).toEqual(['problem.condition']);
    expect(l.nodes.filter((n) => n.data.problems.length)).toHaveLength(1);
  });
});

describe('flow designer layout, branch order', () => {
  it('draws the branches of every split left to right in priority order, also after a move', () => {
    let h = branchy();
    const split = h.present.nodes[2] as BranchNode;
    h = execute(h, { kind: 'addBranch', splitId: split.id });
    const added = h.created!;
    h = execute(h, { kind: 'insertNode', at: { branchStart: added }, type: 'cc' });
    const leftOf = (def: typeof h.present) => {
      const l = layoutFlow(def);
      const at = new Map(l.nodes.map((n) => [n.id, n]));
      const s = findNode(def, split.id) as BranchNode;
      const first = (b: BranchNode['branches'][number]) => at.get(b.nodes[0]?.id ?? b.id)!;
      return s.branches.map((b) => first(b).position.x);
    };
    const xs = leftOf(h.present);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    h = execute(h, { kind: 'moveBranch', branchId: added, delta: -1 });
    const ys = leftOf(h.present);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    const inner = (findNode(h.present, split.id) as BranchNode).branches.find((b) => b.nodes.length > 1)!.nodes[1] as ParallelNode;
    const l = layoutFlow(h.present);
    const at = new Map(l.nodes.map((n) => [n.id, n]));
    const [p1, p2] = inner.branches.map((b) => at.get(b.nodes[0].id)!.position.x);
    expect(p1).toBeLessThan(p2);
  });
});
