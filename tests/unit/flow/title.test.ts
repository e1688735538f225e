/**
 * The work-item title template of a flow (engine/flow/title.ts, the lint's check in engine/schema/lint.ts): evaluated
 * over record, initiator, form and flow; type-checked against the entity's model; missing in a file of `schemas/`
 * is an error, in a designer's flow it is not (the designer gives the default).
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../engine/schema/loader';
import { lintRegistry } from '../../../engine/schema/lint';
import { evaluateTitle, DEFAULT_TITLE_TEMPLATE } from '../../../engine/flow/title';
import type { EntityModel } from '../../../engine/schema/types';

const MODEL: EntityModel = {
  type: 'object',
  properties: {
    phone: { type: 'string', 'x-title': { t: 'demo.phone', d: '电话' }, 'x-kind': 'text' },
    reason: { type: 'string', 'x-title': { t: 'demo.reason', d: '事由' }, 'x-kind': 'text' },
    days: { type: 'integer', 'x-title': { t: 'demo.days', d: '天数' }, 'x-kind': 'integer' },
  },
};
const INPUT = {
  record: { phone: '13800000000', reason: '查阅资料', days: 2, id: 7 },
  initiator: { id: 3, name: '张伟', account: 'zhangwei', deptId: 5, dept: '综合科' },
  form: { title: '外出申请' },
  flow: { title: '外出审批' },
};

const entity = {
  $schema: '../../_meta/entity.schema.json',
  schemaVersion: 1,
  id: 'demo.item',
  kind: 'entity',
  title: { t: 'demo.item', d: '事项' },
  group: 'demo_item',
  table: 'demo_item',
  scope: 'own',
  model: MODEL,
};
const flowOf = (cel?: string) => ({
  $schema: '../../_meta/flow.schema.json',
  schemaVersion: 1,
  id: 'demo.flow',
  kind: 'flow',
  title: { t: 'demo.flow', d: '审批', ...(cel ? { cel } : {}) },
  entity: 'demo.item',
  nodes: [
    { id: 'start', type: 'start', title: { t: 'demo.start', d: '发起' } },
    { id: 'end', type: 'end', title: { t: 'demo.end', d: '结束' } },
  ],
});
const issuesOf = (cel: string | undefined, dir = 'schemas/demo') =>
  lintRegistry(
    buildRegistry([
      { path: `${dir}/entities/item.json`, data: entity },
      { path: `${dir}/flows/a.flow.json`, data: flowOf(cel) },
    ]),
    [],
    { locales: [] },
  ).filter((i) => i.file.endsWith('a.flow.json'));

describe('flow title template', () => {
  it('names the item by the template, never by the first text field', () => {
    expect(evaluateTitle({ title: { t: 'x', d: 'x', cel: DEFAULT_TITLE_TEMPLATE } }, MODEL, INPUT)).toBe('外出申请 - 张伟');
    expect(evaluateTitle({ title: { t: 'x', d: 'x', cel: 'record.reason + "（" + string(record.days) + "天）"' } }, MODEL, INPUT)).toBe('查阅资料（2天）');
    expect(evaluateTitle({ title: { t: 'x', d: 'x' } }, MODEL, INPUT)).toBe('');
  });

  it('is linted: a string over the model, required for files in schemas/', () => {
    expect(issuesOf('record.reason + " - " + initiator.dept')).toEqual([]);
    expect(issuesOf('record.nowhere').map((i) => i.path)).toEqual(['/title/cel']);
    expect(issuesOf('record.days').map((i) => i.path)).toEqual(['/title/cel']);
    expect(issuesOf(undefined).map((i) => i.path)).toEqual(['/title/cel']);
    expect(issuesOf(undefined, 'designer')).toEqual([]);
  });
});
