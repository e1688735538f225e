/**
 * The flow diagram of the approval page (DESIGN §5 "React Flow is the view of the tree, laid out
 * automatically"), without React: the definition tree → a graph of nodes and edges with the state of each
 * node in the instance, and its top-to-bottom layout by dagre.
 *
 * - One graph node per definition node. A branch / parallel node is the split; each of its branches (lanes)
 *   follows it, and all of them meet at a join node `<id>/join`. An empty branch is an edge split → join.
 *   The first edge of each branch carries the branch title (conditions, lanes).
 * - States from the runs of the current round (the latest run of each node wins): `done`, `active`,
 *   `skipped` (skipped runs, and every node of a condition branch not taken), `cancelled`, `rejected`,
 *   `returned`; a node without a run is `pending` (not reached). A split the flow has entered is `done`; its
 *   join is `done` once the whole block is. `assignees` of an active task node: the users holding its open tasks.
 */
import dagre from '@dagrejs/dagre';
import type { FlowDef, FlowNode, FlowNodeType, FlowState, NodeRun, UserId } from '../../flow';
import type { Text } from '../../schema/types';

/** State of a graph node. */
export type GraphNodeState = 'done' | 'active' | 'pending' | 'skipped' | 'cancelled' | 'rejected' | 'returned';

/** A node of the diagram. */
export interface GraphNode {
  id: string;
  /** The definition node's type; `join` for the meeting point of a branch / parallel node, `pass` for an empty branch. */
  type: FlowNodeType | 'join' | 'pass';
  title: string;
  state: GraphNodeState;
  /** Users holding open tasks of an active approve / handle node. */
  assignees: UserId[];
  /** The definition node (absent for joins). */
  node?: FlowNode;
}

/** An edge of the diagram; `taken` when the flow went along it (source done, target reached). */
export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
  taken: boolean;
}

export interface FlowGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Suffix of join node ids. */
export const JOIN_SUFFIX = '/join';

const REACHED: ReadonlySet<GraphNodeState> = new Set(['done', 'active', 'rejected', 'returned']);

function runState(run: NodeRun): GraphNodeState {
  switch (run.status) {
    case 'active':
      return 'active';
    case 'skipped':
      return 'skipped';
    case 'cancelled':
      return 'cancelled';
    default:
      return run.result === 'rejected' ? 'rejected' : run.result === 'returned' ? 'returned' : 'done';
  }
}

/**
 * The graph of `def` with the states of `state` (all `pending` without a state). `title` gives a node's or a
 * branch's title in the reader's language.
 */
