/**
 * Semantic diff of two flow definitions (DESIGN §5 "Revisions"), matched by node id: nodes and
 * branches added / removed / moved; node title, mode, ratio, assignees, deadline, field permissions (one
 * change per field), actions, return targets, cc, …; branch title, condition, default and priority
 * (the branch's place among its siblings, 1 = first). Same `Change` shape as ./diff.ts.
 * Pure: no React, no Node.
 */
import type { FlowDef, FlowNode } from '../flow/types';
import { movedIds, pushChanged, textD, type Change, type Placement } from './diff';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

interface NodeEntry {
  node: Obj;
  at: Placement;
}

interface FlowIndexes {
  nodes: Map<string, NodeEntry>;
  branches: Map<string, NodeEntry>;
}

/** Nodes (parent = the branch holding them, null at the top) and branches (parent = their branch / parallel node). */
function indexOf(def: FlowDef): FlowIndexes {
  const nodes = new Map<string, NodeEntry>();
  const branches = new Map<string, NodeEntry>();
  const walk = (list: FlowNode[], parent: string | null) => {
    list.forEach((n, index) => {
      const o = n as unknown as Obj;
      nodes.set(n.id, { node: o, at: { parent, index } });
      if (Array.isArray(o.branches)) {
        (o.branches as Obj[]).forEach((b, bi) => {
          if (typeof b.id !== 'string') return;
          branches.set(b.id, { node: b, at: { parent: n.id, index: bi } });
          if (Array.isArray(b.nodes)) walk(b.nodes as FlowNode[], b.id);
        });
      }
    });
  };
  walk(def.nodes ?? [], null);
  return { nodes, branches };
}

/** Node properties compared one by one (fieldPermissions per field; branches and ids aside). */
export const NODE_PROPS = [
  'type',
  'title',
  'handleKind',
  'mode',
  'ratio',
  'assignees',
  'emptyAssignee',
  'dedupe',
  'actions',
  'returnTargets',
  'deadline',
  'ccOnDone',
  'circulate',
  'join',
  'duration',
  'action',
];

/** Flow-level properties compared. */
const FLOW_PROPS = ['title', 'description', 'entity', 'resubmit', 'withdraw', 'dedupe', 'urgeEvery'];

/** The changes from flow `a` to flow `b` (see the module comment). Order: flow, nodes (new order), branches. */
export function diffFlow(a: FlowDef, b: FlowDef): Change[] {
  const out: Change[] = [];
  const flowLabel = textD(b.title) ?? textD(a.title) ?? b.id;
  const fa = a as unknown as Obj;
  const fb = b as unknown as Obj;
  for (const k of FLOW_PROPS) {
    const text = k === 'title' || k === 'description';
    pushChanged(out, 'flow', b.id, flowLabel, k, text ? textD(fa[k]) : fa[k], text ? textD(fb[k]) : fb[k]);
  }
  const ia = indexOf(a);
  const ib = indexOf(b);
  const labelOf = (e: NodeEntry) => textD(e.node.title) ?? String(e.node.id);

  for (const [id, e] of ia.nodes) if (!ib.nodes.has(id)) out.push({ kind: 'removed', target: 'node', id, label: labelOf(e) });
  const movedNodes = movedIds(new Map([...ia.nodes].map(([id, e]) => [id, e.at])), new Map([...ib.nodes].map(([id, e]) => [id, e.at])));
  for (const [id, e] of ib.nodes) {
    const old = ia.nodes.get(id);
    const label = labelOf(e);
    if (!old) {
      out.push({ kind: 'added', target: 'node', id, label });
      continue;
    }
    if (movedNodes.has(id)) out.push({ kind: 'moved', target: 'node', id, label, before: old.at.parent, after: e.at.parent });
    const task = (n: Obj) => n.type === 'approve' || n.type === 'handle';
    for (const k of NODE_PROPS) {
      // an approve / handle node without a mode decides 或签 (engine/flow TaskNode.mode)
      const x = k === 'mode' && task(old.node) ? (old.node.mode ?? 'any') : old.node[k];
      const y = k === 'mode' && task(e.node) ? (e.node.mode ?? 'any') : e.node[k];
      pushChanged(out, 'node', id, label, k, k === 'title' ? textD(x) : x, k === 'title' ? textD(y) : y);
    }
    const px = isObj(old.node.fieldPermissions) ? old.node.fieldPermissions : {};
    const py = isObj(e.node.fieldPermissions) ? e.node.fieldPermissions : {};
    for (const f of new Set([...Object.keys(px), ...Object.keys(py)])) pushChanged(out, 'node', id, label, `fieldPermissions.${f}`, px[f], py[f]);
  }

  for (const [id, e] of ia.branches) if (!ib.branches.has(id)) out.push({ kind: 'removed', target: 'branch', id, label: labelOf(e) });
  for (const [id, e] of ib.branches) {
    const old = ia.branches.get(id);
    const label = labelOf(e);
    if (!old) {
      out.push({ kind: 'added', target: 'branch', id, label });
      continue;
    }
    if (old.at.parent !== e.at.parent) out.push({ kind: 'moved', target: 'branch', id, label, before: old.at.parent, after: e.at.parent });
    else pushChanged(out, 'branch', id, label, 'priority', old.at.index + 1, e.at.index + 1);
    pushChanged(out, 'branch', id, label, 'title', textD(old.node.title), textD(e.node.title));
    const cel = (v: unknown) => (isObj(v) && typeof v.cel === 'string' ? v.cel : undefined);
    pushChanged(out, 'branch', id, label, 'condition', cel(old.node.condition), cel(e.node.condition));
    pushChanged(out, 'branch', id, label, 'default', old.node.default === true, e.node.default === true);
  }
  return out;
}
