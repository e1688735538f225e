/**
 * 收藏, 关联文件 and attachments of official documents, API group `document` (SPEC /document/scgw; SPEC §7
 * listthgl, editthgl, delthgl, getAttachList, mergeDownAttachs; issue 5 "Favourites (scgw) … 关联文件"). `id` is
 * always a document flow instance (发文 document.send or 收文 document.receive). SQL in
 * services/document/{extras,attachments}.ts.
 *
 * Who may see a document is exactly who may see its flow (engine/flow/runtime.ts `view`: a participant, an
 * administrator or a supervisor, cleared for its 密级); for anyone else it does not exist (-1 flow.notFound).
 *
 * - `favorite` {id} → {id, favorite: true}: 收藏 (kept once; at most FAVORITES_MAX per user, then -1).
 * - `unfavorite` {id} → {id, favorite: false}: works also for a document the caller can no longer see.
 * - `isFavorite` {id} → {favorite}: for the 收藏 star of the approval page.
 * - `favorites` {current?, pageSize? ≤ 100, keyword?} → {list: [{id, title, defId, status, initiator,
 *   favoritedAt, flowTitle, initiatorName, open}], total}: newest first; only documents the caller may still see
 *   (each favourite is checked with `view`, so a lost participation or clearance hides it); `open` is the
 *   approval route of the flow (flow/lists.ts approvalRouteOf).
 * - `listthgl` {id} → [{id, title, defId, status, initiator, linkedAt, flowTitle, initiatorName, open}]: the
 *   documents linked to `id` in either direction that the caller may see.
 * - `editthgl` {id, related: ids (1…50)} → {added}: links `id` with each of `related` (existing links kept); each
 *   must be another document the caller may see, else -1 naming `related`; at most RELATIONS_MAX links.
 * - `delthgl` {id, related_id} → {id, related_id}: removes that link (either direction).
 * - `thglCandidates` {id, keyword?} → [{id, title, defId, status, initiator, createdAt, flowTitle, initiatorName,
 *   open}]: documents the caller took part in that are not linked to `id` yet (at most CANDIDATES_MAX), for the
 *   关联文件 picker.
 * - `getAttachList` {id} → [{id, name, size, type}]: the attachments of the flow's record.
 * - `mergeDownAttachs` {id} → a ZIP of them (application/zip, download named `<title>-附件.zip`); -1 when there
 *   are none.
 *
 * Without a session -99; bad input -1 naming the field; every write one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../lib/route.js';
import { ApiError, badInput } from '../../lib/errors.js';
import { flowRuntime, type FlowCaller, type FlowRuntime, type InstanceView } from '../../engine/flow/runtime.js';
import { withNames } from '../../engine/flow/listNames.js';
import { definitionText } from '../../engine/definitions.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { contentDisposition } from '../../services/files.js';
import { addFavorite, addRelations, candidateRows, DOCUMENT_ENTITIES, favoriteRows, FAVORITES_MAX, isFavorite, relatedRows, RELATIONS_MAX, removeFavorite, removeRelation, type DocFlowRow } from '../../services/document/extras.js';
import { recordAttachments, zipAttachments } from '../../services/document/attachments.js';
import { approvalRouteOf } from '../flow/lists.js';
import { flowCallerOf } from '../../engine/flow/caller.js';

/** Largest page of document/favorites. */
export const FAVORITES_MAX_PAGE_SIZE = 100;
/** Most documents linked by one editthgl. */
export const EDIT_RELATIONS_MAX = 50;

const id = (title = 'field.id') => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });
const idBody = { type: 'object' as const, required: ['id'], properties: { id: id() } };

/** The view of document flow `flowId` for `c`; -1 flow.notFound (via `runtime.view`) when `c` may not see it or it is not a document. */
export async function documentView(runtime: FlowRuntime, req: FastifyRequest, c: FlowCaller, flowId: number): Promise<InstanceView> {
  const v = await runtime.view(c, flowId);
  if (!v.entity || !DOCUMENT_ENTITIES.includes(v.entity) || v.recordId == null) throw badInput(req.t('flow.notFound'));
  return v;
}

