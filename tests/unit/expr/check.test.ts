import { describe, expect, it } from 'vitest';
import { checkExpression, compileExpression, createEnv, envFromModel, ExprError } from '@engine/expr';
import { sampleModel } from './fixtures';

const env = envFromModel(sampleModel, {}, { record: true, user: true });
const typeOf = (src: string) => {
  const r = checkExpression(src, env);
  if (!r.ok) throw new Error(`${src}: ${r.message}`);
  return r.type;
};

describe('envFromModel — the type of every field kind', () => {
  const table: [string, string][] = [
    ['title', 'string'],
    ['remark', 'string'],
    ['body', 'string'],
    ['count', 'int'],
    ['rate', 'double'],
    ['amount', 'double'],
    ['urgent', 'bool'],
    ['applyDate', 'string'],
    ['submittedAt', 'string'],
    ['period', 'list<string>'],
    ['level', 'string'],
    ['tags', 'list<string>'],
    ['owner', 'int'],
    ['members', 'list<int>'],
    ['dept', 'int'],
    ['depts', 'list<int>'],
    ['files', 'list<map<string, dyn>>'],
    ['items', 'list<Row_items>'],
    ['items[0].price', 'double'],
    ['items[0].qty', 'int'],
    ['plain', 'double'],
    ['record.amount', 'double'],
    ['record.id', 'int'],
    ['user.id', 'int'],
    ['user.roles', 'list<string>'],
  ];
  it.each(table)('%s : %s', (src, type) => {
    expect(typeOf(src)).toBe(type);
  });

  it('leaves out keys that are not identifiers, and record/user unless asked', () => {
    expect(env.vars.has('not-an-identifier')).toBe(false);
    const plain = envFromModel(sampleModel);
    expect(checkExpression('record.amount', plain)).toMatchObject({ ok: false, message: '未知字段 record' });
    expect(checkExpression('user.id', plain)).toMatchObject({ ok: false, message: '未知字段 user' });
  });

  it('adds extra variables, whose types win over fields of the same name', () => {
    const e = envFromModel(sampleModel, { amount: 'int', budget: 'double', row: 'Row_items' });
    expect(checkExpression('amount', e)).toEqual({ ok: true, type: 'int' });
    expect(checkExpression('budget - 1', e)).toEqual({ ok: true, type: 'double' });
    expect(checkExpression('row.price', e)).toEqual({ ok: true, type: 'double' });
    expect(() => envFromModel(sampleModel, { x: 'no_such_type' })).toThrow("Unknown expression type 'no_such_type'");
  });
});

describe('checkExpression — accepts good expressions', () => {
  const good: [string, string][] = [
    ['amount * 2', 'double'],
    ['amount * count + rate', 'double'],
    ['count + 1', 'int'],
    ['count == 3.0', 'bool'],
    ['amount > 1000 && urgent', 'bool'],
    ['IF(amount > 1000.0, "大额", "小额")', 'string'],
    ['SUM(items.map(r, r.qty * r.price))', 'double'],
    ['SUM(items.map(r, r.qty))', 'int'],
    ['SUM(amount, count, 1)', 'double'],
    ['ROUND(amount * rate, 2)', 'double'],
    ['UPPERMONEY(amount)', 'string'],
    ['DATEDIF(period[0], period[1], "D") + 1', 'int'],
    ['WORKDAYS(applyDate, TODAY())', 'int'],
    ['owner == user.id || user.deptId in depts', 'bool'],
    ['"admin" in user.roles', 'bool'],
    ['size(files) > 0', 'bool'],
    ['record.amount >= 1000.0', 'bool'],
    ['title.startsWith("关于")', 'bool'],
    ['CONCAT(title, "（", count, "）")', 'string'],
    ['items.exists(r, r.price > 100.0)', 'bool'],
  ];
  it.each(good)('%s : %s', (src, type) => {
    expect(checkExpression(src, env)).toEqual({ ok: true, type });
  });
});

describe('checkExpression — rejects bad expressions with readable messages', () => {
  const bad: [string, string, number?][] = [
    ['amout * 2', '未知字段 amout', 0],
    ['amount * 2 + bogus', '未知字段 bogus', 13],
    ['title + 1', '运算 + 不能用于 string（文本） 和 int（整数）'],
    ['urgent * 2', '运算 * 不能用于 bool（是/否） 和 int（整数）'],
    ['FOO(amount)', '未知函数 FOO'],
    ['sum(amount)', '未知函数 sum（是否应为 SUM？）'],
    ['SUM(title)', '函数 SUM 不接受参数类型 (string（文本）)'],
    ['UPPERMONEY(title)', '函数 UPPERMONEY 不接受参数类型 (string（文本）)'],
    ['DATEDIF(applyDate, count, "D")', '函数 DATEDIF 不接受参数类型'],
    ['IF(count, 1, 2)', '条件必须是是/否（bool），实际为 int（整数）'],
    ['IF(urgent, 1, 2.5)', '两个分支的结果类型必须一致'],
    ['items.map(r, r.prise)', '没有字段 prise'],
    ['record.nope', '没有字段 nope'],
    ['amount +', '语法错误（第 9 个字符）：表达式不完整', 8],
    ['(amount', '语法错误'],
    ['amount == "x', '语法错误'],
    ['', '表达式为空'],
  ];
  it.each(bad)('%s → %s', (src, message, position) => {
    const r = checkExpression(src, env);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain(message);
    if (position !== undefined) expect(r.position).toBe(position);
  });

  it('speaks English when asked', () => {
    expect(checkExpression('amout', env, { locale: 'en-US' })).toMatchObject({ ok: false, message: 'Unknown field amout' });
    expect(checkExpression('FOO(1)', env, { locale: 'en-US' })).toMatchObject({ ok: false, message: 'Unknown function FOO' });
    expect(checkExpression('1 +', env, { locale: 'en-US' })).toMatchObject({
      ok: false,
      message: 'Syntax error at character 4: the expression ends too early',
    });
  });

  it('checks the result type when one is expected', () => {
    expect(checkExpression('amount > 1.0', env, { expect: 'bool' })).toEqual({ ok: true, type: 'bool' });
    expect(checkExpression('count * 2', env, { expect: 'double' })).toEqual({ ok: true, type: 'int' });
    expect(checkExpression('amount', env, { expect: 'bool' })).toMatchObject({
      ok: false,
      code: 'unexpected_result_type',
      message: '表达式的结果应为 bool（是/否），实际为 double（小数）',
    });
  });

  it('never throws, even for odd input', () => {
    expect(checkExpression(undefined as unknown as string, env).ok).toBe(false);
    expect(checkExpression('"unterminated', env).ok).toBe(false);
    expect(checkExpression('a'.repeat(5000) + ' +', createEnv()).ok).toBe(false);
    expect(checkExpression('['.repeat(400) + ']'.repeat(400), createEnv()).ok).toBe(false);
  });

  it('compileExpression throws the same readable error as an ExprError', () => {
    expect(() => compileExpression('amout * 2', env)).toThrow(ExprError);
    try {
      compileExpression('amout * 2', env);
    } catch (e) {
      expect((e as ExprError).message).toBe('未知字段 amout');
      expect((e as ExprError).code).toBe('unknown_variable');
      expect((e as ExprError).position).toBe(0);
    }
  });
});
