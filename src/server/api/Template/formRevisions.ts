/**
 * Revisions of forms (DESIGN §4 Overlays "Revisions"). A form is the pair (form page, entity model);
 * its shipped base is revision 0. Publishing a version of a form writes, in one transaction:
 * - the overlays (`definition_overlays`, migration 0002) that turn the shipped page and entity into that
 *   version, as node-id addressed ops (engine/schema/diffOps.ts) plus i18n ops for changed texts — the
 *   schema store (src/server/engine/schemaStore.ts) then serves the version as the effective definition;
 * - an immutable `definition_revisions` row (migration 0024) with the full snapshot, author, time, comment —
 *   and the dictionaries the form owns (options typed in the designer, `dicts`, checked by ./formDicts.ts): they
 *   are the revision's own, not overlays (a shared dictionary is never changed by a form); the schema store
 *   serves those of the newest revision (src/server/engine/formDicts.ts), with their en-US labels from `texts`.
 * A restore publishes an older snapshot as a new revision. Adding, removing or retyping model fields is
 * refused (the entity's table is derived at start; that takes a definition change and a deploy).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { collectTexts, mergeLocaleFiles, type LocaleMessages } from '../../../../engine/schema/text.js';
import { overlayOps } from '../../../../engine/schema/diffOps.js';
import { hashDefinition } from '../../../../engine/schema/hash.js';
import type { FormSnapshot } from '../../../../engine/schema/diff.js';
import type { DictDef, EntityDef, FormPageDef, OverlayOp } from '../../../../engine/schema/types.js';
import type { DB } from '../../db/types.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import { baseDefinition, invalidateSchemas, schemaStore, type EffectiveSchema } from '../../engine/schemaStore.js';
import { readLocaleFiles, schemaDirs } from '../../engine/definitions.js';
import { deleteDraft, lintChanged, refuseIssues } from './revisionStore.js';
import { dictsOf, namedDicts, ownedDicts } from './formDicts.js';
import { ownedDictTexts, storedDicts } from '../../engine/formDicts.js';

/** A form version: page, the whole entity, the dictionaries the form owns and the designer's (en-US) texts. */
export interface FormVersion {
  page: FormPageDef;
  entity: EntityDef;
  dicts?: DictDef[];
  texts?: LocaleMessages;
}

/** A stored form revision (snapshot: a FormVersion; revision 0, the shipped base, has no dicts or texts). */
export interface FormRevision {
  revision: number;
  snapshot: FormVersion;
}

type Obj = Record<string, unknown>;
/** -1 "定义不存在：<id>" (as Template/index.ts notFound). */
const notFound = (req: FastifyRequest, id: string) => badInput(req.t('template.notFound', { id }));
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The shipped form page `id` and its entity; -1 template.notFound when `id` is no shipped form page. */
export function baseForm(req: FastifyRequest, id: string): { page: FormPageDef; entity: EntityDef } {
  const page = baseDefinition('page', id);
  const entity = page?.pageKind === 'form' ? baseDefinition('entity', page.entity) : undefined;
  if (!page || page.pageKind !== 'form' || !entity) throw notFound(req, id);
  return { page, entity };
}

/**
 * The effective (published) form `id`: page and entity as served now, with the dictionaries the form owns and
 * their texts (other locales than zh-CN) when it owns some. @throws ApiError -1 template.notFound.
 */
export function currentForm(req: FastifyRequest, s: EffectiveSchema, id: string): FormVersion {
  const page = s.registry.get('page', id);
  const entity = page?.pageKind === 'form' ? s.registry.get('entity', page.entity) : undefined;
  if (!page || page.pageKind !== 'form' || !entity) throw notFound(req, id);
  const own = s.formDicts.find((f) => f.formId === id);
  if (!own) return { page, entity };
  const texts = ownedDictTexts(own);
  return { page, entity, dicts: own.dicts, ...(Object.keys(texts).length ? { texts } : {}) };
}

/** The newest revision number of form `id` (0: none published). */
export async function latestRevision(db: Kysely<DB>, id: string): Promise<number> {
  const r = await db
    .selectFrom('definition_revisions')
    .select((eb) => eb.fn.max('revision').as('v'))
    .where('target_kind', '=', 'form')
    .where('target_id', '=', id)
    .executeTakeFirst();
  return Number(r?.v ?? 0);
}

