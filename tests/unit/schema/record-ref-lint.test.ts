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
    ['an unknown target entity', (p) => ((p['x-record'] as { entity: string }).entity = 'reftest.nothing'), '/model/properties/vehicle/x-record/entity', /unknown entity "reftest\.nothing"/],
    ['an unknown label field', (p) => ((p['x-record'] as { label: string }).label = 'colour'), '/model/properties/vehicle/x-record/label', /unknown field "colour" of entity "reftest\.vehicle"/],
    ['a field that holds no id', (p) => (p.type = 'string'), '/model/properties/vehicle/type', /type "integer"/],
    ['x-record without kind record', (p) => (p['x-kind'] = 'integer'), '/model/properties/vehicle/x-record', /needs kind "record"/],
    ['kind record without x-record', (p) => delete p['x-record'], '/model/properties/vehicle', /needs "x-record"/],
  ];
  for (const [name, change, path, message] of cases) {
    it(`reports ${name}`, () => {
      const issues = lint(change);
      expect(issues.some((i) => i.file === REQUEST && i.path === path && message.test(i.message)), formatIssues(issues)).toBe(true);
    });
  }
});
