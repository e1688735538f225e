/**
 * Commands of the flow designer (DESIGN §5 "the designer edits the tree by commands (insert after, add branch,
 * delete subtree)"): each takes a definition and answers a new one, leaving the input untouched; a refused
 * command throws DesignerError. Every split is created with its branches (its join is implicit in the tree),
 * a condition set always with a default branch. Pure TS, no React.
 */
import type { ConditionBranch, FlowDef, FlowNode, ParallelBranch, TaskNode } from '../../../engine/flow/types';
import type { Text } from '../../../engine/schema/types';
import { DesignerError } from './errors';
import { findBranch, findNode, isSplit, rewriteDef, type AnyBranch, type SplitNode } from './tree';

/** Where a node goes: right after a node (after a split: after its join), or first in a branch (lane). */
export type InsertAt = { after: string } | { branchStart: string };

/** Node types the palette inserts. */
export type InsertableType = 'approve' | 'handle' | 'cc' | 'delay' | 'service';
/** Kinds of branch set: condition (条件分支) or parallel (并行). */
export type SplitType = 'branch' | 'parallel';

/** Default titles of new nodes and branches, in the designer's language (injected: the model holds no UI text). */
export interface Titles {
  node(type: InsertableType | SplitType): string;
  /** `n`: 1-based number of the branch in its set. */
  branch(kind: 'condition' | 'default' | 'lane', n: number): string;
}

/** Titles when none are injected: the type names. */
export const PLAIN_TITLES: Titles = {
  node: (type) => type,
  branch: (kind, n) => (kind === 'default' ? 'default' : `${kind} ${n}`),
};

/** What a command needs besides the definition: fresh ids and default titles. */
export interface CommandEnv {
  fresh: (prefix: string) => string;
  titles: Titles;
}

const nodeText = (def: FlowDef, id: string, d: string): Text => ({ t: `${def.id}.node.${id}`, d });
const branchText = (def: FlowDef, id: string, d: string): Text => ({ t: `${def.id}.branch.${id}`, d });

/** A new node of `type` with the settings it needs filled in by the designer (validation names what is missing). */
export function newNode(def: FlowDef, type: InsertableType | SplitType, env: CommandEnv): FlowNode {
  const id = env.fresh(type);
  const title = nodeText(def, id, env.titles.node(type));
  switch (type) {
    case 'approve':
    case 'handle':
      return { id, type, title, assignees: [] };
    case 'cc':
      return { id, type, title, assignees: [] };
    case 'delay':
      return { id, type, title, duration: { workdays: 1 } };
    case 'service':
      return { id, type, title, action: '' };
    case 'branch': {
      const b1 = env.fresh('cond');
      const b2 = env.fresh('cond');
      return {
        id,
        type,
        title,
        branches: [
          { id: b1, title: branchText(def, b1, env.titles.branch('condition', 1)), nodes: [] },
          { id: b2, title: branchText(def, b2, env.titles.branch('default', 2)), default: true, nodes: [] },
        ],
      };
    }
    case 'parallel': {
      const l1 = env.fresh('lane');
      const l2 = env.fresh('lane');
      return {
        id,
        type,
        title,
        join: 'all',
        branches: [
          { id: l1, title: branchText(def, l1, env.titles.branch('lane', 1)), nodes: [] },
          { id: l2, title: branchText(def, l2, env.titles.branch('lane', 2)), nodes: [] },
        ],
      };
    }
  }
}

/**
 * Inserts `node` at `at`. @throws DesignerError `error.unknownNode` / `error.unknownBranch` when the place is not in
 * the tree, `error.insertAfterEnd` after the end node.
 */
export function insertAt(def: FlowDef, at: InsertAt, node: FlowNode): FlowDef {
  if ('after' in at) {
    const target = findNode(def, at.after);
    if (!target) throw new DesignerError('error.unknownNode', { id: at.after });
    if (target.type === 'end') throw new DesignerError('error.insertAfterEnd');
    return rewriteDef(def, (seq) => {
      const i = seq.findIndex((n) => n.id === at.after);
      return i < 0 ? null : [...seq.slice(0, i + 1), node, ...seq.slice(i + 1)];
    });
  }
  if (!findBranch(def, at.branchStart)) throw new DesignerError('error.unknownBranch', { id: at.branchStart });
  return rewriteDef(def, (seq, owner) => (owner === at.branchStart ? [node, ...seq] : null));
}

/** Inserts a new node of `type` (approve, handle, cc, delay, service) at `at`; answers the definition and the new id. */
export function insertNode(def: FlowDef, at: InsertAt, type: InsertableType, env: CommandEnv): { def: FlowDef; id: string } {
  const node = newNode(def, type, env);
  return { def: insertAt(def, at, node), id: node.id };
}

