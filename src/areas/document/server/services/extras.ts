/**
 * 收藏 (favourites, SPEC /document/scgw) and 关联文件 (SPEC §7 listthgl / editthgl / delthgl) of official documents
 *, over doc_favorites and doc_relations (migration 0019). Both hold flow instance ids of document flows
 * (发文 document.send, 收文 document.receive).
 *
 * Who may see what is decided by the caller (src/server/api/extras.ts) with the flow runtime's `view`
 * (a participant, an administrator or a supervisor, cleared for the 密级): the reads here answer candidate rows,
 * bounded, and the caller keeps the visible ones. Writes take a transaction (`trx`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';

/** The 发文 and 收文 entities: the flows documents favourites and relations may name. */
export const DOCUMENT_ENTITIES: readonly string[] = ['document.send', 'document.receive'];

/** Most favourites one user may keep (the scgw list is checked row by row against the runtime's view). */
export const FAVORITES_MAX = 500;

/** Most documents linked to one document. */
export const RELATIONS_MAX = 100;

/** A document flow as the scgw and 关联文件 lists show it. */
export interface DocFlowRow {
  /** flow_instances.id */
  id: number;
  title: string;
  defId: string;
  entity: string | null;
  recordId: number | null;
  /** draft | running | finished | rejected | withdrawn. */
  status: string;
  initiator: number;
  /** Epoch ms: when it was favourited (scgw) or linked (关联文件). */
  at: number;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Whether user `userId` has favourited flow `flowId`. */
export async function isFavorite(db: Db, userId: number, flowId: number): Promise<boolean> {
  return !!(await db.selectFrom('doc_favorites').select('id').where('user_id', '=', userId).where('flow_id', '=', flowId).executeTakeFirst());
}

/**
 * Adds flow `flowId` to the favourites of `userId` (kept once; already there → no change). Answers false when
 * the user already holds FAVORITES_MAX favourites.
 */
export async function addFavorite(trx: Transaction<DB>, userId: number, flowId: number): Promise<boolean> {
  if (await isFavorite(trx, userId, flowId)) return true;
  const n = await trx
    .selectFrom('doc_favorites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n.n) >= FAVORITES_MAX) return false;
  await trx.insertInto('doc_favorites').values({ user_id: userId, flow_id: flowId, created_at: now() }).execute();
  return true;
}

/** Removes flow `flowId` from the favourites of `userId` (absent → no change). */
export async function removeFavorite(trx: Transaction<DB>, userId: number, flowId: number): Promise<void> {
  await trx.deleteFrom('doc_favorites').where('user_id', '=', userId).where('flow_id', '=', flowId).execute();
}

/** The favourites of `userId`, newest first, with a keyword on the title; at most FAVORITES_MAX rows. */
export async function favoriteRows(db: Db, userId: number, keyword?: string): Promise<DocFlowRow[]> {
  let q = db
    .selectFrom('doc_favorites as f')
    .innerJoin('flow_instances as i', 'i.id', 'f.flow_id')
    .select(['i.id', 'i.title', 'i.def_id', 'i.entity', 'i.record_id', 'i.status', 'i.initiator_id', 'f.created_at'])
    .where('f.user_id', '=', userId);
  if (keyword) q = q.where('i.title', 'like', `%${keyword}%`);
  const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(FAVORITES_MAX).execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    defId: r.def_id,
    entity: r.entity,
    recordId: r.record_id,
    status: r.status,
    initiator: r.initiator_id,
    at: Number(r.created_at),
  }));
}

/** A linked document as listthgl reads it: the link's 关联类型 and who linked it. */
export interface RelatedRow extends DocFlowRow {
  /** doc_relation_kinds.id or null. */
  kindId: number | null;
  /** users.id of who linked them, null when unknown. */
  linkedBy: number | null;
}

/** The flows linked to `flowId` in either direction, newest link first; at most RELATIONS_MAX. */
export async function relatedRows(db: Db, flowId: number): Promise<RelatedRow[]> {
  const side = (mine: 'flow_id' | 'related_flow_id', other: 'flow_id' | 'related_flow_id') =>
    db
      .selectFrom('doc_relations as r')
      .innerJoin('flow_instances as i', 'i.id', `r.${other}`)
      .select([
        'i.id',
        'i.title',
        'i.def_id',
        'i.entity',
        'i.record_id',
        'i.status',
        'i.initiator_id',
        'r.created_at',
        'r.id as link_id',
        'r.kind_id',
        'r.created_by',
      ])
      .where(`r.${mine}`, '=', flowId)
      .orderBy('r.id', 'desc')
      .limit(RELATIONS_MAX)
      .execute();
  const rows = [...(await side('flow_id', 'related_flow_id')), ...(await side('related_flow_id', 'flow_id'))];
  rows.sort((x, y) => Number(y.created_at) - Number(x.created_at) || y.link_id - x.link_id);
  return rows.slice(0, RELATIONS_MAX).map((r) => ({
    id: r.id,
    title: r.title,
    defId: r.def_id,
    entity: r.entity,
    recordId: r.record_id,
    status: r.status,
    initiator: r.initiator_id,
    at: Number(r.created_at),
    kindId: r.kind_id,
    linkedBy: r.created_by,
  }));
}

