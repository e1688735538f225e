/**
 * API group `flow` (SPEC /flow/tree, /flow/list, /flow/view-flow): starting flows, acting on them
 * and the work lists, over the approval runtime (src/server/engine/flow). Every call needs a session (-99).
 *
 * - flow/tree {} → [{id, version, title, description, area, areaTitle, route}]: the flows the caller may start
 *   (through the form route of their menus, ../../engine/flow/startable.ts), texts in the caller's language
 * - flow/start {defId, title, data?, picks?, draft?, opinion?} → InstanceView (draft: kept as 待发); or
 *   {defId, entity, recordId, draft?, opinion?} for a record (see startForRecord)
 * - flow/info {id} → InstanceView (state, definition, `actions` = what the caller may do now) and `open`, the
 *   approval route (with `:id`) of the instance's entity, else its flow's (engine/flow/approvalRoute.ts: 收文 →
 *   /document/show/:id?, a designed form → /flow/approval/:id); -1 unless
 *   the caller takes part (or administers, or holds the 督办 permission flow:supervise); a reader through an
 *   authorised 关联文件 gets it read-only (`actions` [], `via` the reader document; ./linkRead.ts), never above
 *   their clearance
 * - flow/act {id, version?, type, taskId?, opinion?, data?, target?, resubmit?, to?, users?, position?, circulate?, picks?,
 *   signature?} → InstanceView (signature: true puts the caller's handwritten signature on the action's events);
 *   refusals of the machine are -1 with their reason; a stale `version` → -1 flow.stale
 * - flow/log {id} → [{id, at, actor, actorName, type, nodeId, taskId, opinion, detail}] (流程日志); like flow/info
 *   also for a reader through an authorised 关联文件
 * - flow/todo | done | cc | sent | drafts | supervise, flow/counts, flow/batch: the work lists, their filters and
 *   批量同意 (./lists.ts); flow/badges {flag} → the menu badge counts (./badges.ts);
 *   flow/involved {current?, pageSize?, keyword?, flows?, area?} → {list, total}: instances the caller started or held a task of
 * - flow/delegations {} → the caller's 委托; flow/delegate {delegateId, start, end, defId?, remark?} → added;
 *   flow/undelegate {id}
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { flowRuntime, type FlowCaller, type InstanceView } from '../../engine/flow/runtime.js';
import type { EntityRecord } from '../../engine/codec.js';
import { withNames } from '../../engine/flow/listNames.js';
import { registerWorkLists, WORK_LIST_BODY } from './lists.js';
import { instanceApprovalRoute } from '../../engine/flow/approvalRoute.js';
import { SUPERVISE_CODE } from '../../engine/flow/supervise.js';
import { definitionText } from '../../engine/definitions.js';
import { currentFlow, flowIds } from '../../engine/flow/versions.js';
import { anyValue, body, ID_BODY, optStr, str } from '../../lib/bodies.js';

/** flow/start: a new instance {defId, title, data?, picks?, draft?, opinion?} or one of a record {defId, entity, recordId, …}. */
const START_BODY = body(
  {
    defId: str('field.defId', 128),
    title: anyValue('field.title'),
    data: anyValue('field.data'),
    picks: anyValue('field.picks'),
    draft: anyValue('field.draft'),
    opinion: anyValue('field.opinion'),
    entity: optStr('field.entity', 128),
    recordId: anyValue('field.recordId'),
  },
  ['defId'],
);

