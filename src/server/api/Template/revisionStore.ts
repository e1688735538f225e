/**
 * What the form and flow revisions share (DESIGN §4 Overlays "Revisions"): the administrators-only
 * check, the designer drafts (`definition_drafts`, migration 0024), the publish lint (engine/schema lintRegistry
 * over the effective definitions with the changed ones in place: references, CEL type-checks, flow tree),
 * diffs rendered in the caller's language, and the export file format with its import check.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { buildRegistry, type DefinitionFile, type SchemaIssue } from '../../../../engine/schema/loader.js';
import { lintRegistry } from '../../../../engine/schema/lint.js';
import { migrate as migrateFormat } from '../../../../engine/schema/migrations/index.js';
import { SCHEMA_VERSION, type Definition } from '../../../../engine/schema/types.js';
import type { Change } from '../../../../engine/schema/diff.js';
import { renderChange } from '../../../../engine/schema/diffText.js';
import type { DB } from '../../db/types.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import { roleCodesOf } from '../../services/roles.js';
import type { EffectiveSchema } from '../../engine/schemaStore.js';

/** Kind of a designed target: a form (page id) or a flow (flow id). */
export type TargetKind = 'form' | 'flow';

/** -1 error.forbidden unless the caller is an administrator (admin account or role sysadmin). */
export async function mustAdmin(req: FastifyRequest): Promise<void> {
  if (req.user.isAdmin) return;
  if ((await roleCodesOf(req.server.ctx.db, req.user.userId)).includes('sysadmin')) return;
  throw badInput(req.t('error.forbidden'));
}

/** A JSON body value: parsed when a string (form-encoded bodies), -1 naming `field` when not JSON. */
export function jsonParam(req: FastifyRequest, v: unknown, field: string): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw badInput(req.t('error.badParam', { field }));
  }
}

/** The draft of a target, or null. */
export async function readDraft(
  db: Kysely<DB>,
  kind: TargetKind,
  id: string,
): Promise<{ definition: unknown; authorId: number | null; updatedAt: number } | null> {
  const row = await db
    .selectFrom('definition_drafts')
    .select(['snapshot', 'author_id', 'updated_at'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', id)
    .executeTakeFirst();
  return row ? { definition: JSON.parse(row.snapshot) as unknown, authorId: row.author_id, updatedAt: Number(row.updated_at) } : null;
}

/** Saves (replaces) the draft of a target; answers its time (ms). */
export async function saveDraft(db: Kysely<DB>, kind: TargetKind, id: string, definition: unknown, authorId: number): Promise<number> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('definition_drafts').where('target_kind', '=', kind).where('target_id', '=', id).execute();
    await trx
      .insertInto('definition_drafts')
      .values({ target_kind: kind, target_id: id, snapshot: JSON.stringify(definition), author_id: authorId, updated_at: at })
      .execute();
  });
  return at;
}

