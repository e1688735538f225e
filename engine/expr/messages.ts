/**
 * Readable messages for cel-js parse, type and evaluation errors, in zh-CN (default) and en-US.
 * Pure TS (no React, no Node).
 */
import { FunctionError, type ExprLocale } from './errors';
import { FUNCTION_NAMES } from './functions';

/** A translated error: stable code, message in the locale, 0-based character offset when known. */
export interface TranslatedError {
  code: string;
  message: string;
  position?: number;
}

interface CelErrorLike {
  name?: string;
  code?: string;
  message?: string;
  summary?: string;
  range?: { start: number; end: number };
  cause?: unknown;
}

const TYPE_ZH: Record<string, string> = { int: '整数', double: '小数', string: '文本', bool: '是/否', list: '列表', map: '对象', null: '空值', dyn: '任意' };

/** A CEL type name with its zh-CN gloss, e.g. `double（小数）`. */
function typeZh(t: string): string {
  const base = t.replace(/<.*$/, '');
  return TYPE_ZH[base] ? `${t}（${TYPE_ZH[base]}）` : t;
}

function findFunctionError(e: unknown): FunctionError | null {
  for (let c: unknown = e, i = 0; c && i < 5; c = (c as CelErrorLike).cause, i++) if (c instanceof FunctionError) return c;
  return null;
}

/** Rules: [code, pattern on the summary, zh, en]; `$1`… are the pattern's groups. */
const RULES: [string, RegExp, (m: RegExpExecArray) => string, (m: RegExpExecArray) => string][] = [
  ['index_out_of_range', /index out of (bounds|range)/i, () => '列表下标越界（该项不存在）', () => 'List index out of range'],
  ['unknown_variable', /^Unknown variable: (.+)$/, (m) => `未知字段 ${m[1]}`, (m) => `Unknown field ${m[1]}`],
  ['no_such_key', /^No such key: (.+)$/, (m) => `没有字段 ${m[1]}`, (m) => `No field ${m[1]}`],
  [
    'no_such_overload',
    /^no such overload: (\S+) (\S+) (\S+)$/,
    (m) => `运算 ${m[2]} 不能用于 ${typeZh(m[1])} 和 ${typeZh(m[3])}`,
    (m) => `Operator ${m[2]} cannot be applied to ${m[1]} and ${m[3]}`,
  ],
  [
    'no_such_overload',
    /^no such overload: (\S+) (\S+)$/,
    (m) => `运算 ${m[1]} 不能用于 ${typeZh(m[2])}`,
    (m) => `Operator ${m[1]} cannot be applied to ${m[2]}`,
  ],
  ['unknown_function', /^found no matching overload for '([A-Za-z_][\w.]*)\((.*)\)'$/s, () => '', () => ''],
  [
    'invalid_condition_type',
    /must be bool, got '(.+)'$/,
    (m) => `条件必须是是/否（bool），实际为 ${typeZh(m[1])}`,
    (m) => `The condition must be bool, got ${m[1]}`,
  ],
  [
    'incompatible_ternary_branches',
    /^Ternary branches must have the same type, got '(.+)' and '(.+)'$/,
    (m) => `两个分支的结果类型必须一致，实际为 ${typeZh(m[1])} 和 ${typeZh(m[2])}（小数请写成 1.0）`,
    (m) => `Both branches must have the same type, got ${m[1]} and ${m[2]} (write 1.0 for a decimal)`,
  ],
  [
    'heterogeneous_list',
    /^List elements must have the same type, expected type '(.+)' but found '(.+)'$/,
    (m) => `列表中的元素类型必须一致：${typeZh(m[1])} 与 ${typeZh(m[2])}`,
    (m) => `List elements must have one type: ${m[1]} and ${m[2]}`,
  ],
  ['division_by_zero', /^division by zero$/, () => '除数为零', () => 'Division by zero'],
  ['modulo_by_zero', /^modulo by zero$/, () => '除数为零（取余）', () => 'Modulo by zero'],
  ['numeric_overflow', /overflow/i, () => '数值溢出', () => 'Numeric overflow'],
  [
    'variable_type_mismatch',
    /^Variable '(.+)' is not of type '(.+)', got '(.+)'$/,
    (m) => `字段 ${m[1]} 的值应为 ${typeZh(m[2])}，实际为 ${typeZh(m[3])}`,
    (m) => `Field ${m[1]} should be ${m[2]}, got ${m[3]}`,
  ],
];

function unknownFunction(m: RegExpExecArray, locale: ExprLocale): TranslatedError {
  const [name, args] = [m[1], m[2]];
  if (FUNCTION_NAMES.has(name) || /^(size|int|double|string|bool|timestamp|duration|type|dyn|has|matches)$/.test(name)) {
    return {
      code: 'no_matching_overload',
      message: locale === 'en-US' ? `Function ${name} does not accept (${args})` : `函数 ${name} 不接受参数类型 (${args.split(', ').map(typeZh).join(', ')})`,
    };
  }
  const upper = name.toUpperCase();
  const hint = upper !== name && FUNCTION_NAMES.has(upper) ? upper : '';
  if (locale === 'en-US') return { code: 'unknown_function', message: `Unknown function ${name}${hint ? ` (did you mean ${hint}?)` : ''}` };
  return { code: 'unknown_function', message: `未知函数 ${name}${hint ? `（是否应为 ${hint}？）` : ''}` };
}

/**
 * Translate any error thrown or returned by cel-js (ParseError, TypeError, EvaluationError) or by a library
 * function into a readable message. Unrecognised errors keep cel-js's English summary behind a prefix
 * (「表达式错误：…」). Syntax errors name the 1-based character: 「语法错误（第 5 个字符）：…」.
 */
export function translateError(e: unknown, locale: ExprLocale = 'zh-CN'): TranslatedError {
  const err = (e ?? {}) as CelErrorLike;
  const position = err.range?.start;
  const withPos = (t: TranslatedError): TranslatedError => (position === undefined ? t : { ...t, position });
  const fe = findFunctionError(e);
  if (fe) return withPos({ code: fe.code, message: locale === 'en-US' ? fe.en : fe.message });
  const summary = (err.summary ?? err.message ?? String(e)).split('\n')[0];
  if (err.name === 'ParseError') {
    const at = position === undefined ? '' : locale === 'en-US' ? ` at character ${position + 1}` : `（第 ${position + 1} 个字符）`;
    const what = /^Unexpected token: EOF$/.test(summary) ? (locale === 'en-US' ? 'the expression ends too early' : '表达式不完整') : summary;
    return withPos({ code: err.code ?? 'syntax_error', message: locale === 'en-US' ? `Syntax error${at}: ${what}` : `语法错误${at}：${what}` });
  }
  for (const [code, re, zh, en] of RULES) {
    const m = re.exec(summary);
    if (!m) continue;
    if (code === 'unknown_function') return withPos(unknownFunction(m, locale));
    return withPos({ code, message: locale === 'en-US' ? en(m) : zh(m) });
  }
  return withPos({ code: err.code ?? 'error', message: locale === 'en-US' ? `Expression error: ${summary}` : `表达式错误：${summary}` });
}
