/**
 * API group `groups` (SPEC §7 "Users and groups": /api/groups/list, edit, info, del): the caller's own
 * and the public groups of people. The same groups feed selector/groups and selector/groupsusers.
 * SQL, ownership rules and audit are in ./service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LIST_PAGE, DEFAULT_PAGE_SIZE } from '../../../shared/constants.js';
import { ApiError, call } from '../../lib/route.js';
import { serviceCtx } from '../../services/context.js';
import { deleteGroups, groupInfo, listGroups, MAX_GROUP_MEMBERS, saveGroup, type GroupActor, type GroupInput } from './service.js';

/** The acting user of a request for the group services. */
export function actorOf(req: FastifyRequest): GroupActor {
  return { userId: req.user.userId, username: req.user.username, isAdmin: req.user.isAdmin };
}

const id = { type: 'integer', minimum: 1, title: 'field.groupId' };

/** Body schema of groups/edit and selector/saveGroup. */
export const groupEditBody = {
  type: 'object' as const,
  required: ['name', 'userIds'],
  properties: {
    id,
    name: { type: 'string', minLength: 1, maxLength: 50, title: 'field.groupName' },
    userIds: { type: 'array', maxItems: MAX_GROUP_MEMBERS, items: { type: 'integer', minimum: 1 }, title: 'field.userIds' },
    is_public: { type: ['integer', 'boolean'], enum: [0, 1, true, false], title: 'field.isPublic' },
    public: { type: ['integer', 'boolean'], enum: [0, 1, true, false], title: 'field.isPublic' },
    sort: { type: 'integer', minimum: 0, maximum: 1000000, title: 'field.sort' },
  },
};

/** The GroupInput of an edit body (`public` is accepted as a synonym of `is_public`). */
export function groupInputOf(body: GroupInput & { public?: number | boolean }): GroupInput {
  return { id: body.id, name: body.name, userIds: body.userIds, is_public: body.is_public ?? body.public, sort: body.sort };
}

/**
 * Registers:
 * - `groups/list` {keyword?, current?, pageSize?} → {list: GroupRow[], total} (own and public groups);
 * - `groups/info` {id} → GroupInfo (with userIds and users); -1 when not visible;
 * - `groups/edit` {id?, name, userIds, is_public?, sort?} → GroupInfo (adds when no id; owner or admin);
 * - `groups/del` {id | ids} → {deleted} (own groups; administrators any).
 */
export function register(app: FastifyInstance): void {
  call<{ keyword?: string; current?: number; pageSize?: number }>(
    app,
    'groups/list',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: 50, title: 'field.keyword' },
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: 100, title: 'field.pageSize' },
        },
      },
    },
    async (req) =>
      listGroups(req.server.ctx.db, actorOf(req), {
        keyword: req.body.keyword,
        current: req.body.current ?? DEFAULT_LIST_PAGE,
        pageSize: req.body.pageSize ?? DEFAULT_PAGE_SIZE,
      }),
  );

  call<{ id: number }>(app, 'groups/info', { body: { type: 'object', required: ['id'], properties: { id } } }, async (req) =>
    groupInfo(serviceCtx(req), actorOf(req), req.body.id),
  );

  call<GroupInput>(app, 'groups/edit', { body: groupEditBody }, async (req) => saveGroup(serviceCtx(req), actorOf(req), groupInputOf(req.body)));

  call<{ id?: number; ids?: number[] }>(
    app,
    'groups/del',
    {
      body: {
        type: 'object',
        properties: { id, ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 }, title: 'field.groupIds' } },
      },
    },
    async (req) => {
      const ids = req.body.ids ?? (req.body.id ? [req.body.id] : []);
      if (!ids.length) throw new ApiError(req.t('validate.required', { field: req.t('field.groupId') }));
      return deleteGroups(serviceCtx(req), actorOf(req), ids);
    },
  );
}
