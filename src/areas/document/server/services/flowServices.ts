/**
 * The service nodes of the official-document flows (schemas/document/flows; DESIGN §5 "service"), registered
 * under the keys the definitions name. Each runs inside the approval action that reaches it (see
 * src/server/engine/flow/services.ts): a refusal rolls the whole action back.
 *
 * - `document.number` (after 编号): the 发文字号 of the mark chosen in `markId` (GB/T 9704-2012 7.2.4) becomes the
 *   document's `docNumber`; a number reserved (预留) for the document is used; without a mark: -1 naming 发文字号类型.
 * - `document.seal` (after 用印): `sealed` = true; `docDate` (成文日期) = today when still empty.
 * - `document.distribute` (after 分发): the 主送 / 抄送 units receive the document for 签收 (./receipts.ts); its
 *   number can no longer be cancelled.
 * - `document.archive` (after 办结 of a 收文): `archived` = true.
 */
import { registerFlowService, hasFlowService, type FlowServiceCall } from '../../../../server/engine/flow/services.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { documentNumber, markNumberSent, takeNumber, markNumberUsed } from './docNumbers.js';
import { timeZone, zoneDate } from '../../../../../engine/expr/zone.js';
import { distribute } from './receipts.js';

/** The 发文 entity. */
export const SEND_ENTITY = 'document.send';

/**
 * 'YYYY-MM-DD' of epoch ms `at` in the organisation's zone as last read (services/orgZone.ts; the flow runtime reads
 * it before every action, so a flow service sees the current one).
 */
export function orgLocalDate(at: number): string {
  return zoneDate(at, timeZone());
}

/** The record id of a document flow, or -1 flow.badDefinition when the flow runs without one. */
function recordOf(call: FlowServiceCall): number {
  if (call.instance.recordId == null) throw badInput(translate(call.locale, 'flow.badDefinition', { what: call.nodeId }));
  return call.instance.recordId;
}

async function numberService(call: FlowServiceCall): Promise<Record<string, unknown>> {
  const docId = recordOf(call);
  const caller = { userId: call.actor ?? call.instance.initiatorId, locale: call.locale };
  const held = await documentNumber(call.trx, SEND_ENTITY, docId);
  if (held?.status === 'used') return { docNumber: held.number };
  if (held?.status === 'reserved') return { docNumber: (await markNumberUsed(call.trx, { ...caller, numberId: held.id })).number };
  const markId = Number(call.state.data.markId);
  if (!Number.isInteger(markId) || markId < 1) {
    throw badInput(translate(call.locale, 'validate.required', { field: translate(call.locale, 'field.docMark') }));
  }
  const v = await takeNumber(call.trx, { ...caller, markId, docEntity: SEND_ENTITY, docId });
  return { docNumber: (v.status === 'reserved' ? await markNumberUsed(call.trx, { ...caller, numberId: v.id }) : v).number };
}

async function sealService(call: FlowServiceCall): Promise<Record<string, unknown>> {
  recordOf(call);
  return { sealed: true, ...(call.state.data.docDate ? {} : { docDate: orgLocalDate(call.at) }) };
}

async function distributeService(call: FlowServiceCall): Promise<Record<string, unknown>> {
  const sendId = recordOf(call);
  const d = call.state.data;
  const notified = await distribute(call.trx, call.dialect, {
    sendId,
    flowId: call.instance.id,
    title: call.instance.title,
    docNumber: typeof d.docNumber === 'string' ? d.docNumber : null,
    secretLevel: String(d.secretLevel ?? '0'),
    urgency: String(d.urgency ?? '0'),
    mainTo: d.mainTo,
    ccTo: d.ccTo,
    fromDept: await initiatorDept(call),
    actor: call.actor,
    locale: call.locale,
  });
  await markNumberSent(call.trx, { userId: call.actor ?? call.instance.initiatorId, locale: call.locale, docEntity: SEND_ENTITY, docId: sendId });
  call.notify(notified);
  return {};
}

async function initiatorDept(call: FlowServiceCall): Promise<number | null> {
  const r = await call.trx.selectFrom('flow_instances').select('initiator_dept_id').where('id', '=', call.instance.id).executeTakeFirst();
  return r?.initiator_dept_id ?? null;
}

async function archiveService(call: FlowServiceCall): Promise<Record<string, unknown>> {
  recordOf(call);
  return { archived: true };
}

/** Registers the services of the module comment (once per process; later calls do nothing). */
export function registerDocumentFlowServices(): void {
  if (hasFlowService('document.number')) return;
  registerFlowService('document.number', numberService);
  registerFlowService('document.seal', sealService);
  registerFlowService('document.distribute', distributeService);
  registerFlowService('document.archive', archiveService);
}
