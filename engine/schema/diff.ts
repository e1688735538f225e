/**
 * Semantic diff of two revisions of a form (DESIGN §4 Overlays "Revisions"): what an administrator
 * changed, matched by node id, as structured changes the revision list shows and ./diffText.ts renders
 * ("字段 请假事由: 标签 事由 → 请假事由"). Flows are diffed by ./diffFlow.ts with the same `Change` shape.
 *
 * A form revision is the pair (form page, entity model): fields are the model's properties (matched by key),
 * their placement the page's layout nodes (matched by id). Pure: no React, no Node; inputs never mutated.
 */
import { canonicalJson } from './hash';
import type { DictDef, EntityDef, FormPageDef, LayoutNode, ModelProperty } from './types';

/** What happened to the target. */
export type ChangeKind = 'added' | 'removed' | 'moved' | 'changed';

/** What was changed: a form field, a layout node, a rule / computed field / validator, the form or flow as a whole, a flow node or branch. */
export type ChangeTarget = 'form' | 'field' | 'layout' | 'rule' | 'flow' | 'node' | 'branch';

/**
 * One change. `id` is the target's id (field key, layout / rule / node / branch id), `label` its display
 * label (zh-CN default text of the newer revision, else the older one, else the id). For `changed`,
 * `property` names what changed (label, required, default, options, validation.maxLength, widget, mode,
 * assignees, deadline, fieldPermissions.<field>, condition, priority…) with `before` / `after` values
 * (undefined when absent); `optionItems` carries the two item lists (OptionItem[]) of a field's dictionary. For `moved`, `before` / `after` are the parent ids (root: null).
 */
