/**
 * The definition loader (DESIGN §4): validates every file against its meta schema, migrates old
 * formats, resolves `$ref`s between definitions, applies published overlays, and indexes the result.
 * Pure: callers read the files (fs on the server, fetch or bundling in the browser) and pass their data.
 * Bad input never throws: every problem becomes an issue `{file, path, message}`.
 */
import type { ErrorObject } from 'ajv';
import { metaValidators } from './meta';
import { migrate } from './migrations';
import { applyOverlay } from './overlay';
import { hashDefinition } from './hash';
import type { AreaDef, Definition, DefinitionKind, DictDef, EntityDef, OverlayDef, PageDef } from './types';

/** A problem found in a definition file: `path` is a JSON pointer into the file ('' for the whole file). */
export interface SchemaIssue {
  file: string;
  path: string;
  message: string;
}

/** One input file: its path (repository-relative, e.g. `schemas/receptions/area.json`) and parsed JSON. */
export interface DefinitionFile {
  path: string;
  data: unknown;
}

/** A valid definition with the file it came from. */
export interface RegistryEntry<D extends Definition = Definition> {
  file: string;
  def: D;
}

/** Options of `buildRegistry`. */
export interface LoadOptions {
  /**
   * Path prefix of the definitions root (the folder holding `_meta/`), used to check each file's
   * relative `$schema`; default: up to the last `schemas/` in the path (no check when there is none).
   */
  root?: string;
  /** Published overlays (from the database) applied over their targets; conflicts become issues. */
  overlays?: OverlayDef[];
}

/** The loaded definitions. Lookups answer the first valid definition of a kind and id. */
export interface Registry {
  /** Every valid definition in input order, duplicates included (lint reports them). */
  entries: RegistryEntry[];
  /** Problems found while loading (format, version, $ref, overlay conflicts). */
  errors: SchemaIssue[];
  get<K extends DefinitionKind>(kind: K, id: string): Extract<Definition, { kind: K }> | undefined;
  /** The file a definition came from. */
  fileOf(kind: DefinitionKind, id: string): string | undefined;
  entities(): EntityDef[];
  pages(): PageDef[];
  dicts(): DictDef[];
  areas(): AreaDef[];
  /** The entity a page works on (form/detail `entity`, list `source.entity` of a resource source). */
  entityOf(page: PageDef): EntityDef | undefined;
  /** The page of a route: a page whose `route` is it, else the page an area route maps it to. */
  pageForRoute(route: string): PageDef | undefined;
  /** Stable hash of the effective definition (the ETag). */
  etag(kind: DefinitionKind, id: string): string | undefined;
}

const KINDS: DefinitionKind[] = ['area', 'entity', 'page', 'dict', 'overlay', 'flow'];
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Readable issues from ajv errors: `if` wrappers dropped, unknown properties named in the path. */
export function ajvIssues(file: string, errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  const seen = new Set<string>();
  const out: SchemaIssue[] = [];
  for (const e of errors ?? []) {
    if (e.keyword === 'if') continue;
    let path = e.instancePath;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      path +=
        '/' +
        String((e.params as { additionalProperty: string }).additionalProperty)
          .replace(/~/g, '~0')
          .replace(/\//g, '~1');
      message = 'unknown property';
    } else if (e.keyword === 'enum') {
      message += ': ' + (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ');
    } else if (e.keyword === 'const') {
      message += ' ' + JSON.stringify((e.params as { allowedValue: unknown }).allowedValue);
    }
    const key = path + '\0' + message;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ file, path, message });
    }
  }
  return out;
}

/**
 * The `$schema` a file at `path` must carry for `kind`: the relative path to `<root>/_meta/<kind>.schema.json`,
 * root defaulting to the path up to its last `schemas/`; null when the path is not under the root.
 */
