/**
 * A page bundle with a given form revision ("records keep the form revision they were created with and
 * show with it"): Template/page {id, revision} or {id, recordId}. The revision is one of the form of the page's
 * entity (the form page itself, or the `<…>.form` page of a detail page, else the entity's first form page).
 *
 * - {id, revision}: that revision (0 = the shipped base; a designer-made form starts at 1), -1 revisions.notFound
 *   when there is none
 * - {id, recordId}: the revision record `recordId` pinned (./recordForm.ts revisionAt, the revision the server
 *   validates its edits with, src/server/engine/recordModels.ts); a record the caller may not read → -1 entity.notFound
 * - {id, instanceId}: the revision pinned by the record behind flow instance `instanceId` (the approval page), for a
 *   caller who may see that instance (its participants and link readers, who need no read right on the record);
 *   -1 flow.notFound otherwise; an instance without a record of the form's entity gets the revision in force
 *
 * The answer is the bundle of Template/page with the revision's entity model (labels, kinds, rules) and, for the
 * form page itself, the revision's page; texts of the revision's definitions are its own (zh-CN from their
 * defaults, other locales from the revision's texts, else the shipped locale files). `revision`: {form, number,
 * latest} — the form page id, the revision shown and the newest one published (0 when none).
 */
import type { FastifyRequest } from 'fastify';
import { collectTexts } from '../../../../engine/schema/text.js';
import type { DictDef, EntityDef, FormPageDef, PageDef } from '../../../../engine/schema/types.js';
import type { PageBundle } from '../../../../engine/schema/bundle.js';
import { badInput } from '../../lib/errors.js';
import { compositeEtag, type EffectiveSchema } from '../../engine/schemaStore.js';
import { callerOf } from '../../engine/api.js';
import { dictCodes, pageAnswer, publicEntity } from './service.js';
import { formRevision, latestRevision, shippedTexts } from './formRevisions.js';
import { revisionAt, serviceOf } from './recordForm.js';
import { deriveTable } from '../../engine/table.js';
import { flowRuntime } from '../../engine/flow/runtime.js';
import { recordTargets } from '../../engine/records.js';
import { flowCallerOf } from '../../engine/flow/caller.js';
import { viewOrLinkRead } from '../flow/linkRead.js';

/** The form page whose revisions apply to `page` (see the module comment), or undefined. */
export function formPageOf(s: EffectiveSchema, page: PageDef): FormPageDef | undefined {
  if (page.pageKind === 'form') return page;
  const entity = s.registry.entityOf(page);
  if (!entity) return undefined;
  const forms = s.registry.pages().filter((p): p is FormPageDef => p.pageKind === 'form' && p.entity === entity.id);
  return forms.find((p) => p.id === page.id.replace(/\.[a-z]+$/, '.form')) ?? forms[0];
}

/**
 * The revision record `recordId` of `form`'s entity pinned (-1 entity.notFound when the caller may not read it); the
 * newest for a custom entity (its records are not the engine's).
 */
export async function pinnedRevision(req: FastifyRequest, s: EffectiveSchema, form: FormPageDef, recordId: number): Promise<number> {
  const designed = s.designed.find((f) => f.formId === form.id);
  const entity = designed?.entity ?? s.registry.get('entity', form.entity);
  if (!entity) throw badInput(req.t('template.notFound', { id: form.entity }));
  // a custom entity's records live in a platform table its own API group serves: they pin no revision
  if (entity.storage === 'custom') return latestRevision(req.server.ctx.db, form.id);
  const record = await serviceOf(req, entity).info(callerOf(req), { id: recordId });
  const at = await revisionAt(req.server.ctx.db, form.id, Number(record.created_at));
  return designed && at === 0 ? 1 : at;
}

/**
 * The revision pinned by the record behind flow instance `instanceId` (see the module comment); the newest one when
 * the instance has no record of `form`'s entity. @throws ApiError -1 flow.notFound when the caller may not see it.
 */
export async function instanceRevision(req: FastifyRequest, s: EffectiveSchema, form: FormPageDef, instanceId: number): Promise<number> {
  const { db, dialect } = req.server.ctx;
  const view = await viewOrLinkRead(db, flowRuntime(db, dialect, req.server.ctx), await flowCallerOf(req), instanceId);
  const designed = s.designed.find((f) => f.formId === form.id);
  const entity = designed?.entity ?? s.registry.get('entity', form.entity);
  const latest = await latestRevision(db, form.id);
  if (!entity || view.entity !== entity.id || view.recordId == null) return designed ? Math.max(latest, 1) : latest;
  const row = await (db as any).selectFrom(deriveTable(entity).table).select('created_at').where('id', '=', view.recordId).executeTakeFirst();
  if (!row) return designed ? Math.max(latest, 1) : latest;
  const at = await revisionAt(db, form.id, Number(row.created_at));
  return designed && at === 0 ? 1 : at;
}

/** Template/page of page `id` with revision `revision` of its form, or with the revision a record (`recordId`, or the one behind flow instance `instanceId`) pinned. */
export async function revisionPage(
  req: FastifyRequest,
  s: EffectiveSchema,
  id: string,
  by: { revision?: number; recordId?: number; instanceId?: number },
): Promise<PageBundle & { revision: { form: string; number: number; latest: number } }> {
  const current = pageAnswer(s, req.locale, id, true);
  const form = current ? formPageOf(s, current.page) : undefined;
  if (!current || !form) throw badInput(req.t('template.notFound', { id }));
  const designed = s.designed.some((f) => f.formId === form.id);
  const number =
    by.instanceId !== undefined
      ? await instanceRevision(req, s, form, by.instanceId)
      : by.recordId !== undefined
        ? await pinnedRevision(req, s, form, by.recordId)
        : by.revision!;
  if (designed && number === 0) throw badInput(req.t('revisions.notFound', { id: form.id, revision: number }));
  const latest = await latestRevision(req.server.ctx.db, form.id);
  const { snapshot } = await formRevision(req, form.id, number);
  const snap = snapshot as { page: FormPageDef; entity: EntityDef; dicts?: DictDef[]; texts?: Record<string, Record<string, string>> };
  const page: PageDef = current.page.id === form.id ? snap.page : current.page;
  const dicts = dictCodes(snap.entity, page)
    .map((c) => snap.dicts?.find((d) => d.id === c) ?? s.registry.get('dict', c))
    .filter((d): d is DictDef => !!d);
  const texts = { ...current.texts };
  const shipped = shippedTexts()[req.locale] ?? {};
  for (const { text } of collectTexts([snap.page, snap.entity, snap.dicts ?? []])) {
    const own = req.locale === 'zh-CN' ? text.d : (snap.texts?.[req.locale]?.[text.t] ?? shipped[text.t]);
    if (own === undefined) delete texts[text.t];
    else texts[text.t] = own;
  }
  const etag = compositeEtag([current.etag, form.id, number, latest]);
  const records = recordTargets(s.registry, snap.entity);
  return { page, entity: publicEntity(snap.entity), dicts, texts, etag, revision: { form: form.id, number, latest }, ...(records ? { records } : {}) };
}
