/**
 * The lint's adapter to engine/expr (DESIGN §4 Expressions): type-checks a CEL source against an entity
 * model with `checkExpression(source, envFromModel(model, …))`. Two scopes:
 * - `fields` (form rules, computed fields, validators): every model field is a variable (`status == "done"`);
 * - `record` (list views, page and entity actions' visibleWhen): `record.<field>` and `user.<…>`.
 * Environments are cached per model object and scope.
 */
import { checkExpression, envFromModel, type ExprEnv } from '../expr/index';
import type { EntityModel, ModelProperty } from './types';

/** Where an expression is evaluated, which decides its variables. */
export type ExprScope = 'fields' | 'record';

/** What an expression check answers (engine/expr `CheckResult`, without its code). */
export type ExprCheckResult = { ok: true; type: string } | { ok: false; message: string };

/** Type-checks a CEL source against a model; `expect` is the required result type ('bool', 'int', 'double', 'string'…). */
export type ExprChecker = (source: string, model: EntityModel, scope: ExprScope, expect?: string) => ExprCheckResult;

const cache = new WeakMap<EntityModel, Partial<Record<ExprScope, ExprEnv>>>();

/** The expression environment of `model` in `scope` (see the module comment), cached per model object. */
export function exprEnv(model: EntityModel, scope: ExprScope): ExprEnv {
  const forModel = cache.get(model) ?? {};
  cache.set(model, forModel);
  return (forModel[scope] ??= scope === 'fields' ? envFromModel(model) : envFromModel(model, {}, { record: true, user: true, fields: false }));
}

/** The default checker: engine/expr with zh-CN messages. Never throws (an environment error is a failed check). */
export const checkCel: ExprChecker = (source, model, scope, expect) => {
  try {
    const r = checkExpression(source, exprEnv(model, scope), expect ? { expect } : {});
    return r.ok ? { ok: true, type: r.type } : { ok: false, message: r.message };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
};

/** The CEL result type a computed value must have to be stored in a property ('dyn' when any fits). */
export function celTypeOfProperty(prop: ModelProperty | undefined): string {
  if (!prop) return 'dyn';
  const kind = prop['x-kind'];
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  if (kind === 'integer' || kind === 'user' || kind === 'dept' || (!kind && type === 'integer')) return 'int';
  if (kind === 'number' || kind === 'money' || (!kind && type === 'number')) return 'double';
  if (kind === 'boolean' || (!kind && type === 'boolean')) return 'bool';
  if (kind && ['text', 'textarea', 'richtext', 'date', 'datetime'].includes(kind)) return 'string';
  if (kind === 'dict') return type === 'array' ? 'dyn' : 'string';
  if (!kind && type === 'string') return 'string';
  return 'dyn';
}
