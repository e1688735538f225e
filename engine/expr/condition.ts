/**
 * CEL → condition tree (list views' `where`, DESIGN §4 "views … translated to SQL by the server").
 * A view's `where` is CEL over `record` (the model's fields and `id`) and `user`; this pure module turns
 * its AST (@marcbachmann/cel-js) into a small tree the server compiles to SQL:
 *
 * - `&&`, `||`, `!` → and / or / not;
 * - `record.f <op> v` and `v <op> record.f` (==, !=, <, <=, >, >=) → cmp (flipped when the field is right);
 * - `record.f.startsWith(v)` / `endsWith(v)` / `contains(v)` (string fields) → text tests;
 * - `record.f in v` (v a list) → in;  `record.f` alone (bool field) → the field is true;
 * - `v` is any sub-expression that does not read `record`: a literal (kept as a constant) or an expression
 *   over `user` and functions (`user.deptId`, `TODAY().substring(0, 7)`) kept as CEL source and evaluated
 *   once per query (`resolveCondition`).
 * Anything else (field vs field, arithmetic on a field, list or object fields, `?:`, macros over the record…)
 * is untranslatable: `translateCondition` answers `{ok: false, message}` naming the part, which the
 * definition lint (engine/schema/lint.ts) reports with file and path.
 *
 * Null semantics follow engine/expr: a null field reads as the blank of its type ('' / 0 / false), so each
 * resolved leaf carries `onBlank`, what it gives for a null field; the SQL compiler uses it to keep
 * two-valued logic. Pure TS (no Node, no DOM).
 */
import { parse, type ASTNode } from '@marcbachmann/cel-js';
import { serialize } from '@marcbachmann/cel-js/serialize';
import type { EntityModel, ModelProperty } from '../schema/types';

/** Scalar type of a field a condition may test. */
export type CondFieldType = 'string' | 'int' | 'double' | 'bool';

/** Comparison operators of a `cmp` leaf. */
export type CmpOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A value known when the query runs: a constant, or CEL source over `user` and functions. */
export type CondValue = { const: unknown } | { cel: string };

/** A leaf or node of a translated condition (values still unresolved). */
export type Condition =
  | { op: 'and' | 'or'; args: Condition[] }
  | { op: 'not'; arg: Condition }
  | { op: 'cmp'; field: string; type: CondFieldType; cmp: CmpOp; value: CondValue }
  | { op: 'startsWith' | 'endsWith' | 'contains'; field: string; type: 'string'; value: CondValue }
  | { op: 'in'; field: string; type: CondFieldType; value: CondValue }
  | { op: 'isTrue'; field: string; type: 'bool' };

/** A condition whose values are constants; leaves carry `onBlank` (their result for a null field). */
export type ResolvedCondition =
  | { op: 'and' | 'or'; args: ResolvedCondition[] }
  | { op: 'not'; arg: ResolvedCondition }
  | { op: 'cmp'; field: string; cmp: CmpOp; value: string | number | boolean | null; onBlank: boolean }
  | { op: 'startsWith' | 'endsWith' | 'contains'; field: string; value: string; onBlank: boolean }
  | { op: 'in'; field: string; value: (string | number | boolean)[]; onBlank: boolean }
  | { op: 'isTrue'; field: string; onBlank: false };

/** Result of translateCondition. */
export type TranslateResult = { ok: true; condition: Condition } | { ok: false; message: string };

type Node = { op: string; args: unknown };

class Untranslatable extends Error {}

/** The scalar type of a model property, or null when a condition cannot test it (lists, objects…). */
export function condFieldType(p: ModelProperty | undefined): CondFieldType | null {
  if (!p) return null;
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  switch (p['x-kind']) {
    case 'text':
    case 'textarea':
    case 'richtext':
    case 'date':
    case 'datetime':
      return 'string';
    case 'dict':
      return type === 'array' ? null : 'string';
    case 'integer':
    case 'user':
    case 'dept':
    case 'record':
      return 'int';
    case 'number':
    case 'money':
      return 'double';
    case 'boolean':
      return 'bool';
    case undefined:
      break;
    default:
      return null;
  }
  return type === 'string' ? 'string' : type === 'integer' ? 'int' : type === 'number' ? 'double' : type === 'boolean' ? 'bool' : null;
}

function readsRecord(n: unknown): boolean {
  if (!n || typeof n !== 'object') return false;
  if (Array.isArray(n)) return n.some(readsRecord);
  if (!('op' in n)) return false;
  const node = n as Node;
  if (node.op === 'id') return node.args === 'record';
  if (node.op === 'value') return false;
  return readsRecord(node.args);
}

function literal(v: unknown): unknown {
  return typeof v === 'bigint' ? Number(v) : v;
}

function isPlainLiteral(v: unknown): boolean {
  return v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v);
}

function valueOf(n: Node): CondValue {
  if (n.op === 'value' && isPlainLiteral(n.args)) return { const: literal(n.args) };
  if (n.op === '-_' && (n.args as Node).op === 'value' && ['number', 'bigint'].includes(typeof (n.args as Node).args)) {
    return { const: -Number((n.args as Node).args) };
  }
  if (n.op === 'list' && (n.args as Node[]).every((x) => x.op === 'value' && isPlainLiteral(x.args))) {
    return { const: (n.args as Node[]).map((x) => literal(x.args)) };
  }
  return { cel: serialize(n as unknown as ASTNode) };
}

const FLIP: Record<CmpOp, CmpOp> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * Translates a view's `where` (CEL source over `record` and `user`) for an entity `model` into a
 * condition tree. Never throws: an untranslatable expression or a syntax error gives `{ok: false, message}`
 * (English, naming the part that cannot be translated).
 */
