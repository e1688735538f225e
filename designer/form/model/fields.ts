/**
 * Inspector commands of the form designer: a field's label (zh-CN, en-US; the key follows the
 * label's pinyin until it is locked), key, required, default, placeholder, options / dictionary, single or
 * multiple value, validation (length, range, pattern with a message), read-only, grid span; a container's
 * title, text, grid columns and sub-table totals. Pure functions state → state; refusals throw DesignError.
 */
import type { LayoutNode, ModelProperty } from '../../../engine/schema/types';
import { renameConditionField } from './conditions';
import { dropUnusedDicts, ownedDictId, writeOptions, type OptionInput } from './options';
import { isValidKey, keyFromPinyin, uniqueKey } from './keys';
import { PALETTE } from './palette';
import { fieldRef, labelGroup, labelOf, makeText, moveText, produce, setRequired, setText, uniqueTextKey, type FieldRef } from './state';
import { locate, mapNode, type AnyNode } from './tree';
import { DesignError, type DesignEnv, type FormDesignState, type LocalLabel } from './types';

/** Changes to a field; `null` clears a setting, an absent key leaves it. */
export interface FieldPatch {
  label?: LocalLabel;
  required?: boolean;
  default?: unknown;
  placeholder?: LocalLabel | null;
  /** Options typed in the inspector: they become a dictionary the form owns (./options.ts). */
  options?: OptionInput[] | null;
  /** Code of a shared dictionary for a select / radio / checkbox (`x-dict`; replaces typed options). */
  dict?: string | null;
  /** Person / department: several (users / depts) or one (user / dept). */
  multiple?: boolean;
  /** One person / department: a new record takes the signed-in user / their department (`x-default-from`). */
  defaultFromSession?: boolean;
  minLength?: number | null;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  pattern?: string | null;
  patternMessage?: LocalLabel | null;
  readOnly?: boolean;
  /** Columns a field spans in a grid (1–4). */
  span?: number | null;
  /**
   * A reference field's target (`x-record`, FORMATS.md "Reference fields"): the entity and its label field; its
   * `onDelete` is kept (default restrict). Null removes it.
   */
  record?: { entity: string; label: string } | null;
}

const setOrUnset = (p: ModelProperty, k: string, v: unknown) => {
  if (v === null || v === undefined) delete p[k];
  else p[k] = v;
};

function checkNumber(v: number | null | undefined, name: string, integer = false): void {
  if (v === null || v === undefined) return;
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && (!Number.isInteger(v) || v < 0)))
    throw new DesignError('badValue', `${name} must be a ${integer ? 'whole number ≥ 0' : 'number'}`);
}

/** Names of the palette entries in en-US (a label still one of them was never set by hand). */
function defaultNames(env: DesignEnv): Set<string> {
  return new Set([...PALETTE.map((p) => env.label(p.kind).en), env.label('tab').en, env.label('column').en]);
}

/**
 * The label `next` stored over `old`: when only zh-CN changed and en-US was never set apart from it (a default
 * name of `env`'s palette, or the same text as zh-CN), en-US becomes the new zh-CN text (a fallback the
 * English form shows until an English label is typed), else `next` as given.
 */
export function followEn(old: LocalLabel, next: LocalLabel, env?: DesignEnv): LocalLabel {
  if (next.zh === old.zh || next.en !== old.en) return next;
  const untouched = old.en === old.zh || (env !== undefined && defaultNames(env).has(old.en));
  return untouched ? { zh: next.zh, en: next.zh } : next;
}

/** Renames field `ref` to `to` everywhere the form names it (in place on the draft). */
function renameField(d: FormDesignState, ref: FieldRef, to: string): void {
  const from = ref.key;
  if (from === to) return;
  const entries = Object.entries(ref.scope).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const k of Object.keys(ref.scope)) delete ref.scope[k];
  for (const [k, v] of entries) ref.scope[k] = v;
  ref.owner.required = (ref.owner.required ?? []).map((k) => (k === from ? to : k));
  const group = labelGroup(ref);
  const title = ref.prop['x-title'];
  if (title.t === `${d.meta.entity}.${group}.${from}`) moveText(d, title, uniqueTextKey(d, group, to, title.t));
  const pm = ref.prop['x-pattern-message'];
  if (pm && pm.t === `${d.meta.entity}.pattern.${from}`) moveText(d, pm, uniqueTextKey(d, 'pattern', to, pm.t));
  if (ref.column) {
    const sub = ref.column.subtable;
    d.layout = mapNode(d.layout, sub.id, (n) => ({
      ...(n as typeof sub),
      columns: sub.columns.map((c) => (c.id === ref.nodeId ? { ...c, field: to } : c)),
      totals: (sub.totals ?? []).map((f) => (f === from ? to : f)),
    }));
    return;
  }
  d.layout = mapNode(d.layout, ref.nodeId, (n) => {
    const node = { ...n, field: to } as LayoutNode;
    if (node.type === 'field' && node.placeholder && node.placeholder.t === `${d.meta.entity}.placeholder.${from}`) {
      const ph = { ...node.placeholder };
      moveText(d, ph, uniqueTextKey(d, 'placeholder', to, ph.t));
      node.placeholder = ph;
    }
    return node;
  });
  d.rules = d.rules.map((r) => ({ ...r, field: r.field === from ? to : r.field, when: 'mode' in r.when ? renameConditionField(r.when, from, to) : r.when }));
  d.computed = d.computed.map((c) => (c.field === from ? { ...c, field: to } : c));
  d.validators = d.validators.map((v) => (v.field === from ? { ...v, field: to } : v));
  d.locked = d.locked.map((k) => (k === from ? to : k));
}

