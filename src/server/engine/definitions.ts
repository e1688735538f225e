/**
 * Thin adapter that finds the entity definitions (DESIGN §4, issue 3) for the server: every
 * `entities/*.json` under `schemas/` plus the folders listed in `OA_SCHEMA_DIRS` (comma separated;
 * tests point it at `tests/fixtures/schemas`). When engine/schema/loader.ts (`buildRegistry`) lands,
 * this file is the one place to switch to `buildRegistry(files).entities()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EntityDef } from '../../../engine/schema/types.js';

/** Folders searched by default (relative to the working directory). */
export const DEFAULT_SCHEMA_DIRS = ['schemas'];

/** The definition folders: `schemas/` plus `OA_SCHEMA_DIRS` (comma separated) of `env`. */
export function schemaDirs(env: Record<string, string | undefined> = process.env): string[] {
  const extra = (env.OA_SCHEMA_DIRS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...DEFAULT_SCHEMA_DIRS, ...extra];
}

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && e.name.endsWith('.json') && path.basename(path.dirname(p)) === 'entities') out.push(p);
  }
}

/**
 * Reads every entity definition of `dirs` (default `schemaDirs()`), sorted by file path.
 * Throws an Error naming the file when a file is not JSON or is not an entity
 * (`kind` 'entity' with id, group, table and model.properties), or when two files share an id or a group.
 */
export function loadEntities(dirs: string[] = schemaDirs()): EntityDef[] {
  const files: string[] = [];
  for (const d of dirs) walk(path.resolve(d), files);
  files.sort();
  const out: EntityDef[] = [];
  const ids = new Map<string, string>();
  const groups = new Map<string, string>();
  for (const file of files) {
    let data: any;
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`entity definition ${file}: not valid JSON (${(e as Error).message})`);
    }
    if (data?.kind !== 'entity') continue;
    for (const k of ['id', 'group', 'table'] as const) {
      if (typeof data[k] !== 'string' || !data[k]) throw new Error(`entity definition ${file}: "${k}" is missing`);
    }
    if (!data.model || typeof data.model.properties !== 'object') throw new Error(`entity definition ${file}: "model.properties" is missing`);
    if (ids.has(data.id)) throw new Error(`entity definition ${file}: id "${data.id}" is also used by ${ids.get(data.id)}`);
    const g = String(data.group).toLowerCase();
    if (groups.has(g)) throw new Error(`entity definition ${file}: group "${data.group}" is also used by ${groups.get(g)}`);
    ids.set(data.id, file);
    groups.set(g, file);
    out.push(data as EntityDef);
  }
  return out;
}
