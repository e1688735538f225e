/**
 * Branch conditions (DESIGN §5): CEL over the form data, through `ctx.evaluate` when the server injects one
 * (typed by the entity model), else engine/expr with each variable typed from its value. Pure TS.
 */
import { createEnv, evaluateExpression, isCelIdentifier, type ExprEnv } from '../expr';
import type { CelTypeName } from '../expr';
import { FlowError } from './errors';
import type { FlowContext } from './types';

function celTypeOf(v: unknown): CelTypeName {
  if (typeof v === 'number') return 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === 'number')) return 'list<double>';
    if (v.length && v.every((x) => typeof x === 'string')) return 'list<string>';
    return 'list<dyn>';
  }
  if (v && typeof v === 'object') return 'map';
  return 'dyn';
}

const envs = new Map<string, ExprEnv>();

/**
 * Default evaluator: `cel` over `data` with engine/expr, numbers as double, strings, bools, lists, maps.
 * @throws ExprError for an expression that does not type-check or fails.
 */
export function defaultEvaluate(cel: string, data: Record<string, unknown>): boolean {
  const vars: Record<string, CelTypeName> = {};
  for (const [k, v] of Object.entries(data)) if (isCelIdentifier(k)) vars[k] = celTypeOf(v);
  const key = JSON.stringify(Object.entries(vars).sort());
  let env = envs.get(key);
  if (!env) {
    if (envs.size > 200) envs.clear();
    env = createEnv(vars);
    envs.set(key, env);
  }
  return evaluateExpression(cel, env, data) === true;
}

/**
 * Whether a branch condition holds for the instance's data.
 * @throws FlowError `flow.badDefinition` naming the expression when it cannot be evaluated.
 */
export function evaluateCondition(w: { ctx: FlowContext; state: { data: Record<string, unknown> } }, cel: string): boolean {
  try {
    return (w.ctx.evaluate ?? defaultEvaluate)(cel, w.state.data) === true;
  } catch (e) {
    throw new FlowError('flow.badDefinition', { what: `${cel}: ${(e as Error).message}` });
  }
}
