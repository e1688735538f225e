/**
 * The definition lint over every file in `schemas/` (DESIGN §8): valid formats, unique ids, resolvable
 * references, CEL type-checks, i18n keys in zh-CN and en-US. A broken definition fails here with
 * `file  path  message` per problem. Widgets, page kinds and custom page components are the ones the front end registers.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../engine/schema/lint';
import { readSchemaDir, ROOT } from './schema/helpers';
import { lintSchemaDirs } from '../tools/schemaLint';
import { frontKeys } from '../tools/frontKeys';

describe('schemas/', () => {
  it('every definition file loads and lints clean', () => {
    const { files, parseErrors, issues } = lintSchemaDirs(frontKeys());
    expect(parseErrors, 'files that are not JSON').toEqual([]);
    expect(files).toBeGreaterThan(0);
    if (issues.length) expect.fail(`${issues.length} definition problem(s):\n${formatIssues(issues)}`);
  });

  it('every file starts with $schema, schemaVersion, id, kind, and its $schema exists', () => {
    const { files } = readSchemaDir(join(ROOT, 'schemas'));
    const problems: string[] = [];
    for (const f of files) {
      const data = f.data as Record<string, unknown>;
      const head = Object.keys(data).slice(0, 4).join(', ');
      if (head !== '$schema, schemaVersion, id, kind') problems.push(`${f.path}: starts with ${head}`);
      if (typeof data.$schema !== 'string' || !existsSync(join(ROOT, dirname(f.path), data.$schema)))
        problems.push(`${f.path}: $schema ${String(data.$schema)} does not exist`);
    }
    expect(problems).toEqual([]);
  });
});

describe('tests/fixtures/areas/ (areas an implementer would copy into schemas/)', () => {
  it('lints clean beside schemas/, as it will once copied', () => {
    const { files, parseErrors, issues } = lintSchemaDirs(frontKeys(), ['schemas', 'tests/fixtures/areas']);
    expect(parseErrors).toEqual([]);
    expect(files).toBeGreaterThan(0);
    if (issues.length) expect.fail(`${issues.length} definition problem(s):\n${formatIssues(issues)}`);
  });
});
