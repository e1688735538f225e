/**
 * Layout of the designer's canvas (DESIGN §5 "React Flow is the view of the tree, laid out automatically"): the
 * flow tree → nodes and edges shaped for React Flow, positioned top to bottom by dagre. It reuses the graph and
 * the dagre layout of the approval page's diagram (engine/renderers/approval/graph.ts: one graph node per
 * definition node, a join `<split>/join` per split, a point per empty branch), and adds what editing needs:
 * where a node goes when the "+" on each edge is used, the branch each edge opens, and the problems per node.
 * Siblings keep the tree's order (dagre's crossing minimisation off: a tree has no crossings), so the branches of
 * a set stand left to right by priority. Deterministic: the same definition gives the same positions. Pure TS.
 */
import type { FlowDef } from '../../../engine/flow/types';
import { JOIN_SUFFIX, flowGraph, layoutGraph, type GraphNode } from '../../../engine/renderers/approval/graph';
import type { Text } from '../../../engine/schema/types';
import type { InsertAt } from './commands';
import { findNode, isSplit } from './tree';
import type { DesignerProblem } from './validate';

/** What a canvas node shows. */
export interface DesignerNodeData {
  [key: string]: unknown;
  /** The definition node's type; `join` for a split's meeting point, `pass` for an empty branch. */
  kind: GraphNode['type'];
  title: string;
  /** The definition node (absent for joins and passes). */
  node?: GraphNode['node'];
  /** For a join: its split; for a pass: the empty branch's id. */
  splitId?: string;
  branchId?: string;
  problems: DesignerProblem[];
}

/** A positioned canvas node (the shape of a React Flow node of type `designer`). */
export interface DesignerNode {
  id: string;
  type: 'designer';
  position: { x: number; y: number };
  width: number;
  height: number;
  data: DesignerNodeData;
}

/** What a canvas edge knows. */
export interface DesignerEdgeData {
  [key: string]: unknown;
  /** Where the "+" on this edge inserts; null where nothing may go (none today, kept for the view). */
  insert: InsertAt | null;
  /** Set on the first edge of a branch: the branch (lane) it opens. */
  branchId?: string;
  /** Problems of that branch (its condition). */
  problems: DesignerProblem[];
}

/** A canvas edge (the shape of a React Flow edge of type `designer`). */
export interface DesignerEdge {
  id: string;
  type: 'designer';
  source: string;
  target: string;
  label?: string;
  data: DesignerEdgeData;
}

/** The laid-out canvas and its size in px. */
export interface FlowLayout {
  nodes: DesignerNode[];
  edges: DesignerEdge[];
  width: number;
  height: number;
}

/** Options of layoutFlow. */
export interface LayoutOptions {
  /** A definition text in the reader's language (default: the zh-CN default `d`). */
  title?: (t: Text) => string;
  /** Problems to attach (validateForPublish). */
  problems?: readonly DesignerProblem[];
}

/** Sizes of the designer's nodes (width, height in px): task boxes 200×64, start / end 120×40, splits 160×40, joins and passes 16×16. */
export function designerSize(n: GraphNode): { width: number; height: number } {
  if (n.type === 'join' || n.type === 'pass') return { width: 16, height: 16 };
  if (n.type === 'start' || n.type === 'end') return { width: 120, height: 40 };
  if (n.type === 'branch' || n.type === 'parallel') return { width: 160, height: 40 };
  return { width: 200, height: 64 };
}

/** The canvas of `def`: nodes, edges (with their insert places), positions by dagre. */
export function layoutFlow(def: FlowDef, opts: LayoutOptions = {}): FlowLayout {
  const title = opts.title ?? ((t: Text) => t?.d ?? '');
  const graph = flowGraph(def, null, title);
  const pos = layoutGraph(graph, designerSize, { keepOrder: true });
  const byNode = new Map<string, DesignerProblem[]>();
  for (const p of opts.problems ?? []) {
    const l = byNode.get(p.nodeId);
    if (l) l.push(p);
    else byNode.set(p.nodeId, [p]);
  }
  const kinds = new Map(graph.nodes.map((g) => [g.id, g]));
  let width = 0;
  let height = 0;
  const nodes: DesignerNode[] = graph.nodes.map((g) => {
    const p = pos.get(g.id)!;
    width = Math.max(width, p.x + p.width);
    height = Math.max(height, p.y + p.height);
    const data: DesignerNodeData = { kind: g.type, title: g.title, problems: byNode.get(g.id) ?? [] };
    if (g.node) data.node = g.node;
    if (g.type === 'join') data.splitId = g.id.slice(0, -JOIN_SUFFIX.length);
    if (g.type === 'pass') {
      data.branchId = g.id;
      data.problems = [];
    }
    return { id: g.id, type: 'designer', position: { x: p.x, y: p.y }, width: p.width, height: p.height, data };
  });
  const edges: DesignerEdge[] = graph.edges.map((e) => {
    const src = kinds.get(e.source)!;
    let insert: InsertAt | null;
    let branchId: string | undefined;
    if (src.type === 'join') insert = { after: e.source.slice(0, -JOIN_SUFFIX.length) };
    else if (src.type === 'pass') insert = { branchStart: e.source };
    else if (src.type === 'branch' || src.type === 'parallel') {
      const split = findNode(def, e.source);
      const b = split && isSplit(split) ? split.branches.find((x) => x.id === e.target || x.nodes?.[0]?.id === e.target) : undefined;
      branchId = b?.id;
      insert = b ? { branchStart: b.id } : null;
    } else insert = { after: e.source };
    const data: DesignerEdgeData = { insert, problems: branchId ? (byNode.get(branchId) ?? []) : [] };
    if (branchId) data.branchId = branchId;
    return { id: e.id, type: 'designer', source: e.source, target: e.target, ...(e.label !== undefined ? { label: e.label } : {}), data };
  });
  return { nodes, edges, width: Math.ceil(width + 16), height: Math.ceil(height + 16) };
}
