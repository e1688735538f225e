/**
 * engine/expr/condition.ts: list views' `where` (CEL over record and user) → condition tree → resolved
 * constants with CEL's blank semantics. The SQL side is tested through the API
 * (tests/api/entity-views.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { resolveCondition, translateCondition, type Condition } from '../../engine/expr/condition';
import { envFromModel, evaluateExpression, setClock } from '../../engine/expr';
import type { EntityModel } from '../../engine/schema/types';

const model: EntityModel = {
  type: 'object',
  properties: {
    title: { type: 'string', 'x-kind': 'text' },
    status: { type: 'string', 'x-kind': 'dict', 'x-dict': 'reception_status' },
    visitDate: { type: 'string', format: 'date', 'x-kind': 'date' },
    people: { type: 'integer', 'x-kind': 'integer' },
    cost: { type: 'number', 'x-kind': 'money' },
    urgent: { type: 'boolean', 'x-kind': 'boolean' },
    dept: { type: 'integer', 'x-kind': 'dept' },
    companions: { type: 'array', items: { type: 'integer' }, 'x-kind': 'users' },
  },
} as unknown as EntityModel;

function tr(cel: string): Condition {
  const r = translateCondition(cel, model);
  if (!r.ok) throw new Error(r.message);
  return r.condition;
}

const env = envFromModel(model, {}, { record: true, user: true, fields: false });
const user = { id: 7, account: 'demo', deptId: 3, unitId: 1, roles: [], permissions: [] };
const resolve = (c: Condition) => resolveCondition(c, (cel) => evaluateExpression(cel, env, { user }));

describe('translateCondition', () => {
  it('translates a comparison with a constant', () => {
    expect(tr('record.status == "planned"')).toEqual({ op: 'cmp', field: 'status', type: 'string', cmp: '==', value: { const: 'planned' } });
    expect(tr('record.people >= 10')).toEqual({ op: 'cmp', field: 'people', type: 'int', cmp: '>=', value: { const: 10 } });
    expect(tr('record.cost < -1.5')).toMatchObject({ cmp: '<', value: { const: -1.5 } });
  });

  it('flips a comparison whose field is on the right', () => {
    expect(tr('10 < record.people')).toMatchObject({ field: 'people', cmp: '>', value: { const: 10 } });
    expect(tr('user.deptId == record.dept')).toEqual({ op: 'cmp', field: 'dept', type: 'int', cmp: '==', value: { cel: 'user.deptId' } });
  });

  it('translates and, or, not, in, a bool field and the text tests', () => {
    const c = tr('(record.status == "planned" || record.status == "ongoing") && !record.urgent');
    expect(c).toMatchObject({ op: 'and', args: [{ op: 'or' }, { op: 'not', arg: { op: 'isTrue', field: 'urgent' } }] });
    expect(tr('record.status in ["planned", "done"]')).toEqual({ op: 'in', field: 'status', type: 'string', value: { const: ['planned', 'done'] } });
    expect(tr('record.title.contains("调研")')).toMatchObject({ op: 'contains', field: 'title', value: { const: '调研' } });
    expect(tr('record.title.endsWith("会")')).toMatchObject({ op: 'endsWith' });
    expect(tr('record.visitDate.startsWith(TODAY().substring(0, 7))')).toEqual({
      op: 'startsWith',
      field: 'visitDate',
      type: 'string',
      value: { cel: 'TODAY().substring(0, 7)' },
    });
  });

  it('refuses what SQL cannot say, naming the part', () => {
    const bad = (cel: string) => {
      const r = translateCondition(cel, model);
      expect(r.ok, cel).toBe(false);
      return r.ok ? '' : r.message;
    };
    expect(bad('record.people == record.cost')).toMatch(/record/);
    expect(bad('record.people + 1 > 3')).toMatch(/record.people \+ 1/);
    expect(bad('record.companions.exists(x, x == 1)')).toMatch(/companions/);
    expect(bad('record.nope == 1')).toMatch(/record.nope/);
    expect(bad('record.status == "a" ? true : false')).toMatch(/cannot be translated/);
    expect(bad('user.id == 1')).toMatch(/no record field/);
    expect(bad('record.title.size() > 3')).toMatch(/size/);
    expect(bad('record.status ==')).toMatch(/syntax/);
  });
});

describe('resolveCondition', () => {
  it('evaluates user values and time functions when the query runs', () => {
    setClock(() => new Date('2026-11-22T04:00:00Z'));
    try {
      expect(resolve(tr('record.visitDate.startsWith(TODAY().substring(0, 7))'))).toEqual({
        op: 'startsWith',
        field: 'visitDate',
        value: '2026-11',
        onBlank: false,
      });
    } finally {
      setClock(null);
    }
    expect(resolve(tr('record.dept == user.deptId'))).toEqual({ op: 'cmp', field: 'dept', cmp: '==', value: 3, onBlank: false });
  });

  it('knows what a blank (null) field gives', () => {
    expect(resolve(tr('record.status != "planned"'))).toMatchObject({ onBlank: true });
    expect(resolve(tr('record.people < 5'))).toMatchObject({ onBlank: true });
    expect(resolve(tr('record.people > 5'))).toMatchObject({ onBlank: false });
    expect(resolve(tr('record.status in ["", "done"]'))).toMatchObject({ onBlank: true });
    expect(resolve(tr('record.title.startsWith("")'))).toMatchObject({ onBlank: true });
  });

  it('refuses a value of the wrong type, naming the field', () => {
    expect(() => resolve(tr('record.people == user.account'))).toThrow(/record.people/);
  });
});

describe('the definition lint', () => {
  it('reports a view whose where cannot be translated, with file and path', async () => {
    const { join } = await import('node:path');
    const { buildRegistry } = await import('../../engine/schema/loader');
    const { lintRegistry } = await import('../../engine/schema/lint');
    const { readSchemaDir, ROOT } = await import('./schema/helpers');
    const { files, locales } = readSchemaDir(join(ROOT, 'schemas'));
    const file = files.find((f) => (f.data as { id?: string }).id === 'receptions.reception.list')!;
    const page = structuredClone(file.data) as { views: { where?: { cel: string } }[] };
    page.views[1].where = { cel: 'record.people > record.days' };
    const registry = buildRegistry(files.map((f) => (f === file ? { ...f, data: page } : f)));
    const issues = lintRegistry(registry, locales, { checkExpr: false });
    expect(issues).toContainEqual({ file: file.path, path: '/views/1/where/cel', message: expect.stringMatching(/cannot be translated to SQL/) });
    const clean = lintRegistry(buildRegistry(files), locales, { checkExpr: false });
    expect(clean.filter((i) => /translated to SQL/.test(i.message))).toEqual([]);
  });
});
