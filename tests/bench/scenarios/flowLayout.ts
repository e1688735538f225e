/**
 * The `flow-layout` scenario: time to lay out a 100-node flow on the flow designer's canvas
 * (designer/flow/model layoutFlow: the tree → React Flow nodes and edges positioned by dagre), in this process,
 * no server and no browser. The flow is built by the designer's own commands: runs of approve / handle / cc
 * nodes, condition sets (three branches, one default) and parallel sets (two lanes), some nested, until it has
 * FLOW_NODES definition nodes. One cold layout, then the median of ROUNDS warm ones against the target
 * ≤ 200 ms; validation before publish is timed as a figure too. Figures only, no assertion. No Node imports:
 * `buildLargeFlow` also serves a browser page measuring the same in Chromium.
 */
import { allNodes, createHistory, execute, layoutFlow, validateForPublish, type FlowHistory } from '../../../designer/flow/model/index.js';
import type { FlowDef, FlowNode, ParallelNode, BranchNode } from '../../../engine/flow/types.js';

const ROUNDS = Number(globalThis.process?.env.BENCH_FLOW_LAYOUT_ROUNDS ?? 15);

/** Median of a list of numbers (this file has no Node import so that a browser page can build the same flow). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const TARGET_MS = 200;
/** Definition nodes of the flow (start and end included; joins are not nodes of the definition). */
export const FLOW_NODES = 100;

const count = (def: FlowDef) => allNodes(def.nodes).length;

/** A flow of `size` definition nodes built with the designer's commands (deterministic). */
export function buildLargeFlow(size = FLOW_NODES): FlowDef {
  const empty: FlowDef = {
    $schema: '../../_meta/flow.schema.json',
    schemaVersion: 1,
    id: 'bench.flow',
    kind: 'flow',
    title: { t: 'bench.flow', d: '基准流程' },
    nodes: [
      { id: 'start', type: 'start', title: { t: 'bench.start', d: '发起' } },
      { id: 'end', type: 'end', title: { t: 'bench.end', d: '结束' } },
    ] as FlowNode[],
  };
  let h: FlowHistory = createHistory(empty, { limit: 10 });
  let last = 'start';
  const types = ['approve', 'handle', 'approve', 'cc'] as const;
  let step = 0;
  const room = () => size - count(h.present);
  while (room() > 0) {
    const pattern = step++ % 4;
    if (pattern < 2 || room() < 9) {
      h = execute(h, { kind: 'insertNode', at: { after: last }, type: types[step % types.length] });
      last = h.created!;
      continue;
    }
    if (pattern === 2) {
      // condition set: three branches with two nodes each, the default empty
      h = execute(h, { kind: 'addSplit', at: { after: last }, type: 'branch' });
      const split = h.created!;
      h = execute(h, { kind: 'addBranch', splitId: split });
      const set = allNodes(h.present.nodes).find((n) => n.id === split) as BranchNode;
      set.branches.forEach((b, i) => {
        if (b.default) return;
        h = execute(h, { kind: 'updateBranch', branchId: b.id, condition: `amount > ${(i + 1) * 1000}` });
        h = execute(h, { kind: 'insertNode', at: { branchStart: b.id }, type: 'approve' });
        h = execute(h, { kind: 'insertNode', at: { after: h.created! }, type: 'handle' });
      });
      last = split;
    } else {
      // parallel set: two lanes, the first with a nested condition set
      h = execute(h, { kind: 'addSplit', at: { after: last }, type: 'parallel' });
      const split = h.created!;
      const set = allNodes(h.present.nodes).find((n) => n.id === split) as ParallelNode;
      h = execute(h, { kind: 'insertNode', at: { branchStart: set.branches[0].id }, type: 'approve' });
      h = execute(h, { kind: 'addSplit', at: { after: h.created! }, type: 'branch' });
      h = execute(h, { kind: 'insertNode', at: { branchStart: set.branches[1].id }, type: 'handle' });
      h = execute(h, { kind: 'insertNode', at: { after: h.created! }, type: 'cc' });
      last = split;
    }
  }
  return h.present;
}

/** Runs the scenario and prints its figures. */
export async function runFlowLayoutBench(): Promise<void> {
  const def = buildLargeFlow();
  const t0 = performance.now();
  const first = layoutFlow(def);
  const cold = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    layoutFlow(def);
    times.push(performance.now() - s);
  }
  const vt: number[] = [];
  let problems = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    problems = validateForPublish(def).length;
    vt.push(performance.now() - s);
  }
  const m = median(times);
  console.log(
    `\nflow designer layout: ${count(def)} definition nodes → ${first.nodes.length} canvas nodes, ${first.edges.length} edges, ${first.width}×${first.height} px`,
  );
  console.log(`  layout: cold ${cold.toFixed(1)} ms, median of ${ROUNDS} ${m.toFixed(1)} ms (target ≤ ${TARGET_MS} ms) ${m <= TARGET_MS ? 'OK' : 'OVER'}`);
  console.log(`  validation before publish: median ${median(vt).toFixed(1)} ms (${problems} problems: new nodes have no assignees yet)`);
}
