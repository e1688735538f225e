/**
 * Groups of people (SPEC §7 /api/groups/list, edit, info, del and selector/groups, groupsusers,
 * saveGroup): named lists of users a person keeps for the selector. A group is personal (seen by its
 * owner) or public (seen by everyone); only the owner changes or deletes it, administrators any.
 * Every change is one transaction with its audit row (DESIGN §7). Tables: migration 0003.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { ApiError } from '../../lib/errors.js';
import { audit } from '../../services/audit.js';
import type { ServiceCtx } from '../../services/context.js';

/** Most members one group may hold. */
export const MAX_GROUP_MEMBERS = 500;

/** Who acts: the signed-in user and whether they are an administrator (users.is_admin). */
export interface GroupActor {
  userId: number;
  username: string;
  isAdmin: boolean;
}

/** A group as lists show it. */
export interface GroupRow {
  id: number;
  name: string;
  /** 1 public, 0 personal. */
  is_public: number;
  owner_id: number;
  /** Realname of the owner. */
  owner: string;
  sort: number;
  /** Number of enabled members. */
  count: number;
  /** The caller may edit and delete it (owner or administrator). */
  editable: boolean;
  updated_at: number;
}

/** A group with its members (ids in order, and their names). */
export interface GroupInfo extends GroupRow {
  userIds: number[];
  users: { id: number; realname: string; status: number }[];
}

/** What groups/edit and selector/saveGroup take. */
export interface GroupInput {
  id?: number;
  name: string;
  userIds: number[];
  is_public?: number | boolean;
  sort?: number;
}

type Db = Kysely<DB>;

