/**
 * Thin adapter that gives the server its entity definitions (DESIGN §4): reads every JSON
 * definition under `schemas/` plus the folders listed in `OA_SCHEMA_DIRS` (comma separated; tests
 * point it at `tests/fixtures/schemas`), and loads them with engine/schema's `buildRegistry`
 * (format migrations, `$ref`s, meta-schema validation), and the areas' UI texts (`locales/*.json`)
 * so that server messages name fields in the caller's language. The effective definitions with the
 * published overlays of the database are schemaStore.ts's (it reads the files through `readDefinitionFiles`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildRegistry, type DefinitionFile } from '../../../engine/schema/loader.js';
import { claimedCalls } from '../../../engine/schema/entityCalls.js';
import type { EntityDef, FlowDef } from '../../../engine/schema/types.js';
import { mergeLocaleFiles, type LocaleMessages } from '../../../engine/schema/text.js';
import type { Locale } from '../../shared/constants.js';

/** Folders searched by default (relative to the working directory). */
export const DEFAULT_SCHEMA_DIRS = ['schemas'];

/** The definition folders: `schemas/` plus `OA_SCHEMA_DIRS` (comma separated) of `env`. */
export function schemaDirs(env: Record<string, string | undefined> = process.env): string[] {
  const raw = env.OA_SCHEMA_DIRS ?? '';
  if (env === process.env && raw === lastDirs.raw) return lastDirs.dirs;
  const extra = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const dirs = [...DEFAULT_SCHEMA_DIRS, ...extra];
  if (env === process.env) lastDirs = { raw, dirs };
  return dirs;
}
/** The last answer of schemaDirs() for the process environment (list texts ask for it on every row). */
let lastDirs: { raw: string | null; dirs: string[] } = { raw: null, dirs: [] };

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      // an area's demo content (`<area>/demo/`, engine/schema/FORMATS.md "Demo content") holds records, not
      // definitions; a folder named demo elsewhere (an area called demo) is walked
      const demoContent = e.name === 'demo' && fs.existsSync(path.join(dir, 'area.json'));
      if (e.name !== '_meta' && e.name !== 'locales' && !demoContent) walk(p, out);
    } else if (e.isFile() && e.name.endsWith('.json')) out.push(p);
  }
}

/**
 * Every definition file (`*.json` outside `_meta/` and `locales/`) under `dirs` (default `schemaDirs()`),
 * sorted by path, with repository-relative paths and parsed JSON. A file that is not JSON is left out
 * (the lint reports it), except under `entities/`, where it throws naming the file — the server cannot
 * derive tables without it. Shared by `loadEntities` and the schema store (schemaStore.ts).
 */
export function readDefinitionFiles(dirs: string[] = schemaDirs()): DefinitionFile[] {
  const paths: string[] = [];
  for (const d of dirs) walk(path.resolve(d), paths);
  paths.sort();
  const files: DefinitionFile[] = [];
  for (const file of paths) {
    const rel = path.relative(process.cwd(), file).split(path.sep).join('/');
    try {
      files.push({ path: rel, data: JSON.parse(fs.readFileSync(file, 'utf8')) });
    } catch (e) {
      if (rel.includes('/entities/')) throw new Error(`entity definition ${rel}: not valid JSON (${(e as Error).message})`);
    }
  }
  return files;
}

/**
 * The entity definitions of `dirs` (default `schemaDirs()`), in file order. Throws an Error listing
 * file, JSON path and problem when an entity file is not JSON or fails loading (format, $ref), and
 * when two entities of a group claim the same call (engine/schema/entityCalls.ts claimedCalls: only entities whose
 * `calls` keep them apart share a group). Entities with `storage: 'custom'` are
 * left out (their API group serves them; no table is derived): see `loadAllEntities` for every entity.
 */
export function loadEntities(dirs: string[] = schemaDirs()): EntityDef[] {
  return loadAllEntities(dirs).filter((e) => (e.storage ?? 'table') === 'table');
}