/** flow/act: each key is checked by ./parse.ts parseAction, which names a bad one. */
const ACT_BODY = body(
  Object.fromEntries(
    ['id', 'version', 'type', 'taskId', 'opinion', 'data', 'target', 'resubmit', 'to', 'users', 'position', 'circulate', 'picks', 'signature'].map((k) => [
      k,
      anyValue(`field.${k}`),
    ]),
  ),
  ['id', 'type'],
);
import { EntityService } from '../../engine/service.js';
import { callerOf as entityCallerOf } from '../../engine/api.js';
import { flowEntity, recordData, recordTitle } from '../../engine/flow/records.js';
import { addDelegation, delegationsOf, removeDelegation } from '../../engine/flow/delegations.js';
import { parseAction, positiveInt, wantsSignature } from './parse.js';
import { signatureForAction } from '../../services/signature.js';
import { registerBadges } from './badges.js';
import { involvedList, startableFlows } from '../../engine/flow/startable.js';
import { menuPathOf } from '../../../shared/routes.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { flattenMenus, userMenus, userRolesAccess } from '../../services/menu.js';
import { localText } from '../Template/service.js';
import { logOrLinkRead, viewOrLinkRead } from './linkRead.js';

/** The caller of a request: administrator (users.is_admin or the sysadmin role) and 督办 right from one role read (userRolesAccess). */
async function callerOf(req: FastifyRequest): Promise<FlowCaller> {
  const menus = await userRolesAccess(req.server.ctx.db, req.user.userId, req);
  const admin = req.user.isAdmin || menus.roles.includes('sysadmin');
  return { userId: req.user.userId, deptId: req.user.deptId, locale: req.locale, admin, supervisor: menus.access.includes(SUPERVISE_CODE) };
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;
  const runtime = flowRuntime(db, app.ctx.dialect, app.ctx);

  call(app, 'flow/tree', {}, async (req) => {
    const flows = [];
    for (const id of await flowIds(db)) {
      const f = await currentFlow(db, id);
      if (f) flows.push({ id, version: f.version, def: f.def });
    }
    const [s, menus] = await Promise.all([schemaStore(db), userMenus(db, req.user.userId)]);
    const allowed = new Set([...flattenMenus(menus.menu), ...menus.menu_my].map((m) => menuPathOf(m.path)));
    const who = { allowed, codes: new Set(menus.access), admin: req.user.isAdmin || menus.roles.includes('sysadmin') };
    return startableFlows(s.registry, flows, who, (t) => localText(s, req.locale, t) ?? '');
  });

  call<Record<string, any>>(app, 'flow/start', { body: START_BODY }, async (req) => {
    const b = req.body;
    if (typeof b.defId !== 'string' || !b.defId) throw badInput(req.t('validate.required', { field: 'defId' }));
    if (b.entity !== undefined && b.entity !== null && b.entity !== '') return startForRecord(req, b);
    const data = b.data ?? {};
    if (typeof data !== 'object' || Array.isArray(data)) throw badInput(req.t('error.badParam', { field: 'data' }));
    return runtime.start(await callerOf(req), {
      defId: b.defId,
      title: typeof b.title === 'string' ? b.title : '',
      data,
      picks: b.picks,
      draft: b.draft === true || b.draft === 1 || b.draft === '1',
      opinion: typeof b.opinion === 'string' ? b.opinion : undefined,
    });
  });

  /**
   * flow/start {defId, entity, recordId, draft?, opinion?}: the record (which the caller must see) is the form
   * data and its title field the title. A record whose flow was returned or kept as a draft is submitted
   * again on the same instance; one already under way answers -1 flow.alreadyStarted.
   */
  async function startForRecord(req: FastifyRequest, b: Record<string, any>) {
    const c = await callerOf(req);
    const def = typeof b.entity === 'string' ? flowEntity(b.entity) : undefined;
    if (!def) throw badInput(req.t('error.badParam', { field: 'entity' }));
    const recordId = positiveInt(req, b.recordId, 'recordId');
    const record = await new EntityService(def, db, app.ctx.dialect).info(entityCallerOf(req), { id: recordId });
    const data = recordData(def, record);
    const draft = b.draft === true || b.draft === 1 || b.draft === '1';
    const existing = await db
      .selectFrom('flow_instances')
      .select(['id', 'status', 'initiator_id'])
      .where('entity', '=', def.id)
      .where('record_id', '=', recordId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (existing && existing.status !== 'withdrawn') {
      if (existing.status !== 'draft' || existing.initiator_id !== c.userId) throw badInput(req.t('flow.alreadyStarted'));
      const again = { type: draft ? 'saveDraft' : 'start', data, ...(typeof b.opinion === 'string' ? { opinion: b.opinion } : {}) } as Parameters<
        typeof runtime.act
      >[2];
      return runtime.act(c, existing.id, again);
    }
    return runtime.start(c, {
      defId: b.defId,
      title: recordTitle(def, record),
      data,
      entity: def.id,
      recordId,
      draft,
      opinion: typeof b.opinion === 'string' ? b.opinion : undefined,
    });
  }

  /**
   * `view` with `_refs`: the names of the users and departments its form data refers to and the labels of the
   * records its reference fields point at (like an entity's info answer), for an instance over an entity.
   */
  async function withRefs(view: InstanceView): Promise<InstanceView> {
    const def = view.entity ? flowEntity(view.entity) : undefined;
    if (!def) return view;
    return { ...view, _refs: await new EntityService(def, db, app.ctx.dialect).refNames([view.state.data as EntityRecord]) };
  }

  call<{ id: number }>(app, 'flow/info', { body: ID_BODY }, async (req) => {
    const view = await viewOrLinkRead(db, runtime, await callerOf(req), positiveInt(req, req.body.id, 'id'));
    const { registry } = await schemaStore(db);
    return { ...(await withRefs(view)), open: instanceApprovalRoute(registry, view.entity, view.definition) };
  });

  call<Record<string, any>>(app, 'flow/act', { body: ACT_BODY }, async (req) => {
    const b = req.body;
    const id = positiveInt(req, b.id, 'id');
    const version = b.version === undefined || b.version === null || b.version === '' ? undefined : positiveInt(req, b.version, 'version');
    const action = parseAction(req, b);
    const signature = wantsSignature(req, b) ? await signatureForAction(db, req.t.bind(req), req.user.userId) : undefined;
    return withRefs(await runtime.act(await callerOf(req), id, action, version, signature ? { signature } : undefined));
  });

  call<{ id: number }>(app, 'flow/log', { body: ID_BODY }, async (req) => logOrLinkRead(db, runtime, await callerOf(req), positiveInt(req, req.body.id, 'id')));

  const textOf = (req: FastifyRequest) => (t: { t: string; d: string } | undefined) => (t ? (definitionText(req.locale, t.t) ?? t.d) : '');
  registerWorkLists(app, runtime, callerOf);
  call<Record<string, any>>(app, 'flow/involved', { body: WORK_LIST_BODY }, async (req) => {
    const r = await involvedList(db, req.user.userId, req.body);
    return { ...r, list: await withNames(db, r.list, textOf(req)) };
  });
  registerBadges(app);

  call(app, 'flow/delegations', {}, async (req) => delegationsOf(db, req.user.userId));

  const delegateBody = body(
    {
      delegateId: anyValue('field.delegateId'),
      start: anyValue('field.start'),
      end: anyValue('field.end'),
      defId: optStr('field.defId', 128),
      remark: optStr('field.remark', 255),
    },
    ['delegateId', 'start', 'end'],
  );
  call<Record<string, any>>(app, 'flow/delegate', { body: delegateBody }, async (req) => {
    const b = req.body;
    return addDelegation(
      db,
      req.user.userId,
      {
        delegateId: positiveInt(req, b.delegateId, 'delegateId'),
        start: positiveInt(req, b.start, 'start', Number.MAX_SAFE_INTEGER),
        end: positiveInt(req, b.end, 'end', Number.MAX_SAFE_INTEGER),
        defId: typeof b.defId === 'string' && b.defId ? b.defId : null,
        remark: typeof b.remark === 'string' ? b.remark.trim().slice(0, 255) : null,
      },
      req.t.bind(req),
    );
  });

  call<{ id: number }>(app, 'flow/undelegate', { body: ID_BODY }, async (req) =>
    removeDelegation(db, req.user.userId, positiveInt(req, req.body.id, 'id'), req.t.bind(req)),
  );
}
