/**
 * Structured conditions of the condition builder (visibility and read-only rules "stored as structured
 * conditions, compiled to CEL"): leaves `field op value` inside all/any groups. `compileCondition` writes CEL
 * over the form's fields (engine/form compileLogic evaluates it); `parseCondition` reads such CEL back into a
 * group when it has that shape (so a stored page opens in the builder), else null.
 * Pure TS: no React, no Node.
 */
import { parse } from '@marcbachmann/cel-js';
import type { EntityModel, ModelProperty } from '../../../engine/schema/types';
import { DesignError } from './types';

/** Operators of a condition leaf. */
export type ConditionOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'in' | 'notIn' | 'contains' | 'empty' | 'notEmpty';

/** `field op value` (`value` a scalar; a list for in / notIn; absent for empty / notEmpty). */
export interface ConditionLeaf {
  field: string;
  op: ConditionOp;
  value?: unknown;
}

/** All (and) or any (or) of its items. An empty group is true. */
export interface ConditionGroup {
  mode: 'all' | 'any';
  items: ConditionItem[];
}

export type ConditionItem = ConditionLeaf | ConditionGroup;

/** Type of a field as conditions see it; `list` for multi-value fields (people, departments, dict arrays, ranges). */
export type ConditionFieldType = 'string' | 'int' | 'double' | 'bool' | 'list';

/** Whether an item is a group. */
export const isGroup = (c: ConditionItem): c is ConditionGroup => 'mode' in c;

/** The condition type of a model property, or null when conditions cannot test it (sub-tables, objects). */
export function conditionFieldType(p: ModelProperty | undefined): ConditionFieldType | null {
  if (!p) return null;
  const kind = p['x-kind'];
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (kind === 'subtable') return null;
  if (type === 'array' || kind === 'users' || kind === 'depts' || kind === 'daterange' || kind === 'attachments') return 'list';
  if (kind === 'integer' || kind === 'user' || kind === 'dept' || (!kind && type === 'integer')) return 'int';
  if (kind === 'number' || kind === 'money' || (!kind && type === 'number')) return 'double';
  if (kind === 'boolean' || (!kind && type === 'boolean')) return 'bool';
  if (type === 'string' || kind) return 'string';
  return null;
}

/** Operators a field type offers in the builder. */
export function operatorsFor(type: ConditionFieldType): ConditionOp[] {
  switch (type) {
    case 'string':
      return ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'notIn', 'contains', 'empty', 'notEmpty'];
    case 'int':
    case 'double':
      return ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in', 'notIn'];
    case 'bool':
      return ['eq', 'ne'];
    case 'list':
      return ['contains', 'empty', 'notEmpty'];
  }
}

