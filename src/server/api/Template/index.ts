/**
 * API group `Template` (SPEC §7 "Templates, forms and flows"): the effective definitions (DESIGN §4: base
 * files + published overlays, src/server/engine/schemaStore.ts) for the renderers and designers. All calls
 * need a session only (pages are what users see anyway); the designer calls (add, edit, set, formedit…)
 * are the designers' (DESIGN §4). Unknown ids answer -1 naming the id; bad input -1 naming the field.
 *
 * - page {route | id, etag?} → {page, entity (model and hints, no table internals), dicts, texts (area, common
 *   and dict texts in the caller's locale), etag}; with `etag` equal to the current one → {notModified: true, etag};
 *   page {id, revision | recordId} → the bundle with that form revision, or the one the record pinned, plus
 *   `revision: {form, number, latest}` (./revisionPage.ts); page {route | id, instanceId} of the generic approval
 *   page (/flow/approval/:id) → that page filled in with the instance's entity and form (./approvalPage.ts)
 * - list {} → [{id, title (localised), entity, route?}] — the form templates (form pages)
 * - info {id, etag?} → {page, etag} (any page kind), or {notModified: true, etag}
 * - forminfo {id} → {page, entity, schema (plain JSON Schema for rjsf: `title` from `x-title`, `x-` keys kept), etag}
 * - fieldinfo {entity} → [{field, label, kind, type, required, dict?}]
 * - entities {} → [{id, title, labels: [{field, label}]}]: what a reference field may point at (the form designer)
 * - getColumns {id} → [{id, field, title, render, width?, sortable, dict?}] of a list page
 * - getFunc {} → [{name, signature, description (localised), example}] (engine/expr FUNCTIONS)
 * - checkjsgs {entity, expr} → {ok: true, type} or {ok: false, message} (formula type-check, engine/expr)
 * - getPrevar, checkRule, funcInfo, funcSubmit (试算), and Form/getFiles: the inspector's helpers (./designerCalls.ts)
 * - revisions, revision, diff, formedit, draft, formdelete, set, restore, export, import, importform: form
 *   revisions, administrators only (./revisionCalls.ts)
 * - add, edit, delete: designer-made forms of area `custom` (./designedCalls.ts); their entity calls
 *   /api/custom_<key>/list… (./designedApi.ts); `list` marks them `designed: true, status`
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, call } from '../../lib/route.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { checkFormula, columnsOf, fieldInfo, formAnswer, formTemplates, functionList, pageAnswer, recordTargetChoices } from './service.js';
import { registerRevisions } from './revisionCalls.js';
import { registerDesignedCalls, withDesigned } from './designedCalls.js';
import { registerDesignedApi } from './designedApi.js';
import { revisionPage } from './revisionPage.js';
import { genericApprovalPage, isGenericApproval } from './approvalPage.js';
import { registerDesignerCalls } from './designerCalls.js';
import { recentFlow } from '../../engine/flow/versions.js';
import { compositeEtag } from '../../engine/schemaStore.js';
import type { StartNode } from '../../../../engine/flow/index.js';

const idProp = { type: 'string', title: 'field.definitionId', minLength: 1, maxLength: 200 };
const etagProp = { type: 'string', title: 'field.etag', maxLength: 64 };

/** The effective schema of the request's database. */
export const schemasOf = (req: FastifyRequest) => schemaStore(req.server.ctx.db);

/** -1 "定义不存在：<id>". */
export const notFound = (req: FastifyRequest, id: string) => new ApiError(req.t('template.notFound', { id }));

/**
 * A form page with `flow` answered with the start node's field permissions of the flow's current version
 * (PageBundle.startFields), its etag covering them; other answers as they are.
 */
async function withStartFields<A extends { page: { pageKind?: string; flow?: string }; etag: string }>(req: FastifyRequest, a: A): Promise<A> {
  if (a.page.pageKind !== 'form' || !a.page.flow) return a;
  const flow = await recentFlow(req.server.ctx.db, a.page.flow);
  const perms = (flow?.def.nodes?.[0] as StartNode | undefined)?.fieldPermissions;
  if (!perms || !Object.keys(perms).length) return a;
  return { ...a, startFields: perms, etag: compositeEtag([a.etag, perms]) };
}