/**
 * Applies `patch` to the field of node `id` (a field, attachments or sub-table node, or a sub-table column).
 * A new zh-CN label with the en-US one unchanged carries en-US along while it was never set apart (it is a
 * palette entry's default name — `env` — or equals the old zh-CN), so that no 请假类型 stays "Drop-down" in
 * en-US. A new label also renames the key (pinyin of the zh-CN label through `env`, made unique) unless the key is
 * locked or no `env` is given.
 * @throws DesignError notFound (no field), badValue (a number that is not one, min above max, a pattern that is
 *   not a regular expression, options on a multi-value field, a target on a field that is no reference).
 */
export function updateField(state: FormDesignState, id: string, patch: FieldPatch, env?: DesignEnv): FormDesignState {
  return produce(state, (d) => {
    const ref = fieldRef(d, id);
    if (!ref) throw new DesignError('notFound', `node "${id}" has no field`);
    const p = ref.prop;
    if (patch.label) {
      setText(d, p['x-title'], followEn(labelOf(d, p['x-title']), patch.label, env));
      if (env && !d.locked.includes(ref.column ? ref.column.subtable.field : ref.key)) {
        const base = keyFromPinyin(env.pinyin(patch.label.zh));
        renameField(
          d,
          ref,
          uniqueKey(
            base,
            Object.keys(ref.scope).filter((k) => k !== ref.key),
          ),
        );
      }
    }
    const key = fieldRef(d, id)!.key;
    if (patch.required !== undefined) setRequired(fieldRef(d, id)!, patch.required);
    if ('default' in patch) setOrUnset(p, 'default', patch.default);
    for (const k of ['minLength', 'maxLength'] as const) checkNumber(patch[k], k, true);
    for (const k of ['minimum', 'maximum'] as const) checkNumber(patch[k], k);
    for (const k of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) if (k in patch) setOrUnset(p, k, patch[k]);
    if (typeof p.minLength === 'number' && typeof p.maxLength === 'number' && p.minLength > p.maxLength)
      throw new DesignError('badValue', 'minLength above maxLength');
    if (typeof p.minimum === 'number' && typeof p.maximum === 'number' && p.minimum > p.maximum) throw new DesignError('badValue', 'minimum above maximum');
    if ('pattern' in patch) {
      if (patch.pattern) {
        try {
          new RegExp(patch.pattern, 'u');
        } catch {
          throw new DesignError('badValue', `pattern ${patch.pattern} is not a regular expression`);
        }
      }
      setOrUnset(p, 'pattern', patch.pattern || null);
      if (!patch.pattern) delete p['x-pattern-message'];
    }
    if ('patternMessage' in patch) {
      if (!patch.patternMessage) delete p['x-pattern-message'];
      else if (p['x-pattern-message']) setText(d, p['x-pattern-message'], patch.patternMessage);
      else p['x-pattern-message'] = makeText(d, uniqueTextKey(d, 'pattern', key), patch.patternMessage);
    }
    if ('dict' in patch) {
      setOrUnset(p, 'x-dict', patch.dict || null);
      dropUnusedDicts(d);
    }
    if (patch.defaultFromSession !== undefined) {
      const kind = p['x-kind'];
      if (kind !== 'user' && kind !== 'dept') throw new DesignError('badValue', 'only one person or one department can default to the session');
      setOrUnset(p, 'x-default-from', patch.defaultFromSession ? kind : null);
    }
    if (patch.multiple !== undefined) {
      if (patch.multiple) delete p['x-default-from'];
      const kind = p['x-kind'];
      const single = kind === 'users' ? 'user' : kind === 'depts' ? 'dept' : kind;
      if (single === 'user' || single === 'dept') {
        const multi = single === 'user' ? 'users' : 'depts';
        for (const k of Object.keys(p)) if (!k.startsWith('x-')) delete p[k];
        Object.assign(p, patch.multiple ? { type: 'array', items: { type: 'integer' }, uniqueItems: true } : { type: 'integer' });
        p['x-kind'] = patch.multiple ? multi : single;
        reorderX(p);
      } else if (kind === 'dict') {
        delete p.default;
        if (patch.multiple) Object.assign(p, { type: 'array', items: { type: 'string' }, uniqueItems: true });
        else {
          p.type = 'string';
          delete p.items;
          delete p.uniqueItems;
        }
        reorderX(p);
      }
    }
    if ('options' in patch) {
      if (p['x-kind'] !== 'dict') throw new DesignError('badValue', `field "${key}" takes no options`);
      const own = ownedDictId(d.meta.entity, ref.column ? `${ref.column.subtable.field}_${key}` : key);
      if (patch.options && patch.options.length) {
        p['x-dict'] = writeOptions(
          d,
          d.dicts.some((x) => x.id === p['x-dict']) ? (p['x-dict'] as string) : own,
          { zh: p['x-title'].d, en: d.en[p['x-title'].t] ?? p['x-title'].d },
          patch.options,
          env,
        );
        reorderX(p);
      } else if (d.dicts.some((x) => x.id === p['x-dict'])) delete p['x-dict'];
      dropUnusedDicts(d);
    }
    if ('record' in patch) {
      if (p['x-kind'] !== 'record') throw new DesignError('badValue', `field "${key}" is no reference`);
      const r = patch.record;
      if (r && (!r.entity || !r.label)) throw new DesignError('badValue', 'a reference needs an entity and a label field');
      const onDelete = p['x-record']?.onDelete;
      setOrUnset(p, 'x-record', r ? { entity: r.entity, label: r.label, ...(onDelete ? { onDelete } : {}) } : null);
    }
    if (patch.readOnly !== undefined) setOrUnset(p, 'readOnly', patch.readOnly || null);
    if ('placeholder' in patch || 'span' in patch) {
      if (ref.column) return;
      const cur = locate(d.layout, id)!.node;
      if (cur.type !== 'field') return;
      const node = { ...cur };
      if ('span' in patch) {
        checkNumber(patch.span, 'span', true);
        if (patch.span) node.span = Math.max(1, Math.min(4, patch.span));
        else delete node.span;
      }
      if ('placeholder' in patch) {
        if (!patch.placeholder) delete node.placeholder;
        else if (node.placeholder) {
          node.placeholder = { ...node.placeholder };
          setText(d, node.placeholder, patch.placeholder);
        } else node.placeholder = makeText(d, uniqueTextKey(d, 'placeholder', key), patch.placeholder);
      }
      d.layout = mapNode(d.layout, id, () => node);
    }
  });
}

