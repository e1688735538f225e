/**
 * Who may find an official document in 公文检索 ("only documents the user may see"; DESIGN §7 密级).
 * A user finds a doc_search row only when its 密级 (secret_level '0'..'3') is at most their clearance AND one of:
 * - they created the record (拟稿人 / 登记人);
 * - they started its flow or hold or held a task in it (flow_instances.initiator_id, flow_tasks.assignee_id);
 * - a 发文 distributed to one of their units (doc_receipts.unit_id, pending, signed or returned);
 * - a 收文 registered by one of their units (its owner unit: the receiving unit that signed for it);
 * - they hold `flow:supervise` (督办) and the document belongs (doc_search.owner_unit_id: the drafter's unit of a 发文,
 *   the registering unit of a 收文) to one of their units or to a unit below one (市长 of 市人民政府: every unit; the
 *   主任 of 市政府办公室: his office, not 市财政局).
 * A unit's documents stay within the unit unless a person takes part in the flow or their unit is a recipient.
 * Expressed as SQL over `d` (doc_search), so paging and totals count only visible rows.
 */
import { type ExpressionBuilder, type Expression, type SqlBool, type Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { clearanceOf } from '../../../../server/services/clearance.js';
import { userMenus } from '../../../../server/services/menu.js';
import { unitsOfUser } from '../services/receipts.js';
import { unitsBelow } from '../../../../server/engine/scope.js';
import { SUPERVISE_CODE } from '../../../../server/engine/flow/supervise.js';

/** The 发文 and 收文 entities. */
export const SEND_ENTITY = 'document.send';
export const RECEIVE_ENTITY = 'document.receive';

/** What decides a user's visibility. */
export interface Viewer {
  userId: number;
  /** 0 非密 … 3 绝密. */
  clearance: number;
  /** Units (departments of kind unit) of the user's departments. */
  units: number[];
  /** Holds flow:supervise. */
  supervisor: boolean;
  /** When supervising: the units whose documents they oversee (their units and every unit below them). */
  supervised?: number[];
}

/** The viewer of `userId`: clearance (cached 60 s), units, and whether they supervise (menus cached). */
export async function viewerOf(db: Kysely<DB>, userId: number): Promise<Viewer> {
  const [clearance, units, menus] = await Promise.all([clearanceOf(db, userId), unitsOfUser(db, userId), userMenus(db, userId)]);
  const supervisor = menus.access.includes(SUPERVISE_CODE);
  return { userId, clearance, units, supervisor, ...(supervisor ? { supervised: await unitsBelow(db, units) } : {}) };
}

/**
 * The condition "viewer `v` may see doc_search row `d`", for a WHERE over `doc_search as d`: the 密级 test, and
 * unless `v` supervises, `d.id IN (…)` the union of the ids reached through each way of the module comment. Each
 * branch is driven by an index on the viewer's side (doc_search.created_by, flow_tasks.assignee_id,
 * flow_instances.initiator_id, doc_receipts.unit_id, doc_search.owner_unit_id), so the database starts from the
 * few documents a person is part of rather than testing EXISTS on every match of a common word.
 */
export function visibleTo(eb: ExpressionBuilder<DB & { d: DB['doc_search'] }, 'd'>, v: Viewer): Expression<SqlBool> {
  const level = eb('d.secret_level', '<=', String(Math.max(0, Math.min(3, v.clearance))));
  let ids = eb
    .selectFrom('doc_search as v1')
    .select('v1.id')
    .where('v1.created_by', '=', v.userId)
    .unionAll(eb.selectFrom('flow_instances as i').innerJoin('doc_search as v2', 'v2.flow_id', 'i.id').select('v2.id').where('i.initiator_id', '=', v.userId))
    .unionAll(
      eb.selectFrom('flow_tasks as t').innerJoin('doc_search as v3', 'v3.flow_id', 't.instance_id').select('v3.id').where('t.assignee_id', '=', v.userId),
    );
  if (v.units.length) {
    ids = ids
      .unionAll(
        eb
          .selectFrom('doc_receipts as r')
          .innerJoin('doc_search as v4', (j) => j.onRef('v4.record_id', '=', 'r.send_id').on('v4.entity', '=', SEND_ENTITY))
          .select('v4.id')
          .where('r.unit_id', 'in', v.units),
      )
      .unionAll(eb.selectFrom('doc_search as v5').select('v5.id').where('v5.owner_unit_id', 'in', v.units).where('v5.entity', '=', RECEIVE_ENTITY));
  }
  if (v.supervisor && v.supervised?.length) ids = ids.unionAll(eb.selectFrom('doc_search as v6').select('v6.id').where('v6.owner_unit_id', 'in', v.supervised));
  return eb.and([level, eb('d.id', 'in', ids)]);
}
