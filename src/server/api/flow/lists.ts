/**
 * The work-list calls of API group `flow` ("Lists", "Batch approval"), over
 * src/server/engine/flow/{lists,supervise,batch}.ts. Every call needs a session (-99).
 *
 * - flow/todo | done | cc | sent | drafts | supervise {current?, pageSize?, keyword?, flows?, area?, from?, to?,
 *   overdue?, read?, status?} → {list, total}: `from` / `to` epoch ms (received, handled, started, saved),
 *   `overdue` (todo, supervise), `read` read | unread (cc), `status` (supervise: running by default,
 *   finished, rejected, withdrawn, all); a bad filter answers -1 naming it. Each row also carries `open`, the
 *   approval page route of its flow's entity (with `:id`; the generic /flow/approval/:id for an entity without one). todo / done / cc are answered through the
 *   process's cache of task lists (engine/flow/listCache.ts: validated by the person's task version on every call)
 * - flow/counts {flows?, area?} → {todo, cc, drafts, overdue, done, sent, supervise}
 * - flow/batch {items: [{id, taskId, version?}] (1…BATCH_MAX), opinion?} → {results: [{id, taskId, ok, reason?,
 *   title?}], success, failed}: each item approved in its own transaction (批量同意)
 */
import { clearanceOf } from '../../services/clearance.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { definitionText } from '../../engine/definitions.js';
import type { FlowCaller, FlowRuntime } from '../../engine/flow/runtime.js';
import { instanceList } from '../../engine/flow/lists.js';
import { listFilters, type ListBody } from '../../engine/flow/listBody.js';
import { withNames } from '../../engine/flow/listNames.js';
import { taskListCached } from '../../engine/flow/listCache.js';
import { allCounts, superviseList, SUPERVISE_CODE } from '../../engine/flow/supervise.js';
import { batchApprove, BATCH_MAX, type BatchItem } from '../../engine/flow/batch.js';
import { userRolesAccess } from '../../services/menu.js';
import { schemaStore } from '../../engine/schemaStore.js';
import type { Registry } from '../../../../engine/schema/loader.js';
import type { FlowDef } from '../../../../engine/flow/index.js';
import { instanceApprovalRoute } from '../../engine/flow/approvalRoute.js';
import { anyValue, body, PAGING, str, strList } from '../../lib/bodies.js';
import type { BodySchema } from '../../lib/route.js';

/**
 * The body of the work lists (and flow/involved): paging, keyword, flows, area; the filters (from, to, overdue,
 * read, status) are checked by engine/flow/lists.ts listFilters, which names a bad one.
 */
export const WORK_LIST_BODY: BodySchema = body({
  ...PAGING,
  keyword: str('field.keyword', 100),
  flows: strList('field.flows', 50, 128),
  area: str('field.area', 64),
  from: anyValue('field.from'),
  to: anyValue('field.to'),
  overdue: anyValue('field.overdue'),
  read: anyValue('field.read'),
  status: anyValue('field.status'),
});
import { OPINION_MAX, positiveInt } from './parse.js';

/** Whether the caller holds the 督办 permission (SUPERVISE_CODE) through a role. */
export async function isSupervisor(req: FastifyRequest): Promise<boolean> {
  return (await userRolesAccess(req.server.ctx.db, req.user.userId, req)).access.includes(SUPERVISE_CODE);
}

/**
 * The route (with `:id`) of the approval page of an instance of flow `defId` (newest version `def`): by the flow's
 * entity (../../engine/flow/approvalRoute.ts; the generic /flow/approval/:id when the entity has no page of its own).
 */
export function approvalRouteOfFlow(registry: Registry, defId: string, def: FlowDef | undefined): string {
  return instanceApprovalRoute(registry, null, def ?? (registry.get('flow', defId) as FlowDef | undefined));
}

