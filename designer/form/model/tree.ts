/**
 * Immutable helpers over the layout tree of a form (DESIGN §4 layout nodes): find a node, a tab or a sub-table
 * column by id, read and replace a container's children, list the ids and fields of a subtree.
 * Containers of layout nodes: the top level (`null`), section, grid, tab. A `tabs` node holds tabs; a
 * `subtable` node holds columns. Pure TS.
 */
import type { LayoutNode } from '../../../engine/schema/types';

/** A tab of a `tabs` node. */
export type TabNode = Extract<LayoutNode, { type: 'tabs' }>['children'][number];
/** A `subtable` layout node. */
export type SubtableNode = Extract<LayoutNode, { type: 'subtable' }>;
/** A column of a sub-table. */
export type ColumnNode = SubtableNode['columns'][number];
/** Any addressable node of the tree. */
export type AnyNode = LayoutNode | TabNode;

/** A node with its container id (null: top level) and index. */
export interface Located {
  node: AnyNode;
  parent: string | null;
  index: number;
}

/** A sub-table column with its sub-table node and index. */
export interface LocatedColumn {
  column: ColumnNode;
  subtable: SubtableNode;
  index: number;
}

/** Children of a node: layout nodes of section / grid / tab, tabs of a tabs node, none otherwise. */
export function kids(n: AnyNode): AnyNode[] | null {
  return n.type === 'section' || n.type === 'grid' || n.type === 'tab' || n.type === 'tabs' ? n.children : null;
}

/** Whether the node takes layout nodes as children (section, grid, tab). */
export const holdsLayout = (n: AnyNode): boolean => n.type === 'section' || n.type === 'grid' || n.type === 'tab';

/** Visits every node depth first with its container and index (columns not included). */
export function walk(layout: LayoutNode[], visit: (n: AnyNode, parent: string | null, index: number) => void): void {
  const go = (nodes: AnyNode[], parent: string | null) =>
    nodes.forEach((n, i) => {
      visit(n, parent, i);
      const k = kids(n);
      if (k) go(k, n.id);
    });
  go(layout, null);
}

/** The node `id` (layout node or tab) with its place, or null. */
export function locate(layout: LayoutNode[], id: string): Located | null {
  let out: Located | null = null;
  walk(layout, (node, parent, index) => {
    if (!out && node.id === id) out = { node, parent, index };
  });
  return out;
}

/** The sub-table column `id`, or null. */
export function locateColumn(layout: LayoutNode[], id: string): LocatedColumn | null {
  let out: LocatedColumn | null = null;
  walk(layout, (n) => {
    if (out || n.type !== 'subtable') return;
    const index = n.columns.findIndex((c) => c.id === id);
    if (index >= 0) out = { column: n.columns[index], subtable: n, index };
  });
  return out;
}

/** The layout with node `id` replaced by `fn(node)` (the same layout when absent). */
export function mapNode(layout: LayoutNode[], id: string, fn: (n: AnyNode) => AnyNode): LayoutNode[] {
  const go = (nodes: AnyNode[]): AnyNode[] => {
    let changed = false;
    const next = nodes.map((n) => {
      if (n.id === id) {
        changed = true;
        return fn(n);
      }
      const k = kids(n);
      if (!k) return n;
      const nk = go(k);
      if (nk === k) return n;
      changed = true;
      return { ...n, children: nk } as AnyNode;
    });
    return changed ? next : nodes;
  };
  return go(layout) as LayoutNode[];
}

/** Children of container `parent` (null: top level), or null when `parent` is not a node with children. */
export function childrenOf(layout: LayoutNode[], parent: string | null): AnyNode[] | null {
  if (parent === null) return layout;
  const at = locate(layout, parent);
  return at ? kids(at.node) : null;
}

/** The layout with container `parent`'s children replaced. */
export function setChildren(layout: LayoutNode[], parent: string | null, children: AnyNode[]): LayoutNode[] {
  if (parent === null) return children as LayoutNode[];
  return mapNode(layout, parent, (n) => ({ ...n, children }) as AnyNode);
}

/** Ids of a node and everything under it (tabs and columns included). */
export function subtreeIds(n: AnyNode): string[] {
  const out = [n.id];
  if (n.type === 'subtable') out.push(...n.columns.map((c) => c.id));
  for (const k of kids(n) ?? []) out.push(...subtreeIds(k));
  return out;
}

/** Field keys placed in a subtree (field, attachments and sub-table nodes). */
export function subtreeFields(n: AnyNode): string[] {
  const out: string[] = 'field' in n ? [n.field] : [];
  for (const k of kids(n) ?? []) out.push(...subtreeFields(k));
  return out;
}

/** Every id of the layout (nodes, tabs, columns). */
export function allIds(layout: LayoutNode[]): Set<string> {
  const out = new Set<string>();
  for (const n of layout) for (const id of subtreeIds(n)) out.add(id);
  return out;
}

/** The layout node placing top-level field `key`, or null. */
export function nodeOfField(layout: LayoutNode[], key: string): Located | null {
  let out: Located | null = null;
  walk(layout, (node, parent, index) => {
    if (!out && 'field' in node && node.field === key) out = { node, parent, index };
  });
  return out;
}

/**
 * Where a control added by click or keyboard goes, given the selected node: into a selected section, grid,
 * tab or sub-table (at the end), into the first tab of a selected tabs node, else right after the selected
 * node (or column). With nothing selected a field goes at the end of the form's last container when the form
 * ends with one (a section or grid, or the last tab of tabs: a form built of sections keeps its fields in
 * them), else at the end of the form; a layout node (`layoutNode`) goes at the end of the form.
 */
export function insertTarget(layout: LayoutNode[], selected: string | null, layoutNode = false): { parent: string | null; index?: number } {
  if (!selected) return { parent: layoutNode ? null : lastContainer(layout) };
  const col = locateColumn(layout, selected);
  if (col) return { parent: col.subtable.id, index: col.index + 1 };
  const at = locate(layout, selected);
  if (!at) return { parent: layoutNode ? null : lastContainer(layout) };
  if (at.node.type === 'section' || at.node.type === 'grid' || at.node.type === 'tab' || at.node.type === 'subtable') return { parent: at.node.id };
  if (at.node.type === 'tabs' && at.node.children.length) return { parent: at.node.children[0].id };
  return { parent: at.parent, index: at.index + 1 };
}

/** The container a field added with nothing selected goes into: the form's last node when it holds fields, else null (the top level). */
function lastContainer(layout: LayoutNode[]): string | null {
  const last = layout[layout.length - 1];
  if (!last) return null;
  if (last.type === 'section' || last.type === 'grid') return last.id;
  if (last.type === 'tabs' && last.children.length) return last.children[last.children.length - 1].id;
  return null;
}