/** Revision `revision` of form `id` (0 = the shipped base); -1 revisions.notFound when there is none. */
export async function formRevision(req: FastifyRequest, id: string, revision: number): Promise<FormRevision> {
  if (revision === 0) return { revision, snapshot: baseForm(req, id) };
  const row = await req.server.ctx.db
    .selectFrom('definition_revisions')
    .select('snapshot')
    .where('target_kind', '=', 'form')
    .where('target_id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (!row) throw badInput(req.t('revisions.notFound', { id, revision }));
  return { revision, snapshot: JSON.parse(row.snapshot) as FormRevision['snapshot'] };
}

/** The list of revisions, newest first, then the shipped base (revision 0). */
export async function formRevisions(db: Kysely<DB>, id: string) {
  const rows = await db
    .selectFrom('definition_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.revision', 'r.author_id', 'u.realname as author', 'r.comment', 'r.created_at', 'r.restored_from'])
    .where('r.target_kind', '=', 'form')
    .where('r.target_id', '=', id)
    .orderBy('r.revision', 'desc')
    .execute();
  return [
    ...rows.map((r) => ({
      revision: r.revision,
      base: false,
      authorId: r.author_id,
      author: r.author ?? null,
      comment: r.comment,
      createdAt: Number(r.created_at),
      restoredFrom: r.restored_from,
    })),
    { revision: 0, base: true, authorId: null, author: null, comment: null, createdAt: null, restoredFrom: null },
  ];
}

let baseTexts: { key: string; texts: LocaleMessages } | undefined;
/** The locale files of the shipped definitions (no overlays), per set of folders. */
export function shippedTexts(): LocaleMessages {
  const key = schemaDirs().join(',');
  if (baseTexts?.key !== key) baseTexts = { key, texts: mergeLocaleFiles(readLocaleFiles()) };
  return baseTexts.texts;
}

/**
 * i18n ops for the texts of `def` whose zh-CN default differs from the shipped locale files, and for
 * `extra` texts (`{locale: {key: text}}`, e.g. en-US labels from the designer) of keys `def` uses that differ.
 */
function textOps(def: unknown, extra: LocaleMessages | undefined): OverlayOp[] {
  const shipped = shippedTexts();
  const ops = new Map<string, OverlayOp>();
  const used = new Set<string>();
  for (const { text } of collectTexts(def)) {
    used.add(text.t);
    const zh = shipped['zh-CN']?.[text.t];
    if (zh !== undefined && zh !== text.d) ops.set(`zh-CN:${text.t}`, { op: 'i18n', key: text.t, locale: 'zh-CN', value: text.d });
  }
  for (const [locale, messages] of Object.entries(extra ?? {})) {
    if (locale !== 'en-US' || !isObj(messages)) continue;
    for (const [key, value] of Object.entries(messages)) {
      if (typeof value === 'string' && used.has(key) && shipped[locale]?.[key] !== value) ops.set(`${locale}:${key}`, { op: 'i18n', key, locale, value });
    }
  }
  return [...ops.values()];
}

/**
 * The form version `raw` ({page, entity?: {model}, dicts?, texts?}) checked against the shipped form `id`: same page
 * id and kind, same entity, same model fields and kinds, the dictionaries it owns (./formDicts.ts), all -1 naming
 * the problem, and clean under the lint. Answers the page and the whole entity (the shipped one with the new
 * model), the owned dictionaries to store and the extra texts.
 */
export function checkedForm(req: FastifyRequest, s: EffectiveSchema, id: string, raw: unknown, flows: string[] = []): FormVersion {
  const base = baseForm(req, id);
  if (!isObj(raw) || !isObj(raw.page)) throw badInput(req.t('error.badParam', { field: 'page' }));
  const page = raw.page as unknown as FormPageDef;
  if (page.id !== id || page.kind !== 'page' || page.pageKind !== 'form') throw badInput(req.t('error.badParam', { field: 'page.id' }));
  if (page.entity !== base.page.entity) throw badInput(req.t('revisions.entityChanged', { entity: String(page.entity) }));
  const current = currentForm(req, s, id).entity;
  const rawEntity = isObj(raw.entity) ? raw.entity : undefined;
  if (rawEntity && rawEntity.id !== undefined && rawEntity.id !== base.entity.id)
    throw badInput(req.t('revisions.entityChanged', { entity: String(rawEntity.id) }));
  const model = rawEntity && isObj(rawEntity.model) ? (rawEntity.model as unknown as EntityDef['model']) : current.model;
  if (!isObj(model.properties)) throw badInput(req.t('error.badParam', { field: 'entity.model' }));
  const kindOf = (p: Obj | undefined) => JSON.stringify([p?.type ?? null, p?.['x-kind'] ?? null]);
  const fields = new Set([...Object.keys(base.entity.model.properties), ...Object.keys(model.properties)]);
  const changed = [...fields].filter((f) => kindOf(base.entity.model.properties[f] as Obj | undefined) !== kindOf(model.properties[f] as Obj | undefined));
  if (changed.length) throw badInput(req.t('revisions.fieldsChanged', { fields: changed.join(', ') }));
  const entity: EntityDef = { ...base.entity, model };
  const dicts = ownedDicts(req, s, id, base.entity.id, model, dictsOf(req, raw));
  refuseIssues(req, lintChanged(s, [page, entity, ...dicts], flows));
  return { page, entity, ...(dicts.length ? { dicts } : {}), ...(isObj(raw.texts) ? { texts: raw.texts as LocaleMessages } : {}) };
}