/** The items of a flow/batch body, else -1 naming `items`. */
function batchItems(req: FastifyRequest, v: unknown): BatchItem[] {
  const bad = () => badInput(req.t('error.badParam', { field: 'items' }));
  if (!Array.isArray(v) || !v.length || v.length > BATCH_MAX) throw bad();
  const seen = new Set<string>();
  return v.map((x) => {
    if (!x || typeof x !== 'object' || typeof x.taskId !== 'string' || !x.taskId || x.taskId.length > 40 || seen.has(x.taskId)) throw bad();
    seen.add(x.taskId);
    const id = positiveInt(req, x.id, 'items');
    const version = x.version === undefined || x.version === null || x.version === '' ? undefined : positiveInt(req, x.version, 'items');
    return { id, taskId: x.taskId, ...(version !== undefined ? { version } : {}) };
  });
}

/** Registers the calls of the module comment; `callerOf` is the group's caller of a request. */
export function registerWorkLists(app: FastifyInstance, runtime: FlowRuntime, callerOf: (req: FastifyRequest) => Promise<FlowCaller>): void {
  const db = app.ctx.db;
  // One text function per locale: withNames remembers the titles it gave (definition texts are read once).
  const texts = new Map<string, (t: { t: string; d: string } | undefined) => string>();
  const textOf = (req: FastifyRequest) => {
    let f = texts.get(req.locale);
    if (!f) texts.set(req.locale, (f = (t) => (t ? (definitionText(req.locale, t.t) ?? t.d) : '')));
    return f;
  };
  /** The body's filters plus the caller's clearance (密级: never from the body). */
  const filtersOf = async (req: FastifyRequest, body: ListBody) => ({
    ...listFilters(body, (field) => badInput(req.t('error.badParam', { field }))),
    clearance: await clearanceOf(db, req.user.userId),
  });
  /** Rows with their names (withNames) and `open`: the approval route of their flow's entity (approvalRouteOfFlow). */
  const named = async <R extends { defId: string; nodeId?: string; initiator?: number }>(req: FastifyRequest, rows: R[], names?: (string | null)[]) => {
    const { registry } = await schemaStore(db);
    return withNames(db, rows, textOf(req), { names, open: (defId, def) => approvalRouteOfFlow(registry, defId, def) });
  };

  for (const kind of ['todo', 'done', 'cc'] as const) {
    call<ListBody>(app, `flow/${kind}`, { body: WORK_LIST_BODY }, async (req) => {
      const b = req.body;
      const { list, total, names } = await taskListCached(db, req.user.userId, kind, b, await filtersOf(req, b));
      return { total, list: await named(req, list, names) };
    });
  }
  for (const kind of ['sent', 'drafts'] as const) {
    call<ListBody>(app, `flow/${kind}`, { body: WORK_LIST_BODY }, async (req) => {
      const b = req.body;
      const r = await instanceList(db, req.user.userId, kind, b, await filtersOf(req, b));
      return { ...r, list: await named(req, r.list) };
    });
  }
  call<ListBody>(app, 'flow/supervise', { body: WORK_LIST_BODY }, async (req) => {
    const b = req.body;
    const r = await superviseList(db, req.user.userId, await isSupervisor(req), b, await filtersOf(req, b), textOf(req));
    return { ...r, list: await named(req, r.list) };
  });
  call<ListBody>(app, 'flow/counts', { body: body({ flows: WORK_LIST_BODY.properties.flows, area: WORK_LIST_BODY.properties.area }) }, async (req) =>
    allCounts(db, req.user.userId, await isSupervisor(req), req.body, await clearanceOf(db, req.user.userId)),
  );

  // items and opinion are checked by batchItems and below, which name them
  const batchBody = body({ items: anyValue('items'), opinion: anyValue('opinion') });
  call<{ items: unknown; opinion?: unknown }>(app, 'flow/batch', { body: batchBody }, async (req) => {
    const b = req.body;
    const items = batchItems(req, b.items);
    if (b.opinion !== undefined && b.opinion !== null && (typeof b.opinion !== 'string' || b.opinion.length > OPINION_MAX))
      throw badInput(req.t('error.badParam', { field: 'opinion' }));
    const opinion = typeof b.opinion === 'string' ? b.opinion.trim() : undefined;
    const results = await batchApprove(runtime, await callerOf(req), items, opinion || undefined);
    const success = results.filter((r) => r.ok).length;
    return { results, success, failed: results.length - success };
  });
}
