/**
 * The effective definitions (DESIGN §4): base files from `schemas/` (+ OA_SCHEMA_DIRS) read once
 * per process, the published overlays of the database (`definition_overlays`, migration 0002) applied over
 * them, cached per database until `invalidateSchemas()` (after a publish). Serves the Template and Form
 * calls of SPEC §7 (src/server/api/Template, src/server/api/Form).
 *
 * Overlay rules: only the newest published revision of each target applies (drafts never do). An overlay
 * whose ops do not all apply (node not found, ambiguous or duplicate id, bad path) or whose result breaks
 * the format is not applied at all and is listed in `conflicts`; one made against an older base
 * (`base_hash` differs) is applied when its ops still apply, and listed as `base-moved` — never resolved silently.
 *
 * Designer-made forms (./designed.ts): the newest revision of every published one is loaded with the
 * base files (entity, form page and the generated area `custom`); overlays never target them.
 *
 * Dictionaries owned by shipped forms (the options an administrator typed, ./formDicts.ts): those of the newest
 * revision of every shipped form are loaded with the base files, with their en-US labels; an id already defined
 * elsewhere is left out and listed as a `duplicate-id` conflict of the form page (`rowId` 0: no overlay row).
 */
import { sql, type Kysely } from 'kysely';
import { buildRegistry, type DefinitionFile, type Registry } from '../../../engine/schema/loader.js';
import { applyOverlay } from '../../../engine/schema/overlay.js';
import { hashDefinition } from '../../../engine/schema/hash.js';
import { mergeLocaleFiles, type LocaleMessages } from '../../../engine/schema/text.js';
import type { DefinitionKind, OverlayDef, OverlayOp } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';
import { readDefinitionFiles, readLocaleFiles, schemaDirs } from './definitions.js';
import { designedFiles, designedTexts, loadDesignedForms, rememberDesignedEntities, type DesignedForm } from './designed.js';
import { formDictFiles, formDictTexts, loadFormDicts, type FormDicts } from './formDicts.js';
import { invalidate, registerCache } from '../services/cacheBus.js';
import { now } from '../lib/clock.js';

/** A published overlay row as the store applies it. */
export interface StoredOverlay {
  /** Row id of `definition_overlays`. */
  rowId: number;
  targetKind: DefinitionKind;
  targetId: string;
  revision: number;
  baseHash: string;
  ops: OverlayOp[];
}

/** A problem of a published overlay, for administrators (and the designer). */
export interface OverlayConflict {
  /** Row id of `definition_overlays`; 0 for an owned dictionary of a form revision whose id is taken. */
  rowId: number;
  targetKind: string;
  targetId: string;
  revision: number;
  /** base-moved (applied, base changed since), not-found, ambiguous, duplicate-id, invalid, target, bad-ops. */
  kind: string;
  /** Index of the op in `ops`, null for the overlay as a whole. */
  op: number | null;
  message: string;
  /** Whether the overlay was applied anyway (only for base-moved). */
  applied: boolean;
}

/** The effective definitions of one database. */
export interface EffectiveSchema {
  /** Base files + applied overlays; `registry.etag(kind, id)` is the ETag of a definition. */
  registry: Registry;
  /** Locale texts of the areas and common (locale files), with the i18n ops of applied overlays. */
  texts: LocaleMessages;
  /** Problems of published overlays (see the module comment). */
  conflicts: OverlayConflict[];
  /** Cache of composite ETags and answers built from this registry (Template/page), by key. */
  memo: Map<string, unknown>;
  /** The published designer-made forms in the registry (./designed.ts). */
  designed: DesignedForm[];
  /** The dictionaries shipped forms own in their newest revision, as loaded into the registry (./formDicts.ts). */
  formDicts: FormDicts[];
}

interface Base {
  files: DefinitionFile[];
  registry: Registry;
  texts: LocaleMessages;
}

let base: Base | undefined;
let baseKey = '';

/** Base files, their registry without overlays and the merged locale files, read once per set of folders. */
function baseDefinitions(): Base {
  const dirs = schemaDirs();
  const key = dirs.join(',');
  if (!base || baseKey !== key) {
    const files = readDefinitionFiles(dirs);
    base = { files, registry: buildRegistry(files), texts: mergeLocaleFiles(readLocaleFiles(dirs)) };
    baseKey = key;
  }
  return base;
}

