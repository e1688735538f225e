/**
 * Designer state ↔ form page format: the receptions form reads back unchanged (layout, rules,
 * computed, validators, model, texts); a designed 请假申请 form compiles through the engine (compileForm,
 * compileLogic) to the expected rjsf schema / uiSchema and passes the definition lint; structured
 * conditions compile to CEL that the engine evaluates, and such CEL parses back into the builder.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileForm, compileLogic, textFn } from '../../engine/form';
import { buildRegistry } from '../../engine/schema/loader';
import { lintRegistry, formatIssues } from '../../engine/schema/lint';
import { mergeLocaleFiles } from '../../engine/schema/text';
import type { EntityDef, FormPageDef } from '../../engine/schema/types';
import {
  compileCondition,
  emptyForm,
  fromFormPage,
  insertFromPalette,
  parseCondition,
  setRule,
  toBundle,
  toFormPage,
  updateField,
  updateNode,
  type ConditionGroup,
  type FormDesignState,
} from '../../designer/form/model';
import { widgetKeys } from '../../widgets/registry';
import { readSchemaDir, ROOT } from './schema/helpers';
import { env } from './designer-form-fixture';

const dir = readSchemaDir(join(ROOT, 'schemas'));
const registry = buildRegistry(dir.files);
const texts = mergeLocaleFiles(dir.locales);
const page = registry.get('page', 'receptions.reception.form') as FormPageDef;
const entity = registry.get('entity', 'receptions.reception') as EntityDef;

describe('round trip of schemas/receptions/pages/reception.form.page.json', () => {
  const state = fromFormPage(page, entity.model, texts);
  const out = toFormPage(state);

  it('writes back the same page and model', () => {
    expect(out.page).toEqual(page);
    expect(JSON.stringify(out.page)).toBe(JSON.stringify(page));
    expect(out.model).toEqual(entity.model);
  });

  it('reads the rule as a structured condition and every field as locked', () => {
    expect(state.rules[0].when).toEqual({ mode: 'all', items: [{ field: 'status', op: 'eq', value: 'done' }] });
    expect(state.locked).toContain('cost');
  });

  it('answers the texts of the locale files', () => {
    for (const [k, v] of Object.entries(out.texts['en-US'])) expect(v, k).toBe(texts['en-US'][k]);
    for (const [k, v] of Object.entries(out.texts['zh-CN'])) expect(v, k).toBe(texts['zh-CN'][k]);
    expect(out.texts['en-US']['receptions.reception.field.cost']).toBe('Cost (CNY)');
  });

  it('keeps the key of a stored field when its label changes', () => {
    const id = 'f_cost';
    const s = updateField(state, id, { label: { zh: '费用', en: 'Cost' } }, env);
    expect(s.model.properties.cost['x-title'].d).toBe('费用');
    expect(Object.keys(s.model.properties)).toEqual(Object.keys(entity.model.properties));
  });
});

/** A 请假申请 form: type (dictionary options), start and end dates in a grid, reason, attachments, a detail table. */
function leaveForm(): { state: FormDesignState; ids: Record<string, string> } {
  const ids: Record<string, string> = {};
  let s = emptyForm(
    { id: 'leave.request.form', entity: 'leave.request', title: { t: 'leave.request.page.form', d: '请假申请' } },
    { 'leave.request.page.form': 'Leave request' },
  );
  s = insertFromPalette(s, 'section', { parent: null }, env);
  ids.section = s.focus!;
  s = updateNode(s, ids.section, { title: { zh: '基本信息', en: 'Basics' } });
  s = insertFromPalette(s, 'grid', { parent: ids.section }, env);
  ids.grid = s.focus!;
  const add = (kind: Parameters<typeof insertFromPalette>[1], parent: string | null, name: string, label: { zh: string; en: string }) => {
    s = insertFromPalette(s, kind, { parent }, env);
    ids[name] = s.focus!;
    s = updateField(s, ids[name], { label }, env);
  };
  add('select', ids.grid, 'type', { zh: '请假类型', en: 'Leave type' });
  s = updateField(
    s,
    ids.type,
    {
      options: [{ label: { zh: '事假', en: 'Personal' } }, { label: { zh: '病假', en: 'Sick' } }, { label: { zh: '年假', en: 'Annual' } }],
      required: true,
      default: 'shijia',
    },
    env,
  );
  add('date', ids.grid, 'start', { zh: '开始日期', en: 'Start date' });
  add('date', ids.grid, 'end', { zh: '结束日期', en: 'End date' });
  add('number', ids.grid, 'days', { zh: '天数', en: 'Days' });
  s = updateField(s, ids.start, { required: true });
  add('textarea', ids.section, 'reason', { zh: '请假事由', en: 'Reason' });
  s = updateField(s, ids.reason, { required: true, maxLength: 500, placeholder: { zh: '请填写事由', en: 'Why' } });
  add('subtable', null, 'items', { zh: '费用明细', en: 'Costs' });
  add('text', ids.items, 'item', { zh: '项目', en: 'Item' });
  add('money', ids.items, 'amount', { zh: '金额', en: 'Amount' });
  s = updateNode(s, ids.items, { totals: ['jine'] });
  add('attachments', null, 'files', { zh: '附件', en: 'Attachments' });
  s = setRule(s, {
    field: 'qingjiashiyou',
    effect: 'visible',
    when: {
      mode: 'any',
      items: [
        { field: 'qingjialeixing', op: 'eq', value: 'shijia' },
        { field: 'tianshu', op: 'gt', value: 3 },
      ],
    },
  });
  s = setRule(s, { field: 'jieshuriqi', effect: 'readOnly', when: { mode: 'all', items: [{ field: 'kaishiriqi', op: 'empty' }] } });
  return { state: s, ids };
}

