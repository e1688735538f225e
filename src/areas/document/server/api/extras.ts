/**
 * 收藏, 关联文件 and attachments of official documents, API group `document` (SPEC /document/scgw; SPEC §7
 * listthgl, editthgl, delthgl, getAttachList, mergeDownAttachs "Favourites (scgw) … 关联文件"). `id` is
 * always a document flow instance (发文 document.send or 收文 document.receive). SQL in
 * services/{extras,attachments}.ts.
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
 *   approval route of the flow (flow/lists.ts approvalRouteOfFlow).
 * - `listthgl` {id} → [{id, title, defId, status, initiator, linkedAt, flowTitle, initiatorName, open, kindId,
 *   kindName, linkedBy, linkedByName, authorized, authorizedBack, readOnly}]: the documents linked to `id` in either
 *   direction that the caller may read — see, or read through an authorised link (`readOnly` true then).
 *   `authorized`: the participants of `id` may read that document through the link (authorizethgl, ./links.ts);
 *   `authorizedBack`: its participants may read `id`.
 * - `editthgl` {id, related: ids (1…50), kind?: 关联类型 id | null} → {added}: links `id` with each of `related`
 *   (existing links kept; with `kind` every listed pair gets that 关联类型, gwszThgl* of ./settings.ts); each must be
 *   another document the caller may see, else -1 naming `related`; an unknown kind -1 naming it; at most
 *   RELATIONS_MAX links.
 * - `delthgl` {id, related_id} → {id, related_id}: removes that link (either direction) and its authorisations.
 * - `thglCandidates` {id, keyword?} → [{id, title, defId, status, initiator, createdAt, flowTitle, initiatorName,
 *   open}]: documents the caller took part in that are not linked to `id` yet (at most CANDIDATES_MAX), for the
 *   关联文件 picker.
 * - `getAttachList` {id} → [{id, name, size, type}]: the attachments of the flow's record; like
 *   `mergeDownAttachs` also for a reader through an authorised link (readableView).
 * - `mergeDownAttachs` {id} → a ZIP of them (application/zip, download named `<title>-附件.zip`); -1 when there
 *   are none.
 *
 * Without a session -99; bad input -1 naming the field; every write one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { ApiError, badInput } from '../../../../server/lib/errors.js';
import { flowRuntime, type FlowCaller, type FlowRuntime, type InstanceView } from '../../../../server/engine/flow/runtime.js';
import { withNames } from '../../../../server/engine/flow/listNames.js';
import { definitionText } from '../../../../server/engine/definitions.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { contentDisposition } from '../../../../server/services/files.js';
import {
  addFavorite,
  addRelations,
  candidateRows,
  DOCUMENT_ENTITIES,
  favoriteRows,
  FAVORITES_MAX,
  isFavorite,
  relatedRows,
  RELATIONS_MAX,
  removeFavorite,
  removeRelation,
  realnames,
  type DocFlowRow,
  type RelatedRow,
} from '../services/extras.js';
import { recordAttachments, zipAttachments } from '../services/attachments.js';
import { approvalRouteOfFlow } from '../../../../server/api/flow/lists.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';
import { grantsAround, linkReaderFlows } from '../services/links.js';
import { kindExists, relationKinds } from '../services/relationKinds.js';

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

/** A document view that may have been reached through an authorised 关联 (`via`: the reader document). */
export type ReadableView = InstanceView & { via?: number };

/**
 * The view of document flow `flowId` for `c`, as documentView; when `c` may not see it, read-only through an
 * authorised 关联 (services/links.ts): `c` took part in a document whose participants were authorised to
 * read it — then `actions` is empty and `via` names that document. The runtime still refuses a document above
 * `c`'s clearance (-1 flow.notFound), whatever was authorised.
 */
export async function readableView(runtime: FlowRuntime, req: FastifyRequest, c: FlowCaller, flowId: number): Promise<ReadableView> {
  try {
    return await documentView(runtime, req, c, flowId);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const readers = await linkReaderFlows(req.server.ctx.db, c.userId, flowId);
    if (!readers.length) throw e;
    // Seen as a supervisor sees it (no participation needed, clearance still checked), with no action.
    const v = await documentView(runtime, req, { ...c, supervisor: true }, flowId);
    return { ...v, actions: [], via: readers[0] };
  }
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

/** Whether `c` may read document flow `flowId` through an authorised link (readableView; refusals → false). */
async function mayRead(runtime: FlowRuntime, req: FastifyRequest, c: FlowCaller, flowId: number): Promise<boolean> {
  try {
    await readableView(runtime, req, c, flowId);
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
    return withNames(db, plain, text, { open: (defId, def) => approvalRouteOfFlow(registry, defId, def) });
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
    const visible: RelatedRow[] = [];
    const readOnly = new Set<number>();
    for (const r of rows) {
      if (await mayView(runtime, c, r.id)) visible.push(r);
      else if (await mayRead(runtime, req, c, r.id)) {
        visible.push(r);
        readOnly.add(r.id);
      }
    }
    const { reads, readBy } = await grantsAround(
      db,
      req.body.id,
      visible.map((r) => r.id),
    );
    const kinds = new Map((await relationKinds(db, req.locale)).map((k) => [k.id, k.name]));
    const shown = await present(req, visible, 'linkedAt');
    const linkers = await realnames(
      db,
      visible.map((r) => r.linkedBy),
    );
    return shown.map((r, i) => ({
      ...r,
      kindId: visible[i].kindId,
      kindName: visible[i].kindId == null ? null : (kinds.get(visible[i].kindId!) ?? null),
      linkedBy: visible[i].linkedBy,
      linkedByName: visible[i].linkedBy == null ? null : (linkers.get(visible[i].linkedBy!) ?? null),
      authorized: reads.has(visible[i].id),
      authorizedBack: readBy.has(visible[i].id),
      readOnly: readOnly.has(visible[i].id),
    }));
  });

  call<{ id: number; related: number[]; kind?: number | null }>(
    app,
    'document/editthgl',
    {
      body: {
        type: 'object',
        required: ['id', 'related'],
        properties: {
          id: id(),
          related: { type: 'array', minItems: 1, maxItems: EDIT_RELATIONS_MAX, uniqueItems: true, items: id('field.related'), title: 'field.related' },
          kind: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, title: 'field.relationKind' },
        },
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
      const kind = req.body.kind;
      if (kind != null && !(await kindExists(db, kind))) throw badInput(req.t('error.badParam', { field: req.t('field.relationKind') }));
      const added = await db.transaction().execute((trx) => addRelations(trx, req.body.id, req.body.related, req.user.userId, kind));
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
    const v = await readableView(runtime, req, await flowCallerOf(req), req.body.id);
    return recordAttachments(db, v.entity!, v.recordId!);
  });

  call<{ id: number }>(app, 'document/mergeDownAttachs', { body: idBody }, async (req, reply) => {
    const v = await readableView(runtime, req, await flowCallerOf(req), req.body.id);
    const files = await recordAttachments(db, v.entity!, v.recordId!);
    if (!files.length) throw badInput(req.t('document.noAttachments'));
    const stream = await zipAttachments(db, app.ctx.config.dataDir, files, req.t.bind(req));
    const name = req.t('document.attachZipName', { title: v.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 100) });
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(stream);
    return reply;
  });
}