/** Whether `c` may see document flow `flowId` (a refusal of `view` → false; other errors propagate). */
async function mayView(runtime: FlowRuntime, c: FlowCaller, flowId: number): Promise<boolean> {
  try {
    await runtime.view(c, flowId);
    return true;
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);

  /** Rows with flowTitle, initiatorName and `open` (the approval route), `at` renamed to `timeKey`. */
  async function present(req: FastifyRequest, rows: DocFlowRow[], timeKey: 'favoritedAt' | 'linkedAt' | 'createdAt') {
    const { registry } = await schemaStore(db);
    const text = (t: { t: string; d: string } | undefined) => (t ? (definitionText(req.locale, t.t) ?? t.d) : '');
    const plain = rows.map(({ at, entity: _e, recordId: _r, ...r }) => ({ ...r, [timeKey]: at }));
    return withNames(db, plain, text, { open: (defId) => approvalRouteOf(registry, defId) });
  }

  call<{ id: number }>(app, 'document/favorite', { body: idBody }, async (req) => {
    await documentView(runtime, req, await flowCallerOf(req), req.body.id);
    const ok = await db.transaction().execute((trx) => addFavorite(trx, req.user.userId, req.body.id));
    if (!ok) throw badInput(req.t('document.favoritesFull', { max: FAVORITES_MAX }));
    return { id: req.body.id, favorite: true };
  });

  call<{ id: number }>(app, 'document/unfavorite', { body: idBody }, async (req) => {
    await db.transaction().execute((trx) => removeFavorite(trx, req.user.userId, req.body.id));
    return { id: req.body.id, favorite: false };
  });

  call<{ id: number }>(app, 'document/isFavorite', { body: idBody }, async (req) => {
    await documentView(runtime, req, await flowCallerOf(req), req.body.id);
    return { favorite: await isFavorite(db, req.user.userId, req.body.id) };
  });

  call<{ current?: number; pageSize?: number; keyword?: string }>(
    app,
    'document/favorites',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: FAVORITES_MAX_PAGE_SIZE, title: 'field.pageSize' },
        },
      },
    },
    async (req) => {
      const c = await flowCallerOf(req);
      const rows = await favoriteRows(db, req.user.userId, req.body.keyword?.trim() || undefined);
      const visible: DocFlowRow[] = [];
      for (const r of rows) if (await mayView(runtime, c, r.id)) visible.push(r);
      const pageSize = req.body.pageSize ?? 20;
      const start = ((req.body.current ?? 1) - 1) * pageSize;
      return { total: visible.length, list: await present(req, visible.slice(start, start + pageSize), 'favoritedAt') };
    },
  );

  call<{ id: number }>(app, 'document/listthgl', { body: idBody }, async (req) => {
    const c = await flowCallerOf(req);
    await documentView(runtime, req, c, req.body.id);
    const rows = await relatedRows(db, req.body.id);
    const visible: DocFlowRow[] = [];
    for (const r of rows) if (await mayView(runtime, c, r.id)) visible.push(r);
    return present(req, visible, 'linkedAt');
  });

  call<{ id: number; related: number[] }>(
    app,
    'document/editthgl',
    {
      body: {
        type: 'object',
        required: ['id', 'related'],
        properties: { id: id(), related: { type: 'array', minItems: 1, maxItems: EDIT_RELATIONS_MAX, uniqueItems: true, items: id('field.related'), title: 'field.related' } },
      },
    },
    async (req) => {
      const c = await flowCallerOf(req);
      await documentView(runtime, req, c, req.body.id);
      const bad = () => badInput(req.t('document.relatedNotVisible'));
      for (const r of req.body.related) {
        if (r === req.body.id) throw badInput(req.t('document.selfRelation'));
        try {
          await documentView(runtime, req, c, r);
        } catch (e) {
          if (e instanceof ApiError) throw bad();
          throw e;
        }
      }
      const added = await db.transaction().execute((trx) => addRelations(trx, req.body.id, req.body.related, req.user.userId));
      if (added === null) throw badInput(req.t('document.relationsFull', { max: RELATIONS_MAX }));
      return { added };
    },
  );

  call<{ id: number; related_id: number }>(
    app,
    'document/delthgl',
    { body: { type: 'object', required: ['id', 'related_id'], properties: { id: id(), related_id: id('field.related') } } },
    async (req) => {
      await documentView(runtime, req, await flowCallerOf(req), req.body.id);
      const removed = await db.transaction().execute((trx) => removeRelation(trx, req.body.id, req.body.related_id));
      if (!removed) throw badInput(req.t('document.relationNotFound'));
      return { id: req.body.id, related_id: req.body.related_id };
    },
  );

  call<{ id: number; keyword?: string }>(
    app,
    'document/thglCandidates',
    { body: { type: 'object', required: ['id'], properties: { id: id(), keyword: { type: 'string', maxLength: 100, title: 'field.keyword' } } } },
    async (req) => {
      const c = await flowCallerOf(req);
      await documentView(runtime, req, c, req.body.id);
      const rows = await candidateRows(db, req.user.userId, req.body.id, req.body.keyword?.trim() || undefined);
      const visible: DocFlowRow[] = [];
      for (const r of rows) if (await mayView(runtime, c, r.id)) visible.push(r);
      return present(req, visible, 'createdAt');
    },
  );

  call<{ id: number }>(app, 'document/getAttachList', { body: idBody }, async (req) => {
    const v = await documentView(runtime, req, await flowCallerOf(req), req.body.id);
    return recordAttachments(db, v.entity!, v.recordId!);
  });

  call<{ id: number }>(app, 'document/mergeDownAttachs', { body: idBody }, async (req, reply) => {
    const v = await documentView(runtime, req, await flowCallerOf(req), req.body.id);
    const files = await recordAttachments(db, v.entity!, v.recordId!);
    if (!files.length) throw badInput(req.t('document.noAttachments'));
    const stream = await zipAttachments(db, app.ctx.config.dataDir, files, req.t.bind(req));
    const name = req.t('document.attachZipName', { title: v.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 100) });
    reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(name)).header('cache-control', 'private, no-store').send(stream);
    return reply;
  });
}
