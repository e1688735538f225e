/**
 * Template/page of the generic approval page (/flow/approval/:id, `flow.approval`: an approval page without entity
 * and form) for one flow instance: {route | id, instanceId} answers the page with the instance's entity and the form
 * page that shows it (engine/flow/approvalRoute.ts approvalFormOf: a designed form's `custom.<key>.form`, a shipped
 * entity's form), plus that entity's model, dictionaries and texts — so any flow-backed entity, shipped or designed,
 * opens on one page. The caller must be able to see the instance (participants, administrators, 督办, authorised
 * 关联 readers); -1 flow.notFound otherwise, and -1 template.notFound naming the entity when it has no form page.
 */
import type { FastifyRequest } from 'fastify';
import type { ApprovalPageDef, PageDef } from '../../../../engine/schema/types.js';
import type { PageBundle } from '../../../../engine/schema/bundle.js';
import { badInput } from '../../lib/errors.js';
import { compositeEtag, type EffectiveSchema } from '../../engine/schemaStore.js';
import { flowRuntime } from '../../engine/flow/runtime.js';
import { flowCallerOf } from '../../engine/flow/caller.js';
import { approvalFormOf } from '../../engine/flow/approvalRoute.js';
import { viewOrLinkRead } from '../flow/linkRead.js';
import { pageAnswer } from './service.js';

/** Whether `page` is the generic approval page (an approval page without entity and form). */
export function isGenericApproval(page: PageDef | undefined): page is ApprovalPageDef {
  return page?.pageKind === 'approval' && page.entity === undefined && page.form === undefined;
}

/** The bundle of the generic approval page `page` for instance `instanceId` (see the module comment). */
export async function genericApprovalPage(req: FastifyRequest, s: EffectiveSchema, page: ApprovalPageDef, instanceId: number): Promise<PageBundle> {
  const { db, dialect } = req.server.ctx;
  const view = await viewOrLinkRead(db, flowRuntime(db, dialect, req.server.ctx), await flowCallerOf(req), instanceId);
  const entityId = view.entity ?? view.definition.entity;
  const form = entityId ? approvalFormOf(s.registry, entityId, view.defId) : undefined;
  const shown = form ? pageAnswer(s, req.locale, form.id, true) : undefined;
  const own = pageAnswer(s, req.locale, page.id, true);
  if (!entityId || !form || !shown || !own) throw badInput(req.t('template.notFound', { id: entityId ?? view.defId }));
  return {
    page: { ...page, entity: entityId, form: form.id },
    entity: shown.entity,
    dicts: shown.dicts,
    texts: { ...own.texts, ...shown.texts },
    etag: compositeEtag([own.etag, shown.etag, String(instanceId)]),
  };
}
