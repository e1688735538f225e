/**
 * API group `selector` (SPEC §7 "Selector"; client contract engine/data/api.ts `selector`): the
 * organisation selector's calls. Every call needs a session; every call that offers people honours
 * `document_mj` in smw mode (src/server/services/selector.ts). Bad parameters answer -1 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LIST_PAGE, DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import { ApiError, call } from '../../lib/route.js';
import { serviceCtx } from '../../services/context.js';
import {
  DEFAULT_SELECTOR_DEPARTMENT_ID,
  DOCUMENT_MJ_VALUES,
  SEARCH_LIMIT,
  isOpen,
  loadOrg,
  people,
  positions,
  recent,
  refNames,
  requiredClearance,
  saveRecent,
  searchDepts,
  smwEnabled,
  subtree,
  treeAll,
  treeChildren,
  unitOf,
  units,
  type Org,
} from '../../services/selector.js';
import { actorOf, groupEditBody, groupInputOf } from '../groups/index.js';
import { groupInfo, listGroups, memberIds, saveGroup, type GroupInput } from '../groups/service.js';

const document_mj = { type: 'string', enum: ['', ...DOCUMENT_MJ_VALUES], title: 'field.document_mj' };
const deptId = (title: string) => ({ type: 'integer', minimum: 1, title });
const ids = (title: string, max = 500) => ({ type: 'array', maxItems: max, items: { type: 'integer', minimum: 1 }, title });

/** A body schema with `document_mj` and the given properties. */
function body(properties: Record<string, Record<string, unknown>>, required: string[] = []) {
  return { type: 'object' as const, required, properties: { document_mj, ...properties } };
}

type Mj = { document_mj?: string };

/** The open department `id` (999999999 → the caller's current one, null when they have none); -1 naming `field` otherwise. */
function departmentOf(req: FastifyRequest, org: Org, id: number, field: string): number | null {
  const resolved = id === DEFAULT_SELECTOR_DEPARTMENT_ID ? req.user.deptId : id;
  if (resolved == null) return null;
  if (!isOpen(org, resolved)) throw new ApiError(req.t('validate.invalid', { field: req.t(field) }));
  return resolved;
}

/**
 * Registers the selector calls (shapes in engine/data/api.ts):
 * - `tree` {parentId?} → SelectorDept[] (children, top departments when absent; -1 for an unknown parent);
 * - `treeall` → SelectorDept[] nested;
 * - `user` {departmentId, deep?} → SelectorUser[] (999999999: the caller's current department);
 * - `search` {keyword} → {users, depts} (≤ 50 each; name, account, pinyin initials);
 * - `getlist` {users?, depts?} → RefNames;
 * - `getpagelist` {departmentId?, keyword?, current?, pageSize?} → {list, total} (sub-departments included);
 * - `getrecent` → SelectorUser[] (newest first, ≤ 20); `saverecent` {ids} → null;
 * - `position` → {id, name, count}[]; `positionuser` {positionId} → SelectorUser[];
 * - `groups` → {id, name, count}[]; `groupsusers` {groupId} → SelectorUser[]; `saveGroup` → GroupInfo;
 * - `officeslist` → SelectorDept[] (units); `officesuser` {officeId} → SelectorUser[] (the unit and its offices);
 * - `getDefault` → {departmentId: 999999999, deptId, unitId, smw}.
 */
