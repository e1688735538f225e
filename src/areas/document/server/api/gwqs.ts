/**
 * 公文签收 calls of API group `document` (SPEC §7 gwqsList, gwqsCount, gwqsSign, gwqsDelete, signinfo
 * "Distribution: 主送/抄送 units receive the document as a sign-for task (gwqs); 签收 or 退回 with a reason; counts").
 * SQL in services/receipts.ts and services/signFor.ts. Registering this module also registers the service nodes of the document
 * flows (services/flowServices.ts: 取号, 用印, 分发, 归档).
 *
 * - `gwqsList` {status?: pending|signed|returned, keyword?, current?, pageSize? ≤ 100} → {list: ReceiptView[], total}:
 *   the receipts of the caller's unit(s) within their clearance; empty without `document:receive`.
 * - `gwqsCount` {} → {pending}.
 * - `gwqsSign` {id} → {id, receiveId, flowId}: 签收 — registers a 收文 (document.receive) from the 发文 and starts
 *   its flow (签收 → 登记 → …) with the caller as initiator; one transaction. Its 办理期限 is today plus the 公文设置
 *   办理期限默认工作日 in working days (none when 0).
 * - `gwqsDelete` {id, reason} → {id}: 退回 with a reason (the sender is reminded); -1 when 公文设置 turns 退回 off.
 * - `signinfo` {id} (a 发文 flow instance) → [{unit_name, role, status, signed_by_name, signed_at, reason, …}]: the
 *   签收情况, for whoever may see that flow.
 *
 * Without a session -99; bad input -1 naming the field; a receipt of another unit, above the caller's clearance or
 * already decided -1 with its reason.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { callerOf as entityCallerOf } from '../../../../server/engine/api.js';
import { flowRuntime } from '../../../../server/engine/flow/runtime.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';
import { listReceipts, countPending, receiptsOfSend, returnReceipt, RETURN_REASON_MAX } from '../services/receipts.js';
import { registerDocumentFlowServices, SEND_ENTITY } from '../services/flowServices.js';
import { docSettings } from '../services/settings.js';
import { signReceipt } from '../services/signFor.js';

export { RECEIVE_ENTITY, RECEIVE_FLOW } from '../services/signFor.js';
/** Largest page of gwqsList. */
export const GWQS_MAX_PAGE_SIZE = 100;

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' };

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  registerDocumentFlowServices();
  const db = app.ctx.db;
  const dialect = app.ctx.dialect;
  const runtime = flowRuntime(db, dialect, app.ctx);

  call<{ status?: string; keyword?: string; current?: number; pageSize?: number }>(
    app,
    'document/gwqsList',
    {
      body: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['pending', 'signed', 'returned', ''], title: 'field.status' },
          keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: GWQS_MAX_PAGE_SIZE, title: 'field.pageSize' },
        },
      },
    },
    async (req) =>
      listReceipts(db, dialect, req.user.userId, { ...req.body, status: req.body.status || undefined, keyword: req.body.keyword?.trim() || undefined }),
  );

  call(app, 'document/gwqsCount', {}, async (req) => ({ pending: await countPending(db, req.user.userId) }));

  call<{ id: number }>(app, 'document/gwqsSign', { body: { type: 'object', required: ['id'], properties: { id } } }, async (req) => {
    const { result, notified } = await signReceipt(db, dialect, runtime, entityCallerOf(req), await flowCallerOf(req), req.body.id);
    await runtime.notify(notified);
    return result;
  });

  call<{ id: number; reason: string }>(
    app,
    'document/gwqsDelete',
    {
      body: {
        type: 'object',
        required: ['id', 'reason'],
        properties: { id, reason: { type: 'string', maxLength: RETURN_REASON_MAX, title: 'field.returnReason' } },
      },
    },
    async (req) => {
      // 公文设置 是否允许退回收文 (services/settings.ts).
      if ((await docSettings(db, req.locale)).allowReceiptReturn === '0') throw badInput(req.t('document.receiptReturnOff'));
      const notified = await returnReceipt(db, dialect, req.user.userId, req.body.id, req.body.reason, req.locale);
      await runtime.notify(notified);
      return { id: req.body.id };
    },
  );

  call<{ id: number }>(app, 'document/signinfo', { body: { type: 'object', required: ['id'], properties: { id } } }, async (req) => {
    const view = await runtime.view(await flowCallerOf(req), req.body.id);
    if (view.entity !== SEND_ENTITY || view.recordId == null) throw badInput(req.t('flow.notFound'));
    return receiptsOfSend(db, view.recordId);
  });
}
