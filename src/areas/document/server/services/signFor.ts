/**
 * 签收 of a distributed 发文 (SPEC §7 document/gwqsSign; ./receipts.ts holds the receipts): the caller's unit
 * registers a 收文 (document.receive) from the 发文 and starts its flow (签收 → 登记 → …) with the caller as
 * initiator, in one transaction. Its 办理期限 is today plus the 公文设置 办理期限默认工作日 in working days (none when 0).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import type { Dialect } from '../../../../server/db/index.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { EntityService, type Caller } from '../../../../server/engine/service.js';
import { flowEntity, recordData, recordTitle } from '../../../../server/engine/flow/records.js';
import type { FlowCaller, FlowRuntime } from '../../../../server/engine/flow/runtime.js';
import { deriveTable } from '../../../../server/engine/table.js';
import { rowToRecord } from '../../../../server/engine/codec.js';
import { orgDate } from '../../../../server/services/orgZone.js';
import { MESSAGE_TYPES, readReminders } from '../../../../server/services/messages.js';
import { addWorkdays } from '../../../../../engine/expr/dates.js';
import { pendingReceipt } from './receipts.js';
import { docSettings } from './settings.js';
import { SEND_ENTITY } from './flowServices.js';

/** The 收文 entity and its flow. */
export const RECEIVE_ENTITY = 'document.receive';
export const RECEIVE_FLOW = 'document.receive';

/** What 签收 answers: the receipt, the 收文 record and its flow instance. */
export interface SignedReceipt {
  id: number;
  receiveId: number;
  flowId: number;
}

/**
 * Signs receipt `receiptId` for `caller` (see the module comment) and answers what was signed plus the reminders to
 * send once committed (`runtime.notify`). -1 document.receiptNotFound when the receipt or its 发文 is gone; -1 from
 * ./receipts.ts pendingReceipt when it belongs to another unit, is above the caller's clearance or already decided.
 */
export async function signReceipt(
  db: Kysely<DB>,
  dialect: Dialect,
  runtime: FlowRuntime,
  caller: Caller,
  flowCaller: FlowCaller,
  receiptId: number,
): Promise<{ result: SignedReceipt; notified: number[] }> {
  const locale = caller.locale;
  const receiveDef = flowEntity(RECEIVE_ENTITY);
  const sendDef = flowEntity(SEND_ENTITY);
  if (!receiveDef || !sendDef) throw badInput(translate(locale, 'flow.unknownFlow', { id: RECEIVE_FLOW }));
  const receipts = new EntityService(receiveDef, db, dialect);
  const sendSpec = deriveTable(sendDef);
  // Read and prepare outside the transaction (SQLite: it holds the only connection), then decide inside it.
  const peek = await db.selectFrom('doc_receipts').select(['send_id', 'from_unit_id']).where('id', '=', receiptId).executeTakeFirst();
  if (!peek) throw badInput(translate(locale, 'document.receiptNotFound'));
  const sendRow = await (db as any).selectFrom(sendSpec.table).selectAll().where('id', '=', peek.send_id).executeTakeFirst();
  if (!sendRow) throw badInput(translate(locale, 'document.receiptNotFound'));
  const send = rowToRecord(sendSpec, sendRow);
  const from = await db
    .selectFrom('departments')
    .select('name')
    .where('id', '=', peek.from_unit_id ?? -1)
    .executeTakeFirst();
  // 公文设置 办理期限默认工作日: the 收文's 办理期限, counted in working days from today (0 = none).
  const receivedDate = await orgDate(db, now());
  const handleDays = Number((await docSettings(db, locale)).handleDays) || 0;
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
  const flow = await runtime.flowToStart(flowCaller, RECEIVE_FLOW);
  return db.transaction().execute(async (trx) => {
    const receipt = await pendingReceipt(trx, dialect, caller.userId, receiptId, locale);
    const record = await receipts.insertPrepared(trx, caller, prepared);
    const recordId = Number(record.id);
    await (trx as any).updateTable(deriveTable(receiveDef).table).set({ sourceId: receipt.send_id }).where('id', '=', recordId).execute();
    const started = await runtime.startIn(
      trx,
      flowCaller,
      {
        defId: RECEIVE_FLOW,
        title: recordTitle(receiveDef, record),
        data: recordData(receiveDef, { ...record, sourceId: receipt.send_id }),
        entity: RECEIVE_ENTITY,
        recordId,
      },
      flow,
    );
    await trx
      .updateTable('doc_receipts')
      .set({ status: 'signed', signed_by: caller.userId, signed_at: now(), receive_id: recordId, receive_flow_id: started.id })
      .where('id', '=', receipt.id)
      .where('status', '=', 'pending')
      .execute();
    // the signer's 公文签收 reminder of this receipt is handled with it
    const handled = await readReminders(trx, [caller.userId], { sourceId: receipt.id }, [MESSAGE_TYPES.DOCUMENT_SIGN]);
    return { result: { id: receipt.id, receiveId: recordId, flowId: started.id }, notified: [...started.notified, ...handled] };
  });
}