/** Whether `a` and `b` are linked, in either direction. */
async function linked(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('doc_relations')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('flow_id', '=', a), eb('related_flow_id', '=', b)]), eb.and([eb('flow_id', '=', b), eb('related_flow_id', '=', a)])]))
    .executeTakeFirst();
  return !!row;
}

/**
 * Links `flowId` with each of `related` (pairs already linked either way are kept as they are). With `kindId`
 * (a 关联类型, or null to clear it) every listed pair gets that kind, the existing ones too. Answers the number of
 * new links, or null when `flowId` would pass RELATIONS_MAX links.
 */
export async function addRelations(trx: Transaction<DB>, flowId: number, related: number[], userId: number, kindId?: number | null): Promise<number | null> {
  const fresh: number[] = [];
  for (const r of related) {
    if (!(await linked(trx, flowId, r))) fresh.push(r);
    else if (kindId !== undefined) {
      await trx
        .updateTable('doc_relations')
        .set({ kind_id: kindId })
        .where((eb) =>
          eb.or([eb.and([eb('flow_id', '=', flowId), eb('related_flow_id', '=', r)]), eb.and([eb('flow_id', '=', r), eb('related_flow_id', '=', flowId)])]),
        )
        .execute();
    }
  }
  const n = await trx
    .selectFrom('doc_relations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('flow_id', '=', flowId), eb('related_flow_id', '=', flowId)]))
    .executeTakeFirstOrThrow();
  if (Number(n.n) + fresh.length > RELATIONS_MAX) return null;
  const at = now();
  if (fresh.length)
    await trx
      .insertInto('doc_relations')
      .values(fresh.map((r) => ({ flow_id: flowId, related_flow_id: r, created_by: userId, created_at: at, kind_id: kindId ?? null })))
      .execute();
  return fresh.length;
}

/** Removes the link between `a` and `b` (either direction) and its authorisations (authorizethgl); answers whether there was one. */
export async function removeRelation(trx: Transaction<DB>, a: number, b: number): Promise<boolean> {
  await trx
    .deleteFrom('doc_relation_grants')
    .where((eb) =>
      eb.or([eb.and([eb('reader_flow_id', '=', a), eb('target_flow_id', '=', b)]), eb.and([eb('reader_flow_id', '=', b), eb('target_flow_id', '=', a)])]),
    )
    .execute();
  const r = await trx
    .deleteFrom('doc_relations')
    .where((eb) => eb.or([eb.and([eb('flow_id', '=', a), eb('related_flow_id', '=', b)]), eb.and([eb('flow_id', '=', b), eb('related_flow_id', '=', a)])]))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Most candidates document/thglCandidates answers. */
export const CANDIDATES_MAX = 20;

/**
 * Document flows user `userId` took part in (initiator or a task holder; drafts left out), newest first, with a
 * keyword on the title, without `excludeId` and the flows already linked to it; at most CANDIDATES_MAX (the caller
 * still checks each with the runtime's view, for the 密级).
 */
export async function candidateRows(db: Db, userId: number, excludeId: number, keyword?: string): Promise<DocFlowRow[]> {
  let q = db
    .selectFrom('flow_instances as i')
    .select(['i.id', 'i.title', 'i.def_id', 'i.entity', 'i.record_id', 'i.status', 'i.initiator_id', 'i.created_at'])
    .where('i.entity', 'in', [...DOCUMENT_ENTITIES])
    .where('i.status', '!=', 'draft')
    .where('i.id', '!=', excludeId)
    .where((eb) =>
      eb.or([
        eb('i.initiator_id', '=', userId),
        eb.exists(eb.selectFrom('flow_tasks as t').select('t.id').whereRef('t.instance_id', '=', 'i.id').where('t.assignee_id', '=', userId)),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('doc_relations as r').select('r.id').where('r.flow_id', '=', excludeId).whereRef('r.related_flow_id', '=', 'i.id')),
          eb.exists(eb.selectFrom('doc_relations as r').select('r.id').where('r.related_flow_id', '=', excludeId).whereRef('r.flow_id', '=', 'i.id')),
        ]),
      ),
    );
  if (keyword) q = q.where('i.title', 'like', `%${keyword}%`);
  const rows = await q.orderBy('i.id', 'desc').limit(CANDIDATES_MAX).execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    defId: r.def_id,
    entity: r.entity,
    recordId: r.record_id,
    status: r.status,
    initiator: r.initiator_id,
    at: Number(r.created_at),
  }));
}

/** realname by users.id of `ids` (nulls skipped; unknown ids left out). */
export async function realnames(db: Kysely<DB>, ids: Array<number | null>): Promise<Map<number, string>> {
  const want = [...new Set(ids.filter((x): x is number => x != null))];
  if (!want.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'realname']).where('id', 'in', want).execute();
  return new Map(rows.map((r) => [r.id, r.realname]));
}