export function expectedSchemaRef(path: string, kind: DefinitionKind, root?: string): string | null {
  const norm = path.replace(/\\/g, '/');
  let rest: string;
  if (root !== undefined) {
    const r = root.replace(/\\/g, '/').replace(/\/?$/, '/');
    if (!norm.startsWith(r)) return null;
    rest = norm.slice(r.length);
  } else {
    const at = norm.lastIndexOf('schemas/');
    if (at < 0) return null;
    rest = norm.slice(at + 'schemas/'.length);
  }
  const depth = rest.split('/').length - 1;
  return (depth === 0 ? './' : '../'.repeat(depth)) + `_meta/${kind}.schema.json`;
}

/**
 * Resolve `{"$ref": "<definition id>#<JSON pointer>", ...overrides}` objects anywhere in a definition:
 * the object is replaced by a copy of the target node, its sibling keys overriding the target's.
 * Example: a model property `{"$ref": "common.fields#/model/properties/remark"}`. Local refs
 * (`#/…`) are left alone. Unresolvable refs and cycles become issues and are left in place.
 */
function resolveRefs(file: string, data: unknown, byId: Map<string, unknown[]>, issues: SchemaIssue[]): unknown {
  const walk = (v: unknown, ptr: string, stack: string[]): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${ptr}/${i}`, stack));
    if (!isObj(v)) return v;
    if (typeof v.$ref === 'string' && !v.$ref.startsWith('#') && ptr !== '') {
      const ref = v.$ref;
      const [id, pointer = ''] = ref.split('#');
      const targets = byId.get(id) ?? [];
      if (targets.length !== 1 || stack.includes(ref)) {
        const why = stack.includes(ref) ? 'is circular' : targets.length ? 'names an id used by several definitions' : 'names no definition';
        issues.push({ file, path: `${ptr}/$ref`, message: `$ref "${ref}" ${why}` });
        return v;
      }
      const target = getPointer(targets[0], pointer);
      if (target === undefined) {
        issues.push({ file, path: `${ptr}/$ref`, message: `$ref "${ref}": no "${pointer}" in "${id}"` });
        return v;
      }
      const { $ref: _drop, ...overrides } = v;
      const merged = isObj(target) ? { ...structuredClone(target), ...overrides } : structuredClone(target);
      return walk(merged, ptr, [...stack, ref]);
    }
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = walk(v[k], `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, stack);
    return out;
  };
  return walk(data, '', []);
}

