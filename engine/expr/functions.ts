/**
 * The Excel-style function library registered in every expression environment (DESIGN §4), and its
 * machine-readable catalogue FUNCTIONS (the designer's function list; /api/Template/getFunc reads it).
 * Pure TS (no React, no Node).
 *
 * Numbers: CEL keeps int and double apart; these functions accept both. Variadic functions take 1–10
 * arguments; with up to 5 arguments ints and doubles may be mixed freely, with 6–10 they must all be of one
 * kind (write 1.0 or double(x) otherwise). A function given a list works on its elements (SUM(items.map(r, r.amount))).
 */
import { parse, type Environment, type ASTNode } from '@marcbachmann/cel-js';
import type { Text } from '../schema/types';
import { addWorkdays, dateDif, daysBetween, today, workdays } from './dates';
import { FunctionError } from './errors';
import { roundHalfUp, upperMoney } from './money';
import { extreme, numericCombos, sumValues, toDouble, type CelNumber } from './numeric';

/** One entry of the function catalogue. */
export interface FunctionInfo {
  /** Function name as written in expressions, e.g. `SUM`. */
  name: string;
  /** Human signature, e.g. `SUM(number…) → number`. */
  signature: string;
  /** What it does: i18n key `expr.fn.<NAME>` with the zh-CN default. */
  description: Text;
  /** An example: `<expression> = <result as JSON>` (the unit tests evaluate every example). */
  example: string;
}

const fnText = (name: string, d: string): Text => ({ t: `expr.fn.${name}`, d });

/** The catalogue of every library function, in the order the designer lists them. */
export const FUNCTIONS: readonly FunctionInfo[] = [
  {
    name: 'IF',
    signature: 'IF(condition: bool, then: T, else: T) → T',
    description: fnText('IF', '条件为真时取第二个参数，否则取第三个参数；只计算被选中的一边，两边类型须一致'),
    example: 'IF(2 > 1, "大额", "小额") = "大额"',
  },
  {
    name: 'SUM',
    signature: 'SUM(number…) | SUM(list<number>) → number',
    description: fnText('SUM', '求和；全部为整数时结果为整数'),
    example: 'SUM(1, 2, 3) = 6',
  },
  {
    name: 'AVG',
    signature: 'AVG(number…) | AVG(list<number>) → double',
    description: fnText('AVG', '平均值；列表为空时报错'),
    example: 'AVG(80, 90, 100) = 90.0',
  },
  {
    name: 'MAX',
    signature: 'MAX(number…) | MAX(list<number>) → number',
    description: fnText('MAX', '最大值；列表为空时为 0'),
    example: 'MAX(3, 7.5, 5) = 7.5',
  },
  { name: 'MIN', signature: 'MIN(number…) | MIN(list<number>) → number', description: fnText('MIN', '最小值；列表为空时为 0'), example: 'MIN(3, 7, 5) = 3' },
  {
    name: 'ROUND',
    signature: 'ROUND(x: number, digits: int) → double',
    description: fnText('ROUND', '四舍五入到指定小数位（负数位数取整到十位、百位…）'),
    example: 'ROUND(2.675, 2) = 2.68',
  },
  { name: 'ABS', signature: 'ABS(x: number) → number', description: fnText('ABS', '绝对值'), example: 'ABS(-3) = 3' },
  {
    name: 'UPPERMONEY',
    signature: 'UPPERMONEY(amount: number) → string',
    description: fnText('UPPERMONEY', '人民币大写金额（到分，最大到万亿）'),
    example: 'UPPERMONEY(1234.56) = "壹仟贰佰叁拾肆元伍角陆分"',
  },
  { name: 'CONCAT', signature: 'CONCAT(value…) → string', description: fnText('CONCAT', '把若干值连接成文本'), example: 'CONCAT("第", 3, "号") = "第3号"' },
  { name: 'LEN', signature: 'LEN(text: string | list) → int', description: fnText('LEN', '文本的字数或列表的项数'), example: 'LEN("协同办公") = 4' },
  { name: 'TODAY', signature: 'TODAY() → string', description: fnText('TODAY', '今天的日期（北京时间，YYYY-MM-DD）'), example: 'TODAY() = "2026-10-09"' },
  {
    name: 'DATEDIF',
    signature: 'DATEDIF(start: date, end: date, unit: "Y"|"M"|"D"|"YM"|"MD"|"YD") → int',
    description: fnText('DATEDIF', '两个日期之间的整年数、整月数或天数；开始晚于结束时报错'),
    example: 'DATEDIF("2020-03-15", "2026-03-14", "Y") = 5',
  },
  {
    name: 'DAYS',
    signature: 'DAYS(end: date, start: date) → int',
    description: fnText('DAYS', '两个日期相差的天数（结束日期 − 开始日期，与 Excel 相同的参数顺序）'),
    example: 'DAYS("2026-10-08", "2026-10-01") = 7',
  },
  {
    name: 'WORKDAYS',
    signature: 'WORKDAYS(start: date, end: date) → int',
    description: fnText('WORKDAYS', '两个日期之间（含首尾）的工作日天数，按国家法定节假日和调休计算'),
    example: 'WORKDAYS("2026-09-28", "2026-10-09") = 5',
  },
  {
    name: 'WORKDAY',
    signature: 'WORKDAY(start: date, days: int) → date',
    description: fnText('WORKDAY', '从开始日期起数若干个工作日后的日期（按法定节假日和调休）'),
    example: 'WORKDAY("2026-09-30", 1) = "2026-10-08"',
  },
];

