/**
 * The receptions area (schemas/receptions/) as data: the model validates records, and its CEL (days,
 * the date validator, the views, the actions' visibleWhen) evaluates as intended through engine/expr.
 */
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../engine/schema/loader';
import type { EntityDef, FormPageDef, ListPageDef } from '../../../engine/schema/types';
import { envFromModel, evaluateExpression } from '../../../engine/expr/index';
import { readSchemaDir, ROOT } from './helpers';

const registry = buildRegistry(readSchemaDir(join(ROOT, 'schemas')).files);
const entity = registry.get('entity', 'receptions.reception') as EntityDef;
const form = registry.get('page', 'receptions.reception.form') as FormPageDef;
const list = registry.get('page', 'receptions.reception.list') as ListPageDef;

const record = {
  title: '兄弟城市考察团来访',
  guestUnit: '某市发展和改革委员会',
  guestNames: '张三、李四',
  people: 6,
  visitDate: '2026-10-12',
  leaveDate: '2026-10-14',
  dept: 3,
  contact: 7,
  companions: [7, 8],
  arrangement: '住宿：市政府招待所；用餐：工作餐；参观：产业园区',
  cost: 3600.5,
  status: 'planned',
};

describe('receptions.reception model', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const validate = ajv.compile(entity.model);

  it('accepts a complete record and rejects bad values', () => {
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...record, people: 0 })).toBe(false);
    expect(validate({ ...record, cost: -1 })).toBe(false);
    expect(validate({ ...record, visitDate: '2026/10/12' })).toBe(false);
    expect(validate({ ...record, unknown: 1 })).toBe(false);
    const { title: _t, ...untitled } = record;
    expect(validate(untitled)).toBe(false);
  });
});

describe('receptions CEL', () => {
  const fields = envFromModel(entity.model);
  const recordEnv = envFromModel(entity.model, {}, { record: true, user: true, fields: false });
  const days = form.computed!.find((c) => c.field === 'days')!.expr.cel;
  const dateCheck = form.validators!.find((v) => v.id === 'leaveAfterVisit')!.expr.cel;

  it('computes the number of days, 0 while a date is blank or the range is reversed', () => {
    expect(Number(evaluateExpression(days, fields, record))).toBe(3);
    expect(Number(evaluateExpression(days, fields, { ...record, leaveDate: '2026-10-12' }))).toBe(1);
    expect(Number(evaluateExpression(days, fields, { ...record, leaveDate: '' }))).toBe(0);
    expect(Number(evaluateExpression(days, fields, { ...record, leaveDate: '2026-10-01' }))).toBe(0);
  });

  it('refuses a departure before the arrival', () => {
    expect(evaluateExpression(dateCheck, fields, record)).toBe(true);
    expect(evaluateExpression(dateCheck, fields, { ...record, leaveDate: '2026-10-11' })).toBe(false);
    expect(evaluateExpression(dateCheck, fields, { ...record, leaveDate: undefined })).toBe(true);
  });

  it('views select planned records and this month', () => {
    const planned = list.views!.find((v) => v.id === 'view_planned')!.where!.cel;
    const thisMonth = list.views!.find((v) => v.id === 'view_thisMonth')!.where!.cel;
    const user = { id: 1, deptId: 3 };
    expect(evaluateExpression(planned, recordEnv, { record, user })).toBe(true);
    expect(evaluateExpression(planned, recordEnv, { record: { ...record, status: 'done' }, user })).toBe(false);
    const today = evaluateExpression('TODAY()', fields, {}) as string;
    expect(evaluateExpression(thisMonth, recordEnv, { record: { ...record, visitDate: today }, user })).toBe(true);
    expect(evaluateExpression(thisMonth, recordEnv, { record: { ...record, visitDate: '1999-01-01' }, user })).toBe(false);
  });
});
