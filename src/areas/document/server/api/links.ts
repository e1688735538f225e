/**
 * Details and authorisation of one 关联文件 link, API group `document` (SPEC §7 infothgl, authorizethgl
 * "关联文件"). The list, add and remove calls (listthgl, editthgl, delthgl) are in ./extras.ts; SQL in
 * services/links.ts. `id` is the document the caller works in, `related_id` the one linked to it.
 *
 * - `infothgl` {id, related_id} → {id, related_id, document, related, direction, kindId, kindName, linkedBy,
 *   linkedByName, linkedAt, authorized, authorizedBy, authorizedByName, authorizedAt, authorizedBack,
 *   mayAuthorize}: both documents as {id, title, defId, status, number (发文字号 / 来文字号), secretLevel, readOnly};
 *   `direction` 'out' when the link was entered from `id`, 'in' when from `related_id`; `authorized` (with who and
 *   when): the participants of `id` may read `related_id` through the link; `authorizedBack`: the other way round;
 *   `mayAuthorize`: the caller may change `authorized`. The caller must see `id` and read `related_id` (see it, or
 *   read it through an authorised link: `related.readOnly`); else -1 flow.notFound; no such link -1
 *   document.relationNotFound.
 * - `authorizethgl` {id, related_id, authorized: boolean} → {id, related_id, authorized, changed}: authorises (or
 *   withdraws) the participants of `id` — its drafter and everyone who held a task of its flow — to read
 *   `related_id` read-only through the link even when they take no part in it (listthgl shows it with `readOnly`,
 *   getAttachList and mergeDownAttachs answer its attachments). Only the one who linked them or a holder of
 *   `document:setting` or `document:supervise` (else -1 error.forbidden), who must see both documents. Never
 *   beyond anyone's clearance: a reader whose clearance is below the linked document's 密级 still does not see it.
 *   One transaction with an audit row on `id`'s record; `changed` false when it already was so.
 *
 * Without a session -99; bad input -1 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type BodySchema } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { flowRuntime, type InstanceView } from '../../../../server/engine/flow/runtime.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';
import { userMenus } from '../../../../server/services/menu.js';
import { documentFacts } from '../services/logs.js';
import { grantsBetween, relationBetween, setGrant } from '../services/links.js';
import { relationKinds } from '../services/relationKinds.js';
import { DOC_SUPERVISE_CODE } from '../services/supervise.js';
import { documentView, readableView, type ReadableView } from './extras.js';
import { DOCUMENT_SETTING } from './marks.js';

const id = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });
const pair: BodySchema = { type: 'object', required: ['id', 'related_id'], properties: { id: id('field.id'), related_id: id('field.related') } };

/** Whether the caller holds `document:setting` or `document:supervise` (may authorise any link they see). */
async function managesLinks(req: FastifyRequest): Promise<boolean> {
  const access = (await userMenus(req.server.ctx.db, req.user.userId)).access;
  return access.includes(DOCUMENT_SETTING) || access.includes(DOC_SUPERVISE_CODE);
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);

  /** One document of infothgl. */
  async function docOf(v: InstanceView | ReadableView) {
    const facts = await documentFacts(db, v);
    return {
      id: v.id,
      title: v.title,
      defId: v.defId,
      status: v.status,
      number: facts.number,
      secretLevel: facts.secretLevel,
      readOnly: 'via' in v && v.via !== undefined,
    };
  }

  call<{ id: number; related_id: number }>(app, 'document/infothgl', { body: pair }, async (req) => {
    const c = await flowCallerOf(req);
    const mine = await documentView(runtime, req, c, req.body.id);
    const link = await relationBetween(db, req.body.id, req.body.related_id);
    if (!link) throw badInput(req.t('document.relationNotFound'));
    const other = await readableView(runtime, req, c, req.body.related_id);
    const grants = await grantsBetween(db, req.body.id, req.body.related_id);
    const out = grants.find((g) => g.readerFlowId === req.body.id);
    const kindName = link.kindId == null ? null : ((await relationKinds(db, req.locale)).find((k) => k.id === link.kindId)?.name ?? null);
    const mayAuthorize = !other.via && (link.createdBy === req.user.userId || (await managesLinks(req)));
    return {
      id: req.body.id,
      related_id: req.body.related_id,
      document: await docOf(mine),
      related: await docOf(other),
      direction: link.flowId === req.body.id ? 'out' : 'in',
      kindId: link.kindId,
      kindName,
      linkedBy: link.createdBy,
      linkedByName: link.createdByName,
      linkedAt: link.createdAt,
      authorized: !!out,
      authorizedBy: out?.grantedBy ?? null,
      authorizedByName: out?.grantedByName ?? null,
      authorizedAt: out?.grantedAt ?? null,
      authorizedBack: grants.some((g) => g.readerFlowId === req.body.related_id),
      mayAuthorize,
    };
  });

  call<{ id: number; related_id: number; authorized: boolean }>(
    app,
    'document/authorizethgl',
    {
      body: {
        type: 'object',
        required: ['id', 'related_id', 'authorized'],
        properties: { ...pair.properties, authorized: { type: 'boolean', title: 'field.authorized' } },
      },
    },
    async (req) => {
      const c = await flowCallerOf(req);
      const mine = await documentView(runtime, req, c, req.body.id);
      const link = await relationBetween(db, req.body.id, req.body.related_id);
      if (!link) throw badInput(req.t('document.relationNotFound'));
      // The one who authorises must see the linked document themselves (not only through a link).
      await documentView(runtime, req, c, req.body.related_id);
      if (link.createdBy !== req.user.userId && !(await managesLinks(req))) throw badInput(req.t('error.forbidden'));
      const changed = await setGrant(
        db,
        app.ctx.dialect,
        { userId: req.user.userId, username: req.user.username, ip: req.ip },
        { reader: { id: mine.id, entity: mine.entity, recordId: mine.recordId }, targetFlowId: req.body.related_id, authorized: req.body.authorized },
      );
      return { id: req.body.id, related_id: req.body.related_id, authorized: req.body.authorized, changed };
    },
  );
}
