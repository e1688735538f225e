/**
 * Before publishing a design: checkDesign lists what the lint or the form would refuse, and computed
 * formulas are type-checked when set (WORKDAYS over the start and end dates for the 请假 days).
 */
import { describe, expect, it } from 'vitest';
import { compileLogic, textFn } from '../../engine/form';
import {
  DesignError,
  checkDesign,
  computedOf,
  emptyForm,
  insertFromPalette,
  setComputed,
  toFormPage,
  updateField,
  type FormDesignState,
} from '../../designer/form/model';
import { env } from './designer-form-fixture';

const blank = () => emptyForm({ id: 'leave.request.form', entity: 'leave.request', title: { t: 'leave.request.page.form', d: '请假申请' } });
const withDates = () => {
  let s = blank();
  for (const [kind, zh] of [
    ['date', '开始日期'],
    ['date', '结束日期'],
    ['number', '天数'],
  ] as const) {
    s = insertFromPalette(s, kind, { parent: null }, env);
    s = updateField(s, s.focus!, { label: { zh, en: zh } }, env);
  }
  return s;
};

describe('checkDesign', () => {
  it('finds a select without options, an empty sub-table and Chinese outside a Text', () => {
    let s: FormDesignState = insertFromPalette(blank(), 'select', { parent: null }, env);
    const sel = s.focus!;
    s = insertFromPalette(s, 'subtable', { parent: null }, env);
    const st = s.focus!;
    s = insertFromPalette(s, 'text', { parent: null }, env);
    const text = s.focus!;
    s = updateField(s, text, { default: '病假' });
    expect(checkDesign(s).map((p) => [p.id, p.code])).toEqual([
      [sel, 'noOptions'],
      [st, 'noColumns'],
      [text, 'chineseOutsideText'],
    ]);
    s = updateField(s, sel, { options: [{ label: { zh: '事假', en: 'Personal' } }] }, env);
    s = insertFromPalette(s, 'number', { parent: st }, env);
    s = updateField(s, text, { default: 'n/a' });
    expect(checkDesign(s)).toEqual([]);
  });

  it('offers a reference field whose target entity and label field become its x-record once chosen', () => {
    let s = insertFromPalette(blank(), 'record', { parent: null }, env);
    const id = s.focus!;
    expect(checkDesign(s).map((p) => [p.id, p.code])).toEqual([[id, 'noTarget']]);
    expect(() => updateField(s, id, { record: { entity: 'car.vehicle', label: '' } })).toThrow(DesignError);
    s = updateField(s, id, { record: { entity: 'car.vehicle', label: 'plate' } });
    expect(checkDesign(s)).toEqual([]);
    const out = toFormPage(s);
    expect(out.model.properties.guanlianjilu).toMatchObject({ type: 'integer', 'x-kind': 'record', 'x-record': { entity: 'car.vehicle', label: 'plate' } });
    const text = insertFromPalette(s, 'text', { parent: null }, env);
    expect(() => updateField(text, text.focus!, { record: { entity: 'car.vehicle', label: 'plate' } })).toThrow(DesignError);
  });

  it('reports a formula that no longer type-checks after its input changed kind', () => {
    let s = setComputed(withDates(), 'tianshu', 'WORKDAYS(kaishiriqi, jieshuriqi)');
    expect(checkDesign(s)).toEqual([]);
    const { format: _f, ...start } = s.model.properties.kaishiriqi;
    s = { ...s, model: { ...s.model, properties: { ...s.model.properties, kaishiriqi: { ...start, type: 'integer', 'x-kind': 'integer' } } } };
    const problems = checkDesign(s);
    expect(problems.map((p) => p.code)).toEqual(['badExpression']);
    expect(problems[0].message).toMatch(/WORKDAYS/);
  });
});

describe('setComputed', () => {
  it('type-checks, makes the field read-only and computes in the engine', () => {
    const s = setComputed(withDates(), 'tianshu', 'WORKDAYS(kaishiriqi, jieshuriqi)');
    expect(computedOf(s, 'tianshu')).toBe('WORKDAYS(kaishiriqi, jieshuriqi)');
    expect(s.model.properties.tianshu.readOnly).toBe(true);
    const out = toFormPage(s);
    const logic = compileLogic(out.page, out.model, textFn(out.texts['zh-CN']));
    // 2026-11-06 (Fri) to 2026-11-09 (Mon): two working days.
    expect(logic.compute(null, { kaishiriqi: '2026-11-06', jieshuriqi: '2026-11-09' }).data.tianshu).toBe(2);
    const cleared = setComputed(s, 'tianshu', '');
    expect(cleared.computed).toEqual([]);
    expect(cleared.model.properties.tianshu.readOnly).toBeUndefined();
  });

  it('refuses a formula of the wrong type or an unknown field, with the engine message', () => {
    const s = withDates();
    try {
      setComputed(s, 'tianshu', 'kaishiriqi + "x"');
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(DesignError);
      expect((e as DesignError).code).toBe('badExpression');
      expect((e as DesignError).message).toMatch(/表达式的结果应为 double/);
    }
    expect(() => setComputed(s, 'tianshu', 'nope + 1')).toThrow(/nope/);
  });
});