/** The shipped definitions (files of `schemas/` + OA_SCHEMA_DIRS, no overlay) and their locale texts, read once per set of folders. */
export function baseSchema(): { registry: Registry; texts: LocaleMessages } {
  return baseDefinitions();
}

/** The shipped definition `kind`/`id` (base files, no overlay), or undefined; e.g. the base a new overlay is made against. */
export function baseDefinition<K extends DefinitionKind>(kind: K, id: string) {
  return baseDefinitions().registry.get(kind, id);
}

/**
 * The newest published revision of every target, ordered by target. Rows whose `ops` is not a JSON array
 * come back with `ops: null` (listed as a `bad-ops` conflict).
 */
export async function publishedOverlays(db: Kysely<DB>): Promise<(Omit<StoredOverlay, 'ops'> & { ops: OverlayOp[] | null })[]> {
  const rows = await db
    .selectFrom('definition_overlays')
    .select(['id', 'target_kind', 'target_id', 'revision', 'base_hash', 'ops'])
    .where('status', '=', 'published')
    .orderBy('target_kind')
    .orderBy('target_id')
    .orderBy('revision', 'desc')
    .execute();
  const out: (Omit<StoredOverlay, 'ops'> & { ops: OverlayOp[] | null })[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.target_kind}:${r.target_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let ops: OverlayOp[] | null = null;
    try {
      const parsed = JSON.parse(r.ops) as unknown;
      if (Array.isArray(parsed)) ops = parsed as OverlayOp[];
    } catch {
      // listed as bad-ops
    }
    out.push({
      rowId: Number(r.id),
      targetKind: r.target_kind as DefinitionKind,
      targetId: r.target_id,
      revision: Number(r.revision),
      baseHash: r.base_hash,
      ops,
    });
  }
  return out;
}

/**
 * Build the effective schema from the base and `overlays` (pure apart from the cached base): each overlay
 * is tried alone over its base definition; clean ones (or base-moved only) go to `buildRegistry`.
 */
export function effectiveSchema(
  overlays: Awaited<ReturnType<typeof publishedOverlays>>,
  designed: DesignedForm[] = [],
  owned: FormDicts[] = [],
): EffectiveSchema {
  const b = baseDefinitions();
  const conflicts: OverlayConflict[] = [];
  const clean: OverlayDef[] = [];
  const byDefId = new Map<string, (typeof overlays)[number]>();
  const i18n: { id: string; locale: string; messages: Record<string, string> }[] = [];
  for (const ov of overlays) {
    const at = { rowId: ov.rowId, targetKind: ov.targetKind, targetId: ov.targetId, revision: ov.revision };
    if (!ov.ops) {
      conflicts.push({ ...at, kind: 'bad-ops', op: null, message: 'ops is not a JSON array of operations', applied: false });
      continue;
    }
    const target = ov.targetKind === 'overlay' ? undefined : b.registry.get(ov.targetKind, ov.targetId);
    if (!target) {
      conflicts.push({ ...at, kind: 'target', op: null, message: `${ov.targetKind} "${ov.targetId}" not found`, applied: false });
      continue;
    }
    const r = applyOverlay(target, { target: ov.targetId, baseHash: ov.baseHash, ops: ov.ops });
    const blocking = r.conflicts.filter((c) => c.kind !== 'base-moved');
    for (const c of r.conflicts) conflicts.push({ ...at, kind: c.kind, op: c.op, message: c.message, applied: blocking.length === 0 });
    if (blocking.length) continue;
    const id = `db.${ov.rowId}`;
    clean.push({ $schema: '', schemaVersion: 1, kind: 'overlay', id, target: ov.targetId, baseHash: ov.baseHash, ops: ov.ops });
    byDefId.set(id, ov);
    for (const [locale, messages] of Object.entries(r.messages)) i18n.push({ id, locale, messages });
  }
  const designedDefs = designedFiles(designed);
  const taken = new Set([
    ...b.registry.dicts().map((d) => d.id),
    ...designedDefs.filter((f) => (f.data as { kind?: string }).kind === 'dict').map((f) => (f.data as { id: string }).id),
  ]);
  const formDicts = formDictFiles(owned, (id) => taken.has(id));
  for (const { form, id } of formDicts.clashes) {
    conflicts.push({
      rowId: 0,
      targetKind: 'page',
      targetId: form.formId,
      revision: form.revision,
      kind: 'duplicate-id',
      op: null,
      message: `dictionary "${id}" of revision ${form.revision} is defined elsewhere`,
      applied: false,
    });
  }
  const extra = [...designedDefs, ...formDicts.files];
  const registry = buildRegistry(extra.length ? [...b.files, ...extra] : b.files, { overlays: clean });
  // an overlay whose result breaks the format is left out by buildRegistry: list it as not applied
  const rejected = new Set<string>();
  for (const e of registry.errors) {
    if (!e.file.startsWith('overlay:db.')) continue;
    const id = e.file.slice('overlay:'.length);
    const ov = byDefId.get(id);
    if (!ov || !e.message.startsWith('result invalid')) continue;
    rejected.add(id);
    conflicts.push({
      rowId: ov.rowId,
      targetKind: ov.targetKind,
      targetId: ov.targetId,
      revision: ov.revision,
      kind: 'invalid',
      op: null,
      message: e.message,
      applied: false,
    });
  }
  for (const c of conflicts) if (rejected.has(`db.${c.rowId}`)) c.applied = false;
  const texts = mergeLocaleFiles([
    ...Object.entries(b.texts).map(([locale, messages]) => ({ locale, messages })),
    ...i18n.filter((m) => !rejected.has(m.id)),
    ...designedTexts(designed),
    ...formDictTexts(formDicts.applied),
  ]);
  return { registry, texts, conflicts, memo: new Map(), designed, formDicts: formDicts.applied };
}

