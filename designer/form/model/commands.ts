/**
 * Structural commands of the form designer: insert from the palette at a target, move (reorder,
 * nest, field ↔ sub-table column), keyboard move up / down, remove (a container takes its fields' properties
 * with it), add a tab. Each is a pure function state → new state; a refused command throws DesignError.
 * The new or moved node's id is left in `focus` of the answer (the UI selects it).
 */
import type { LayoutNode, ModelProperty } from '../../../engine/schema/types';
import { conditionFields, dropConditionField } from './conditions';
import { keyFromPinyin, uniqueKey } from './keys';
import { isFieldKind, kindOfProperty, paletteFieldNode, paletteItem, paletteProperty } from './palette';
import { dropUnusedDicts } from './options';
import { fieldRef, freshId, makeText, moveText, produce, rowsOf, uniqueTextKey } from './state';
import { childrenOf, holdsLayout, locate, locateColumn, setChildren, subtreeFields, type AnyNode, type SubtableNode } from './tree';
import { DesignError, type DesignEnv, type FormDesignState, type PaletteKind, type Target } from './types';

/** A design state with the id of the node the last command created or moved. */
export type Focused = FormDesignState;

type Container = { kind: 'layout'; children: AnyNode[] } | { kind: 'tabs'; children: AnyNode[] } | { kind: 'subtable'; node: SubtableNode };

/** What `parent` of a target holds. @throws DesignError notFound / notContainer. */
function containerOf(state: FormDesignState, parent: string | null): Container {
  if (parent === null) return { kind: 'layout', children: state.layout };
  const at = locate(state.layout, parent);
  if (!at) throw new DesignError('notFound', `no node "${parent}"`);
  if (at.node.type === 'subtable') return { kind: 'subtable', node: at.node };
  if (at.node.type === 'tabs') return { kind: 'tabs', children: at.node.children };
  if (holdsLayout(at.node)) return { kind: 'layout', children: (at.node as { children: AnyNode[] }).children };
  throw new DesignError('notContainer', `node "${parent}" (${at.node.type}) holds no children`);
}

const clampIndex = (index: number | undefined, length: number) => (index === undefined ? length : Math.max(0, Math.min(length, Math.trunc(index))));

/** Puts `node` into layout container `parent` at `index` (in place on the draft). */
function putNode(draft: FormDesignState, parent: string | null, index: number | undefined, node: AnyNode): void {
  const children = [...(childrenOf(draft.layout, parent) ?? [])];
  children.splice(clampIndex(index, children.length), 0, node);
  draft.layout = setChildren(draft.layout, parent, children);
}

/** Whether a property can be a sub-table column (the row editor has an input for its kind). */
export function columnCapable(p: ModelProperty): boolean {
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  return type !== 'array' && type !== 'object' && paletteItem(kindOfProperty(p)).column;
}

/**
 * Places field `key` (property `prop`, required or not) at `target` on the draft: a column when the target is
 * a sub-table, else a layout node (`node`, or a plain field node). The key is made unique in its new scope
 * and the label's i18n key follows it. Answers the node id.
 */
export function placeField(draft: FormDesignState, field: { key: string; prop: ModelProperty; required: boolean; node?: LayoutNode }, target: Target): string {
  const box = containerOf(draft, target.parent);
  if (box.kind === 'tabs') throw new DesignError('notContainer', `tabs "${target.parent}" holds tabs only`);
  const prop = field.prop;
  if (box.kind === 'subtable') {
    if (!columnCapable(prop) || (field.node && field.node.type !== 'field'))
      throw new DesignError('notColumn', `field "${field.key}" cannot be a sub-table column`);
    const rows = rowsOf(draft.model, box.node);
    const key = uniqueKey(field.key, Object.keys(rows.properties));
    moveText(draft, prop['x-title'], uniqueTextKey(draft, `field.${box.node.field}`, key, prop['x-title'].t));
    rows.properties[key] = prop;
    if (field.required) rows.required = [...(rows.required ?? []), key];
    const id = field.node?.id ?? freshId(draft, 'c');
    const subtableId = box.node.id;
    const at = locate(draft.layout, subtableId)!.node as SubtableNode;
    const columns = [...at.columns];
    columns.splice(clampIndex(target.index, columns.length), 0, { id, field: key });
    draft.layout = replaceNode(draft.layout, subtableId, { ...at, columns });
    return id;
  }
  const key = uniqueKey(field.key, Object.keys(draft.model.properties));
  moveText(draft, prop['x-title'], uniqueTextKey(draft, 'field', key, prop['x-title'].t));
  draft.model.properties[key] = prop;
  if (field.required) draft.model.required = [...(draft.model.required ?? []), key];
  const node = field.node ? ({ ...field.node, field: key } as LayoutNode) : ({ id: freshId(draft, 'f'), type: 'field', field: key } as LayoutNode);
  putNode(draft, target.parent, target.index, node);
  return node.id;
}