/**
 * Publishes a checked form version as the next revision of form `id` (see the module comment); answers the
 * revision number. One transaction; the schema store is rebuilt afterwards.
 */
export async function publishForm(
  req: FastifyRequest,
  id: string,
  form: FormVersion,
  opts: { comment: string | null; restoredFrom?: number | null },
): Promise<number> {
  const db = req.server.ctx.db;
  const base = baseForm(req, id);
  const targets: { kind: 'page' | 'entity'; id: string; ops: OverlayOp[]; baseHash: string }[] = [
    { kind: 'page', id, ops: [...overlayOps(base.page, form.page), ...textOps(form.page, form.texts)], baseHash: hashDefinition(base.page) },
    {
      kind: 'entity',
      id: base.entity.id,
      ops: [...overlayOps(base.entity, form.entity), ...textOps(form.entity, form.texts)],
      baseHash: hashDefinition(base.entity),
    },
  ];
  const at = now();
  const revision = await db.transaction().execute(async (trx) => {
    const overlayIds: number[] = [];
    for (const t of targets) {
      const last = await trx
        .selectFrom('definition_overlays')
        .select(['revision', 'status'])
        .where('target_kind', '=', t.kind)
        .where('target_id', '=', t.id)
        .orderBy('revision', 'desc')
        .execute();
      // an entity overlay is written when it changes something or undoes a published one
      if (t.kind === 'entity' && !t.ops.length && !last.some((r) => r.status === 'published')) continue;
      const row = await trx
        .insertInto('definition_overlays')
        .values({
          target_kind: t.kind,
          target_id: t.id,
          revision: (last[0]?.revision ?? 0) + 1,
          status: 'published',
          ops: JSON.stringify(t.ops),
          base_hash: t.baseHash,
          author_id: req.user.userId,
          comment: opts.comment,
          created_at: at,
          published_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      overlayIds.push(Number(row.id));
    }
    const max = await trx
      .selectFrom('definition_revisions')
      .select((eb) => eb.fn.max('revision').as('v'))
      .where('target_kind', '=', 'form')
      .where('target_id', '=', id)
      .executeTakeFirst();
    const next = Number(max?.v ?? 0) + 1;
    const snapshot: FormVersion = {
      page: form.page,
      entity: form.entity,
      ...(form.dicts?.length ? { dicts: form.dicts } : {}),
      ...(form.texts ? { texts: form.texts } : {}),
    };
    await trx
      .insertInto('definition_revisions')
      .values({
        target_kind: 'form',
        target_id: id,
        revision: next,
        snapshot: JSON.stringify(snapshot),
        overlay_ids: JSON.stringify(overlayIds),
        restored_from: opts.restoredFrom ?? null,
        author_id: req.user.userId,
        comment: opts.comment,
        created_at: at,
      })
      .execute();
    await deleteDraft(trx, 'form', id);
    return next;
  });
  invalidateSchemas(db);
  await schemaStore(db);
  return revision;
}

/**
 * A form revision as the diff takes it, with the dictionaries its fields name: its own (`dicts`), else the ones
 * `registry` serves now (shared dictionaries; none when no registry is given).
 */
export function asSnapshot(
  s: { page: FormPageDef; entity: Pick<EntityDef, 'id' | 'model'> | null; dicts?: unknown },
  registry?: EffectiveSchema['registry'],
): FormSnapshot {
  const own = storedDicts(s.dicts);
  const dicts = s.entity
    ? [...namedDicts(s.entity.model).keys()].map((c) => own.find((d) => d.id === c) ?? registry?.get('dict', c)).filter((d): d is DictDef => !!d)
    : [];
  return { page: s.page, entity: s.entity ? { id: s.entity.id, model: s.entity.model } : null, dicts };
}
