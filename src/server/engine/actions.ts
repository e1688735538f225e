/**
 * When a declared entity action is offered (DESIGN §4 Action `visibleWhen`): its CEL
 * condition over `record` (the stored record, with `id`) and `user` (id, account, deptId, unitId,
 * roles, permissions), compiled once per entity with engine/expr. An action without `visibleWhen` is
 * always offered; an expression that fails at run time hides the action (never a 500).
 *
 * Lists ask this for every row (benchmark), so results are memoised per action by the values
 * of the `record.<field>` and `user.<field>` members the expression reads — only when it reads nothing
 * else (no whole `record`/`user`, no time function such as TODAY()); at most MEMO_SIZE entries each.
 */
import { parse } from '@marcbachmann/cel-js';
import { compileExpression, envFromModel, type CompiledExpression } from '../../../engine/expr/index.js';
import type { EntityDef } from '../../../engine/schema/types.js';

/** The `user` variable of an action condition (engine/expr CURRENT_USER_FIELDS; others left blank). */
export interface ActionUser {
  id: number;
  account: string;
  deptId: number | null;
  unitId: number | null;
  roles: string[];
  permissions: string[];
}

/** Most memoised results per action (the memo is emptied when full). */
export const MEMO_SIZE = 1000;

/** Functions whose value changes with time: an expression calling one is never memoised. */
const TIME_FUNCTIONS = new Set(['TODAY', 'NOW', 'WORKDAYS', 'WORKDAY', 'DATEDIF', 'DAYS']);

type Node = { op: string; args: unknown };

/** The `record.x` / `user.x` members read by `source`, or null when it reads more (see the file comment). */
export function memberReads(source: string): { record: string[]; user: string[] } | null {
  let ast: Node;
  try {
    ast = parse(source).ast as unknown as Node;
  } catch {
    return null;
  }
  const out = { record: new Set<string>(), user: new Set<string>() };
  let ok = true;
  const walk = (n: unknown): void => {
    if (!ok || !n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    if (!('op' in n)) return;
    const node = n as Node;
    if (node.op === '.' || node.op === '.?') {
      const [obj, name] = node.args as [Node, string];
      if (obj.op === 'id' && (obj.args === 'record' || obj.args === 'user')) {
        out[obj.args as 'record' | 'user'].add(name);
        return;
      }
    }
    if (node.op === 'id' && (node.args === 'record' || node.args === 'user')) ok = false;
    if ((node.op === 'call' || node.op === 'rcall') && TIME_FUNCTIONS.has((node.args as [string])[0])) ok = false;
    if (node.op !== 'value') walk(node.args);
  };
  walk(ast);
  return ok ? { record: [...out.record], user: [...out.user] } : null;
}

interface Compiled {
  run: CompiledExpression;
  reads: { record: string[]; user: string[] } | null;
  memo: Map<string, boolean>;
}

/** The compiled `visibleWhen` conditions of one entity's actions. */
export class ActionConditions {
  private readonly compiled = new Map<string, Compiled>();

  /** Compiles every `visibleWhen` of `def`; throws an Error naming entity, action and problem when one does not type-check. */
  constructor(def: EntityDef) {
    const withCondition = (def.actions ?? []).filter((a) => a.visibleWhen?.cel);
    if (!withCondition.length) return;
    const env = envFromModel(def.model, {}, { record: true, user: true, fields: false });
    for (const a of withCondition) {
      try {
        const run = compileExpression(a.visibleWhen!.cel, env, { expect: 'bool' });
        this.compiled.set(a.id, { run, reads: memberReads(a.visibleWhen!.cel), memo: new Map() });
      } catch (e) {
        throw new Error(`entity ${def.id}: action "${a.id}" visibleWhen: ${(e as Error).message}`);
      }
    }
  }

  /** Whether action `id` is offered for `record` to `user`. */
  visible(id: string, record: Record<string, unknown>, user: ActionUser): boolean {
    const c = this.compiled.get(id);
    if (!c) return true;
    if (!c.reads) return run(c, record, user);
    let key = '';
    for (const f of c.reads.record) key += keyPart(record[f]);
    key += '|';
    for (const f of c.reads.user) key += keyPart((user as unknown as Record<string, unknown>)[f]);
    let hit = c.memo.get(key);
    if (hit === undefined) {
      hit = run(c, record, user);
      if (c.memo.size >= MEMO_SIZE) c.memo.clear();
      c.memo.set(key, hit);
    }
    return hit;
  }
}

function run(c: Compiled, record: Record<string, unknown>, user: ActionUser): boolean {
  try {
    return c.run({ record, user }) === true;
  } catch {
    return false;
  }
}

/** One value in a memo key: typed, so 1 and "1" differ. */
function keyPart(v: unknown): string {
  if (typeof v === 'string') return `s${v.length}:${v}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v === 'number' ? 'n' : 'b'}${v};`;
  return `j${JSON.stringify(v ?? null)};`;
}
