/**
 * 委托 (DESIGN §5 "Delegation during absence by date range"): a person names a delegate who handles
 * their new tasks between two instants, for one flow or for all. The runtime reads the ones in force
 * (./org.ts); these are the person's own list, add and remove. Refusals are ApiError -1 in the caller's words
 * (`t`, the request's translator).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import type { Delegation } from '../../../shared/flow.js';

export type { Delegation };

/** Most 委托 one person keeps. */
export const MAX_DELEGATIONS = 50;

/** A new 委托: validated by the caller except for what needs the database. */
export interface NewDelegation {
  delegateId: number;
  start: number;
  end: number;
  defId: string | null;
  remark: string | null;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The 委托 of `userId`, the latest start first. */
export async function delegationsOf(db: Kysely<DB>, userId: number): Promise<Delegation[]> {
  const rows = await db
    .selectFrom('flow_delegations as d')
    .leftJoin('users as u', 'u.id', 'd.delegate_id')
    .select(['d.id', 'd.delegate_id as delegateId', 'u.realname as delegateName', 'd.def_id as defId', 'd.start_at as start', 'd.end_at as end', 'd.remark'])
    .where('d.user_id', '=', userId)
    .orderBy('d.start_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, start: Number(r.start), end: Number(r.end) }));
}

/**
 * Adds a 委托 of `userId` in one transaction. -1 when the range is reversed, the delegate is oneself, not an
 * enabled person (naming `delegateId`), or the person already keeps MAX_DELEGATIONS.
 */
export async function addDelegation(db: Kysely<DB>, userId: number, d: NewDelegation, t: Translate): Promise<{ id: number }> {
  if (d.end < d.start) throw badInput(t('flow.delegationRange'));
  if (d.delegateId === userId) throw badInput(t('flow.delegateSelf'));
  return db.transaction().execute(async (trx) => {
    const u = await trx.selectFrom('users').select('id').where('id', '=', d.delegateId).where('status', '=', 1).executeTakeFirst();
    if (!u) throw badInput(t('error.badParam', { field: 'delegateId' }));
    const n = await trx
      .selectFrom('flow_delegations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(n?.n ?? 0) >= MAX_DELEGATIONS) throw badInput(t('flow.tooManyDelegations', { max: MAX_DELEGATIONS }));
    const row = await trx
      .insertInto('flow_delegations')
      .values({ user_id: userId, delegate_id: d.delegateId, def_id: d.defId, start_at: d.start, end_at: d.end, remark: d.remark, created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

/** Removes 委托 `id` of `userId`; -1 entity.notFound when it is not theirs. */
export async function removeDelegation(db: Kysely<DB>, userId: number, id: number, t: Translate): Promise<{ deleted: number }> {
  const r = await db.deleteFrom('flow_delegations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) throw badInput(t('entity.notFound'));
  return { deleted: 1 };
}
