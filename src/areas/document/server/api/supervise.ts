/**
 * 督办 calls of API group `document` (SPEC §7 gwdbList, saveDb, dbHistory, cbHistory, checkSupervision
 * "督办 with deadlines and urging"). SQL in services/supervise.ts.
 *
 * - `gwdbList` {current?, pageSize? ≤ 100, keyword?, overdue?} → {list: GwdbItem[], total}: the running 发文 /
 *   收文 the caller supervises — holders of `document:supervise` those of their data scope, others (every drafter:
 *   the staff role opens /document/gwdb) those they started — with current step, handlers, deadline, overdue,
 *   催办 count, 文号 (docNumber), 督办人 (supervisorId/Name), 督办期限 (supervisionDeadline) and `open`, the
 *   approval route (with `:id`) of its flow (flow/lists.ts approvalRouteOfFlow).
 * - `saveDb` {id (flow instance), deadline? (epoch ms), remark} → the 督办 entry recorded; only for a running
 *   document, by a holder of `document:supervise` or its drafter.
 * - `dbHistory` {id} → its 督办 entries, oldest first; `cbHistory` {id} → the 催办 of its flow log (who urged, when,
 *   whom); `checkSupervision` {id} → {supervised}.
 * - `dbUpdateDbr` {id, userId, remark? ≤ 1000} → the 'reassign' entry (SupervisionEntry with kind 'reassign',
 *   supervisorId/Name, previousId/Name): names `userId` 督办人 of a running document that has a 督办 entry
 *   (services/supervisors.ts: the 督办人 is the one last named, else who recorded the first 督办). Only
 *   holders of `document:supervise`. The new 督办人 must exist and be enabled (else -1 naming userId), be able to
 *   follow it up — hold `document:supervise` or `flow:supervise`, or be its drafter (who may 督办 and 催办 it) — and
 *   be able to see it within their clearance (the flow runtime's `view` as that person); naming the current one
 *   again is -1. Recorded in dbHistory, audited on the document's record and reminded to the new 督办人.
 *
 * Every call on one document first checks that the caller may see that flow (flow runtime `view`: participants,
 * administrators, supervisors, within their clearance); otherwise -1 flow.notFound, as if it did not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type BodySchema } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { flowRuntime, type FlowCaller } from '../../../../server/engine/flow/runtime.js';
import { SUPERVISE_CODE } from '../../../../server/engine/flow/supervise.js';
import { roleScope, unitOf } from '../../../../server/engine/scope.js';
import { definitionText } from '../../../../server/engine/definitions.js';
import { FLOW_TITLE_TTL_MS } from '../../../../server/engine/flow/versions.js';
import { now } from '../../../../server/lib/clock.js';
import type { Locale } from '../../../../shared/constants.js';
import { userMenus } from '../../../../server/services/menu.js';
import { SESSION_CACHE_MS } from '../../../../server/services/session.js';
import { registerCache } from '../../../../server/services/cacheBus.js';
import { clearanceOf } from '../../../../server/services/clearance.js';
import { ApiError } from '../../../../server/lib/errors.js';
import { changeSupervisor, supervisorCandidate } from '../services/supervisors.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { approvalRouteOfFlow } from '../../../../server/api/flow/lists.js';
import {
  DOC_FLOWS,
  DOC_SUPERVISE_CODE,
  SUPERVISION_REMARK_MAX,
  departmentsOfUnit,
  gwdbList,
  isSupervised,
  saveSupervision,
  supervisionHistory,
  urgeHistory,
} from '../services/supervise.js';

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' };
const byId: BodySchema = { type: 'object', required: ['id'], properties: { id } };

/** What a user's roles grant here, by user, reused for SESSION_CACHE_MS (a list page polls it). */
const rights = new Map<number, { at: number; admin: boolean; docSupervisor: boolean; supervisor: boolean; roles: string[] }>();
registerCache('userInfo', () => rights.clear());

/** The caller of the flow runtime: supervisor when holding the 督办 right of flows or of documents. */
async function flowCallerOf(req: FastifyRequest): Promise<{ caller: FlowCaller; docSupervisor: boolean; roles: string[] }> {
  const at = now();
  let r = rights.get(req.user.userId);
  if (!r || at - r.at >= SESSION_CACHE_MS || at < r.at) {
    const menus = await userMenus(req.server.ctx.db, req.user.userId);
    const docSupervisor = menus.access.includes(DOC_SUPERVISE_CODE);
    r = { at, admin: menus.roles.includes('sysadmin'), docSupervisor, supervisor: docSupervisor || menus.access.includes(SUPERVISE_CODE), roles: menus.roles };
    if (rights.size > 10_000) rights.clear();
    rights.set(req.user.userId, r);
  }
  const caller = { userId: req.user.userId, deptId: req.user.deptId, locale: req.locale, admin: req.user.isAdmin || r.admin, supervisor: r.supervisor };
  return { caller, docSupervisor: r.docSupervisor, roles: r.roles };
}