/** Every entity definition of `dirs`, custom-storage ones included; throws as `loadEntities` does. */
export function loadAllEntities(dirs: string[] = schemaDirs()): EntityDef[] {
  const files = readDefinitionFiles(dirs);
  const registry = buildRegistry(files);
  const entityFiles = new Set(files.filter((f) => (f.data as { kind?: string })?.kind === 'entity' || f.path.includes('/entities/')).map((f) => f.path));
  const issues = registry.errors.filter((e) => entityFiles.has(e.file));
  if (issues.length) throw new Error(`entity definitions do not load:\n${issues.map((i) => `  ${i.file} ${i.path || '/'}: ${i.message}`).join('\n')}`);
  const entities = registry.entities();
  const claimed = new Map<string, string>();
  for (const e of entities) {
    for (const c of claimedCalls(e)) {
      const key = `${e.group.toLowerCase()}/${c.name.toLowerCase()}`;
      const other = claimed.get(key);
      if (other !== undefined && other !== e.id)
        throw new Error(
          `entity ${e.id} (${registry.fileOf('entity', e.id)}): group "${e.group}" is also the group of ${other} (both claim ${e.group}/${c.name})`,
        );
      claimed.set(key, e.id);
    }
  }
  return entities;
}

const flowCache = new Map<string, Map<string, FlowDef>>();

/**
 * The flow definitions (`schemas/<area>/flows/*.flow.json`, DESIGN §5) of `dirs` (default `schemaDirs()`) by
 * id, read once per set of folders. Files that fail loading are left out (the lint reports them).
 */
export function loadFlows(dirs: string[] = schemaDirs()): Map<string, FlowDef> {
  const key = dirs.join(',');
  let m = flowCache.get(key);
  if (!m) {
    const registry = buildRegistry(readDefinitionFiles(dirs));
    m = new Map<string, FlowDef>();
    for (const e of registry.entries) if (e.def.kind === 'flow' && !m.has(e.def.id)) m.set(e.def.id, e.def);
    flowCache.set(key, m);
  }
  return m;
}

/** One locale file of an area: `schemas/<area>/locales/<locale>.json` (flat map key → text). */
export interface LocaleFile {
  path: string;
  locale: string;
  messages: unknown;
}

/**
 * Every `locales/<locale>.json` under `dirs` (default `schemaDirs()`), sorted by path. A file that is
 * not JSON is left out (the lint reports it; the zh default `d` of each Text is used instead).
 */
export function readLocaleFiles(dirs: string[] = schemaDirs()): LocaleFile[] {
  const paths: string[] = [];
  const find = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== '_meta') find(p);
      else if (e.isFile() && path.basename(dir) === 'locales' && e.name.endsWith('.json')) paths.push(p);
    }
  };
  for (const d of dirs) find(path.resolve(d));
  paths.sort();
  const out: LocaleFile[] = [];
  for (const p of paths) {
    try {
      out.push({
        path: path.relative(process.cwd(), p).split(path.sep).join('/'),
        locale: path.basename(p, '.json'),
        messages: JSON.parse(fs.readFileSync(p, 'utf8')),
      });
    } catch {
      // A broken locale file is the lint's finding.
    }
  }
  return out;
}

const texts = new Map<string, LocaleMessages>();

function textsOf(dirs: string[]): LocaleMessages {
  const key = dirs.join(',');
  let t = texts.get(key);
  if (!t) texts.set(key, (t = mergeLocaleFiles(readLocaleFiles(dirs))));
  return t;
}

/**
 * The text of i18n key `key` in `locale` from the areas' `locales/<locale>.json` files of
 * `schemaDirs()` (read once per set of folders), or undefined when no file has it.
 */
export function definitionText(locale: Locale, key: string, dirs: string[] = schemaDirs()): string | undefined {
  return textsOf(dirs)[locale]?.[key];
}
