/**
 * `npm run areas:report` (tests/tools/areasReport.ts): per area, the lines of its definitions and of the TypeScript that
 * belongs to it, by the printed rule; the command runs and prints the table and the rule.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { areasReport, belongsTo, formatReport, ownersReport } from '../tools/areasReport';
import { ROOT } from './schema/helpers';

describe('belongsTo', () => {
  it('counts the area folder, folders and file names naming the area or its API groups, and the aliases', () => {
    expect(belongsTo('src/areas/receptions/server/hooks.ts', 'receptions', [])).toBe(true);
    expect(belongsTo('src/server/api/Words/index.ts', 'words', ['Words'])).toBe(true);
    expect(belongsTo('src/shared/document.ts', 'document', ['document', 'receive'])).toBe(true);
    expect(belongsTo('widgets/DocBody.tsx', 'document', [])).toBe(true);
    expect(belongsTo('src/server/services/docMarks.ts', 'document', [])).toBe(true);
    expect(belongsTo('src/server/services/pdf/layout.ts', 'document', [])).toBe(true);
  });
  it('does not count generic engine layers, other areas or look-alike names', () => {
    expect(belongsTo('engine/flow/runtime.ts', 'flow', [])).toBe(false);
    expect(belongsTo('src/server/engine/flow/service.ts', 'flow', [])).toBe(false);
    expect(belongsTo('src/server/api/document/marks.ts', 'receptions', ['receptions'])).toBe(false);
    expect(belongsTo('src/server/services/docx.ts', 'document', [])).toBe(false);
  });
  it("gives a file under src/areas/B to B alone, and none of the engine's, the designer's or the listed platform files to an area", () => {
    expect(belongsTo('src/areas/document/server/debug/plan.ts', 'debug', [])).toBe(false);
    expect(belongsTo('src/areas/document/server/debug/plan.ts', 'document', [])).toBe(true);
    expect(belongsTo('designer/form/Canvas.tsx', 'form', [])).toBe(false);
    expect(belongsTo('src/server/api/Flowset/index.ts', 'flowset', ['Flowset'])).toBe(false);
    expect(belongsTo('src/server/lib/clock.ts', 'clock', [])).toBe(false);
    expect(belongsTo('src/server/api/holiday/index.ts', 'setting', ['holiday'])).toBe(false);
  });
});

describe('areasReport', () => {
  const rows = areasReport(ROOT);
  const row = (a: string) => rows.find((r) => r.area === a)!;
  it('has a row per schemas/ area with its definition lines; receptions has no TypeScript, 公文 has', () => {
    expect(rows.map((r) => r.area)).toEqual(expect.arrayContaining(['receptions', 'document', 'affair', 'outurl']));
    expect(rows.some((r) => r.area === 'common' || r.area === '_meta')).toBe(false);
    expect(row('receptions').jsonLines).toBeGreaterThan(100);
    expect(row('receptions').tsLines).toBe(0);
    expect(row('document').tsFiles).toContain('src/areas/document/client/widgets/DocBody.tsx');
    expect(row('document').tsLines).toBeGreaterThan(1000);
  });
  it("counts every TypeScript file once: an area's, the engine and designer (generic), or the shell", () => {
    const owners = ownersReport(ROOT);
    expect(owners.map((o) => o.owner)).toEqual(['areas', 'generic', 'shell']);
    expect(owners[0].files).toBe(new Set(rows.flatMap((r) => r.tsFiles)).size);
    expect(owners[1].named.form).toBeGreaterThan(1000);
    expect(row('form').tsLines).toBe(0);
  });
  it('prints the table and the rule, and runs as a command', { timeout: 60_000 }, () => {
    const text = formatReport(rows);
    expect(text).toMatch(/^area +JSON files +JSON lines +TS files +TS lines/);
    expect(text).toContain('belongs to area A when');
    const out = execFileSync('npx', ['tsx', 'tests/tools/areasReport.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toContain(text.split('\n')[0]);
    expect(out).toMatch(/^receptions +\d+ +\d+ +0 +0 +0$/m);
  });
});