export function translateCondition(source: string, model: EntityModel): TranslateResult {
  let ast: Node;
  try {
    ast = parse(source).ast as unknown as Node;
  } catch (e) {
    return { ok: false, message: `syntax error: ${e instanceof Error ? e.message : String(e)}` };
  }
  const show = (n: Node) => {
    try {
      return serialize(n as unknown as ASTNode);
    } catch {
      return n.op;
    }
  };
  const field = (n: Node): { field: string; type: CondFieldType } | null => {
    if (n.op !== '.' || (n.args as [Node, string])[0].op !== 'id' || (n.args as [Node, string])[0].args !== 'record') return null;
    const name = (n.args as [Node, string])[1];
    const type = name === 'id' && !model.properties.id ? 'int' : condFieldType(model.properties[name]);
    if (!type) throw new Untranslatable(`record.${name} is not a field a view can test (unknown, or a list/object field)`);
    return { field: name, type };
  };
  const value = (n: Node): CondValue => {
    if (readsRecord(n)) throw new Untranslatable(`"${show(n)}" reads the record where a value is expected (only field-vs-value tests translate)`);
    return valueOf(n);
  };
  const walk = (n: Node): Condition => {
    const a = n.args as Node[];
    switch (n.op) {
      case '&&':
      case '||':
        return { op: n.op === '&&' ? 'and' : 'or', args: [walk(a[0]), walk(a[1])] };
      case '!_':
        return { op: 'not', arg: walk(n.args as Node) };
      case '==':
      case '!=':
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const left = field(a[0]);
        const right = left ? null : field(a[1]);
        if (!left && !right) throw new Untranslatable(`"${show(n)}" compares no record field`);
        const f = (left ?? right)!;
        return { op: 'cmp', field: f.field, type: f.type, cmp: left ? (n.op as CmpOp) : FLIP[n.op as CmpOp], value: value(left ? a[1] : a[0]) };
      }
      case 'in': {
        const f = field(a[0]);
        if (!f) throw new Untranslatable(`"${show(n)}": only "record.<field> in <list>" translates`);
        return { op: 'in', field: f.field, type: f.type, value: value(a[1]) };
      }
      case 'rcall': {
        const [name, receiver, args] = n.args as [string, Node, Node[]];
        if (['startsWith', 'endsWith', 'contains'].includes(name) && args.length === 1) {
          const f = field(receiver);
          if (f && f.type === 'string') return { op: name as 'startsWith', field: f.field, type: 'string', value: value(args[0]) };
        }
        throw new Untranslatable(`"${show(n)}" cannot be translated (only startsWith, endsWith and contains on a text field)`);
      }
      case '.': {
        const f = field(n);
        if (f?.type === 'bool') return { op: 'isTrue', field: f.field, type: 'bool' };
        throw new Untranslatable(`"${show(n)}" is not a condition`);
      }
      default:
        throw new Untranslatable(`"${show(n)}" cannot be translated to SQL`);
    }
  };
  try {
    return { ok: true, condition: walk(ast) };
  } catch (e) {
    if (e instanceof Untranslatable) return { ok: false, message: e.message };
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

const BLANK: Record<CondFieldType, string | number | boolean> = { string: '', int: 0, double: 0, bool: false };

function compare(a: unknown, cmp: CmpOp, b: unknown): boolean {
  switch (cmp) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return (a as number) < (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case '>':
      return (a as number) > (b as number);
    case '>=':
      return (a as number) >= (b as number);
  }
}

function scalar(v: unknown, type: CondFieldType, what: string): string | number | boolean {
  if (typeof v === 'bigint') v = Number(v);
  const ok = type === 'string' ? typeof v === 'string' : type === 'bool' ? typeof v === 'boolean' : typeof v === 'number' && Number.isFinite(v);
  if (!ok) throw new Error(`${what}: ${JSON.stringify(String(v))} is not a ${type}`);
  return v as string | number | boolean;
}

/**
 * Evaluates the values of `c` (`evaluate` runs a CEL source over `user`, e.g. with engine/expr's
 * compileExpression) and checks each against its field's type. Throws an Error naming the field when a
 * value does not fit (the caller answers -1).
 */
export function resolveCondition(c: Condition, evaluate: (cel: string) => unknown): ResolvedCondition {
  const val = (v: CondValue) => ('const' in v ? v.const : evaluate(v.cel));
  switch (c.op) {
    case 'and':
    case 'or':
      return { op: c.op, args: c.args.map((x) => resolveCondition(x, evaluate)) };
    case 'not':
      return { op: 'not', arg: resolveCondition(c.arg, evaluate) };
    case 'isTrue':
      return { op: 'isTrue', field: c.field, onBlank: false };
    case 'cmp': {
      const raw = val(c.value);
      if (raw === null) return { op: 'cmp', field: c.field, cmp: c.cmp, value: null, onBlank: compare(null, c.cmp, null) };
      const v = scalar(raw, c.type, `record.${c.field}`);
      return { op: 'cmp', field: c.field, cmp: c.cmp, value: v, onBlank: compare(BLANK[c.type], c.cmp, v) };
    }
    case 'in': {
      const raw = val(c.value);
      if (!Array.isArray(raw)) throw new Error(`record.${c.field} in …: the right side is not a list`);
      const list = raw.map((x) => scalar(x, c.type, `record.${c.field}`));
      return { op: 'in', field: c.field, value: list, onBlank: list.includes(BLANK[c.type]) };
    }
    default: {
      const v = scalar(val(c.value), 'string', `record.${c.field}`) as string;
      return { op: c.op, field: c.field, value: v, onBlank: v === '' };
    }
  }
}
