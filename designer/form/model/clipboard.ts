/**
 * Copy and paste in the form designer: a copied node carries its subtree, the properties of the
 * fields it places and their en-US texts; pasting gives every node a fresh id, every field a unique key (the
 * copied key with a suffix 2, 3…) and every Text its own i18n key. A single field pastes into a sub-table as
 * a column and a column pastes anywhere as a field. Pure TS.
 */
import type { LayoutNode, ModelProperty, Text } from '../../../engine/schema/types';
import { placeField, type Focused } from './commands';
import { uniqueKey } from './keys';
import { fieldRef, freshId, produce, uniqueTextKey } from './state';
import { kids, locate, locateColumn, subtreeFields, type AnyNode } from './tree';
import { DesignError, type FormDesignState, type Target } from './types';

/** What copyNode answers (plain JSON: it can go to the system clipboard). */
export interface Clipboard {
  node: LayoutNode;
  /** Properties of the fields `node` places, by key. */
  props: Record<string, ModelProperty>;
  required: string[];
  /** en-US texts of the copied Texts. */
  en: Record<string, string>;
}

function textsIn(v: unknown, out: Text[] = []): Text[] {
  if (Array.isArray(v)) v.forEach((x) => textsIn(x, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.t === 'string' && typeof o.d === 'string' && Object.keys(o).length === 2) out.push(o as unknown as Text);
    else Object.values(o).forEach((x) => textsIn(x, out));
  }
  return out;
}

/**
 * A copy of node `id` (a layout node or a sub-table column) with what it needs to be pasted.
 * @throws DesignError notFound; notContainer for a tab (copy its content instead).
 */
export function copyNode(state: FormDesignState, id: string): Clipboard {
  const col = locateColumn(state.layout, id);
  const at = col ? null : locate(state.layout, id);
  if (!col && !at) throw new DesignError('notFound', `no node "${id}"`);
  if (at?.node.type === 'tab') throw new DesignError('notContainer', 'a tab cannot be copied');
  let node: LayoutNode;
  const props: Record<string, ModelProperty> = {};
  const required: string[] = [];
  if (col) {
    const ref = fieldRef(state, id)!;
    node = { id, type: 'field', field: ref.key };
    props[ref.key] = ref.prop;
    if ((ref.owner.required ?? []).includes(ref.key)) required.push(ref.key);
  } else {
    node = at!.node as LayoutNode;
    for (const key of subtreeFields(node)) {
      if (!state.model.properties[key]) continue;
      props[key] = state.model.properties[key];
      if ((state.model.required ?? []).includes(key)) required.push(key);
    }
  }
  const en: Record<string, string> = {};
  for (const t of textsIn([node, props])) if (state.en[t.t] !== undefined) en[t.t] = state.en[t.t];
  return structuredClone({ node, props, required, en });
}

/**
 * Pastes `clip` at `target`: fresh ids, unique keys, own i18n keys (labels as copied).
 * @throws DesignError notFound / notContainer (target), notColumn (more than one plain field into a sub-table).
 */
export function pasteNode(state: FormDesignState, clip: Clipboard, target: Target): Focused {
  let focus = '';
  const next = produce(state, (d) => {
    const c = structuredClone(clip);
    const retext = (text: Text, group: string, name: string) => {
      const t = uniqueTextKey(d, group, name);
      d.en[t] = c.en[text.t] ?? text.d;
      text.t = t;
    };
    const parent = target.parent === null ? null : locate(d.layout, target.parent);
    if (target.parent !== null && !parent) throw new DesignError('notFound', `no node "${target.parent}"`);
    if (parent?.node.type === 'subtable') {
      const key = c.node.type === 'field' ? c.node.field : '';
      if (!key || !c.props[key]) throw new DesignError('notColumn', 'only a single field can be a sub-table column');
      const prop = c.props[key];
      retext(prop['x-title'], 'draft', String(d.seq));
      if (prop['x-pattern-message']) retext(prop['x-pattern-message'], 'pattern', `${key}${d.seq}`);
      focus = placeField(d, { key, prop, required: c.required.includes(key) }, target);
      return;
    }
    const prefix: Record<string, string> = { section: 'sec', tabs: 'tabs', tab: 'tab', grid: 'grid', text: 'txt', subtable: 'st' };
    const fix = (n: AnyNode): AnyNode => {
      const copy = { ...n, id: freshId(d, prefix[n.type] ?? 'f') } as AnyNode;
      if ((copy.type === 'section' || copy.type === 'tab') && copy.title) retext(copy.title, copy.type, copy.id);
      if (copy.type === 'text') retext(copy.text, 'text', copy.id);
      if ('field' in copy) {
        const prop = c.props[copy.field];
        const key = uniqueKey(copy.field, Object.keys(d.model.properties));
        if (prop) {
          retext(prop['x-title'], 'field', key);
          if (prop['x-pattern-message']) retext(prop['x-pattern-message'], 'pattern', key);
          d.model.properties[key] = prop;
          if (c.required.includes(copy.field)) d.model.required = [...(d.model.required ?? []), key];
        }
        if (copy.type === 'field' && copy.placeholder) retext(copy.placeholder, 'placeholder', key);
        if (copy.type === 'subtable') {
          copy.columns = copy.columns.map((col) => ({ ...col, id: freshId(d, 'c') }));
          const rows = (prop?.items as { properties?: Record<string, ModelProperty> } | undefined)?.properties ?? {};
          for (const [k, p] of Object.entries(rows)) retext(p['x-title'], `field.${key}`, k);
        }
        copy.field = key;
      }
      const k = kids(copy);
      if (k) (copy as { children: AnyNode[] }).children = k.map(fix);
      return copy;
    };
    const node = fix(c.node) as LayoutNode;
    if (parent && parent.node.type === 'tabs') throw new DesignError('notContainer', `tabs "${target.parent}" holds tabs only`);
    if (parent && !kids(parent.node)) throw new DesignError('notContainer', `node "${target.parent}" holds no children`);
    const children = [...((parent ? kids(parent.node) : d.layout) as AnyNode[])];
    children.splice(target.index === undefined ? children.length : Math.max(0, Math.min(children.length, target.index)), 0, node);
    if (parent) {
      const nodeId = parent.node.id;
      const replace = (nodes: AnyNode[]): AnyNode[] =>
        nodes.map((n) => (n.id === nodeId ? ({ ...n, children } as AnyNode) : kids(n) ? ({ ...n, children: replace(kids(n)!) } as AnyNode) : n));
      d.layout = replace(d.layout) as LayoutNode[];
    } else d.layout = children as LayoutNode[];
    focus = node.id;
  });
  return { ...next, focus };
}
