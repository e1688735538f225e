/**
 * Lint of reference fields (kind `record` + `x-record`, engine/schema/lint.ts): the reftest fixture area is clean,
 * and each misuse — unknown target, unknown or non-text label, a non-integer field, the keyword without the kind
 * or the kind without the keyword — is reported with the field's JSON pointer.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, type DefinitionFile } from '../../../engine/schema/loader';
import { formatIssues, lintRegistry } from '../../../engine/schema/lint';
import { readSchemaDir, ROOT } from './helpers';

const PREFIX = 'tests/fixtures/schemas/reftest/';
const REQUEST = `${PREFIX}entities/request.json`;

function lint(change?: (vehicle: Record<string, unknown>) => void) {
  const { files, locales } = readSchemaDir(join(ROOT, PREFIX));
  const copy: DefinitionFile[] = files.map((f) => ({ ...f, data: structuredClone(f.data) }));
  const request = copy.find((f) => f.path.endsWith('entities/request.json'))!;
  change?.((request.data as { model: { properties: Record<string, Record<string, unknown>> } }).model.properties.vehicle);
  return lintRegistry(buildRegistry(copy, { root: 'tests/fixtures/schemas/' }), locales, { pageKinds: ['list', 'form', 'detail'], components: [] });
}

describe('reference field lint', () => {
  it('finds nothing wrong in the reftest fixture', () => {
    const issues = lint();
    expect(issues, formatIssues(issues)).toEqual([]);
  });

  const cases: [string, (p: Record<string, unknown>) => void, string, RegExp][] = [
    [
      'an unknown target entity',
      (p) => ((p['x-record'] as { entity: string }).entity = 'reftest.nothing'),
      '/model/properties/vehicle/x-record/entity',
      /unknown entity "reftest\.nothing"/,
    ],
    [
      'an unknown label field',
      (p) => ((p['x-record'] as { label: string }).label = 'colour'),
      '/model/properties/vehicle/x-record/label',
      /unknown field "colour" of entity "reftest\.vehicle"/,
    ],
    ['a field that holds no id', (p) => (p.type = 'string'), '/model/properties/vehicle/type', /type "integer"/],
    ['x-record without kind record', (p) => (p['x-kind'] = 'integer'), '/model/properties/vehicle/x-record', /needs kind "record"/],
    ['kind record without x-record', (p) => delete p['x-record'], '/model/properties/vehicle', /needs "x-record"/],
  ];
  for (const [name, change, path, message] of cases) {
    it(`reports ${name}`, () => {
      const issues = lint(change);
      expect(
        issues.some((i) => i.file === REQUEST && i.path === path && message.test(i.message)),
        formatIssues(issues),
      ).toBe(true);
    });
  }
});

describe('recordTargets (what the page bundle tells the client about a reference field)', async () => {
  const { recordTargets } = await import('../../../src/server/engine/records');
  const registryWith = (route?: string) => {
    const { files } = readSchemaDir(join(ROOT, PREFIX));
    const copy = files.map((f) => ({ ...f, data: structuredClone(f.data) as Record<string, unknown> }));
    if (route) copy.find((f) => f.path.endsWith('vehicle.detail.page.json'))!.data.route = route;
    return buildRegistry(copy, { root: 'tests/fixtures/schemas/' });
  };

  it('names the group, label and the detail page a vehicle opens in', () => {
    const r = registryWith();
    expect(recordTargets(r, r.get('entity', 'reftest.request'))).toEqual({
      vehicle: {
        entity: 'reftest.vehicle',
        group: 'reftestVehicles',
        label: 'plate',
        title: { t: 'reftest.vehicle.title', d: '车辆' },
        labelSearchable: true,
        detail: 'reftest.vehicle.detail',
      },
    });
  });

  it('prefers the target page’s route with :id, and answers nothing for an entity without reference fields', () => {
    const r = registryWith('/reftest/vehicle/:id');
    expect(recordTargets(r, r.get('entity', 'reftest.trip'))?.car).toMatchObject({ route: '/reftest/vehicle/:id' });
    expect(recordTargets(r, r.get('entity', 'reftest.vehicle'))).toBeUndefined();
  });
});
