/**
 * What the parts of the definition lint (./lint.ts, ./lintPage.ts) share: the context of the file being linted
 * and the reference checks every part makes — routes, permission codes, fields of a model, CEL expressions.
 * Pure: no file system.
 */
import type { Registry } from './loader';
import type { LintOptions } from './lint';
import { checkCel, type ExprCheckResult, type ExprScope } from './expr';
import type { EntityModel } from './types';

/** The file being linted, where its issues go, the options and the declared permission codes and routes. */
export interface Ctx {
  registry: Registry;
  file: string;
  add: (file: string, path: string, message: string) => void;
  opts: LintOptions;
  permissions: Set<string>;
  routes: Set<string> | null;
}

/** A route must be the shell's (src/shared/routes.ts) or an area's (when the caller passed the shell's). */
export function checkRoute(ctx: Ctx, route: string, path: string) {
  if (ctx.routes && !ctx.routes.has(route)) ctx.add(ctx.file, path, `unknown route "${route}" (declared by no area and not the shell's)`);
}

/** A permission code must be declared by an area. */
export function checkPermission(ctx: Ctx, code: string, path: string) {
  if (!ctx.permissions.has(code)) ctx.add(ctx.file, path, `permission "${code}" is declared by no area`);
}

/** A field must be in the entity's model. */
export function checkField(ctx: Ctx, model: EntityModel | undefined, field: string, path: string, entityId: string) {
  if (model && !(field in model.properties)) ctx.add(ctx.file, path, `unknown field "${field}" (not in the model of ${entityId})`);
}

/** A CEL expression must type-check against the model in `scope` and give `expect`. */
export function checkExpr(ctx: Ctx, model: EntityModel | undefined, cel: string, path: string, scope: ExprScope, expect: string) {
  const checker = ctx.opts.checkExpr === undefined ? checkCel : ctx.opts.checkExpr;
  if (!model || !checker) return;
  let r: ExprCheckResult;
  try {
    r = checker(cel, model, scope, expect);
  } catch (e) {
    r = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  if (!r.ok) ctx.add(ctx.file, path, `CEL "${cel}" does not type-check: ${r.message}`);
}