function groupQuery(db: Db) {
  return db
    .selectFrom('user_groups as g')
    .innerJoin('users as o', 'o.id', 'g.owner_id')
    .select((eb) => [
      'g.id as id',
      'g.name as name',
      'g.is_public as is_public',
      'g.owner_id as owner_id',
      'o.realname as owner',
      'g.sort as sort',
      'g.updated_at as updated_at',
      eb
        .selectFrom('user_group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .where('u.status', '=', 1)
        .as('count'),
    ]);
}

function present(r: Omit<GroupRow, 'editable' | 'count'> & { count: number | string | null }, actor: GroupActor): GroupRow {
  return { ...r, count: Number(r.count ?? 0), editable: r.owner_id === actor.userId || actor.isAdmin };
}

/**
 * The groups `actor` sees — their own and the public ones — whose name contains `keyword`, own groups
 * first, then by sort and id; one page (`current` from 1) and the total.
 */
export async function listGroups(
  db: Db,
  actor: GroupActor,
  p: { keyword?: string; current: number; pageSize: number },
): Promise<{ list: GroupRow[]; total: number }> {
  let q = groupQuery(db).where((eb) => eb.or([eb('g.owner_id', '=', actor.userId), eb('g.is_public', '=', 1)]));
  const kw = p.keyword?.trim().toLowerCase();
  if (kw) q = q.where(sql<boolean>`lower(g.name) like ${`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  const [count, rows] = await Promise.all([
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    q
      .orderBy(sql`case when g.owner_id = ${actor.userId} then 0 else 1 end`)
      .orderBy('g.sort')
      .orderBy('g.id')
      .limit(p.pageSize)
      .offset((p.current - 1) * p.pageSize)
      .execute(),
  ]);
  return { list: rows.map((r) => present(r, actor)), total: Number(count?.n ?? 0) };
}

/** Member ids of `groupId` in their order (disabled users included; callers filter). */
export async function memberIds(db: Db | Transaction<DB>, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_group_members').select('user_id').where('group_id', '=', groupId).orderBy('sort').orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

/** The group `id` when `actor` may see it (own, public, or administrator); -1 "群组不存在" otherwise. */
export async function groupInfo(ctx: Pick<ServiceCtx, 'db' | 't'>, actor: GroupActor, id: number): Promise<GroupInfo> {
  const row = await groupQuery(ctx.db).where('g.id', '=', id).executeTakeFirst();
  if (!row || (row.owner_id !== actor.userId && row.is_public !== 1 && !actor.isAdmin)) throw new ApiError(ctx.t('group.notFound'));
  const users = await ctx.db
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as id', 'u.realname as realname', 'u.status as status'])
    .where('m.group_id', '=', id)
    .orderBy('m.sort')
    .orderBy('u.id')
    .execute();
  return { ...present(row, actor), userIds: users.map((u) => u.id), users };
}

/**
 * Adds (no `id`) or changes a group; the members are replaced by `userIds` (duplicates dropped, order
 * kept). Errors (-1): blank name, unknown user ids (naming the field), too many members, a group that
 * does not exist or belongs to someone else (administrators may change any).
 */
export async function saveGroup(ctx: ServiceCtx, actor: GroupActor, input: GroupInput): Promise<GroupInfo> {
  const name = input.name.trim();
  if (!name) throw new ApiError(ctx.t('validate.required', { field: ctx.t('field.groupName') }));
  const ids = [...new Set(input.userIds)];
  if (ids.length > MAX_GROUP_MEMBERS) throw new ApiError(ctx.t('group.tooManyMembers', { limit: MAX_GROUP_MEMBERS }));
  const isPublic = input.is_public === true || input.is_public === 1 ? 1 : 0;
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (ids.length) {
      const found = await trx.selectFrom('users').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new ApiError(ctx.t('validate.invalid', { field: ctx.t('field.userIds') }));
    }
    const t = now();
    let groupId = input.id;
    let before: unknown = null;
    if (groupId) {
      const old = await trx.selectFrom('user_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
      if (!old || (old.owner_id !== actor.userId && old.is_public !== 1 && !actor.isAdmin)) throw new ApiError(ctx.t('group.notFound'));
      if (old.owner_id !== actor.userId && !actor.isAdmin) throw new ApiError(ctx.t('group.notOwner'));
      before = { name: old.name, is_public: old.is_public, userIds: await memberIds(trx, groupId) };
      await trx
        .updateTable('user_groups')
        .set({ name, is_public: isPublic, sort: input.sort ?? old.sort, updated_at: t })
        .where('id', '=', groupId)
        .execute();
      await trx.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
    } else {
      const row = await trx
        .insertInto('user_groups')
        .values({ name, owner_id: actor.userId, is_public: isPublic, sort: input.sort ?? 0, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupId = row.id;
    }
    if (ids.length)
      await trx
        .insertInto('user_group_members')
        .values(ids.map((u, i) => ({ group_id: groupId!, user_id: u, sort: i })))
        .execute();
    await audit(trx, ctx.dialect, {
      userId: actor.userId,
      username: actor.username,
      ip: ctx.ip,
      event: input.id ? 'group.edit' : 'group.add',
      object: `group:${groupId}`,
      result: 'success',
      detail: { before, after: { name, is_public: isPublic, userIds: ids } },
    });
    return groupId!;
  });
  return groupInfo(ctx, actor, id);
}

/**
 * Deletes the groups `ids` (all or none): each must exist and belong to `actor` unless the actor is an
 * administrator; -1 otherwise. Returns how many were deleted.
 */
export async function deleteGroups(ctx: ServiceCtx, actor: GroupActor, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('user_groups').select(['id', 'name', 'owner_id', 'is_public']).where('id', 'in', unique).execute();
    if (rows.length !== unique.length) throw new ApiError(ctx.t('group.notFound'));
    if (!actor.isAdmin && rows.some((r) => r.owner_id !== actor.userId)) throw new ApiError(ctx.t('group.notOwner'));
    await trx.deleteFrom('user_group_members').where('group_id', 'in', unique).execute();
    await trx.deleteFrom('user_groups').where('id', 'in', unique).execute();
    for (const r of rows) {
      await audit(trx, ctx.dialect, {
        userId: actor.userId,
        username: actor.username,
        ip: ctx.ip,
        event: 'group.del',
        object: `group:${r.id}`,
        result: 'success',
        detail: { name: r.name, owner_id: r.owner_id, is_public: r.is_public },
      });
    }
    return { deleted: rows.length };
  });
}