/** Deletes the draft of a target (inside `db`, which may be a transaction); answers how many rows went. */
export async function deleteDraft(db: Kysely<DB>, kind: TargetKind, id: string): Promise<number> {
  const r = await db.deleteFrom('definition_drafts').where('target_kind', '=', kind).where('target_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Lint of changed definitions in the context of the effective ones (engine/schema lintRegistry: format,
 * references, CEL type-checks, flow tree), locale-file checks left out (designer texts live in overlays).
 * Answers the issues of the changed definitions only. `flows`: ids of flows published in the designer (flow_versions,
 * engine/flow/versions.ts flowIds) that a form may start although no file defines them.
 */
export function lintChanged(s: EffectiveSchema, changed: Definition[], flows: string[] = []): SchemaIssue[] {
  const key = (d: { kind: string; id: string }) => `${d.kind}:${d.id}`;
  const replace = new Map(changed.map((d) => [key(d), d]));
  const files: DefinitionFile[] = [];
  const mine = new Set<string>();
  for (const e of s.registry.entries) {
    if (e.def.kind === 'overlay') continue;
    const k = key(e.def);
    const def = replace.get(k);
    if (def) {
      if (mine.has(e.file)) continue;
      files.push({ path: e.file, data: def });
      mine.add(e.file);
      replace.delete(k);
    } else files.push({ path: e.file, data: e.def });
  }
  for (const def of replace.values()) {
    const path = `designer/${def.id}.${def.kind}.json`;
    files.push({ path, data: def });
    mine.add(path);
  }
  const registry = buildRegistry(files);
  return lintRegistry(registry, [], { locales: [], flows }).filter((i) => mine.has(i.file));
}

/** -1 "定义有误（<path>）：<message>" for the first issue, if any. */
export function refuseIssues(req: FastifyRequest, issues: SchemaIssue[]): void {
  const i = issues[0];
  if (i) throw badInput(req.t('revisions.invalid', { path: i.path || '/', message: i.message }));
}

/** Changes with their sentence in the caller's language (`text`). */
export function presentChanges(req: FastifyRequest, changes: Change[]): (Change & { text: string })[] {
  const t = (key: string, params?: Record<string, string>) => req.t(`revisions.${key}`, params);
  return changes.map((c) => ({ ...c, text: renderChange(c, t) }));
}

/** `$schema` of the export files. */
export const EXPORT_SCHEMA: Record<TargetKind, string> = { form: 'oa:export/form', flow: 'oa:export/flow' };

/** An export file (JSON): format, what it holds, and the definition ({page, entity} of a form; a FlowDef). */
export interface ExportFile {
  $schema: string;
  schemaVersion: number;
  kind: TargetKind;
  id: string;
  /** The revision (form) or version (flow) exported; 0 for a form's shipped base. */
  revision: number;
  exportedAt: number;
  definition: unknown;
}

/** The export file of a definition. */
export function exportFile(kind: TargetKind, id: string, revision: number, definition: unknown): ExportFile {
  return { $schema: EXPORT_SCHEMA[kind], schemaVersion: SCHEMA_VERSION, kind, id, revision, exportedAt: now(), definition };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Brings one definition to the engine's format version (-1 newerFormat when it is newer). */
function upgrade(req: FastifyRequest, def: unknown): Obj {
  if (!isObj(def)) throw badInput(req.t('revisions.badFile', { reason: 'definition' }));
  const v = def.schemaVersion;
  if (typeof v === 'number' && v > SCHEMA_VERSION) throw badInput(req.t('revisions.newerFormat', { version: v, max: SCHEMA_VERSION }));
  const r = migrateFormat(def);
  if (r.error !== undefined) throw badInput(req.t('revisions.badFile', { reason: r.error }));
  return r.def;
}

/**
 * An uploaded export file (object or JSON text) checked: its `$schema` and `kind` must be `kind`'s, a
 * `schemaVersion` newer than the engine's (file or definitions inside) is refused with -1 revisions.newerFormat,
 * older definitions go through the format migrations. Answers the id and the definition ({page, entity, dicts?,
 * texts?} of a form with page, entity and its own dictionaries upgraded; a flow definition).
 */
export function readImportFile(req: FastifyRequest, kind: TargetKind, raw: unknown): { id: string; definition: Obj } {
  const file = jsonParam(req, raw, 'file');
  if (!isObj(file)) throw badInput(req.t('revisions.badFile', { reason: 'JSON' }));
  const v = file.schemaVersion;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw badInput(req.t('revisions.badFile', { reason: 'schemaVersion' }));
  if (v > SCHEMA_VERSION) throw badInput(req.t('revisions.newerFormat', { version: v, max: SCHEMA_VERSION }));
  if (file.$schema !== EXPORT_SCHEMA[kind] || file.kind !== kind) throw badInput(req.t('revisions.badFile', { reason: `$schema ${String(file.$schema)}` }));
  if (typeof file.id !== 'string' || !isObj(file.definition)) throw badInput(req.t('revisions.badFile', { reason: 'id' }));
  const d = file.definition;
  if (kind === 'flow') return { id: file.id, definition: upgrade(req, d) };
  return {
    id: file.id,
    definition: {
      page: upgrade(req, d.page),
      ...(d.entity !== undefined && d.entity !== null ? { entity: upgrade(req, d.entity) } : {}),
      ...(Array.isArray(d.dicts) ? { dicts: d.dicts.map((x) => upgrade(req, x)) } : {}),
      ...(isObj(d.texts) ? { texts: d.texts } : {}),
    },
  };
}
