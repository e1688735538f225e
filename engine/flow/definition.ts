/**
 * The flow tree (DESIGN §5): node defaults, an index of where each node sits, tree-order predecessors, and
 * `validateFlow` — the structural checks the designer and the definition lint run. Pure TS.
 */
import type { BranchNode, FlowDef, FlowNode, NodeActionName, ParallelNode, ReturnTargetKind, TaskNode } from './types';

/** Actions of an approve node's handlers when the node lists none. */
export const DEFAULT_APPROVE_ACTIONS: readonly NodeActionName[] = [
  'approve',
  'reject',
  'return',
  'transfer',
  'delegate',
  'addSign',
  'cc',
  'comment',
  'saveDraft',
  'recall',
];
/** Actions of a handle (办理) node's handlers when the node lists none. */
export const DEFAULT_HANDLE_ACTIONS: readonly NodeActionName[] = [
  'approve',
  'return',
  'transfer',
  'delegate',
  'addSign',
  'cc',
  'comment',
  'saveDraft',
  'recall',
];
/** Actions of a 签收 handle node (handleKind `signfor`) when the node lists none. */
export const DEFAULT_SIGNFOR_ACTIONS: readonly NodeActionName[] = ['signFor', 'return', 'comment', 'recall'];
/** Return targets when a node lists none. */
export const DEFAULT_RETURN_TARGETS: readonly ReturnTargetKind[] = ['previous', 'initiator'];

/** The actions a task node allows (its `actions`, else the default of its type). */
export function nodeActions(node: TaskNode): readonly NodeActionName[] {
  if (node.actions) return node.actions;
  if (node.type === 'approve') return DEFAULT_APPROVE_ACTIONS;
  return node.handleKind === 'signfor' ? DEFAULT_SIGNFOR_ACTIONS : DEFAULT_HANDLE_ACTIONS;
}

/** Whether a node is an approve/handle node. */
export function isTaskNode(node: FlowNode): node is TaskNode {
  return node.type === 'approve' || node.type === 'handle';
}

/** One step of the path from the root to a node: a container node and the branch (lane) taken in it. */
export interface PathStep {
  container: BranchNode | ParallelNode;
  branchId: string;
}

/** Where a node sits: its sequence, its index there, and the containers above it (outermost first). */
export interface Located {
  node: FlowNode;
  seq: FlowNode[];
  index: number;
  path: PathStep[];
}

/** Index of a definition: node id → location; also branch ids → their container. */
export interface FlowIndex {
  def: FlowDef;
  nodes: Map<string, Located>;
  /** First node of the flow after start (where a restart begins). */
  first: FlowNode | undefined;
}

const cache = new WeakMap<FlowDef, FlowIndex>();

/** Index a definition (cached per definition object). Duplicate ids: the first wins (validateFlow reports them). */
export function indexFlow(def: FlowDef): FlowIndex {
  const hit = cache.get(def);
  if (hit) return hit;
  const nodes = new Map<string, Located>();
  const walk = (seq: FlowNode[], path: PathStep[]) => {
    seq.forEach((node, index) => {
      if (!nodes.has(node.id)) nodes.set(node.id, { node, seq, index, path });
      if (node.type === 'branch' || node.type === 'parallel') {
        for (const b of node.branches ?? []) walk(b.nodes ?? [], [...path, { container: node, branchId: b.id }]);
      }
    });
  };
  walk(def.nodes ?? [], []);
  const index: FlowIndex = { def, nodes, first: def.nodes?.[1] };
  cache.set(def, index);
  return index;
}

/** Every node in a subtree (the node itself included). */
export function subtreeIds(node: FlowNode, out: Set<string> = new Set()): Set<string> {
  out.add(node.id);
  if (node.type === 'branch' || node.type === 'parallel') for (const b of node.branches) for (const n of b.nodes) subtreeIds(n, out);
  return out;
}

/**
 * Nodes before `nodeId` in tree order on its path: earlier siblings (and their subtrees) at each level up to
 * the root. Sibling lanes of a parallel node are not before it. Used by return (退回) targets.
 */
export function predecessors(index: FlowIndex, nodeId: string): Set<string> {
  const out = new Set<string>();
  const loc = index.nodes.get(nodeId);
  if (!loc) return out;
  const take = (seq: FlowNode[], upTo: number) => {
    for (let i = 0; i < upTo; i++) subtreeIds(seq[i], out);
  };
  take(loc.seq, loc.index);
  for (let level = loc.path.length - 1; level >= 0; level--) {
    const container = loc.path[level].container;
    const cl = index.nodes.get(container.id);
    if (cl) take(cl.seq, cl.index);
  }
  return out;
}

/** A problem of a definition: the node (or '' for the whole file), a JSON pointer, an i18n message key and params. */
export interface FlowProblem {
  nodeId: string;
  path: string;
  key: string;
  params?: Record<string, string | number>;
  /** English text, for logs and the lint. */
  message: string;
}

/**
 * Structural checks of a flow (DESIGN §5): top level is start … end; start and end only there, once; unique
 * node and branch ids; branch nodes have ≥ 2 branches, exactly one `default` and a condition on every other;
 * parallel nodes ≥ 2 lanes and a join; approve/handle/cc nodes an assignee rule; vote a ratio in (0, 1];
 * handleKind and actionLabel only on handle nodes; delay a positive duration; service an action key (in `services` when given);
 * ratio only with vote. Answers [] for a valid flow; never throws.
 */
