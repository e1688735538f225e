import { describe, expect, it } from 'vitest';
import { createEnv, evaluateExpression, roundHalfUp, upperMoney, ExprError } from '@engine/expr';

describe('UPPERMONEY — 人民币大写', () => {
  const table: [number, string][] = [
    [0, '零元整'],
    [100, '壹佰元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [1005.07, '壹仟零伍元零柒分'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [0.5, '伍角整'],
    [0.07, '柒分'],
    [0.56, '伍角陆分'],
    [1.5, '壹元伍角整'],
    [10.01, '壹拾元零壹分'],
    [1010, '壹仟零壹拾元整'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [100000, '壹拾万元整'],
    [107000.53, '壹拾万柒仟元伍角叁分'],
    [1000001, '壹佰万零壹元整'],
    [20000000, '贰仟万元整'],
    [100010000, '壹亿零壹万元整'],
    [100000001, '壹亿零壹元整'],
    [100100, '壹拾万零壹佰元整'],
    [101000000, '壹亿零壹佰万元整'],
    [40000000000, '肆佰亿元整'],
    [123456789012.34, '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分'],
    [1e12, '壹万亿元整'],
    [1234567890123, '壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000010000000, '壹万亿零壹仟万元整'],
    [1.005, '壹元零壹分'],
    [0.004, '零元整'],
    [-8, '负捌元整'],
    [-1234.5, '负壹仟贰佰叁拾肆元伍角整'],
  ];
  it.each(table)('%s → %s', (x, text) => {
    expect(upperMoney(x)).toBe(text);
  });

  it('refuses amounts beyond 万亿 and non-numbers', () => {
    expect(() => upperMoney(1e16)).toThrow('金额超出范围');
    expect(() => upperMoney(1e20)).toThrow('金额超出范围');
    expect(() => upperMoney(Number.NaN)).toThrow('金额不是有效数字');
  });

  it('works in expressions with int and double arguments and reports range errors readably', () => {
    const env = createEnv({ amount: 'double', n: 'int' });
    expect(evaluateExpression('UPPERMONEY(amount)', env, { amount: 1234.56 })).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(evaluateExpression('UPPERMONEY(n)', env, { n: 100 })).toBe('壹佰元整');
    expect(evaluateExpression('UPPERMONEY(amount)', env, {})).toBe('零元整');
    expect(() => evaluateExpression('UPPERMONEY(1e17)', env)).toThrow(ExprError);
    expect(() => evaluateExpression('UPPERMONEY(1e17)', env)).toThrow('金额超出范围（最大到万亿）');
    expect(() => evaluateExpression('UPPERMONEY(1e17)', env, {}, { locale: 'en-US' })).toThrow('out of range');
  });
});

describe('ROUND — half away from zero, Excel style', () => {
  const table: [number, number, number][] = [
    [2.675, 2, 2.68],
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [0.125, 2, 0.13],
    [-0.125, 2, -0.13],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1234.5678, 1, 1234.6],
    [1250, -2, 1300],
    [1e-7, 2, 0],
    [123456789.125, 2, 123456789.13],
  ];
  it.each(table)('ROUND(%s, %s) = %s', (x, d, r) => {
    expect(roundHalfUp(x, d)).toBe(r);
  });

  it('is a double in expressions, for int and double inputs', () => {
    const env = createEnv({ x: 'double', n: 'int' });
    expect(evaluateExpression('ROUND(x, 2)', env, { x: 10.005 })).toBe(10.01);
    expect(evaluateExpression('ROUND(n, 0)', env, { n: 7 })).toBe(7);
    expect(evaluateExpression('ROUND(x * 3, 2)', env, { x: 0.1 })).toBe(0.3);
  });
});