/** Puts the `x-` keys last (stable key order of definitions). */
function reorderX(p: ModelProperty): void {
  const x = Object.entries(p).filter(([k]) => k.startsWith('x-'));
  for (const [k] of x) delete p[k];
  for (const [k, v] of x) p[k] = v;
}

/**
 * Sets the key of the field of node `id` by hand and locks it (a later label change keeps it).
 * @throws DesignError notFound, badKey (not `^[a-z][a-zA-Z0-9_]*$` or reserved), keyTaken (used in its scope).
 */
export function setFieldKey(state: FormDesignState, id: string, key: string): FormDesignState {
  return produce(state, (d) => {
    const ref = fieldRef(d, id);
    if (!ref) throw new DesignError('notFound', `node "${id}" has no field`);
    if (!isValidKey(key)) throw new DesignError('badKey', `"${key}" is not a valid field key`);
    if (key !== ref.key && key in ref.scope) throw new DesignError('keyTaken', `key "${key}" is already used`);
    renameField(d, ref, key);
    if (!ref.column && !d.locked.includes(key)) d.locked.push(key);
  });
}

/** Changes to a layout node that is not a field. */
export interface NodePatch {
  /** Section or tab title. */
  title?: LocalLabel;
  /** Description text. */
  text?: LocalLabel;
  /** Grid columns (1–4). */
  columns?: number;
  /** Sub-table: the columns (item keys) summed in the 合计 row. */
  totals?: string[];
}

/**
 * Applies `patch` to node `id` (a new title or text: en-US follows as in updateField's label). @throws DesignError notFound, badValue (grid columns outside 1–4, a total that is
 * not a numeric column of the sub-table).
 */
export function updateNode(state: FormDesignState, id: string, patch: NodePatch, env?: DesignEnv): FormDesignState {
  return produce(state, (d) => {
    const at = locate(d.layout, id);
    if (!at) throw new DesignError('notFound', `no node "${id}"`);
    const node = structuredClone(at.node) as AnyNode;
    if (patch.title && (node.type === 'section' || node.type === 'tab')) {
      if (node.title) setText(d, node.title, followEn(labelOf(d, node.title), patch.title, env));
      else node.title = makeText(d, uniqueTextKey(d, node.type, node.id), patch.title);
    }
    if (patch.text && node.type === 'text') setText(d, node.text, followEn(labelOf(d, node.text), patch.text, env));
    if (patch.columns !== undefined && node.type === 'grid') {
      if (!Number.isInteger(patch.columns) || patch.columns < 1 || patch.columns > 4) throw new DesignError('badValue', 'grid columns must be 1–4');
      node.columns = patch.columns;
    }
    if (patch.totals && node.type === 'subtable') {
      const rows = ((d.model.properties[node.field]?.items as { properties?: Record<string, ModelProperty> } | undefined)?.properties ?? {}) as Record<
        string,
        ModelProperty
      >;
      for (const f of patch.totals) {
        const t = rows[f]?.type;
        if (t !== 'number' && t !== 'integer') throw new DesignError('badValue', `"${f}" is not a numeric column`);
      }
      node.totals = [...new Set(patch.totals)];
    }
    d.layout = mapNode(d.layout, id, () => node);
  });
}
