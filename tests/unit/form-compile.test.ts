/**
 * engine/form over the receptions form definition: Chinese titles, required fields, widgets per kind,
 * rules, computed days only on their inputs, the leave-after-visit validator, zh translateString.
 */
import { describe, expect, it } from 'vitest';
import { TranslatableString } from '@rjsf/utils';
import { compileForm, compileLogic, makeTranslateString, textFn } from '../../engine/form';
import type { FormPageDef } from '../../engine/schema/types';
import { bundleOf } from './list-fixture';

const bundle = bundleOf('receptions.reception.form');
const form = compileForm(bundle);
const logic = compileLogic(bundle.page as FormPageDef, bundle.entity!.model, textFn(bundle.texts));

describe('compileForm (receptions)', () => {
  it('titles fields in Chinese, keeps required, picks widgets by kind', () => {
    const props = form.schema.properties!;
    expect(props.title.title).toBe('接待事由');
    expect(form.schema.required).toEqual(expect.arrayContaining(['title', 'visitDate', 'dept']));
    expect((form.uiSchema.cost as Record<string, unknown>)['ui:widget']).toBe('money');
    expect((form.uiSchema.companions as Record<string, unknown>)['ui:widget']).toBe('users');
    expect((form.uiSchema.attachments as Record<string, unknown>)['ui:widget']).toBe('attachments');
    expect(props.attachments.items).toEqual({ type: 'object' });
    expect((form.uiSchema.arrangement as Record<string, unknown>)['ui:placeholder']).toBe('住宿、用餐、参观、会谈等安排');
    expect(form.defaults.status).toBe('planned');
  });

  it('takes 承办部门 of a new record from the session (x-default-from)', () => {
    expect(form.sessionDefaults).toEqual({ dept: 'dept' });
  });
});

describe('rules, computed, validators', () => {
  it('requires cost when done', () => {
    expect(logic.rules({ status: 'done' }).required).toEqual(['cost']);
    expect(logic.rules({ status: 'planned' }).required).toEqual([]);
  });
  it('recomputes days only when visit or leave date changes', () => {
    const a = logic.compute(null, { visitDate: '2026-10-12', leaveDate: '2026-10-14' });
    expect(a.data.days).toBe(3);
    const b = logic.compute(a.data, { ...a.data, title: 'x' });
    expect(b.recomputed).toEqual([]);
    const c = logic.compute(b.data, { ...b.data, leaveDate: '2026-10-15' });
    expect(c.recomputed).toEqual(['days']);
    expect(c.data.days).toBe(4);
  });
  it('reports a leave date before the visit date on leaveDate', () => {
    expect(logic.validate({ visitDate: '2026-10-12', leaveDate: '2026-10-10' })).toEqual([{ field: 'leaveDate', message: '离开日期不能早于接待日期' }]);
    expect(logic.validate({ visitDate: '2026-10-12', leaveDate: '2026-10-13' })).toEqual([]);
  });
  it('translates rjsf strings', () => {
    const tr = makeTranslateString({ AddItemButton: '添加一行', OptionPrefix: '选项 %1' });
    expect(tr(TranslatableString.AddItemButton)).toBe('添加一行');
    expect(tr(TranslatableString.OptionPrefix, ['2'])).toBe('选项 2');
    expect(tr(TranslatableString.CopyButton)).toBe('Copy');
  });
});