/** Step titles by locale and key, looked up at most every FLOW_TITLE_TTL_MS (a page repeats the same few). */
const titles = new Map<string, { at: number; text: string }>();
function titleOf(locale: string, t: { t: string; d: string }): string {
  const key = `${locale}\u0000${t.t}\u0000${t.d}`;
  const at = now();
  const hit = titles.get(key);
  if (hit && at - hit.at < FLOW_TITLE_TTL_MS && at >= hit.at) return hit.text;
  const text = definitionText(locale as Locale, t.t) ?? t.d;
  if (titles.size > 5000) titles.clear();
  titles.set(key, { at, text });
  return text;
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);

  /** The document flow `instanceId` as the caller sees it; -1 flow.notFound when it is none or hidden. */
  const visible = async (req: FastifyRequest, instanceId: number) => {
    const who = await flowCallerOf(req);
    const view = await runtime.view(who.caller, instanceId);
    if (!(view.defId in DOC_FLOWS)) throw badInput(req.t('flow.notFound'));
    return { who, view };
  };

  call<{ current?: number; pageSize?: number; keyword?: string; overdue?: boolean }>(
    app,
    'document/gwdbList',
    {
      body: {
        type: 'object',
        properties: {
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, title: 'field.pageSize' },
          keyword: { type: 'string', maxLength: 100, title: 'field.keyword' },
          overdue: { type: 'boolean', title: 'field.overdue' },
        },
      },
    },
    async (req) => {
      const { docSupervisor, roles } = await flowCallerOf(req);
      const scope = docSupervisor ? await roleScope(db, roles) : 'own';
      const unitDepts = scope === 'unit' ? await departmentsOfUnit(db, await unitOf(db, req.user.deptId)) : [];
      const caller = {
        userId: req.user.userId,
        supervisor: docSupervisor,
        scope,
        deptId: req.user.deptId,
        unitDepts,
        clearance: await clearanceOf(db, req.user.userId),
      };
      const page = await gwdbList(db, caller, req.body, (t) => (t ? titleOf(req.locale, t) : ''), req.locale);
      const { registry } = await schemaStore(db);
      return { ...page, list: page.list.map((r) => ({ ...r, open: approvalRouteOfFlow(registry, r.defId, undefined) })) };
    },
  );

  call<{ id: number; deadline?: number | null; remark: string }>(
    app,
    'document/saveDb',
    {
      body: {
        type: 'object',
        required: ['id', 'remark'],
        properties: {
          id,
          deadline: { type: ['integer', 'null'], minimum: 0, maximum: 8_640_000_000_000_000, title: 'field.supervisionDeadline' },
          remark: { type: 'string', minLength: 1, maxLength: SUPERVISION_REMARK_MAX, title: 'field.supervisionRemark' },
        },
      },
    },
    async (req) => {
      const { who, view } = await visible(req, req.body.id);
      if (!who.docSupervisor && view.initiator !== req.user.userId) throw badInput(req.t('error.forbidden'));
      if (view.status !== 'running') throw badInput(req.t('document.supervise.notRunning'));
      const remark = req.body.remark.trim();
      if (!remark) throw badInput(req.t('validate.required', { field: req.t('field.supervisionRemark') }));
      return saveSupervision(db, { instanceId: req.body.id, userId: req.user.userId, deadline: req.body.deadline ?? null, remark });
    },
  );

  call<{ id: number }>(app, 'document/dbHistory', { body: byId }, async (req) => {
    await visible(req, req.body.id);
    return supervisionHistory(db, req.body.id);
  });

  call<{ id: number }>(app, 'document/cbHistory', { body: byId }, async (req) => {
    await visible(req, req.body.id);
    return urgeHistory(db, req.body.id);
  });

  call<{ id: number }>(app, 'document/checkSupervision', { body: byId }, async (req) => {
    await visible(req, req.body.id);
    return { supervised: await isSupervised(db, req.body.id) };
  });

  call<{ id: number; userId: number; remark?: string }>(
    app,
    'document/dbUpdateDbr',
    {
      permission: DOC_SUPERVISE_CODE,
      body: {
        type: 'object',
        required: ['id', 'userId'],
        properties: {
          id,
          userId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.supervisor' },
          remark: { type: 'string', maxLength: SUPERVISION_REMARK_MAX, title: 'field.supervisorChangeReason' },
        },
      },
    },
    async (req) => {
      const { who, view } = await visible(req, req.body.id);
      if (!who.docSupervisor) throw badInput(req.t('error.forbidden'));
      if (view.status !== 'running') throw badInput(req.t('document.supervise.notRunning'));
      if (!(await isSupervised(db, req.body.id))) throw badInput(req.t('document.supervise.notSupervised'));
      const target = await supervisorCandidate(db, req.body.userId);
      if (!target || target.status !== 1) throw badInput(req.t('document.supervise.supervisorNotFound', { field: req.t('field.supervisor') }));
      const menus = await userMenus(db, target.id);
      const mayFollow = menus.access.includes(DOC_SUPERVISE_CODE) || menus.access.includes(SUPERVISE_CODE);
      if (!mayFollow && view.initiator !== target.id) throw badInput(req.t('document.supervise.supervisorNoRight', { name: target.realname }));
      // The new 督办人 must see the document as themselves: the runtime's view checks their clearance (密级).
      const theirs: FlowCaller = {
        userId: target.id,
        deptId: null,
        locale: req.locale,
        admin: target.is_admin === 1 || menus.roles.includes('sysadmin'),
        supervisor: mayFollow,
      };
      try {
        await runtime.view(theirs, req.body.id);
      } catch (e) {
        if (e instanceof ApiError) throw badInput(req.t('document.supervise.supervisorNotCleared', { name: target.realname }));
        throw e;
      }
      const changed = await changeSupervisor(db, app.ctx.dialect, {
        instanceId: view.id,
        title: view.title,
        entity: view.entity,
        recordId: view.recordId,
        supervisorId: target.id,
        remark: req.body.remark?.trim() ?? '',
        userId: req.user.userId,
        username: req.user.username,
        ip: req.ip,
      });
      if (changed === 'same') throw badInput(req.t('document.supervise.sameSupervisor', { name: target.realname }));
      await runtime.notify(changed.notified);
      const entry = (await supervisionHistory(db, req.body.id)).find((h) => h.id === changed.id);
      return entry;
    },
  );
}