export function validateFlow(def: FlowDef, opts: { services?: string[] } = {}): FlowProblem[] {
  const out: FlowProblem[] = [];
  const add = (nodeId: string, path: string, key: string, message: string, params?: Record<string, string | number>) =>
    out.push({ nodeId, path, key, message, ...(params ? { params } : {}) });
  const top = Array.isArray(def.nodes) ? def.nodes : [];
  if (top[0]?.type !== 'start') add('', '/nodes/0', 'flow.problem.startFirst', 'the flow must begin with a start node');
  if (top[top.length - 1]?.type !== 'end')
    add('', `/nodes/${Math.max(0, top.length - 1)}`, 'flow.problem.endLast', 'the flow must end with an end node (the end must be reachable)');
  const ids = new Map<string, string>();
  const seen = (id: string, path: string) => {
    const prev = ids.get(id);
    if (prev !== undefined) add(id, `${path}/id`, 'flow.problem.duplicateId', `duplicate id "${id}" (also at ${prev})`, { id });
    else ids.set(id, path);
  };
  const walk = (seq: FlowNode[], base: string, depth: number) => {
    seq.forEach((n, i) => {
      const p = `${base}/${i}`;
      seen(n.id, p);
      if ((n.type === 'start' || n.type === 'end') && (depth > 0 || (n.type === 'start' ? i !== 0 : i !== seq.length - 1))) {
        add(n.id, `${p}/type`, 'flow.problem.startEndPlace', `a ${n.type} node may only be the ${n.type === 'start' ? 'first' : 'last'} node of the top level`);
      }
      checkNode(n, p, add);
      if (n.type === 'branch' || n.type === 'parallel') {
        (n.branches ?? []).forEach((b, j) => {
          seen(b.id, `${p}/branches/${j}`);
          walk(b.nodes ?? [], `${p}/branches/${j}/nodes`, depth + 1);
        });
      }
    });
  };
  walk(top, '/nodes', 0);
  if (opts.services) {
    const known = new Set(opts.services);
    for (const [, loc] of indexFlow(def).nodes) {
      if (loc.node.type === 'service' && !known.has(loc.node.action))
        add(loc.node.id, '', 'flow.problem.unknownService', `unknown service action "${loc.node.action}"`, { action: loc.node.action });
    }
  }
  return out;
}

type Add = (nodeId: string, path: string, key: string, message: string, params?: Record<string, string | number>) => void;

function checkNode(n: FlowNode, p: string, add: Add): void {
  switch (n.type) {
    case 'approve':
    case 'handle': {
      if (!n.assignees?.length) add(n.id, `${p}/assignees`, 'flow.problem.noAssigneeRule', 'an approve/handle node needs at least one assignee rule');
      if (n.mode === 'vote' && !(typeof n.ratio === 'number' && n.ratio > 0 && n.ratio <= 1))
        add(n.id, `${p}/ratio`, 'flow.problem.voteRatio', 'a vote node needs a ratio in (0, 1]');
      if (n.ratio !== undefined && n.mode !== 'vote') add(n.id, `${p}/ratio`, 'flow.problem.ratioWithoutVote', 'ratio is only for mode "vote"');
      if (n.handleKind !== undefined && n.type !== 'handle') add(n.id, `${p}/handleKind`, 'flow.problem.handleKind', 'handleKind is only for handle nodes');
      if (n.actionLabel !== undefined && n.type !== 'handle') add(n.id, `${p}/actionLabel`, 'flow.problem.actionLabel', 'actionLabel is only for handle nodes');
      if (n.actions && n.actions.includes('signFor') !== (n.handleKind === 'signfor'))
        add(n.id, `${p}/actions`, 'flow.problem.signForAction', 'signFor is the action of (and only of) signfor handle nodes');
      if (n.actions && n.type === 'handle' && n.actions.includes('reject'))
        add(n.id, `${p}/actions`, 'flow.problem.handleReject', 'a handle node cannot reject (use return)');
      if (n.actions && !n.actions.some((a) => a === 'approve' || a === 'signFor'))
        add(n.id, `${p}/actions`, 'flow.problem.noCompletion', 'the node allows no action that completes a task (approve or signFor)');
      break;
    }
    case 'cc':
      if (!n.assignees?.length) add(n.id, `${p}/assignees`, 'flow.problem.noAssigneeRule', 'a cc node needs at least one assignee rule');
      break;
    case 'branch': {
      const bs = n.branches ?? [];
      if (bs.length < 2) add(n.id, `${p}/branches`, 'flow.problem.fewBranches', 'a branch node needs at least two branches');
      const defaults = bs.filter((b) => b.default === true);
      if (defaults.length !== 1)
        add(n.id, `${p}/branches`, 'flow.problem.oneDefault', `a branch node needs exactly one default branch (has ${defaults.length})`, {
          count: defaults.length,
        });
      bs.forEach((b, j) => {
        if (b.default !== true && !b.condition?.cel?.trim())
          add(b.id, `${p}/branches/${j}/condition`, 'flow.problem.noCondition', 'a non-default branch needs a condition');
        if (b.default === true && b.condition)
          add(b.id, `${p}/branches/${j}/condition`, 'flow.problem.defaultCondition', 'the default branch takes no condition');
      });
      break;
    }
    case 'parallel':
      if ((n.branches ?? []).length < 2) add(n.id, `${p}/branches`, 'flow.problem.fewBranches', 'a parallel node needs at least two lanes');
      if (n.join !== 'all' && n.join !== 'any') add(n.id, `${p}/join`, 'flow.problem.join', 'a parallel node needs join "all" or "any"');
      break;
    case 'delay':
      if (!((n.duration?.workdays ?? 0) > 0 || (n.duration?.hours ?? 0) > 0))
        add(n.id, `${p}/duration`, 'flow.problem.duration', 'a delay node needs a positive duration');
      break;
    case 'service':
      if (!n.action) add(n.id, `${p}/action`, 'flow.problem.noService', 'a service node needs an action key');
      break;
    default:
      break;
  }
}