/** The value at a JSON pointer (`/a/b/0`), or undefined. */
export function getPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return doc;
  let cur: unknown = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObj(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/**
 * Build the registry from definition files. Per file: must be a JSON object → migrated to
 * SCHEMA_VERSION when older → `$ref`s resolved → validated against `_meta/<kind>.schema.json` →
 * `$schema` checked against the file's place under schemas/. Invalid files are left out and reported.
 * Then published overlays (`opts.overlays`) are applied over their targets; conflicts are listed, and an
 * overlay whose result breaks the format is listed and not applied (the base stays).
 */
export function buildRegistry(files: DefinitionFile[], opts: LoadOptions = {}): Registry {
  const errors: SchemaIssue[] = [];
  const validators = metaValidators();

  // 1. migrate
  const migrated: { file: string; data: Record<string, unknown> }[] = [];
  for (const f of files) {
    if (!isObj(f.data)) {
      errors.push({ file: f.path, path: '', message: 'a definition file must hold a JSON object' });
      continue;
    }
    const m = migrate(f.data);
    if (m.error !== undefined) {
      errors.push({ file: f.path, path: '/schemaVersion', message: m.error });
      continue;
    }
    migrated.push({ file: f.path, data: m.def });
  }

  // 2. resolve $refs between definitions
  const byId = new Map<string, unknown[]>();
  for (const m of migrated) if (typeof m.data.id === 'string') byId.set(m.data.id, [...(byId.get(m.data.id) ?? []), m.data]);
  const entries: RegistryEntry[] = [];
  for (const m of migrated) {
    const data = resolveRefs(m.file, m.data, byId, errors) as Record<string, unknown>;
    const kind = data.kind as DefinitionKind;
    if (!KINDS.includes(kind)) {
      errors.push({ file: m.file, path: '/kind', message: `kind must be one of ${KINDS.join(', ')}` });
      continue;
    }
    // 3. validate
    const validate = validators[kind];
    if (!validate(data)) {
      errors.push(...ajvIssues(m.file, validate.errors));
      continue;
    }
    const expected = expectedSchemaRef(m.file, kind, opts.root);
    if (expected && data.$schema !== expected) {
      errors.push({ file: m.file, path: '/$schema', message: `must be "${expected}"` });
    }
    entries.push({ file: m.file, def: data as unknown as Definition });
  }

  // 4. overlays
  for (const ov of opts.overlays ?? []) {
    const i = entries.findIndex((e) => e.def.kind !== 'overlay' && e.def.id === ov.target);
    if (i < 0) {
      errors.push({ file: `overlay:${ov.id}`, path: '/target', message: `overlay target "${ov.target}" not found` });
      continue;
    }
    const r = applyOverlay(entries[i].def, ov);
    for (const c of r.conflicts) {
      errors.push({ file: `overlay:${ov.id}`, path: c.op === null ? '' : `/ops/${c.op}`, message: `${c.kind}: ${c.message}` });
    }
    const validate = validators[r.def.kind];
    if (!validate(r.def)) {
      // an overlay that breaks the format is not applied: the base stays, the problems are listed
      for (const e of ajvIssues(`overlay:${ov.id}`, validate.errors))
        errors.push({ ...e, message: `result invalid at ${e.path || '/'}: ${e.message}`, path: '' });
      continue;
    }
    entries[i] = { file: entries[i].file, def: r.def };
  }

  return makeRegistry(entries, errors);
}

function makeRegistry(entries: RegistryEntry[], errors: SchemaIssue[]): Registry {
  const index = new Map<string, RegistryEntry>();
  for (const e of entries) {
    const key = `${e.def.kind}:${e.def.id}`;
    if (!index.has(key)) index.set(key, e);
  }
  const firstOf = <K extends DefinitionKind>(kind: K) =>
    [...index.values()].filter((e) => e.def.kind === kind).map((e) => e.def as Extract<Definition, { kind: K }>);
  const hashes = new Map<string, string>();
  const registry: Registry = {
    entries,
    errors,
    get: (kind, id) => index.get(`${kind}:${id}`)?.def as never,
    fileOf: (kind, id) => index.get(`${kind}:${id}`)?.file,
    entities: () => firstOf('entity'),
    pages: () => firstOf('page'),
    dicts: () => firstOf('dict'),
    areas: () => firstOf('area'),
    entityOf(page) {
      const id =
        page.pageKind === 'form' || page.pageKind === 'detail' || page.pageKind === 'approval' || page.pageKind === 'custom' || page.pageKind === 'chart'
          ? page.entity
          : page.pageKind === 'list' && page.source.type === 'resource'
            ? page.source.entity
            : undefined;
      const viewId = page.pageKind === 'calendar' ? page.entity : page.pageKind === 'tree' && page.source.type === 'entity' ? page.source.entity : undefined;
      const entity = id ?? viewId;
      return entity === undefined ? undefined : registry.get('entity', entity);
    },
    pageForRoute(route) {
      const direct = registry.pages().find((p) => p.route === route);
      if (direct) return direct;
      for (const a of registry.areas()) {
        const m = a.routes.find((x) => x.path === route);
        if (m?.page) return registry.get('page', m.page);
      }
      return undefined;
    },
    etag(kind, id) {
      const key = `${kind}:${id}`;
      const e = index.get(key);
      if (!e) return undefined;
      if (!hashes.has(key)) hashes.set(key, hashDefinition(e.def));
      return hashes.get(key);
    },
  };
  return registry;
}
