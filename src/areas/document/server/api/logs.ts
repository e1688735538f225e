/**
 * 办理记录 and 操作记录 calls of API group `document` (SPEC §7 getHandleLogs, getDepartmentHandleLogs,
 * getOperationLogs, getOperationData). SQL in services/logs.ts.
 *
 * - `getHandleLogs` {id (flow instance)} → HandleLogRow[]: the flow log of the document as 办理记录 (step,
 *   handler, department, action, opinion, time), oldest first.
 * - `getDepartmentHandleLogs` {id} → DepartmentLogs[]: the same rows grouped by the handlers' departments.
 * - `getOperationLogs` {id} → OperationLogRow[]: the audit rows of the document's record (added, edited …, by
 *   whom, which fields).
 * - `getOperationData` {id} → {id, title, defId, status, version, actions, currentSteps, facts}: what the caller
 *   may do now (the flow view's `actions`) plus 发文字号, 密级, 紧急程度, 公文种类 and status.
 *
 * Every call first checks that the caller may see that document flow (flow runtime `view`: participants,
 * administrators, supervisors, within their clearance); otherwise -1 flow.notFound, as if it did not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type BodySchema } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { flowRuntime } from '../../../../server/engine/flow/runtime.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';
import { definitionText } from '../../../../server/engine/definitions.js';
import { indexFlow } from '../../../../../engine/flow/index.js';
import { DOC_FLOWS } from '../services/supervise.js';
import { byDepartment, documentFacts, handleLogs, operationLogs, type TextOf } from '../services/logs.js';

const byId: BodySchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' } } };

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);
  const textOf =
    (req: FastifyRequest): TextOf =>
    (t) =>
      t ? (definitionText(req.locale, t.t) ?? t.d) : '';

  /** The document flow `id` as the caller sees it, with the caller; -1 flow.notFound when it is none or hidden. */
  const visible = async (req: FastifyRequest, id: number) => {
    const caller = await flowCallerOf(req);
    const view = await runtime.view(caller, id);
    if (!(view.defId in DOC_FLOWS)) throw badInput(req.t('flow.notFound'));
    return { caller, view };
  };

  /** The 办理记录 rows of `id` for `req`'s caller. */
  const rowsOf = async (req: FastifyRequest, id: number) => {
    const { caller, view } = await visible(req, id);
    return handleLogs(db, await runtime.log(caller, id), view.definition, textOf(req), (k) => req.t(k));
  };

  call<{ id: number }>(app, 'document/getHandleLogs', { body: byId }, async (req) => rowsOf(req, req.body.id));

  call<{ id: number }>(app, 'document/getDepartmentHandleLogs', { body: byId }, async (req) => byDepartment(await rowsOf(req, req.body.id)));

  call<{ id: number }>(app, 'document/getOperationLogs', { body: byId }, async (req) => {
    const { view } = await visible(req, req.body.id);
    return operationLogs(db, view.entity, view.recordId);
  });

  call<{ id: number }>(app, 'document/getOperationData', { body: byId }, async (req) => {
    const { view } = await visible(req, req.body.id);
    const nodes = indexFlow(view.definition).nodes;
    const open = [...new Set(view.state.tasks.filter((t) => t.status === 'pending').map((t) => t.nodeId))];
    const text = textOf(req);
    return {
      id: view.id,
      title: view.title,
      defId: view.defId,
      status: view.status,
      version: view.version,
      actions: view.actions,
      currentSteps: open.map((nodeId) => ({ nodeId, title: text(nodes.get(nodeId)?.node.title) })),
      facts: await documentFacts(db, view),
    };
  });
}
