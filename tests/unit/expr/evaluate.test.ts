import { afterEach, describe, expect, it } from 'vitest';
import {
  checkExpression,
  compileExpression,
  createEnv,
  envFromModel,
  evaluateExpression,
  ExprError,
  FUNCTIONS,
  referencedFields,
  setClock,
} from '@engine/expr';
import { sampleModel } from './fixtures';

const env = envFromModel(sampleModel, { n: 'int', x: 'double', xs: 'list<double>', ns: 'list<int>', m: 'map' }, { record: true, user: true });
const ev = (src: string, vars: Record<string, unknown> = {}) => evaluateExpression(src, env, vars);

afterEach(() => setClock(null));

describe('results are plain JSON', () => {
  it('turns ints (BigInt) into numbers, also inside lists, maps and rows', () => {
    expect(ev('count + 1', { count: 41 })).toBe(42);
    expect(typeof ev('count', { count: 7 })).toBe('number');
    expect(ev('[1, 2, 3]')).toEqual([1, 2, 3]);
    expect(ev('{"a": 1, "b": [2, 3]}')).toEqual({ a: 1, b: [2, 3] });
    expect(ev('items.map(r, r.qty)', { items: [{ qty: 2 }, { qty: 5 }] })).toEqual([2, 5]);
    expect(ev('items[0]', { items: [{ name: 'A4 纸', qty: 2, price: 25.5 }] })).toEqual({ name: 'A4 纸', qty: 2, price: 25.5 });
    expect(ev('user', { user: { id: 3, roles: ['staff'] } })).toMatchObject({ id: 3, roles: ['staff'], deptIds: [] });
    expect(ev('9007199254740991 + 0')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('converts inputs to the declared types', () => {
    expect(ev('count * 2', { count: '21' })).toBe(42); // numeric text from a form input
    expect(ev('count', { count: 2.9 })).toBe(2); // int fields truncate toward zero
    expect(ev('amount + 0.5', { amount: '100' })).toBe(100.5);
    expect(ev('amount / 2', { amount: 5 })).toBe(2.5); // a whole number in a money field is still a double
    expect(ev('owner == user.id', { owner: 5, user: { id: '5' } })).toBe(true);
    expect(ev('title + "!"', { title: 12 })).toBe('12!');
    expect(ev('SUM(members)', { members: [1, 2, 3] })).toBe(6);
  });
});

describe('missing and null fields take the blank of their type (never a crash)', () => {
  it.each([
    ['amount * 2', 0],
    ['count + 1', 1],
    ['title + "x"', 'x'],
    ['urgent', false],
    ['size(items)', 0],
    ['SUM(items.map(r, r.price))', 0],
    ['size(period)', 0],
    ['owner == 0', true],
    ['UPPERMONEY(amount)', '零元整'],
    ['DATEDIF(applyDate, "2026-10-01", "D")', 0],
    ['record.amount', 0],
    ['user.id', 0],
    ['"admin" in user.roles', false],
    ['size(m)', 0],
  ])('%s with no values → %j', (src, value) => {
    expect(ev(src, {})).toEqual(value);
    expect(ev(src, { amount: null, count: null, title: null, items: null, record: null, user: null, m: null })).toEqual(value);
  });

  it('fills missing columns of subtable rows', () => {
    expect(ev('SUM(items.map(r, r.qty * r.price))', { items: [{ qty: 2, price: 1.5 }, { price: 10 }, {}] })).toBe(3);
    expect(ev('items.map(r, r.name)', { items: [{}, { name: '笔' }] })).toEqual(['', '笔']);
  });

  it('still reports real runtime faults as readable ExprErrors', () => {
    expect(() => ev('period[1]', {})).toThrow('列表下标越界');
    expect(() => ev('count / n', { count: 1 })).toThrow('除数为零');
    expect(() => ev('m.k', { m: {} })).toThrow('没有字段 k');
    try {
      ev('count / n');
    } catch (e) {
      expect(e).toBeInstanceOf(ExprError);
      expect((e as ExprError).code).toBe('division_by_zero');
    }
  });
});

describe('the function library', () => {
  it('IF is lazy and typed like ?:', () => {
    expect(ev('IF(n == 0, 0, 10 / n)', { n: 0 })).toBe(0);
    expect(ev('IF(n == 0, 0, 10 / n)', { n: 5 })).toBe(2);
    expect(ev('IF(amount > 1000.0, "大额", "小额")', { amount: 1500 })).toBe('大额');
    expect(ev('IF(urgent, 1.5, 2.0) * 2', { urgent: true })).toBe(3);
  });

  it('SUM over lists and 1–10 arguments, mixing ints and doubles up to 5 arguments', () => {
    expect(ev('SUM(xs)', { xs: [0.1, 0.2, 0.3] })).toBeCloseTo(0.6, 12);
    expect(ev('SUM(ns)', { ns: [1, 2, 3] })).toBe(6);
    expect(ev('SUM(ns)', {})).toBe(0);
    expect(ev('SUM(1)')).toBe(1);
    expect(ev('SUM(1, 2.5)')).toBe(3.5);
    expect(ev('SUM(n, x, 1, 2.0, 3)', { n: 1, x: 0.5 })).toBe(7.5);
    expect(ev('SUM(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)')).toBe(55);
    expect(ev('SUM(1.0, 2.0, 3.0, 4.0, 5.0, 6.0)')).toBe(21);
    expect(checkExpression('SUM(1, 2, 3, 4, 5, 6.0)', env)).toMatchObject({ ok: false, code: 'no_matching_overload' });
    expect(checkExpression('SUM(1, 2)', env)).toEqual({ ok: true, type: 'int' });
  });

  it('MAX, MIN, AVG, ABS', () => {
    expect(ev('MAX(3, 7.5, 5)')).toBe(7.5);
    expect(ev('MIN(3, 7, 5)')).toBe(3);
    expect(ev('MAX(xs)', { xs: [-1, -0.5] })).toBe(-0.5);
    expect(ev('MIN(ns)', { ns: [4, -2, 9] })).toBe(-2);
    expect(ev('MAX(ns)', { ns: [] })).toBe(0);
    expect(ev('AVG(80, 90, 100)')).toBe(90);
    expect(ev('AVG(ns)', { ns: [1, 2] })).toBe(1.5);
    expect(() => ev('AVG(xs)', { xs: [] })).toThrow('AVG 没有可计算的数值');
    expect(ev('ABS(-3)')).toBe(3);
    expect(ev('ABS(x)', { x: -2.25 })).toBe(2.25);
    expect(checkExpression('ABS(-3)', env)).toEqual({ ok: true, type: 'int' });
  });

  it('CONCAT and LEN', () => {
    expect(ev('CONCAT("第", 3, "号")')).toBe('第3号');
    expect(ev('CONCAT(title, "：", amount, "元", urgent)', { title: '差旅费', amount: 12.5, urgent: true })).toBe('差旅费：12.5元true');
    expect(ev('LEN("协同办公")')).toBe(4);
    expect(ev('LEN("𠀀a")')).toBe(2); // counts characters, not UTF-16 units
    expect(ev('LEN(members)', { members: [1, 2] })).toBe(2);
  });

  it('TODAY, DATEDIF, DAYS, WORKDAYS compose with fields', () => {
    setClock(() => new Date('2026-10-09T02:00:00Z'));
    expect(ev('WORKDAYS(applyDate, TODAY())', { applyDate: '2026-09-28' })).toBe(5);
    expect(ev('DATEDIF(period[0], period[1], "D") + 1', { period: ['2026-10-01', '2026-10-08'] })).toBe(8);
    expect(ev('DAYS(TODAY(), applyDate)', { applyDate: '2026-10-01' })).toBe(8);
  });

  it('every catalogue entry is registered, documented, and its example evaluates to the stated result', () => {
    setClock(() => new Date('2026-10-09T02:00:00Z'));
    const names = FUNCTIONS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['IF', 'SUM', 'ROUND', 'DATEDIF', 'UPPERMONEY', 'WORKDAYS', 'MAX', 'MIN', 'AVG', 'ABS', 'CONCAT', 'LEN', 'TODAY', 'DAYS']) {
      expect(names).toContain(name);
    }
    for (const f of FUNCTIONS) {
      expect(f.description.t).toBe(`expr.fn.${f.name}`);
      expect(f.description.d.length).toBeGreaterThan(0);
      expect(f.signature.startsWith(`${f.name}(`)).toBe(true);
      const at = f.example.lastIndexOf(' = ');
      const [src, result] = [f.example.slice(0, at), JSON.parse(f.example.slice(at + 3))];
      expect(src.startsWith(`${f.name}(`)).toBe(true);
      expect(evaluateExpression(src, createEnv()), f.example).toEqual(result);
    }
  });
});

describe('evaluation is deterministic and sees only the given variables', () => {
  it('ignores extra keys and knows no globals', () => {
    const c = compileExpression('amount * 2', env);
    expect(c({ amount: 2, process: 1, constructor: 2 })).toBe(4);
    expect(c({ amount: 2 })).toBe(4);
    for (const g of ['process', 'globalThis', 'window', 'Math', 'constructor']) {
      expect(checkExpression(`${g}`, env)).toMatchObject({ ok: false, message: `未知字段 ${g}` });
    }
  });

  it('a compiled expression is reusable and exposes its type and inputs', () => {
    const c = compileExpression('ROUND(SUM(items.map(r, r.qty * r.price)) * rate, 2)', env);
    expect(c.type).toBe('double');
    expect(c.fields).toEqual(['items', 'rate']);
    expect(c({ items: [{ qty: 3, price: 3.33 }], rate: 1.1 })).toBe(10.99);
    expect(c({ items: [{ qty: 1, price: 1 }], rate: 0.5 })).toBe(0.5);
  });
});

describe('referencedFields', () => {
  it.each([
    ['amount * rate + SUM(items.map(r, r.qty))', ['amount', 'items', 'rate']],
    ['record.amount > 1000.0 && user.deptId == record.dept', ['record', 'user']],
    ['items.filter(r, r.price > limit).map(x, x.qty)', ['items', 'limit']],
    ['items.exists(r, r.qty > count)', ['count', 'items']],
    ['cel.bind(t, amount * 2.0, t + t)', ['amount']],
    ['!record.urgent', ['record']],
    ['-amount + fee', ['amount', 'fee']],
    ['IF(has(m.k), m.k, fallback)', ['fallback', 'm']],
    ['{"a": a, b: 1}', ['a', 'b']],
    ['"literal" + 1', []],
    ['TODAY()', []],
    ['amount +', []],
  ])('%s → %j', (src, fields) => {
    expect(referencedFields(src)).toEqual(fields);
  });
});