/** Registers the Template calls on `app`, and loads the effective definitions when the app is ready. */
export function register(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    await schemaStore(app.ctx.db);
  });

  call<{ route?: string; id?: string; etag?: string; revision?: number; recordId?: number; instanceId?: number }>(
    app,
    'Template/page',
    {
      body: {
        type: 'object',
        properties: {
          route: { type: 'string', title: 'field.route', minLength: 1, maxLength: 200 },
          id: idProp,
          etag: etagProp,
          revision: { type: 'integer', title: 'field.revision', minimum: 0, maximum: 2147483647 },
          recordId: { type: 'integer', title: 'field.recordId', minimum: 1, maximum: 2147483647 },
          instanceId: { type: 'integer', title: 'field.instanceId', minimum: 1, maximum: 2147483647 },
        },
      },
    },
    async (req) => {
      const { route, id } = req.body;
      if (!route && !id) throw new ApiError(req.t('validate.required', { field: req.t('field.route') }));
      const { revision, recordId, instanceId } = req.body;
      if (instanceId !== undefined && revision === undefined && recordId === undefined) {
        const s = await schemasOf(req);
        const generic = id ? s.registry.get('page', id) : s.registry.pageForRoute(route!);
        if (isGenericApproval(generic)) return genericApprovalPage(req, s, generic, instanceId);
      }
      if (revision !== undefined || recordId !== undefined || instanceId !== undefined) {
        if (!id) throw new ApiError(req.t('validate.required', { field: req.t('field.definitionId') }));
        const a = await withStartFields(req, await revisionPage(req, await schemasOf(req), id, { revision, recordId, instanceId }));
        return req.body.etag === a.etag ? { notModified: true, etag: a.etag } : a;
      }
      const found = pageAnswer(await schemasOf(req), req.locale, (id ?? route)!, !!id);
      if (!found) throw notFound(req, (id ?? route)!);
      const a = await withStartFields(req, found);
      return req.body.etag === a.etag ? { notModified: true, etag: a.etag } : a;
    },
  );

  call(app, 'Template/list', {}, async (req) => withDesigned(req, formTemplates(await schemasOf(req), req.locale)));

  call<{ id: string; etag?: string }>(
    app,
    'Template/info',
    { body: { type: 'object', required: ['id'], properties: { id: idProp, etag: etagProp } } },
    async (req) => {
      const s = await schemasOf(req);
      const page = s.registry.get('page', req.body.id);
      if (!page) throw notFound(req, req.body.id);
      const etag = s.registry.etag('page', page.id)!;
      return req.body.etag === etag ? { notModified: true, etag } : { page, etag };
    },
  );

  call<{ id: string }>(app, 'Template/forminfo', { body: { type: 'object', required: ['id'], properties: { id: idProp } } }, async (req) => {
    const a = formAnswer(await schemasOf(req), req.locale, req.body.id);
    if (!a) throw notFound(req, req.body.id);
    return a;
  });

  call<{ entity: string }>(
    app,
    'Template/fieldinfo',
    { body: { type: 'object', required: ['entity'], properties: { entity: { type: 'string', title: 'field.entity', minLength: 1, maxLength: 200 } } } },
    async (req) => {
      const a = fieldInfo(await schemasOf(req), req.locale, req.body.entity);
      if (!a) throw notFound(req, req.body.entity);
      return a;
    },
  );

  call(app, 'Template/entities', {}, async (req) => recordTargetChoices(await schemasOf(req), req.locale));

  call<{ id: string }>(app, 'Template/getColumns', { body: { type: 'object', required: ['id'], properties: { id: idProp } } }, async (req) => {
    const a = columnsOf(await schemasOf(req), req.locale, req.body.id);
    if (!a) throw notFound(req, req.body.id);
    return a;
  });

  call(app, 'Template/getFunc', {}, async (req) => functionList(await schemasOf(req), req.locale));

  call<{ entity: string; expr: string }>(
    app,
    'Template/checkjsgs',
    {
      body: {
        type: 'object',
        required: ['entity', 'expr'],
        properties: {
          entity: { type: 'string', title: 'field.entity', minLength: 1, maxLength: 200 },
          expr: { type: 'string', title: 'field.expr', maxLength: 4000 },
        },
      },
    },
    async (req) => {
      const a = checkFormula(await schemasOf(req), req.locale, req.body.entity, req.body.expr);
      if (!a) throw notFound(req, req.body.entity);
      return a;
    },
  );

  registerRevisions(app);
  registerDesignerCalls(app);
  registerDesignedCalls(app);
  registerDesignedApi(app);
}
