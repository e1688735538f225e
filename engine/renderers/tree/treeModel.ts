/**
 * The nodes of a tree page (FORMATS.md "tree") and what a selection filters: records of an entity with a parent
 * field made into a tree, the organisation selector's departments, the ids under a node, the search that keeps
 * matching nodes with their ancestors, and the list filter of a selected node. Pure (no React).
 */
import type { TreePageDef } from '../../schema/types';

/** One node of the tree (antd Tree's DataNode shape, with the title as text). */
export interface TreeNode {
  key: string;
  id: number;
  title: string;
  children: TreeNode[];
}

/** Most node ids a selection with descendants filters by (the list's `in` limit, src/server/engine/query.ts). */
export const MAX_FILTER_IDS = 200;

/**
 * Records `{id, [parent], [label]}` as a forest: a record whose parent is blank, itself, unknown or one of its own
 * descendants (a cycle) is a root. Siblings keep the records' order (the caller sorts them).
 */
export function buildTree(records: Record<string, unknown>[], parent: string, label: string): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const r of records) {
    const id = Number(r.id);
    if (Number.isInteger(id)) nodes.set(id, { key: String(id), id, title: r[label] == null ? `#${id}` : String(r[label]), children: [] });
  }
  const parentOf = new Map<number, number>();
  for (const r of records) {
    const p = Number(r[parent]);
    if (r[parent] != null && nodes.has(p) && p !== Number(r.id)) parentOf.set(Number(r.id), p);
  }
  // Break cycles: walking up from a node must end at a root.
  for (const id of nodes.keys()) {
    const seen = new Set<number>([id]);
    let cur = parentOf.get(id);
    while (cur !== undefined) {
      if (seen.has(cur)) {
        parentOf.delete(id);
        break;
      }
      seen.add(cur);
      cur = parentOf.get(cur);
    }
  }
  const roots: TreeNode[] = [];
  for (const r of records) {
    const node = nodes.get(Number(r.id));
    if (!node) continue;
    const p = parentOf.get(node.id);
    if (p === undefined) roots.push(node);
    else nodes.get(p)!.children.push(node);
  }
  return roots;
}

/** The organisation selector's nested departments (selector/treeall) as tree nodes. */
export function deptTree(depts: { id: number; title: string; children?: { id: number; title: string; children?: unknown[] }[] }[]): TreeNode[] {
  return depts.map((d) => ({ key: String(d.id), id: d.id, title: d.title, children: deptTree((d.children ?? []) as typeof depts) }));
}

/** The node with `id` in the forest, if any. */
export function findNode(nodes: TreeNode[], id: number): TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The ids of a node and every node below it, the node first. */
export function subtreeIds(node: TreeNode): number[] {
  const out: number[] = [];
  const walk = (n: TreeNode) => {
    out.push(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return out;
}

/**
 * The forest with only the nodes whose title contains `keyword` (case-insensitive) and their ancestors, and the
 * keys to expand so that every match shows. A blank keyword keeps everything and expands nothing.
 */
export function searchTree(nodes: TreeNode[], keyword: string): { nodes: TreeNode[]; expand: string[] } {
  const k = keyword.trim().toLowerCase();
  if (!k) return { nodes, expand: [] };
  const expand: string[] = [];
  const walk = (list: TreeNode[]): TreeNode[] =>
    list.flatMap((n) => {
      const children = walk(n.children);
      const hit = n.title.toLowerCase().includes(k);
      if (!hit && !children.length) return [];
      if (children.length) expand.push(n.key);
      return [{ ...n, children: hit && !children.length ? n.children : children }];
    });
  return { nodes: walk(nodes), expand };
}

/**
 * The list filter of a selected node: `{field: id}`, or with `descendants` `{field: {op: 'in', value: ids}}`
 * (at most MAX_FILTER_IDS ids; `truncated` says when the subtree had more). No node: no filter.
 */
export function nodeFilter(
  page: Pick<TreePageDef, 'filterField' | 'descendants'>,
  nodes: TreeNode[],
  id: number | null,
): { filters?: Record<string, unknown>; truncated: boolean } {
  if (id === null) return { truncated: false };
  if (!page.descendants) return { filters: { [page.filterField]: id }, truncated: false };
  const node = findNode(nodes, id);
  const ids = node ? subtreeIds(node) : [id];
  if (ids.length === 1) return { filters: { [page.filterField]: id }, truncated: false };
  return { filters: { [page.filterField]: { op: 'in', value: ids.slice(0, MAX_FILTER_IDS) } }, truncated: ids.length > MAX_FILTER_IDS };
}