export function register(app: FastifyInstance): void {
  call<{ parentId?: number } & Mj>(app, 'selector/tree', { body: body({ parentId: deptId('field.parentId') }) }, async (req) => {
    const org = await loadOrg(req.server.ctx.db);
    if (req.body.parentId != null && !isOpen(org, req.body.parentId)) throw new ApiError(req.t('validate.invalid', { field: req.t('field.parentId') }));
    return treeChildren(org, req.body.parentId ?? null);
  });

  call<Mj>(app, 'selector/treeall', { body: body({}) }, async (req) => treeAll(await loadOrg(req.server.ctx.db)));

  call<{ departmentId: number; deep?: boolean } & Mj>(
    app,
    'selector/user',
    { body: body({ departmentId: deptId('field.departmentId'), deep: { type: 'boolean', title: 'field.deep' } }, ['departmentId']) },
    async (req) => {
      const db = req.server.ctx.db;
      const org = await loadOrg(db);
      const dept = departmentOf(req, org, req.body.departmentId, 'field.departmentId');
      if (dept == null) return [];
      return people(db, org, { deptIds: req.body.deep ? subtree(org, dept) : [dept], clearance: await requiredClearance(db, req.body.document_mj) });
    },
  );

  call<{ keyword: string } & Mj>(
    app,
    'selector/search',
    { body: body({ keyword: { type: 'string', maxLength: 50, title: 'field.keyword' } }, ['keyword']) },
    async (req) => {
      const kw = req.body.keyword.trim();
      if (!kw) throw new ApiError(req.t('validate.required', { field: req.t('field.keyword') }));
      const db = req.server.ctx.db;
      const org = await loadOrg(db);
      const users = await people(db, org, { keyword: kw, clearance: await requiredClearance(db, req.body.document_mj) });
      return { users: users.slice(0, SEARCH_LIMIT), depts: searchDepts(org, kw) };
    },
  );

  call<{ users?: number[]; depts?: number[] } & Mj>(
    app,
    'selector/getlist',
    { body: body({ users: ids('field.users'), depts: ids('field.depts') }) },
    async (req) => refNames(req.server.ctx.db, await loadOrg(req.server.ctx.db), req.body.users ?? [], req.body.depts ?? []),
  );

  call<{ departmentId?: number; keyword?: string; current?: number; pageSize?: number } & Mj>(
    app,
    'selector/getpagelist',
    {
      body: body({
        departmentId: deptId('field.departmentId'),
        keyword: { type: 'string', maxLength: 50, title: 'field.keyword' },
        current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, title: 'field.pageSize' },
      }),
    },
    async (req) => {
      const db = req.server.ctx.db;
      const org = await loadOrg(db);
      const current = req.body.current ?? DEFAULT_LIST_PAGE;
      const pageSize = req.body.pageSize ?? DEFAULT_PAGE_SIZE;
      const dept = req.body.departmentId == null ? undefined : departmentOf(req, org, req.body.departmentId, 'field.departmentId');
      if (dept === null) return { list: [], total: 0 };
      const all = await people(db, org, {
        deptIds: dept === undefined ? undefined : subtree(org, dept),
        keyword: req.body.keyword,
        clearance: await requiredClearance(db, req.body.document_mj),
      });
      return { list: all.slice((current - 1) * pageSize, current * pageSize), total: all.length };
    },
  );

  call<Mj>(app, 'selector/getrecent', { body: body({}) }, async (req) => {
    const db = req.server.ctx.db;
    return recent(db, await loadOrg(db), req.user.userId, await requiredClearance(db, req.body.document_mj));
  });

  call<{ ids: number[] }>(app, 'selector/saverecent', { body: body({ ids: ids('field.ids', 100) }, ['ids']) }, async (req) => {
    if (!(await saveRecent(req.server.ctx.db, req.user.userId, req.body.ids))) throw new ApiError(req.t('validate.invalid', { field: req.t('field.ids') }));
    return null;
  });

  call<Mj>(app, 'selector/position', { body: body({}) }, async (req) =>
    positions(req.server.ctx.db, await requiredClearance(req.server.ctx.db, req.body.document_mj)),
  );

  call<{ positionId: number } & Mj>(app, 'selector/positionuser', { body: body({ positionId: deptId('field.positionId') }, ['positionId']) }, async (req) => {
    const db = req.server.ctx.db;
    const exists = await db.selectFrom('positions').select('id').where('id', '=', req.body.positionId).executeTakeFirst();
    if (!exists) throw new ApiError(req.t('validate.invalid', { field: req.t('field.positionId') }));
    return people(db, await loadOrg(db), { positionId: req.body.positionId, clearance: await requiredClearance(db, req.body.document_mj) });
  });

  call<Mj>(app, 'selector/groups', { body: body({}) }, async (req) => {
    const { list } = await listGroups(req.server.ctx.db, actorOf(req), { current: 1, pageSize: 1000 });
    return list.map((g) => ({ id: g.id, name: g.name, count: g.count, is_public: g.is_public, editable: g.editable }));
  });

  call<{ groupId: number } & Mj>(app, 'selector/groupsusers', { body: body({ groupId: deptId('field.groupId') }, ['groupId']) }, async (req) => {
    const db = req.server.ctx.db;
    await groupInfo(serviceCtx(req), actorOf(req), req.body.groupId);
    const order = await memberIds(db, req.body.groupId);
    const found = new Map(
      (await people(db, await loadOrg(db), { userIds: order, clearance: await requiredClearance(db, req.body.document_mj) })).map((u) => [u.id, u]),
    );
    return order.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  });

  call<GroupInput>(app, 'selector/saveGroup', { body: groupEditBody }, async (req) => saveGroup(serviceCtx(req), actorOf(req), groupInputOf(req.body)));

  call<Mj>(app, 'selector/officeslist', { body: body({}) }, async (req) => units(await loadOrg(req.server.ctx.db)));

  call<{ officeId: number } & Mj>(app, 'selector/officesuser', { body: body({ officeId: deptId('field.officeId') }, ['officeId']) }, async (req) => {
    const db = req.server.ctx.db;
    const org = await loadOrg(db);
    const dept = departmentOf(req, org, req.body.officeId, 'field.officeId');
    if (dept == null) return [];
    return people(db, org, { deptIds: subtree(org, dept), clearance: await requiredClearance(db, req.body.document_mj) });
  });

  call<Mj>(app, 'selector/getDefault', { body: body({}) }, async (req) => {
    const db = req.server.ctx.db;
    const org = await loadOrg(db);
    const dept = req.user.deptId != null && isOpen(org, req.user.deptId) ? req.user.deptId : null;
    return { departmentId: DEFAULT_SELECTOR_DEPARTMENT_ID, deptId: dept, unitId: unitOf(org, dept), smw: await smwEnabled(db) };
  });
}