export interface Change {
  kind: ChangeKind;
  target: ChangeTarget;
  id: string;
  label: string;
  property?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * A form revision: the form page and the entity whose model it edits (null when unknown), and the dictionaries
 * its fields name that the caller could resolve (the revision's own typed options, shared ones as served); with
 * them a field whose options come from a dictionary is compared item by item (`optionItems`).
 */
export interface FormSnapshot {
  page: FormPageDef;
  entity: Pick<EntityDef, 'id' | 'model'> | null;
  dicts?: DictDef[];
}

/** One option of a dictionary as `optionItems` changes carry it: the stored value and its zh-CN label. */
export interface OptionItem {
  value: string;
  label: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Deep equality by canonical JSON (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The zh-CN default of a Text, or undefined. */
export function textD(v: unknown): string | undefined {
  return isObj(v) && typeof v.d === 'string' ? v.d : undefined;
}

/** Validation keywords of a model property reported as `validation.<keyword>`. */
export const VALIDATION_KEYWORDS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'x-pattern-message',
  'minItems',
  'maxItems',
  'format',
  'multipleOf',
];

function optionsOf(p: ModelProperty | undefined): unknown {
  if (!p) return undefined;
  if (p['x-dict']) return { dict: p['x-dict'] };
  if (Array.isArray(p.enum)) return p.enum;
  const items = p.items;
  if (isObj(items)) {
    if (typeof items['x-dict'] === 'string') return { dict: items['x-dict'] };
    if (Array.isArray(items.enum)) return items.enum;
  }
  return undefined;
}

/** The dictionary code a field takes its options from (on the field, or on its items when multi-valued). */
function dictCodeOf(p: ModelProperty | undefined): string | undefined {
  if (!p) return undefined;
  if (typeof p['x-dict'] === 'string') return p['x-dict'];
  const items = p.items;
  return isObj(items) && typeof items['x-dict'] === 'string' ? items['x-dict'] : undefined;
}

/** The items of the dictionary field `p` names, from `dicts`, or undefined when it names none or it is not there. */
function dictItemsOf(p: ModelProperty | undefined, dicts: DictDef[] | undefined): OptionItem[] | undefined {
  const code = dictCodeOf(p);
  const dict = code ? dicts?.find((d) => d.id === code) : undefined;
  return dict?.items.map((it) => ({ value: it.value, label: textD(it.label) ?? it.value }));
}

/**
 * The options change of a field: when both revisions' dictionaries are known, their items (value and zh-CN
 * label, in order; colours aside) as `optionItems` — so a form's own copy of a dictionary with new options reads
 * as the options added, removed or relabelled, not as a new dictionary code; else the dictionary code or `enum` as `options`.
 */
function pushOptions(
  out: Change[],
  field: string,
  label: string,
  x: ModelProperty,
  y: ModelProperty,
  da: DictDef[] | undefined,
  db: DictDef[] | undefined,
): void {
  const before = dictItemsOf(x, da);
  const after = dictItemsOf(y, db);
  if (before && after) {
    if (sameValue(before, after)) pushChanged(out, 'field', field, label, 'options', optionsOf(x), optionsOf(y));
    else out.push({ kind: 'changed', target: 'field', id: field, label, property: 'optionItems', before, after });
    return;
  }
  pushChanged(out, 'field', field, label, 'options', optionsOf(x), optionsOf(y));
}

/** Compare two values of `property` and push a `changed` change when they differ. */
export function pushChanged(out: Change[], target: ChangeTarget, id: string, label: string, property: string, before: unknown, after: unknown): void {
  if (sameValue(before, after)) return;
  out.push({ kind: 'changed', target, id, label, property, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
}

/**
 * Indices (into `seq`) of a longest increasing subsequence; the members outside it are the ones that
 * "moved" when `seq` lists the old positions of the common children in their new order.
 */
export function stableIndices(seq: number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = prev[k]) keep.add(k);
  return keep;
}

/** Where a node sits: its parent id (null at the root) and its order among its siblings. */
export interface Placement {
  parent: string | null;
  index: number;
}

/**
 * The ids that moved between two placements maps: a changed parent, or (same parent) an order change
 * among the siblings present in both revisions that is not explained by others moving (LIS).
 */
export function movedIds(before: Map<string, Placement>, after: Map<string, Placement>): Set<string> {
  const moved = new Set<string>();
  const byParent = new Map<string | null, string[]>();
  for (const [id, a] of after) {
    const b = before.get(id);
    if (!b) continue;
    if (b.parent !== a.parent) moved.add(id);
    else {
      const list = byParent.get(a.parent) ?? [];
      list.push(id);
      byParent.set(a.parent, list);
    }
  }
  for (const ids of byParent.values()) {
    ids.sort((x, y) => after.get(x)!.index - after.get(y)!.index);
    const keep = stableIndices(ids.map((id) => before.get(id)!.index));
    ids.forEach((id, i) => keep.has(i) || moved.add(id));
  }
  return moved;
}

interface LayoutEntry {
  node: LayoutNode;
  at: Placement;
}

function layoutIndex(layout: LayoutNode[]): Map<string, LayoutEntry> {
  const out = new Map<string, LayoutEntry>();
  const walk = (nodes: unknown[], parent: string | null) => {
    nodes.forEach((n, index) => {
      if (!isObj(n) || typeof n.id !== 'string') return;
      out.set(n.id, { node: n as unknown as LayoutNode, at: { parent, index } });
      if (Array.isArray(n.children)) walk(n.children, n.id);
    });
  };
  walk(layout, null);
  return out;
}

const fieldOfNode = (n: LayoutNode): string | undefined => ('field' in n ? n.field : undefined);

/** Layout node properties compared (children and ids aside). */
const LAYOUT_PROPS = ['type', 'field', 'widget', 'span', 'placeholder', 'title', 'columns', 'totals', 'text'];

/**
 * The changes from form revision `a` to `b`: fields added / removed (model property with its layout node),
 * field label, required, default, options (dictionary items when both sides know them: `optionItems`), kind and validation keywords; layout nodes added / removed /
 * moved and their widget, span, placeholder, title; rules, computed fields and validators by id; the
 * form's title and flow. Order: form, fields (new order), layout, rules.
 */
export function diffForm(a: FormSnapshot, b: FormSnapshot): Change[] {
  const out: Change[] = [];
  const formLabel = textD(b.page.title) ?? textD(a.page.title) ?? b.page.id;
  pushChanged(out, 'form', b.page.id, formLabel, 'title', textD(a.page.title), textD(b.page.title));
  pushChanged(out, 'form', b.page.id, formLabel, 'flow', a.page.flow, b.page.flow);
  pushChanged(out, 'form', b.page.id, formLabel, 'entity', a.page.entity, b.page.entity);

  const pa = a.entity?.model.properties ?? {};
  const pb = b.entity?.model.properties ?? {};
  const ra = new Set(a.entity?.model.required ?? []);
  const rb = new Set(b.entity?.model.required ?? []);
  const labelOf = (field: string) => textD(pb[field]?.['x-title']) ?? textD(pa[field]?.['x-title']) ?? field;
  const la = layoutIndex(a.page.layout);
  const lb = layoutIndex(b.page.layout);
  const fieldsAdded = new Set<string>();
  const fieldsRemoved = new Set<string>();

  for (const field of Object.keys(pa)) if (!(field in pb)) fieldsRemoved.add(field);
  for (const field of Object.keys(pb)) if (!(field in pa)) fieldsAdded.add(field);
  for (const field of fieldsRemoved) out.push({ kind: 'removed', target: 'field', id: field, label: labelOf(field) });
  for (const field of fieldsAdded) out.push({ kind: 'added', target: 'field', id: field, label: labelOf(field) });
  for (const field of Object.keys(pb)) {
    const x = pa[field];
    const y = pb[field];
    if (!x) continue;
    const label = labelOf(field);
    pushChanged(out, 'field', field, label, 'label', textD(x['x-title']), textD(y['x-title']));
    pushChanged(out, 'field', field, label, 'required', ra.has(field), rb.has(field));
    pushChanged(out, 'field', field, label, 'default', x.default, y.default);
    pushChanged(out, 'field', field, label, 'defaultFrom', x['x-default-from'], y['x-default-from']);
    pushOptions(out, field, label, x, y, a.dicts, b.dicts);
    pushChanged(out, 'field', field, label, 'kind', x['x-kind'] ?? x.type, y['x-kind'] ?? y.type);
    pushChanged(out, 'field', field, label, 'readOnly', x.readOnly === true, y.readOnly === true);
    for (const k of VALIDATION_KEYWORDS)
      pushChanged(
        out,
        'field',
        field,
        label,
        `validation.${k}`,
        k === 'x-pattern-message' ? textD(x[k]) : x[k],
        k === 'x-pattern-message' ? textD(y[k]) : y[k],
      );
  }

  // layout: a field node that comes or goes with its model property is already told as the field
  const nodeLabel = (n: LayoutNode) => {
    const f = fieldOfNode(n);
    return f ? labelOf(f) : (textD((n as Obj).title) ?? textD((n as Obj).text) ?? n.id);
  };
  const targetOf = (n: LayoutNode): { target: ChangeTarget; id: string } => {
    const f = fieldOfNode(n);
    return f && n.type === 'field' ? { target: 'field', id: f } : { target: 'layout', id: n.id };
  };
  for (const [id, e] of la) {
    if (lb.has(id)) continue;
    const f = fieldOfNode(e.node);
    if (f && fieldsRemoved.has(f)) continue;
    out.push({ kind: 'removed', ...targetOf(e.node), label: nodeLabel(e.node) });
  }
  for (const [id, e] of lb) {
    if (la.has(id)) continue;
    const f = fieldOfNode(e.node);
    if (f && fieldsAdded.has(f)) continue;
    out.push({ kind: 'added', ...targetOf(e.node), label: nodeLabel(e.node) });
  }
  const placeA = new Map([...la].map(([id, e]) => [id, e.at]));
  const placeB = new Map([...lb].map(([id, e]) => [id, e.at]));
  const moved = movedIds(placeA, placeB);
  for (const [id, e] of lb) {
    const old = la.get(id);
    if (!old) continue;
    const t = targetOf(e.node);
    const label = nodeLabel(e.node);
    if (moved.has(id)) out.push({ kind: 'moved', ...t, label, before: old.at.parent, after: e.at.parent });
    for (const k of LAYOUT_PROPS) {
      const x = (old.node as unknown as Obj)[k];
      const y = (e.node as unknown as Obj)[k];
      const text = k === 'placeholder' || k === 'title' || k === 'text';
      pushChanged(out, t.target, t.id, label, k, text ? textD(x) : x, text ? textD(y) : y);
    }
  }

  diffRules(out, a.page, b.page, labelOf);
  return out;
}

/** Rules, computed fields and validators of two form pages, by id. */
function diffRules(out: Change[], a: FormPageDef, b: FormPageDef, labelOf: (field: string) => string): void {
  const lists: [string, Obj[] | undefined, Obj[] | undefined][] = [
    ['rules', a.rules as unknown as Obj[], b.rules as unknown as Obj[]],
    ['computed', a.computed as unknown as Obj[], b.computed as unknown as Obj[]],
    ['validators', a.validators as unknown as Obj[], b.validators as unknown as Obj[]],
  ];
  for (const [, xs = [], ys = []] of lists) {
    const before = new Map(xs.map((r) => [r.id as string, r]));
    const after = new Map(ys.map((r) => [r.id as string, r]));
    const label = (r: Obj) => textD(r.message) ?? (typeof r.field === 'string' ? labelOf(r.field) : String(r.id));
    for (const [id, r] of before) if (!after.has(id)) out.push({ kind: 'removed', target: 'rule', id, label: label(r) });
    for (const [id, r] of after) {
      const old = before.get(id);
      if (!old) {
        out.push({ kind: 'added', target: 'rule', id, label: label(r) });
        continue;
      }
      for (const k of new Set([...Object.keys(old), ...Object.keys(r)])) {
        if (k === 'id') continue;
        const x = old[k];
        const y = r[k];
        const norm = (v: unknown) => (isObj(v) && typeof v.cel === 'string' ? v.cel : isObj(v) && 'd' in v ? textD(v) : v);
        pushChanged(out, 'rule', id, label(r), k === 'when' || k === 'expr' ? 'condition' : k, norm(x), norm(y));
      }
    }
  }
}