function replaceNode(layout: LayoutNode[], id: string, node: AnyNode): LayoutNode[] {
  const at = locate(layout, id)!;
  const siblings = [...childrenOf(layout, at.parent)!];
  siblings[at.index] = node;
  return setChildren(layout, at.parent, siblings);
}

/**
 * Inserts a new palette entry at `target`: a field (property with a key from the label's pinyin, unique, and
 * its layout node or sub-table column) or a layout node (section, tabs with one tab, 2-column grid,
 * description text). Labels are `env.label(kind)`.
 * @throws DesignError notFound / notContainer (target), notColumn (entry that cannot be a column).
 */
export function insertFromPalette(state: FormDesignState, kind: PaletteKind, target: Target, env: DesignEnv): Focused {
  let focus = '';
  const next = produce(state, (d) => {
    const box = containerOf(d, target.parent);
    if (box.kind === 'tabs') throw new DesignError('notContainer', `tabs "${target.parent}" holds tabs only`);
    const label = env.label(kind);
    if (isFieldKind(kind)) {
      if (box.kind === 'subtable' && !paletteItem(kind).column) throw new DesignError('notColumn', `"${kind}" cannot be a sub-table column`);
      const key = keyFromPinyin(env.pinyin(label.zh));
      const prop = paletteProperty(kind, makeText(d, `${d.meta.entity}.draft.${d.seq}`, label));
      const id = box.kind === 'subtable' ? undefined : freshId(d, kind === 'subtable' ? 'st' : 'f');
      focus = placeField(d, { key, prop, required: false, node: id ? paletteFieldNode(kind, id, key) : undefined }, target);
      return;
    }
    if (box.kind === 'subtable') throw new DesignError('notColumn', `"${kind}" cannot be a sub-table column`);
    let node: AnyNode;
    if (kind === 'section') {
      const id = freshId(d, 'sec');
      node = { id, type: 'section', title: makeText(d, uniqueTextKey(d, 'section', id), label), children: [] };
    } else if (kind === 'tabs') {
      const id = freshId(d, 'tabs');
      const tab = freshId(d, 'tab');
      node = { id, type: 'tabs', children: [{ id: tab, type: 'tab', title: makeText(d, uniqueTextKey(d, 'tab', tab), env.label('tab')), children: [] }] };
    } else if (kind === 'grid') {
      node = { id: freshId(d, 'grid'), type: 'grid', columns: 2, children: [] };
    } else {
      const id = freshId(d, 'txt');
      node = { id, type: 'text', text: makeText(d, uniqueTextKey(d, 'text', id), label) };
    }
    putNode(d, target.parent, target.index, node);
    focus = node.id;
  });
  return { ...next, focus };
}

/** Adds a tab (labelled `env.label('tab')`) at the end of tabs node `tabsId`. @throws DesignError notFound / notContainer. */
export function addTab(state: FormDesignState, tabsId: string, env: DesignEnv): Focused {
  let focus = '';
  const next = produce(state, (d) => {
    const at = locate(d.layout, tabsId);
    if (!at) throw new DesignError('notFound', `no node "${tabsId}"`);
    if (at.node.type !== 'tabs') throw new DesignError('notContainer', `node "${tabsId}" is not a tabs node`);
    focus = freshId(d, 'tab');
    putNode(d, tabsId, undefined, { id: focus, type: 'tab', title: makeText(d, uniqueTextKey(d, 'tab', focus), env.label('tab')), children: [] });
  });
  return { ...next, focus };
}

/** Takes field node or column `id` out of the draft: its property, required flag and layout node (answered). */
function takeField(d: FormDesignState, id: string): { key: string; prop: ModelProperty; required: boolean; node?: LayoutNode } {
  const ref = fieldRef(d, id)!;
  const required = (ref.owner.required ?? []).includes(ref.key);
  delete ref.scope[ref.key];
  ref.owner.required = (ref.owner.required ?? []).filter((k) => k !== ref.key);
  if (ref.column) {
    const sub = ref.column.subtable;
    d.layout = replaceNode(d.layout, sub.id, {
      ...sub,
      columns: sub.columns.filter((c) => c.id !== id),
      totals: (sub.totals ?? []).filter((f) => f !== ref.key),
    });
    return { key: ref.key, prop: ref.prop, required, node: { id, type: 'field', field: ref.key } };
  }
  const at = locate(d.layout, id)!;
  d.layout = setChildren(
    d.layout,
    at.parent,
    childrenOf(d.layout, at.parent)!.filter((n) => n.id !== id),
  );
  dropFieldUses(d, ref.key);
  return { key: ref.key, prop: ref.prop, required, node: at.node as LayoutNode };
}

/** Drops the rules, condition leaves, computed fields and validators that name field `key`. */
function dropFieldUses(d: FormDesignState, key: string): void {
  d.rules = d.rules
    .filter((r) => r.field !== key)
    .map((r) => ('mode' in r.when && conditionFields(r.when).includes(key) ? { ...r, when: dropConditionField(r.when, key) } : r))
    .filter((r) => !('mode' in r.when) || r.when.items.length > 0);
  d.computed = d.computed.filter((c) => c.field !== key);
  d.validators = d.validators.filter((v) => v.field !== key);
  d.locked = d.locked.filter((k) => k !== key);
}

