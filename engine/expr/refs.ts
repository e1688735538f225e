/**
 * referencedFields: which variables an expression reads, for "recompute only when inputs change".
 * Pure TS (no React, no Node).
 */
import { parse, type ASTNode } from '@marcbachmann/cel-js';

/** Receiver macros whose first argument names an iteration variable: `list.map(r, …)`. */
const BINDING_MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter', 'transformList', 'transformMap', 'sortBy']);

type Node = { op: string; args: unknown };

function walk(node: Node, bound: ReadonlySet<string>, out: Set<string>): void {
  const a = node.args as never;
  switch (node.op) {
    case 'id':
      if (!bound.has(a)) out.add(a as string);
      return;
    case 'value':
      return;
    case '.':
    case '.?':
      walk((a as [Node, string])[0], bound, out);
      return;
    case 'call': {
      for (const x of (a as [string, Node[]])[1]) walk(x, bound, out);
      return;
    }
    case 'rcall': {
      const [name, receiver, args] = a as [string, Node, Node[]];
      // cel.bind(v, init, body): v is bound in body only.
      if (name === 'bind' && receiver.op === 'id' && receiver.args === 'cel' && args[0]?.op === 'id') {
        walk(args[1], bound, out);
        walk(args[2], new Set([...bound, args[0].args as string]), out);
        return;
      }
      walk(receiver, bound, out);
      if (BINDING_MACROS.has(name) && args.length >= 2 && args[0].op === 'id') {
        const inner = new Set(bound);
        // Two-variable forms (index/key and value) bind both leading identifiers.
        const binders = args.length >= 3 && args[1].op === 'id' && name !== 'map' && name !== 'filter' ? 2 : 1;
        for (let i = 0; i < binders; i++) inner.add(args[i].args as string);
        for (const x of args.slice(binders)) walk(x, inner, out);
        return;
      }
      for (const x of args) walk(x, bound, out);
      return;
    }
    case 'map':
      for (const [k, v] of a as [Node, Node][]) {
        walk(k, bound, out);
        walk(v, bound, out);
      }
      return;
    default: {
      // Binary and ternary operators hold an array of operands; unary ones (`!x`, `-x`) a single node.
      const operands: unknown[] = Array.isArray(a) ? (a as unknown[]) : [a];
      for (const x of operands) if (x && typeof x === 'object' && 'op' in x) walk(x as Node, bound, out);
    }
  }
}

/**
 * The top-level identifiers an expression reads, sorted: `amount * rate + SUM(items.map(r, r.qty))` →
 * ['amount', 'items', 'rate']. Macro iteration variables (`r`) and `cel.bind` names are excluded, member
 * names are not (`record.amount` → ['record']). A syntax error gives [] (checkExpression reports it).
 */
export function referencedFields(source: string): string[] {
  let ast: ASTNode;
  try {
    ast = parse(source).ast;
  } catch {
    return [];
  }
  const out = new Set<string>();
  walk(ast as unknown as Node, new Set(), out);
  return [...out].sort();
}
