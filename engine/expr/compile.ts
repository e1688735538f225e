/**
 * Type-check, compile and evaluate CEL expressions against an ExprEnv. Pure TS (no React, no Node);
 * no JavaScript eval: cel-js interprets the expression, which reads nothing but the variables given.
 */
import type { ParseResult } from '@marcbachmann/cel-js';
import { fromCel, specOf, toCel } from './celtypes';
import type { ExprEnv } from './env';
import { ExprError, type ExprLocale } from './errors';
import { translateError } from './messages';
import { referencedFields } from './refs';

/** Result of checkExpression: the CEL result type, or a readable message and the 0-based offset of the fault. */
export type CheckResult = { ok: true; type: string } | { ok: false; message: string; code: string; position?: number };

/** Options of checkExpression / compileExpression. */
export interface CheckOptions {
  /** Locale of messages (default zh-CN). */
  locale?: ExprLocale;
  /** Required result type, e.g. 'bool' for rules and validators, 'double' for a money field; `dyn` results pass. */
  expect?: string;
}

/** A compiled expression: call it with plain JSON variables, get a plain JSON value. */
export interface CompiledExpression {
  /**
   * Evaluate with `vars` (field values by name; absent or null fields take their type's blank, extra keys are
   * ignored). Returns plain JSON (ints as numbers).
   * @throws ExprError with a readable message (division by zero, invalid date, …).
   */
  (vars?: Record<string, unknown>): unknown;
  /** The CEL result type found by the checker. */
  readonly type: string;
  /** The variables the expression reads (referencedFields). */
  readonly fields: readonly string[];
  /** The source text. */
  readonly source: string;
}

const TYPE_GLOSS: Record<string, string> = { bool: '是/否', int: '整数', double: '小数', string: '文本' };

function matchesExpected(actual: string, expected: string): boolean {
  if (actual === 'dyn' || expected === 'dyn' || actual === expected) return true;
  if (expected === 'double' && actual === 'int') return true; // an int result fits a number field
  return expected.startsWith('list') && actual.startsWith('list') && (actual === 'list' || expected === 'list');
}

/**
 * Type-check `source` against `env`. Never throws.
 * Messages (zh-CN by default): 未知字段 x; 未知函数 FOO; 函数 SUM 不接受参数类型 (…); 运算 + 不能用于 文本 和 整数;
 * 语法错误（第 N 个字符）：…; 表达式的结果应为 …, 实际为 … (with `expect`).
 */
export function checkExpression(source: string, env: ExprEnv, opts: CheckOptions = {}): CheckResult {
  const locale = opts.locale ?? 'zh-CN';
  if (typeof source !== 'string' || source.trim() === '') {
    return { ok: false, code: 'empty', message: locale === 'en-US' ? 'The expression is empty' : '表达式为空' };
  }
  let result;
  try {
    result = env.cel.check(source);
  } catch (e) {
    return { ok: false, ...translateError(e, locale) };
  }
  if (!result.valid) return { ok: false, ...translateError(result.error, locale) };
  const type = result.type ?? 'dyn';
  if (opts.expect && !matchesExpected(type, opts.expect)) {
    const e = opts.expect;
    return {
      ok: false,
      code: 'unexpected_result_type',
      message:
        locale === 'en-US'
          ? `The expression should give ${e}, it gives ${type}`
          : `表达式的结果应为 ${e}（${TYPE_GLOSS[e] ?? e}），实际为 ${type}（${TYPE_GLOSS[type] ?? type}）`,
    };
  }
  return { ok: true, type };
}

/**
 * Check and compile `source` once; the result evaluates it many times.
 * Variables are converted per their declared type (see envFromModel); results are plain JSON.
 * @throws ExprError when the expression does not type-check (the same message checkExpression gives).
 */
export function compileExpression(source: string, env: ExprEnv, opts: CheckOptions = {}): CompiledExpression {
  const locale = opts.locale ?? 'zh-CN';
  const checked = checkExpression(source, env, opts);
  if (!checked.ok) throw new ExprError(checked.code, checked.message, checked.position);
  let parsed: ParseResult;
  try {
    parsed = env.cel.parse(source);
  } catch (e) {
    const t = translateError(e, locale);
    throw new ExprError(t.code, t.message, t.position);
  }
  const fields = referencedFields(source).filter((f) => env.vars.has(f));
  const specs = fields.map((f) => [f, env.vars.get(f) ?? specOf('dyn')] as const);
  const run = (vars: Record<string, unknown> = {}): unknown => {
    const ctx: Record<string, unknown> = {};
    for (const [name, spec] of specs) ctx[name] = toCel(spec, Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : undefined);
    let value: unknown;
    try {
      value = parsed(ctx);
    } catch (e) {
      const t = translateError(e, locale);
      throw new ExprError(t.code, t.message, t.position);
    }
    return fromCel(value);
  };
  return Object.assign(run, { type: checked.type, fields, source });
}

const cache = new WeakMap<ExprEnv, Map<string, CompiledExpression>>();

/**
 * Evaluate `source` with `vars` in `env` (compiled once per env and source, then cached).
 * @throws ExprError for a type error or an evaluation error, with a readable message.
 */
export function evaluateExpression(source: string, env: ExprEnv, vars: Record<string, unknown> = {}, opts: CheckOptions = {}): unknown {
  let byEnv = cache.get(env);
  if (!byEnv) cache.set(env, (byEnv = new Map()));
  const key = `${opts.locale ?? 'zh-CN'}\u0000${opts.expect ?? ''}\u0000${source}`;
  let compiled = byEnv.get(key);
  if (!compiled) byEnv.set(key, (compiled = compileExpression(source, env, opts)));
  return compiled(vars);
}
