/**
 * 公文签收 calls of API group `document` (SPEC §7 gwqsList, gwqsCount, gwqsSign, gwqsDelete, signinfo; issue 5
 * "Distribution: 主送/抄送 units receive the document as a sign-for task (gwqs); 签收 or 退回 with a reason; counts").
 * SQL in services/document/receipts.ts. Registering this module also registers the service nodes of the document
 * flows (services/document/flowServices.ts: 取号, 用印, 分发, 归档).
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
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { EntityService } from '../../engine/service.js';
import { callerOf as entityCallerOf } from '../../engine/api.js';
import { flowEntity, recordData, recordTitle } from '../../engine/flow/records.js';
import { flowRuntime } from '../../engine/flow/runtime.js';
import { deriveTable } from '../../engine/table.js';
import { rowToRecord } from '../../engine/codec.js';
import { now } from '../../lib/clock.js';
import { listReceipts, countPending, pendingReceipt, receiptsOfSend, returnReceipt, RETURN_REASON_MAX } from '../../services/document/receipts.js';
import { registerDocumentFlowServices, SEND_ENTITY } from '../../services/document/flowServices.js';
import { orgDate } from '../../services/orgZone.js';
import { MESSAGE_TYPES, readReminders } from '../../services/messages.js';
import { docSettings } from '../../services/document/settings.js';
import { addWorkdays } from '../../../../engine/expr/dates.js';
import { flowCallerOf } from '../../engine/flow/caller.js';

/** The 收文 entity and its flow. */
export const RECEIVE_ENTITY = 'document.receive';
export const RECEIVE_FLOW = 'document.receive';
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
    async (req) => listReceipts(db, dialect, req.user.userId, { ...req.body, status: req.body.status || undefined, keyword: req.body.keyword?.trim() || undefined }),
  );

  call(app, 'document/gwqsCount', {}, async (req) => ({ pending: await countPending(db, req.user.userId) }));

  call<{ id: number }>(app, 'document/gwqsSign', { body: { type: 'object', required: ['id'], properties: { id } } }, async (req) => {
    const receiveDef = flowEntity(RECEIVE_ENTITY);
    const sendDef = flowEntity(SEND_ENTITY);
    if (!receiveDef || !sendDef) throw badInput(req.t('flow.unknownFlow', { id: RECEIVE_FLOW }));
    const receipts = new EntityService(receiveDef, db, dialect);
    const sendSpec = deriveTable(sendDef);
    const c = await flowCallerOf(req);
    const caller = entityCallerOf(req);
    // Read and prepare outside the transaction (SQLite: it holds the only connection), then decide inside it.
    const peek = await db.selectFrom('doc_receipts').select(['send_id', 'from_unit_id']).where('id', '=', req.body.id).executeTakeFirst();
    if (!peek) throw badInput(req.t('document.receiptNotFound'));
    const sendRow = await (db as any).selectFrom(sendSpec.table).selectAll().where('id', '=', peek.send_id).executeTakeFirst();
    if (!sendRow) throw badInput(req.t('document.receiptNotFound'));
    const send = rowToRecord(sendSpec, sendRow);
    const from = await db.selectFrom('departments').select('name').where('id', '=', peek.from_unit_id ?? -1).executeTakeFirst();
    // 公文设置 办理期限默认工作日: the 收文's 办理期限, counted in working days from today (0 = none).
    const receivedDate = await orgDate(db, now());
    const handleDays = Number((await docSettings(db, req.locale)).handleDays) || 0;
    const prepared = await receipts.prepareAdd(caller, {
      title: send.title,
      docType: send.docType ?? '8',
      secretLevel: send.secretLevel ?? '0',
      urgency: send.urgency ?? '0',
      fromOrg: (send.issuerOrg as string | null) || from?.name || null,
      fromNumber: send.docNumber ?? null,
      receivedDate,
      deadline: handleDays > 0 ? addWorkdays(receivedDate, handleDays) : null,
      body: send.body ?? null,
      attachments: send.attachments ?? [],
    });
    const flow = await runtime.flowToStart(c, RECEIVE_FLOW);
    const { result, notified } = await db.transaction().execute(async (trx) => {
      const receipt = await pendingReceipt(trx, dialect, req.user.userId, req.body.id, req.locale);
      const record = await receipts.insertPrepared(trx, caller, prepared);
      const recordId = Number(record.id);
      await (trx as any).updateTable(deriveTable(receiveDef).table).set({ sourceId: receipt.send_id }).where('id', '=', recordId).execute();
      const started = await runtime.startIn(trx, c, {
        defId: RECEIVE_FLOW,
        title: recordTitle(receiveDef, record),
        data: recordData(receiveDef, { ...record, sourceId: receipt.send_id }),
        entity: RECEIVE_ENTITY,
        recordId,
      }, flow);
      await trx
        .updateTable('doc_receipts')
        .set({ status: 'signed', signed_by: req.user.userId, signed_at: now(), receive_id: recordId, receive_flow_id: started.id })
        .where('id', '=', receipt.id)
        .where('status', '=', 'pending')
        .execute();
      // the signer's 公文签收 reminder of this receipt is handled with it
      const handled = await readReminders(trx, [req.user.userId], { sourceId: receipt.id }, [MESSAGE_TYPES.DOCUMENT_SIGN]);
      return { result: { id: receipt.id, receiveId: recordId, flowId: started.id }, notified: [...started.notified, ...handled] };
    });
    await runtime.notify(notified);
    return result;
  });

  call<{ id: number; reason: string }>(
    app,
    'document/gwqsDelete',
    { body: { type: 'object', required: ['id', 'reason'], properties: { id, reason: { type: 'string', maxLength: RETURN_REASON_MAX, title: 'field.returnReason' } } } },
    async (req) => {
      // 公文设置 是否允许退回收文 (services/document/settings.ts).
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