describe('a designed 请假申请 form through the engine', () => {
  const { state } = leaveForm();
  const out = toFormPage(state);
  const bundle = toBundle(state);

  it('compiles to the expected rjsf schema and uiSchema', () => {
    const form = compileForm(bundle);
    expect(form.fields).toEqual(['qingjialeixing', 'kaishiriqi', 'jieshuriqi', 'tianshu', 'qingjiashiyou', 'feiyongmingxi', 'fujian']);
    expect(form.schema.required).toEqual(['qingjialeixing', 'kaishiriqi', 'qingjiashiyou']);
    expect(form.schema.properties!.qingjialeixing).toMatchObject({ type: 'string', title: '请假类型', default: 'shijia' });
    expect(form.schema.properties!.kaishiriqi).toMatchObject({ type: 'string', format: 'date', title: '开始日期' });
    expect(form.uiSchema.qingjialeixing).toMatchObject({ 'ui:widget': 'dict', 'ui:options': { dict: 'leave_request_qingjialeixing' } });
    expect(bundle.dicts.map((d) => d.id)).toEqual(['leave_request_qingjialeixing']);
    expect(out.texts['en-US']['dict.leave_request_qingjialeixing.bingjia']).toBe('Sick');
    expect(form.uiSchema.kaishiriqi).toMatchObject({ 'ui:widget': 'date' });
    expect(form.uiSchema.qingjiashiyou).toMatchObject({ 'ui:widget': 'textarea', 'ui:placeholder': '请填写事由' });
    expect(form.uiSchema.fujian).toMatchObject({ 'ui:widget': 'attachments' });
    expect(form.uiSchema.feiyongmingxi).toMatchObject({ 'ui:field': 'subtable', 'ui:options': { totals: ['jine'] } });
    const items = form.schema.properties!.feiyongmingxi.items as { properties: Record<string, { title: string }> };
    expect(items.properties.jine.title).toBe('金额');
    expect(form.defaults).toEqual({ qingjialeixing: 'shijia' });
    expect(compileForm({ ...bundle, texts: out.texts['en-US'] }).titles.qingjiashiyou).toBe('Reason');
  });

  it('evaluates the compiled rules', () => {
    const logic = compileLogic(out.page, out.model, textFn(out.texts['zh-CN']));
    expect(logic.rules({ qingjialeixing: 'bingjia', tianshu: 2, kaishiriqi: '2026-11-02' }).hidden).toEqual(['qingjiashiyou']);
    expect(logic.rules({ qingjialeixing: 'bingjia', tianshu: 5, kaishiriqi: '2026-11-02' }).hidden).toEqual([]);
    expect(logic.rules({ qingjialeixing: 'shijia' }).readOnly).toEqual(['jieshuriqi']);
    expect(out.page.rules).toEqual([
      { id: expect.any(String), when: { cel: 'qingjialeixing == "shijia" || tianshu > 3.0' }, field: 'qingjiashiyou', effect: 'visible' },
      { id: expect.any(String), when: { cel: 'kaishiriqi == ""' }, field: 'jieshuriqi', effect: 'readOnly' },
    ]);
  });

  it('passes the definition lint (meta schemas, fields, texts in both locales, CEL)', () => {
    const entityDef = {
      $schema: '../../_meta/entity.schema.json',
      schemaVersion: 1,
      id: 'leave.request',
      kind: 'entity',
      title: { t: 'leave.request.title', d: '请假' },
      group: 'leave',
      table: 'biz_leave_request',
      model: out.model,
      scope: 'own',
      permissions: {},
    };
    const files = [
      { path: 'schemas/leave/entities/request.json', data: entityDef },
      { path: 'schemas/leave/pages/request.form.page.json', data: out.page },
      ...out.dicts.map((d) => ({ path: `schemas/leave/dicts/${d.id}.json`, data: d })),
    ];
    const locales = [
      { path: 'schemas/leave/locales/zh-CN.json', locale: 'zh-CN', messages: { ...out.texts['zh-CN'], 'leave.request.title': '请假' } },
      { path: 'schemas/leave/locales/en-US.json', locale: 'en-US', messages: { ...out.texts['en-US'], 'leave.request.title': 'Leave' } },
    ];
    const reg = buildRegistry(files);
    const issues = lintRegistry(reg, locales, { pageKinds: ['form'], widgets: widgetKeys().length ? widgetKeys() : undefined });
    expect(issues, formatIssues(issues)).toEqual([]);
  });

  it('reads its own output back to the same design, new ids after the stored ones', () => {
    const back = fromFormPage(out.page, out.model, out.texts, out.dicts);
    const next = insertFromPalette(back, 'text', { parent: null }, env);
    const numbers = JSON.stringify(out.page)
      .match(/"id":"[a-z]+(\d+)"/g)!
      .map((x) => Number(/(\d+)"$/.exec(x)![1]));
    expect(Number(/\d+$/.exec(next.focus!)![0])).toBeGreaterThan(Math.max(...numbers));
    const again = toFormPage(back);
    expect(again).toEqual(out);
    expect(back.rules.map((r) => r.when)).toEqual(state.rules.map((r) => r.when));
  });
});

describe('structured conditions', () => {
  const model = leaveForm().state.model;
  const cases: [ConditionGroup, string][] = [
    [{ mode: 'all', items: [{ field: 'qingjialeixing', op: 'in', value: ['shijia', 'nianjia'] }] }, 'qingjialeixing in ["shijia", "nianjia"]'],
    // Chinese in a CEL string is escaped (definitions keep Chinese only in Text defaults) and reads back.
    [
      {
        mode: 'all',
        items: [
          { field: 'qingjialeixing', op: 'notIn', value: ['bingjia'] },
          { field: 'qingjiashiyou', op: 'contains', value: '急"😀' },
        ],
      },
      '!(qingjialeixing in ["bingjia"]) && qingjiashiyou.contains("\\u6025\\"\\U0001f600")',
    ],
    [
      {
        mode: 'any',
        items: [
          { field: 'tianshu', op: 'ge', value: 1.5 },
          {
            mode: 'all',
            items: [
              { field: 'kaishiriqi', op: 'notEmpty' },
              { field: 'jieshuriqi', op: 'lt', value: '2026-12-31' },
            ],
          },
        ],
      },
      'tianshu >= 1.5 || (kaishiriqi != "" && jieshuriqi < "2026-12-31")',
    ],
    [{ mode: 'all', items: [{ field: 'fujian', op: 'empty' }] }, 'size(fujian) == 0'],
    [{ mode: 'all', items: [] }, 'true'],
  ];
  for (const [c, cel] of cases) {
    it(`compiles ${cel} and parses it back`, () => {
      expect(compileCondition(c, model)).toBe(cel);
      if (c.items.length) expect(parseCondition(cel, model)).toEqual(c);
    });
  }

  it('refuses an operator or value that does not fit the field, and CEL of another shape', () => {
    expect(() => compileCondition({ mode: 'all', items: [{ field: 'fujian', op: 'gt', value: 1 }] }, model)).toThrow(/operator/);
    expect(() => compileCondition({ mode: 'all', items: [{ field: 'tianshu', op: 'eq', value: 'x' }] }, model)).toThrow(/does not fit/);
    expect(() => compileCondition({ mode: 'all', items: [{ field: 'nope', op: 'eq', value: 1 }] }, model)).toThrow(/cannot be tested/);
    expect(parseCondition('tianshu > tianshu', model)).toBeNull();
    expect(parseCondition('DATEDIF(kaishiriqi, jieshuriqi, "D") > 3', model)).toBeNull();
  });

  it('keeps a rule the builder cannot show as CEL', () => {
    const s = fromFormPage({ ...page, rules: [{ id: 'r1', when: { cel: 'cost > people * 100' }, field: 'cost', effect: 'required' }] }, entity.model, texts);
    expect(s.rules[0].when).toEqual({ cel: 'cost > people * 100' });
    expect(toFormPage(s).page.rules![0].when.cel).toBe('cost > people * 100');
  });
});