/**
 * Inserts a branch set at `at`: a condition set (one condition branch and the default) or a parallel set (two
 * lanes, join all), both with empty branches. The nodes that followed stay after the set's join.
 */
export function addSplit(def: FlowDef, at: InsertAt, type: SplitType, env: CommandEnv): { def: FlowDef; id: string } {
  const node = newNode(def, type, env);
  return { def: insertAt(def, at, node), id: node.id };
}

function splitOf(def: FlowDef, id: string): SplitNode {
  const n = findNode(def, id);
  if (!n) throw new DesignerError('error.unknownNode', { id });
  if (!isSplit(n)) throw new DesignerError('error.notSplit', { id });
  return n;
}

const replaceNode = (def: FlowDef, id: string, f: (n: FlowNode) => FlowNode): FlowDef => rewriteDef(def, undefined, (n) => (n.id === id ? f(n) : null));

/**
 * Adds an empty branch to the set `splitId`: a condition branch goes before the default (lowest priority among
 * the conditions), a lane goes last. Answers the definition and the branch id.
 */
export function addBranch(def: FlowDef, splitId: string, env: CommandEnv): { def: FlowDef; id: string } {
  const split = splitOf(def, splitId);
  if (split.type === 'parallel') {
    const n = split.branches.length + 1;
    const id = env.fresh('lane');
    const lane: ParallelBranch = { id, title: branchText(def, id, env.titles.branch('lane', n)), nodes: [] };
    return { def: replaceNode(def, splitId, (s) => ({ ...(s as SplitNode), branches: [...split.branches, lane] }) as FlowNode), id };
  }
  const id = env.fresh('cond');
  const d = split.branches.findIndex((b) => b.default === true);
  const branch: ConditionBranch = {
    id,
    title: branchText(def, id, env.titles.branch('condition', split.branches.filter((b) => b.default !== true).length + 1)),
    nodes: [],
  };
  const at = d < 0 ? split.branches.length : d;
  const branches = [...split.branches.slice(0, at), branch, ...split.branches.slice(at)];
  return { def: replaceNode(def, splitId, (s) => ({ ...s, branches }) as FlowNode), id };
}

/** Deletes a node and its subtree (a split with all its branches). @throws `error.deleteStartEnd` for start / end. */
export function deleteNode(def: FlowDef, id: string): FlowDef {
  const n = findNode(def, id);
  if (!n) throw new DesignerError('error.unknownNode', { id });
  if (n.type === 'start' || n.type === 'end') throw new DesignerError('error.deleteStartEnd');
  return rewriteDef(def, (seq) => (seq.some((x) => x.id === id) ? seq.filter((x) => x.id !== id) : null));
}

/**
 * Deletes a branch (lane) with its nodes. A set left with one branch dissolves: that branch's nodes take the
 * set's place. @throws `error.deleteDefault` for the default branch of a condition set (delete the set instead).
 */
export function deleteBranch(def: FlowDef, branchId: string): FlowDef {
  const found = findBranch(def, branchId);
  if (!found) throw new DesignerError('error.unknownBranch', { id: branchId });
  const { container, branch } = found;
  if ((branch as ConditionBranch).default === true) throw new DesignerError('error.deleteDefault');
  const rest = (container.branches as AnyBranch[]).filter((b) => b.id !== branchId);
  if (rest.length >= 2) return replaceNode(def, container.id, (s) => ({ ...s, branches: rest }) as FlowNode);
  const keep = rest[0]?.nodes ?? [];
  return rewriteDef(def, (seq) => {
    const i = seq.findIndex((x) => x.id === container.id);
    return i < 0 ? null : [...seq.slice(0, i), ...keep, ...seq.slice(i + 1)];
  });
}

/**
 * Moves a branch one place up (`-1`, higher priority) or down (`+1`) in its set. The default branch of a
 * condition set stays where it is and others do not pass it. @throws `error.moveOutOfRange` otherwise.
 */
export function moveBranch(def: FlowDef, branchId: string, delta: -1 | 1): FlowDef {
  const found = findBranch(def, branchId);
  if (!found) throw new DesignerError('error.unknownBranch', { id: branchId });
  const { container, index } = found;
  const bs = container.branches as AnyBranch[];
  const j = index + delta;
  const isDefault = (b: AnyBranch | undefined) => (b as ConditionBranch | undefined)?.default === true;
  if (j < 0 || j >= bs.length || isDefault(bs[index]) || isDefault(bs[j])) throw new DesignerError('error.moveOutOfRange', { id: branchId });
  const branches = [...bs];
  [branches[index], branches[j]] = [branches[j], branches[index]];
  return replaceNode(def, container.id, (s) => ({ ...s, branches }) as FlowNode);
}