const CMP: Partial<Record<ConditionOp, string>> = { eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' };

/** Element type of a list field (ids for people / departments, else strings). */
function elementType(p: ModelProperty): 'int' | 'string' {
  const kind = p['x-kind'];
  const items = p.items as { type?: string } | undefined;
  return kind === 'users' || kind === 'depts' || items?.type === 'integer' ? 'int' : 'string';
}

/**
 * A CEL string literal of `s` with every non-ASCII character escaped (`\u6025`, `\U0001f600`): the same value,
 * and definitions keep Chinese text only in Text defaults (the definition lint).
 */
export function celString(s: string): string {
  let out = '';
  for (const ch of JSON.stringify(s)) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x7f ? ch : cp > 0xffff ? `\\U${cp.toString(16).padStart(8, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
  }
  return out;
}

function literal(v: unknown, type: 'string' | 'int' | 'double' | 'bool', field: string): string {
  const bad = () => new DesignError('badCondition', `value ${JSON.stringify(v)} does not fit field "${field}" (${type})`);
  switch (type) {
    case 'string':
      if (typeof v !== 'string' && typeof v !== 'number') throw bad();
      return celString(String(v));
    case 'int': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n)) throw bad();
      return String(n);
    }
    case 'double': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad();
      return Number.isInteger(n) ? `${n}.0` : String(n);
    }
    case 'bool':
      if (typeof v !== 'boolean') throw bad();
      return String(v);
  }
}

function compileLeaf(c: ConditionLeaf, model: EntityModel): string {
  const p = model.properties[c.field];
  const type = conditionFieldType(p);
  if (!p || !type) throw new DesignError('badCondition', `field "${c.field}" cannot be tested`);
  if (!operatorsFor(type).includes(c.op)) throw new DesignError('badCondition', `operator ${c.op} does not fit field "${c.field}"`);
  const f = c.field;
  if (type === 'list') {
    if (c.op === 'empty') return `size(${f}) == 0`;
    if (c.op === 'notEmpty') return `size(${f}) > 0`;
    return `${literal(c.value, elementType(p), f)} in ${f}`;
  }
  switch (c.op) {
    case 'empty':
      return `${f} == ""`;
    case 'notEmpty':
      return `${f} != ""`;
    case 'contains':
      return `${f}.contains(${literal(c.value, 'string', f)})`;
    case 'in':
    case 'notIn': {
      if (!Array.isArray(c.value) || !c.value.length) throw new DesignError('badCondition', `"${c.op}" on field "${f}" needs a non-empty list`);
      const list = `${f} in [${c.value.map((v) => literal(v, type, f)).join(', ')}]`;
      return c.op === 'in' ? list : `!(${list})`;
    }
    default:
      return `${f} ${CMP[c.op]} ${literal(c.value, type, f)}`;
  }
}

/**
 * CEL of a condition over the fields of `model`: leaves joined by `&&` (all) or `||` (any), nested groups in
 * parentheses; an empty group is `true`.
 * @throws DesignError `badCondition` when a field is unknown or untestable, an operator does not fit its type,
 *   or a value does not fit the field.
 */
export function compileCondition(c: ConditionItem, model: EntityModel): string {
  if (!isGroup(c)) return compileLeaf(c, model);
  const parts = c.items
    .filter((x) => !isGroup(x) || x.items.length)
    .map((x) => {
      const s = compileCondition(x, model);
      return isGroup(x) && x.items.length > 1 ? `(${s})` : s;
    });
  if (!parts.length) return 'true';
  return parts.join(c.mode === 'all' ? ' && ' : ' || ');
}

type Node = { op: string; args: unknown };

class NotStructured extends Error {}

/**
 * The condition group a CEL source written by compileCondition (or of the same shape) stands for, or null
 * when it has another shape (field against field, functions, arithmetic…) or names an unknown field.
 */
export function parseCondition(source: string, model: EntityModel): ConditionGroup | null {
  let ast: Node;
  try {
    ast = parse(source).ast as unknown as Node;
  } catch {
    return null;
  }
  const fieldOf = (n: Node): string | null => (n.op === 'id' && typeof n.args === 'string' && n.args in model.properties ? n.args : null);
  const value = (n: Node): unknown => {
    if (n.op === 'value' && (n.args === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof n.args)))
      return typeof n.args === 'bigint' ? Number(n.args) : n.args;
    if (n.op === '-_') {
      const v = value(n.args as Node);
      if (typeof v === 'number') return -v;
    }
    throw new NotStructured();
  };
  const list = (n: Node): unknown[] => {
    if (n.op !== 'list') throw new NotStructured();
    return (n.args as Node[]).map(value);
  };
  const walk = (n: Node): ConditionItem => {
    const a = n.args as Node[];
    switch (n.op) {
      case '&&':
      case '||': {
        const mode = n.op === '&&' ? 'all' : 'any';
        const items = a.map(walk).flatMap((x) => (isGroup(x) && x.mode === mode ? x.items : [x]));
        return { mode, items };
      }
      case '!_': {
        const inner = n.args as Node;
        if (inner.op === 'in') {
          const leaf = walk(inner);
          if (!isGroup(leaf) && leaf.op === 'in') return { ...leaf, op: 'notIn' };
        }
        throw new NotStructured();
      }
      case '==':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const sized =
          a[0].op === 'call' && (a[0].args as [string, Node[]])[0] === 'size' ? fieldOf((a[0].args as [string, Node[]])[1][0] ?? { op: '', args: null }) : null;
        if (sized) {
          const v = value(a[1]);
          if (n.op === '==' && v === 0) return { field: sized, op: 'empty' };
          if ((n.op === '>' && v === 0) || (n.op === '!=' && v === 0)) return { field: sized, op: 'notEmpty' };
          throw new NotStructured();
        }
        const field = fieldOf(a[0]);
        if (!field) throw new NotStructured();
        const v = value(a[1]);
        const type = conditionFieldType(model.properties[field]);
        if (type === 'string' && v === '' && (n.op === '==' || n.op === '!=')) return { field, op: n.op === '==' ? 'empty' : 'notEmpty' };
        const op = (Object.entries(CMP).find(([, s]) => s === n.op)?.[0] ?? 'eq') as ConditionOp;
        return { field, op, value: v };
      }
      case 'in': {
        const field = fieldOf(a[0]);
        if (field) return { field, op: 'in', value: list(a[1]) };
        const listField = fieldOf(a[1]);
        if (listField) return { field: listField, op: 'contains', value: value(a[0]) };
        throw new NotStructured();
      }
      case 'rcall': {
        const [name, receiver, args] = n.args as [string, Node, Node[]];
        const field = fieldOf(receiver);
        if (name === 'contains' && field && args.length === 1) return { field, op: 'contains', value: value(args[0]) };
        throw new NotStructured();
      }
      default:
        throw new NotStructured();
    }
  };
  try {
    const c = walk(ast);
    return isGroup(c) ? c : { mode: 'all', items: [c] };
  } catch (e) {
    if (e instanceof NotStructured) return null;
    throw e;
  }
}

/** Fields a condition reads. */
export function conditionFields(c: ConditionItem): string[] {
  return isGroup(c) ? [...new Set(c.items.flatMap(conditionFields))] : [c.field];
}

/** The condition with `field` renamed to `to`. */
export function renameConditionField<C extends ConditionItem>(c: C, field: string, to: string): C {
  if (isGroup(c)) return { ...c, items: c.items.map((x) => renameConditionField(x, field, to)) };
  return (c.field === field ? { ...c, field: to } : c) as C;
}

/** The condition without the leaves on `field` (groups left empty are dropped). */
export function dropConditionField(c: ConditionGroup, field: string): ConditionGroup {
  const items: ConditionItem[] = [];
  for (const x of c.items) {
    if (isGroup(x)) {
      const g = dropConditionField(x, field);
      if (g.items.length) items.push(g);
    } else if (x.field !== field) items.push(x);
  }
  return { ...c, items };
}