/** Text of any CEL value for CONCAT: ints and doubles in plain digits, true/false, blank for null. */
function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(textOf).join(',');
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** The ternary node's evaluation hooks, so that IF is exactly `c ? a : b` (lazy, one result type). */
const ternary = (() => {
  const meta = (parse('true ? 1 : 2').ast as unknown as { meta: { check: unknown; evaluate: unknown } }).meta;
  return { name: '?:', check: meta.check, evaluate: meta.evaluate };
})();

type Handler = (...args: never[]) => unknown;

/** Register the numeric aggregate `name` over lists and 1–10 scalar arguments. */
function registerAggregate(env: Environment, name: string, intResult: boolean, fold: (values: CelNumber[]) => CelNumber): void {
  const asDouble = (v: CelNumber) => toDouble(v);
  const asInt = (v: CelNumber) => (typeof v === 'bigint' ? v : BigInt(Math.trunc(v)));
  env.registerFunction(`${name}(list<int>): ${intResult ? 'int' : 'double'}`, ((l: CelNumber[]) => {
    const r = fold(l);
    // A list declared list<int> may hold doubles when it came through a dyn map: keep the value exact.
    return intResult && l.every((v) => typeof v === 'bigint') ? asInt(r) : asDouble(r);
  }) as Handler);
  env.registerFunction(`${name}(list<double>): double`, ((l: CelNumber[]) => asDouble(fold(l))) as Handler);
  for (let arity = 1; arity <= 10; arity++) {
    const combos = arity <= 5 ? numericCombos(arity) : [Array(arity).fill('int'), Array(arity).fill('double')];
    for (const combo of combos) {
      const allInt = combo.every((t) => t === 'int');
      const ret = intResult && allInt ? 'int' : 'double';
      env.registerFunction(`${name}(${combo.join(', ')}): ${ret}`, ((...args: CelNumber[]) => {
        const r = fold(args);
        return ret === 'int' ? asInt(r) : asDouble(r);
      }) as Handler);
    }
  }
}

function avg(values: CelNumber[]): number {
  if (values.length === 0) throw new FunctionError('empty_list', 'AVG 没有可计算的数值', 'AVG has no values');
  return toDouble(sumValues(values)) / values.length;
}

/**
 * Register the whole library (the functions of FUNCTIONS) in `env`. Called once on the shared base
 * environment; model environments are clones of it.
 */
export function registerLibrary(env: Environment): void {
  env.registerFunction('IF(ast, ast, ast): dyn', (({ args, ast }: { args: ASTNode[]; ast: ASTNode }) => ({
    callAst: (ast as unknown as { clone: (op: unknown, args: unknown) => unknown }).clone(ternary, args),
  })) as Handler);

  registerAggregate(env, 'SUM', true, sumValues);
  registerAggregate(env, 'MAX', true, (v) => extreme(v, 1));
  registerAggregate(env, 'MIN', true, (v) => extreme(v, -1));
  registerAggregate(env, 'AVG', false, avg);

  for (const t of ['int', 'double']) {
    env.registerFunction(`ROUND(${t}, int): double`, ((x: CelNumber, d: bigint) => roundHalfUp(toDouble(x), Number(d))) as Handler);
    env.registerFunction(`UPPERMONEY(${t}): string`, ((x: CelNumber) => upperMoney(toDouble(x))) as Handler);
  }
  env.registerFunction('ABS(int): int', ((x: bigint) => (x < 0n ? -x : x)) as Handler);
  env.registerFunction('ABS(double): double', ((x: number) => Math.abs(x)) as Handler);

  for (let arity = 1; arity <= 10; arity++) {
    env.registerFunction(`CONCAT(${Array(arity).fill('dyn').join(', ')}): string`, ((...args: unknown[]) => args.map(textOf).join('')) as Handler);
  }
  env.registerFunction('LEN(string): int', ((s: string) => BigInt(Array.from(s).length)) as Handler);
  env.registerFunction('LEN(list): int', ((l: unknown[]) => BigInt(l.length)) as Handler);

  env.registerFunction('TODAY(): string', (() => today()) as Handler);
  env.registerFunction('DATEDIF(string, string, string): int', ((a: string, b: string, u: string) => BigInt(dateDif(a, b, u))) as Handler);
  env.registerFunction('DAYS(string, string): int', ((end: string, start: string) => BigInt(daysBetween(end, start))) as Handler);
  env.registerFunction('WORKDAYS(string, string): int', ((a: string, b: string) => BigInt(workdays(a, b))) as Handler);
  env.registerFunction('WORKDAY(string, int): string', ((a: string, n: bigint) => addWorkdays(a, Number(n))) as Handler);
}

/** Names of the library functions (to tell "unknown function" from "wrong argument types"). */
export const FUNCTION_NAMES: ReadonlySet<string> = new Set(FUNCTIONS.map((f) => f.name));