export function flowGraph(def: FlowDef, state: FlowState | null, title: (text: Text) => string): FlowGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const latest = new Map<string, NodeRun>();
  if (state) for (const r of state.nodeRuns) if (r.round === state.round) latest.set(r.nodeId, r);
  const holders = (run: NodeRun | undefined): UserId[] => {
    if (!state || !run || run.status !== 'active') return [];
    const open = state.tasks.filter(
      (t) =>
        t.nodeRunId === run.id &&
        (t.kind === 'approve' || t.kind === 'handle' || t.kind === 'signfor') &&
        (t.status === 'pending' || t.status === 'waiting' || t.status === 'delegated'),
    );
    return [...new Set(open.map((t) => t.assignee))];
  };
  const byId = new Map<string, GraphNode>();
  const add = (n: GraphNode) => {
    nodes.push(n);
    byId.set(n.id, n);
  };
  const link = (sources: string[], target: string, label?: string) => {
    for (const source of sources) edges.push({ id: `${source}->${target}`, source, target, taken: false, ...(label ? { label } : {}) });
  };

  /** Adds `seq` after `entry` (the ids flowing into it); answers the ids flowing out of it. */
  const walk = (seq: FlowNode[], entry: string[], skipped: boolean, firstLabel?: string): string[] => {
    let exits = entry;
    let label = firstLabel;
    for (const node of seq) {
      const run = latest.get(node.id);
      const split = node.type === 'branch' || node.type === 'parallel';
      const ran: GraphNodeState = skipped ? 'skipped' : run ? runState(run) : 'pending';
      // A split the flow is inside has been passed: drawn done; its join shows whether the block finished.
      const st: GraphNodeState = split && ran === 'active' ? 'done' : ran;
      add({ id: node.id, type: node.type, title: title(node.title), state: st, assignees: skipped ? [] : holders(run), node });
      link(exits, node.id, label);
      label = undefined;
      exits = [node.id];
      if (node.type === 'branch' || node.type === 'parallel') {
        const joinId = `${node.id}${JOIN_SUFFIX}`;
        const outs: string[] = [];
        for (const b of node.branches ?? []) {
          const notTaken = skipped || (node.type === 'branch' && !!run?.chosenBranch && run.chosenBranch !== b.id);
          const lane = run?.lanes?.find((l) => l.branchId === b.id);
          const laneCancelled = !notTaken && lane?.status === 'cancelled';
          const bt = title(b.title);
          if (!b.nodes?.length) {
            // An empty branch: a point of its own, so that the layout gives it a lane beside the others.
            add({ id: b.id, type: 'pass', title: '', state: notTaken ? 'skipped' : st === 'done' ? 'done' : 'pending', assignees: [] });
            link([node.id], b.id, bt);
            outs.push(b.id);
            continue;
          }
          const before = nodes.length;
          outs.push(...walk(b.nodes, [node.id], notTaken, bt));
          if (laneCancelled) for (const n of nodes.slice(before)) if (n.state === 'pending' || n.state === 'active') n.state = 'cancelled';
        }
        add({
          id: joinId,
          type: 'join',
          title: '',
          state: skipped ? 'skipped' : ran === 'done' ? 'done' : ran === 'cancelled' ? 'cancelled' : 'pending',
          assignees: [],
        });
        link(outs, joinId);
        exits = [joinId];
      }
    }
    return exits;
  };
  walk(def.nodes ?? [], [], false);

  // The start and end of an instance that has begun / finished (older states may lack their runs).
  if (state) {
    const first = def.nodes?.[0];
    const last = def.nodes?.[def.nodes.length - 1];
    if (first && state.status !== 'draft' && byId.get(first.id)?.state === 'pending') byId.get(first.id)!.state = 'done';
    if (last && state.status === 'finished' && byId.get(last.id)?.state === 'pending') byId.get(last.id)!.state = 'done';
  }
  for (const e of edges) {
    const s = byId.get(e.source)?.state;
    const t = byId.get(e.target)?.state;
    e.taken = s === 'done' && !!t && REACHED.has(t);
  }
  return { nodes, edges };
}

/** Size of a drawn node (width, height in px). */
export type NodeSize = (node: GraphNode) => { width: number; height: number };

/** Default sizes: task boxes 180×56 (72 with holders), start / end 120×40, splits 140×36, joins and passes 16×16. */
export const defaultSize: NodeSize = (n) => {
  if (n.type === 'join' || n.type === 'pass') return { width: 16, height: 16 };
  if (n.type === 'start' || n.type === 'end') return { width: 120, height: 40 };
  if (n.type === 'branch' || n.type === 'parallel') return { width: 140, height: 36 };
  return { width: 180, height: n.assignees.length ? 72 : 56 };
};

/** Options of layoutGraph. */
export interface LayoutGraphOptions {
  /**
   * Keep siblings in the order of the graph (branches left to right by priority) instead of dagre's crossing
   * minimisation: a flow tree has no crossings to remove, and skipping it is faster (the flow designer).
   */
  keepOrder?: boolean;
}

/** Top-left positions of the nodes, laid out top to bottom by dagre (node id → {x, y, width, height}). */
export function layoutGraph(
  graph: FlowGraph,
  size: NodeSize = defaultSize,
  opts: LayoutGraphOptions = {},
): Map<string, { x: number; y: number; width: number; height: number }> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 48, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { ...size(n) });
  for (const e of graph.edges) g.setEdge(e.source, e.target, e.label ? { label: e.label, width: Math.min(160, e.label.length * 12 + 8), height: 18 } : {});
  dagre.layout(g, opts.keepOrder ? { disableOptimalOrderHeuristic: true } : undefined);
  const out = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const n of graph.nodes) {
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
    out.set(n.id, { x: p.x - p.width / 2, y: p.y - p.height / 2, width: p.width, height: p.height });
  }
  return out;
}