/**
 * Moves node `id` to `target` (index = its final position there). Layout nodes go into the top level, sections,
 * grids and tabs; tabs into tabs nodes; a plain field into a sub-table becomes a column and a column moved out
 * becomes a field (keys made unique in the new scope).
 * @throws DesignError notFound, notContainer, intoItself (a container into itself or its descendants), notColumn.
 */
export function moveNode(state: FormDesignState, id: string, target: Target): Focused {
  const next = produce(state, (d) => {
    const box = containerOf(d, target.parent);
    const col = locateColumn(d.layout, id);
    const at = col ? null : locate(d.layout, id);
    if (!col && !at) throw new DesignError('notFound', `no node "${id}"`);
    if (at && target.parent !== null && at.node.id === target.parent) throw new DesignError('intoItself', `"${id}" cannot go into itself`);
    if (at && target.parent !== null && locate([at.node as LayoutNode], target.parent))
      throw new DesignError('intoItself', `"${id}" cannot go into its own descendant`);
    const isTab = at?.node.type === 'tab';
    if (isTab !== (box.kind === 'tabs'))
      throw new DesignError('notContainer', isTab ? 'a tab goes into a tabs node only' : `tabs "${target.parent}" holds tabs only`);
    const sameSubtable = col && box.kind === 'subtable' && box.node.id === col.subtable.id;
    if (sameSubtable) {
      const columns = col.subtable.columns.filter((c) => c.id !== id);
      columns.splice(clampIndex(target.index, columns.length), 0, col.column);
      d.layout = replaceNode(d.layout, col.subtable.id, { ...col.subtable, columns });
      return;
    }
    if (col || box.kind === 'subtable') {
      if (at && at.node.type !== 'field') throw new DesignError('notColumn', `"${id}" cannot be a sub-table column`);
      const ref = fieldRef(d, id);
      if (!ref) throw new DesignError('notFound', `node "${id}" has no field`);
      if (box.kind === 'subtable' && !columnCapable(ref.prop)) throw new DesignError('notColumn', `field "${ref.key}" cannot be a sub-table column`);
      placeField(d, takeField(d, id), target);
      return;
    }
    const siblings = childrenOf(d.layout, at!.parent)!.filter((n) => n.id !== id);
    d.layout = setChildren(d.layout, at!.parent, siblings);
    putNode(d, target.parent, target.index, at!.node);
  });
  return { ...next, focus: id };
}

/** Moves node `id` one place up (`delta` -1) or down (+1) among its siblings; at either end nothing changes. */
export function moveBy(state: FormDesignState, id: string, delta: -1 | 1): Focused {
  const col = locateColumn(state.layout, id);
  if (col) {
    const index = col.index + delta;
    return index < 0 || index >= col.subtable.columns.length ? state : moveNode(state, id, { parent: col.subtable.id, index });
  }
  const at = locate(state.layout, id);
  if (!at) throw new DesignError('notFound', `no node "${id}"`);
  const index = at.index + delta;
  const count = childrenOf(state.layout, at.parent)!.length;
  return index < 0 || index >= count ? state : moveNode(state, id, { parent: at.parent, index });
}

/**
 * Removes node `id` with everything under it: the properties of the fields it places (and their rules,
 * condition leaves, computed fields, validators, en-US texts); a column takes its item property and total.
 * @throws DesignError notFound.
 */
export function removeNode(state: FormDesignState, id: string): Focused {
  const next = produce(state, (d) => {
    const col = locateColumn(d.layout, id);
    if (col) {
      const { prop } = takeField(d, id);
      delete d.en[prop['x-title'].t];
      dropUnusedDicts(d);
      return;
    }
    const at = locate(d.layout, id);
    if (!at) throw new DesignError('notFound', `no node "${id}"`);
    for (const key of subtreeFields(at.node)) {
      const prop = d.model.properties[key];
      if (!prop) continue;
      dropTexts(d, prop);
      delete d.model.properties[key];
      d.model.required = (d.model.required ?? []).filter((k) => k !== key);
      dropFieldUses(d, key);
    }
    dropTexts(d, at.node);
    dropUnusedDicts(d);
    d.layout = setChildren(
      d.layout,
      at.parent,
      childrenOf(d.layout, at.parent)!.filter((n) => n.id !== id),
    );
  });
  return { ...next, focus: undefined };
}

/** Deletes the en-US texts of every Text inside `v`. */
function dropTexts(d: FormDesignState, v: unknown): void {
  if (Array.isArray(v)) v.forEach((x) => dropTexts(d, x));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.t === 'string' && typeof o.d === 'string' && Object.keys(o).length === 2) delete d.en[o.t];
    else Object.values(o).forEach((x) => dropTexts(d, x));
  }
}
