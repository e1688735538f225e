/**
 * Shared plumbing of the designer commands: a new empty form, copy-on-write (`produce`), fresh node ids,
 * i18n keys of generated Texts, labels in both languages, and the field a node stands for (a top-level
 * property, or a sub-table column's item property). Pure TS.
 */
import type { EntityModel, ModelProperty, Text } from '../../../engine/schema/types';
import { collectTexts } from '../../../engine/schema/text';
import { allIds, locate, locateColumn, type ColumnNode, type SubtableNode } from './tree';
import { DesignError, type FormDesignState, type FormMeta, type LocalLabel } from './types';

/** A new form with nothing in it. `meta` needs id, entity and title; `$schema`/`schemaVersion` default to the current format. */
export function emptyForm(meta: Pick<FormMeta, 'id' | 'entity' | 'title'> & Partial<FormMeta>, en: Record<string, string> = {}): FormDesignState {
  return {
    meta: { $schema: '../../_meta/page.schema.json', schemaVersion: 1, ...meta },
    model: { type: 'object', required: [], properties: {}, additionalProperties: false },
    layout: [],
    rules: [],
    computed: [],
    validators: [],
    dicts: [],
    en: { ...en },
    locked: [],
    seq: 1,
  };
}

/** A changed copy of `state`: `fn` edits a deep copy (the input is never touched). */
export function produce(state: FormDesignState, fn: (draft: FormDesignState) => void): FormDesignState {
  const draft = structuredClone(state);
  fn(draft);
  return draft;
}

/** A node id `<prefix><n>` used nowhere in the form (advances `draft.seq`; ids are never reused). */
export function freshId(draft: FormDesignState, prefix: string): string {
  const used = allIds(draft.layout);
  for (const r of draft.rules) used.add(r.id);
  for (const c of draft.computed) used.add(c.id);
  for (const v of draft.validators) used.add(v.id);
  let id: string;
  do id = `${prefix}${draft.seq++}`;
  while (used.has(id));
  return id;
}

/** Every i18n key the form's Texts use. */
export function textKeys(state: FormDesignState): Set<string> {
  return new Set(collectTexts([state.model, state.layout, state.validators, state.meta.title, state.dicts]).map((x) => x.text.t));
}

/** `<entity>.<group>.<name>`, suffixed 2, 3… when another Text of the form already uses it. */
export function uniqueTextKey(draft: FormDesignState, group: string, name: string, except?: string): string {
  const used = textKeys(draft);
  if (except) used.delete(except);
  const base = `${draft.meta.entity}.${group}.${name}`;
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`;
}

/** A Text `{t, d}` for `label` (zh-CN in `d`), its en-US recorded in `draft.en`. */
export function makeText(draft: FormDesignState, t: string, label: LocalLabel): Text {
  draft.en[t] = label.en || label.zh;
  return { t, d: label.zh };
}

/** Sets the label of an existing Text in place (zh-CN default and en-US). */
export function setText(draft: FormDesignState, text: Text, label: LocalLabel): void {
  text.d = label.zh;
  draft.en[text.t] = label.en || label.zh;
}

/** A Text's label in both languages (en-US falls back to zh-CN). */
export function labelOf(state: Pick<FormDesignState, 'en'>, text: Text | undefined): LocalLabel {
  return { zh: text?.d ?? '', en: (text && state.en[text.t]) ?? text?.d ?? '' };
}

/** Moves the en-US text of key `from` to key `to`. */
export function moveText(draft: FormDesignState, text: Text, to: string): void {
  if (text.t === to) return;
  if (draft.en[text.t] !== undefined) draft.en[to] = draft.en[text.t];
  delete draft.en[text.t];
  text.t = to;
}

/**
 * The field a node stands for: a layout field / attachments / sub-table node (a top-level property) or a
 * sub-table column (an item property of the sub-table's property). `scope` is the object holding the
 * property and its siblings, `owner` the object holding `required`.
 */
export interface FieldRef {
  key: string;
  prop: ModelProperty;
  scope: Record<string, ModelProperty>;
  owner: { required?: string[] };
  nodeId: string;
  /** Set for a column. */
  column?: { subtable: SubtableNode; column: ColumnNode };
}

/** The property object of a sub-table's rows (created when missing). */
export function rowsOf(model: EntityModel, subtable: SubtableNode): { type: 'object'; required?: string[]; properties: Record<string, ModelProperty> } {
  const p = model.properties[subtable.field];
  if (!p) throw new DesignError('notFound', `sub-table field "${subtable.field}" is not in the model`);
  const items = (p.items ??= { type: 'object', properties: {} }) as { type: 'object'; required?: string[]; properties: Record<string, ModelProperty> };
  items.properties ??= {};
  return items;
}

/** The field of node `id` in `state` (a draft, to edit in place), or null when the node places none. */
export function fieldRef(state: FormDesignState, id: string): FieldRef | null {
  const col = locateColumn(state.layout, id);
  if (col) {
    const rows = rowsOf(state.model, col.subtable);
    const prop = rows.properties[col.column.field];
    if (!prop) return null;
    return { key: col.column.field, prop, scope: rows.properties, owner: rows, nodeId: id, column: { subtable: col.subtable, column: col.column } };
  }
  const at = locate(state.layout, id);
  if (!at || !('field' in at.node)) return null;
  const prop = state.model.properties[at.node.field];
  if (!prop) return null;
  return { key: at.node.field, prop, scope: state.model.properties, owner: state.model, nodeId: id };
}

/** Whether `key` is required in its scope. */
export const isRequired = (ref: FieldRef): boolean => (ref.owner.required ?? []).includes(ref.key);

/** Sets or clears `required` for a field. */
export function setRequired(ref: FieldRef, on: boolean): void {
  const list = (ref.owner.required ?? []).filter((k) => k !== ref.key);
  if (on) list.push(ref.key);
  ref.owner.required = list;
}

/** The Text group of a field's label key: `field` at the top level, `field.<subtable>` for columns. */
export const labelGroup = (ref: Pick<FieldRef, 'column'>): string => (ref.column ? `field.${ref.column.subtable.field}` : 'field');
