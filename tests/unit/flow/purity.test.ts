/**
 * engine/flow is pure (DESIGN §3): no React, no Node APIs, no clock or randomness of its own — time and ids
 * come through the context — and no file over ~400 lines.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../schema/helpers';

const DIR = join(ROOT, 'engine/flow');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

describe('engine/flow purity', () => {
  it('has its modules', () => {
    expect(files).toEqual(
      expect.arrayContaining(['index.ts', 'types.ts', 'definition.ts', 'assignees.ts', 'machine.ts', 'actions.ts', 'deadlines.ts', 'state.ts']),
    );
  });
  it.each(files)('%s imports no React / Node and reads no clock or randomness', (f) => {
    const src = readFileSync(join(DIR, f), 'utf8');
    const imports = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.filter((i) => !i.startsWith('./') && !i.startsWith('../expr') && !i.startsWith('../schema/types'))).toEqual([]);
    expect(src).not.toMatch(/Date\.now\(|new Date\(\)|Math\.random|process\.|require\(|globalThis\.crypto|\bcrypto\./);
    expect(src.split('\n').length).toBeLessThanOrEqual(400);
  });
});
