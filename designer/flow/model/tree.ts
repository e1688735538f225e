/**
 * Immutable edits of the flow tree (DESIGN §5): rebuild only the sequences and containers on the path to a
 * change, so that untouched nodes keep their identity (cheap memoised views). Pure TS, no React.
 */
import type { BranchNode, ConditionBranch, FlowDef, FlowNode, ParallelBranch, ParallelNode } from '../../../engine/flow/types';

/** A branch of a condition set or a lane of a parallel set. */
export type AnyBranch = ConditionBranch | ParallelBranch;
/** A node that splits the flow: a condition branch set or a parallel set. */
export type SplitNode = BranchNode | ParallelNode;

/** Whether a node splits the flow (branch / parallel). */
export function isSplit(node: FlowNode): node is SplitNode {
  return node.type === 'branch' || node.type === 'parallel';
}

/**
 * Rewrites a sequence bottom-up. `onSeq(seq, owner)` sees every sequence (owner: the branch id, or null for the
 * top level) after its children were rewritten and answers a new sequence or null (unchanged); `onNode(node)`
 * sees every node likewise and answers a replacement or null. Unchanged parts keep their identity.
 */
export function rewriteSeq(
  seq: FlowNode[],
  owner: string | null,
  onSeq?: (seq: FlowNode[], owner: string | null) => FlowNode[] | null,
  onNode?: (node: FlowNode) => FlowNode | null,
): FlowNode[] {
  let changed = false;
  const next = seq.map((node) => {
    let n = node;
    if (isSplit(n)) {
      let bChanged = false;
      const branches = (n.branches as AnyBranch[]).map((b) => {
        const nodes = rewriteSeq(b.nodes ?? [], b.id, onSeq, onNode);
        if (nodes === b.nodes) return b;
        bChanged = true;
        return { ...b, nodes };
      });
      if (bChanged) n = { ...n, branches } as SplitNode;
    }
    const replaced = onNode?.(n) ?? null;
    if (replaced) n = replaced;
    if (n !== node) changed = true;
    return n;
  });
  const base = changed ? next : seq;
  return onSeq?.(base, owner) ?? base;
}

/** The definition with its tree rewritten (see rewriteSeq); the same object when nothing changed. */
export function rewriteDef(def: FlowDef, onSeq?: Parameters<typeof rewriteSeq>[2], onNode?: Parameters<typeof rewriteSeq>[3]): FlowDef {
  const nodes = rewriteSeq(def.nodes, null, onSeq, onNode);
  return nodes === def.nodes ? def : { ...def, nodes };
}

/** Every node of the tree in document order (depth first, containers before their branches). */
export function allNodes(seq: FlowNode[], out: FlowNode[] = []): FlowNode[] {
  for (const n of seq) {
    out.push(n);
    if (isSplit(n)) for (const b of n.branches as AnyBranch[]) allNodes(b.nodes ?? [], out);
  }
  return out;
}

/** Every node and branch id of the tree. */
export function allIds(def: FlowDef): Set<string> {
  const out = new Set<string>();
  for (const n of allNodes(def.nodes ?? [])) {
    out.add(n.id);
    if (isSplit(n)) for (const b of n.branches as AnyBranch[]) out.add(b.id);
  }
  return out;
}

/** The node with `id`, or undefined. */
export function findNode(def: FlowDef, id: string): FlowNode | undefined {
  return allNodes(def.nodes ?? []).find((n) => n.id === id);
}

/** The branch with `id` and its container, or undefined. */
export function findBranch(def: FlowDef, id: string): { container: SplitNode; branch: AnyBranch; index: number } | undefined {
  for (const n of allNodes(def.nodes ?? [])) {
    if (!isSplit(n)) continue;
    const index = (n.branches as AnyBranch[]).findIndex((b) => b.id === id);
    if (index >= 0) return { container: n, branch: n.branches[index], index };
  }
  return undefined;
}
