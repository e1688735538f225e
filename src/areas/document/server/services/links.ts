/**
 * Details and authorisations of 关联文件 (SPEC §7 infothgl, authorizethgl "关联文件"), over doc_relations
 * (migration 0019) and doc_relation_grants (migration 0026).
 *
 * An authorisation (grant) of a link lets the participants of one document (the reader: its drafter and everyone
 * who held a task of its flow, also on someone's behalf) read the other (the target) through the link, read-only,
 * even when they take no part in it — never above their clearance: the caller still checks the target's 密级
 * against the reader's clearance at every read (api/links.ts readableView). Grants are directional and
 * go with the link (delthgl removes them, services/extras.ts removeRelation). Granting and withdrawing is
 * one transaction with an audit row on the reader document's record (`<entity>.relationAuthorize`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The link between two documents as it was entered (flowId → relatedFlowId). */
export interface RelationLink {
  id: number;
  flowId: number;
  relatedFlowId: number;
  kindId: number | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: number;
}

/** The link between `a` and `b` in either direction, or undefined. */
export async function relationBetween(db: Db, a: number, b: number): Promise<RelationLink | undefined> {
  const r = await db
    .selectFrom('doc_relations as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(['r.id', 'r.flow_id', 'r.related_flow_id', 'r.kind_id', 'r.created_by', 'u.realname', 'r.created_at'])
    .where((eb) =>
      eb.or([eb.and([eb('r.flow_id', '=', a), eb('r.related_flow_id', '=', b)]), eb.and([eb('r.flow_id', '=', b), eb('r.related_flow_id', '=', a)])]),
    )
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    flowId: r.flow_id,
    relatedFlowId: r.related_flow_id,
    kindId: r.kind_id,
    createdBy: r.created_by,
    createdByName: r.realname ?? null,
    createdAt: Number(r.created_at),
  };
}

/** A grant: the participants of `readerFlowId` may read `targetFlowId`. */
export interface GrantRow {
  readerFlowId: number;
  targetFlowId: number;
  grantedBy: number | null;
  grantedByName: string | null;
  grantedAt: number;
}

/** The grants between `a` and `b`, both directions. */
export async function grantsBetween(db: Db, a: number, b: number): Promise<GrantRow[]> {
  const rows = await db
    .selectFrom('doc_relation_grants as g')
    .leftJoin('users as u', 'u.id', 'g.granted_by')
    .select(['g.reader_flow_id', 'g.target_flow_id', 'g.granted_by', 'u.realname', 'g.granted_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('g.reader_flow_id', '=', a), eb('g.target_flow_id', '=', b)]),
        eb.and([eb('g.reader_flow_id', '=', b), eb('g.target_flow_id', '=', a)]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    readerFlowId: r.reader_flow_id,
    targetFlowId: r.target_flow_id,
    grantedBy: r.granted_by,
    grantedByName: r.realname ?? null,
    grantedAt: Number(r.granted_at),
  }));
}

/**
 * The grants between `flowId` and each of `others`: `reads` — the others whose reading `flowId`'s participants
 * were granted; `readBy` — the others whose participants may read `flowId`.
 */
export async function grantsAround(db: Db, flowId: number, others: number[]): Promise<{ reads: Set<number>; readBy: Set<number> }> {
  const reads = new Set<number>();
  const readBy = new Set<number>();
  if (!others.length) return { reads, readBy };
  const rows = await db
    .selectFrom('doc_relation_grants')
    .select(['reader_flow_id', 'target_flow_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('reader_flow_id', '=', flowId), eb('target_flow_id', 'in', others)]),
        eb.and([eb('target_flow_id', '=', flowId), eb('reader_flow_id', 'in', others)]),
      ]),
    )
    .execute();
  for (const r of rows) {
    if (r.reader_flow_id === flowId) reads.add(r.target_flow_id);
    else readBy.add(r.reader_flow_id);
  }
  return { reads, readBy };
}

/**
 * The documents through whose authorised links user `userId` may read `targetFlowId`: grants to `targetFlowId`
 * whose reader document `userId` took part in (drafter, or holder of one of its tasks, also on someone's behalf).
 * Clearance is not checked here.
 */
export async function linkReaderFlows(db: Db, userId: number, targetFlowId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('doc_relation_grants as g')
    .select('g.reader_flow_id')
    .where('g.target_flow_id', '=', targetFlowId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('flow_instances as i').select('i.id').whereRef('i.id', '=', 'g.reader_flow_id').where('i.initiator_id', '=', userId)),
        eb.exists(
          eb
            .selectFrom('flow_tasks as t')
            .select('t.id')
            .whereRef('t.instance_id', '=', 'g.reader_flow_id')
            .where((w) => w.or([w('t.assignee_id', '=', userId), w('t.on_behalf_of', '=', userId)])),
        ),
      ]),
    )
    .orderBy('g.reader_flow_id')
    .execute();
  return rows.map((r) => r.reader_flow_id);
}

/** Who authorises (audit row). */
export interface GrantCaller {
  userId: number;
  username: string;
  ip: string;
}

/** What authorizethgl changes: the reader document (its record names the audit object) and the target. */
export interface GrantChange {
  reader: { id: number; entity: string | null; recordId: number | null };
  targetFlowId: number;
  authorized: boolean;
}

/**
 * Grants (or withdraws) `g.reader`'s participants reading `g.targetFlowId` in one transaction with its audit row;
 * answers whether anything changed (granting twice or withdrawing what was not granted changes nothing and
 * writes nothing).
 */
export async function setGrant(db: Kysely<DB>, dialect: Dialect, c: GrantCaller, g: GrantChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const had = !!(await trx
      .selectFrom('doc_relation_grants')
      .select('id')
      .where('reader_flow_id', '=', g.reader.id)
      .where('target_flow_id', '=', g.targetFlowId)
      .executeTakeFirst());
    if (had === g.authorized) return false;
    if (g.authorized) {
      await trx
        .insertInto('doc_relation_grants')
        .values({ reader_flow_id: g.reader.id, target_flow_id: g.targetFlowId, granted_by: c.userId, granted_at: now() })
        .execute();
    } else {
      await trx.deleteFrom('doc_relation_grants').where('reader_flow_id', '=', g.reader.id).where('target_flow_id', '=', g.targetFlowId).execute();
    }
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: `${g.reader.entity ?? 'document'}.relationAuthorize`,
      object: g.reader.entity && g.reader.recordId != null ? `${g.reader.entity}:${g.reader.recordId}` : `flow:${g.reader.id}`,
      result: 'success',
      detail: { flowId: g.reader.id, relatedFlowId: g.targetFlowId, before: { authorized: had }, after: { authorized: g.authorized } },
    });
    return true;
  });
}