/**
 * How often a kept schema is checked against the database (ms): one small query (`publishedMark`) that catches a
 * publish whose invalidation never arrived (Redis away, a change made by a tool). Publishes through the API are
 * seen at once in every process through the cache bus.
 */
export const SCHEMA_CHECK_MS = 30_000;

interface Kept {
  schema: Promise<EffectiveSchema>;
  /** `publishedMark` read before the schema was loaded. */
  mark: string;
  /** When the mark was last compared (ms). */
  checkedAt: number;
}

const cache = new WeakMap<object, Promise<Kept>>();
registerCache('schema', (db) => cache.delete(db));

/**
 * What the published definitions of `db` are made of, in one row: the newest id and the number of overlays and of
 * form revisions, and the published designer-made forms (a publish, restore or delete changes it).
 */
async function publishedMark(db: Kysely<DB>): Promise<string> {
  const r = await sql<Record<string, unknown>>`select
      (select max(id) from definition_overlays) as o, (select count(*) from definition_overlays) as oc,
      (select max(id) from definition_revisions) as r, (select count(*) from definition_revisions) as rc,
      (select count(*) from designed_forms where status = 'published') as d`.execute(db);
  return Object.values(r.rows[0] ?? {})
    .map((v) => String(v ?? ''))
    .join('|');
}

function load(db: Kysely<DB>): Promise<Kept> {
  const kept = publishedMark(db).then(async (mark) => {
    const [overlays, designed, owned] = await Promise.all([publishedOverlays(db), loadDesignedForms(db), loadFormDicts(db)]);
    rememberDesignedEntities(designed);
    return { schema: Promise.resolve(effectiveSchema(overlays, designed, owned)), mark, checkedAt: now() };
  });
  cache.set(db, kept);
  kept.catch(() => {
    if (cache.get(db) === kept) cache.delete(db);
  });
  return kept;
}

/**
 * The effective schema of database `db`, built on first use (the Template group preloads it when the app
 * is ready) and kept until `invalidateSchemas(db)` — in any process, through the cache bus — or until a check
 * (every SCHEMA_CHECK_MS) finds the published definitions changed. A failed load is not cached.
 */
export async function schemaStore(db: Kysely<DB>): Promise<EffectiveSchema> {
  const p = cache.get(db) ?? load(db);
  const kept = await p;
  const t = now();
  if (t - kept.checkedAt < SCHEMA_CHECK_MS && t >= kept.checkedAt) return kept.schema;
  // One check at a time: callers meanwhile use the kept schema.
  kept.checkedAt = t;
  const mark = await publishedMark(db);
  if (cache.get(db) !== p) return schemaStore(db);
  if (mark === kept.mark) return kept.schema;
  return (await load(db)).schema;
}

/**
 * Forget the effective schema of `db` (call after publishing or restoring an overlay, with the application's
 * handle, after the commit) in every process (./services/cacheBus.ts); the next call rebuilds it.
 */
export function invalidateSchemas(db: Kysely<DB>): void {
  invalidate(db, 'schema');
}

/** ETag of a value built from several definitions (e.g. page + entity + dicts + texts). */
export function compositeEtag(parts: unknown): string {
  return hashDefinition(parts);
}