/**
 * Sets node properties: each key of `patch` is set, a key given as `undefined` is removed. Setting `mode` to
 * anything but `vote` drops `ratio`. @throws `error.immutableKey` for id, type or branches.
 */
export function updateNode(def: FlowDef, id: string, patch: Record<string, unknown>): FlowDef {
  if (!findNode(def, id)) throw new DesignerError('error.unknownNode', { id });
  for (const k of ['id', 'type', 'branches']) if (k in patch) throw new DesignerError('error.immutableKey', { key: k });
  return replaceNode(def, id, (n) => {
    const out: Record<string, unknown> = { ...n };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete out[k];
      else out[k] = v;
    }
    if ('mode' in patch && out.mode !== 'vote') delete out.ratio;
    return out as unknown as FlowNode;
  });
}

/**
 * The text `d` for a renamed title `old` of node / branch `id` (`part`: node or branch). Pages look a definition
 * text up by its key first (locale files, e.g. a shipped flow's `<flow>.node.kz`) and fall back to `d`, so a
 * rename that kept the key would go on showing the old text (and its old translation) wherever the key is
 * known. A renamed title therefore gets a key of its own, `<flow>.<part>.<id>.r<n>`, that no locale file holds:
 * it reads `d` in every language. A key minted so already is kept. Unchanged text: `old` itself.
 */
export function renamedText(def: FlowDef, part: 'node' | 'branch', id: string, old: Text, d: string): Text {
  if (old.d === d) return old;
  const base = `${def.id}.${part}.${id}.r`;
  if (old.t.startsWith(base) && /^\d+$/.test(old.t.slice(base.length))) return { t: old.t, d };
  return { t: `${base}1`, d };
}

/** Renames a node: its title reads `d` in every language from now on (a fresh i18n key, see renamedText). */
export function setNodeTitle(def: FlowDef, id: string, d: string): FlowDef {
  const n = findNode(def, id);
  if (!n) throw new DesignerError('error.unknownNode', { id });
  return updateNode(def, id, { title: renamedText(def, 'node', id, n.title, d) });
}

/** Sets (`perm`) or clears (null) the permission R/W/H of form field `field` on a start / approve / handle node. */
export function setFieldPermission(def: FlowDef, id: string, field: string, perm: 'R' | 'W' | 'H' | null): FlowDef {
  const n = findNode(def, id);
  if (!n) throw new DesignerError('error.unknownNode', { id });
  if (n.type !== 'start' && n.type !== 'approve' && n.type !== 'handle') throw new DesignerError('error.notTaskNode', { id });
  const fp = { ...((n as TaskNode).fieldPermissions ?? {}) };
  if (perm) fp[field] = perm;
  else delete fp[field];
  return updateNode(def, id, { fieldPermissions: Object.keys(fp).length ? fp : undefined });
}

/**
 * Sets a branch's title text (renamed as a node is, see renamedText) and/or condition (`condition: null` removes it).
 * @throws `error.defaultCondition` for a condition on the default branch, `error.conditionBranchOnly` on a lane.
 */
export function updateBranch(def: FlowDef, branchId: string, patch: { title?: string; condition?: string | null }): FlowDef {
  const found = findBranch(def, branchId);
  if (!found) throw new DesignerError('error.unknownBranch', { id: branchId });
  const { container, branch, index } = found;
  const next: Record<string, unknown> = { ...branch };
  if (patch.title !== undefined) next.title = renamedText(def, 'branch', branchId, branch.title, patch.title);
  if (patch.condition !== undefined) {
    if (container.type !== 'branch') throw new DesignerError('error.conditionBranchOnly');
    if ((branch as ConditionBranch).default === true && patch.condition !== null) throw new DesignerError('error.defaultCondition');
    if (patch.condition === null) delete next.condition;
    else next.condition = { cel: patch.condition };
  }
  const branches = [...(container.branches as AnyBranch[])];
  branches[index] = next as unknown as AnyBranch;
  return replaceNode(def, container.id, (s) => ({ ...s, branches }) as FlowNode);
}

/**
 * Makes `branchId` the default of its condition set: its condition is removed; the former default becomes an
 * ordinary branch without a condition (validation asks for one).
 */
export function setDefaultBranch(def: FlowDef, branchId: string): FlowDef {
  const found = findBranch(def, branchId);
  if (!found) throw new DesignerError('error.unknownBranch', { id: branchId });
  if (found.container.type !== 'branch') throw new DesignerError('error.conditionBranchOnly');
  const branches = found.container.branches.map((b) => {
    if (b.id === branchId) {
      const { condition: _c, ...rest } = b;
      return { ...rest, default: true };
    }
    if (b.default) {
      const { default: _d, ...rest } = b;
      return rest;
    }
    return b;
  });
  return replaceNode(def, found.container.id, (s) => ({ ...s, branches }) as FlowNode);
}
