/**
 * Area modules (src/areas/<area>/{client,server,shared}): the server finds every area's server module by reading
 * src/areas at start (src/server/areas.ts), and no generic code — the server outside src/areas, the engine, the
 * widgets and the designer — imports an area's module by name, so that an area's code can be added or removed as
 * one folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaServerEntries, areaServers } from '../../src/server/areas';
import { ROOT } from './schema/helpers';

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

describe('area modules', () => {
  it('finds the server module of every area folder that has one, and loads it', async () => {
    const entries = areaServerEntries();
    expect(entries.map((e) => e.area)).toContain('document');
    const loaded = await areaServers();
    const doc = loaded.find((a) => a.area === 'document')?.module;
    expect(typeof doc?.register).toBe('function');
    expect(typeof doc?.seed).toBe('function');
  });

  it('no generic file imports an area module by name', () => {
    const offenders: string[] = [];
    for (const top of ['src/server', 'engine', 'widgets', 'designer']) {
      for (const file of sources(join(ROOT, top))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]*\/areas\/[^'"]+)['"]/g)) offenders.push(`${relative(ROOT, file)}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
