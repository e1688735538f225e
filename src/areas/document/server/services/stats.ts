/**
 * 公文统计 ("Statistics (/stat/document, dbstat): by unit, month, kind, overdue, average handling time";
 * SPEC §7 document/dbstat). Aggregates over the document flows (发文 `document.send`, 收文 `document.receive`) of one
 * year in Beijing time: counts only, never a document's content, so the figures are the same for every holder of
 * `stat:read`.
 *
 * - by unit: 发文 submitted by people of the unit (the initiator's department folded into its unit), 收文 signed for by
 *   it, still running, finished, overdue steps, average hours from submission to 办结;
 * - by month: 发文 and 收文 submitted per month (1–12);
 * - by kind: 发文 per 公文种类 (dictionary document_type);
 * - totals: the same figures over everything.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { unitOf } from '../../../../server/engine/scope.js';
import type { DocumentStats, UnitStat } from '../../shared/types.js';
import { DEFAULT_TIME_ZONE, instantOf } from '../../../../../engine/expr/zone.js';
import { orgTimeZone } from '../../../../server/services/orgZone.js';

/** The flows counted. */
export const SEND_FLOW = 'document.send';
export const RECEIVE_FLOW = 'document.receive';
const HOUR_MS = 3_600_000;

export type { DocumentStats, UnitStat };

/** Epoch ms of the first of `month` (1–12, 13 = next January) 00:00 of `year` in IANA zone `zone`. */
function monthStart(year: number, month: number, zone: string): number {
  return instantOf({ year: year + Math.floor((month - 1) / 12), month: ((month - 1) % 12) + 1, day: 1, hour: 0, minute: 0, second: 0 }, zone);
}

/** Epoch ms of 1 January 00:00 of `year` in the organisation's zone `zone` (services/orgZone.ts; default Asia/Shanghai). */
export function yearStart(year: number, zone: string = DEFAULT_TIME_ZONE): number {
  return monthStart(year, 1, zone);
}

/**
 * The month (1–12) of an epoch-ms column within `year` in `zone`: compared with the instants the months begin
 * (exact in zones with daylight saving too, and the same SQL on both dialects).
 */
function monthOf(column: string, year: number, zone: string) {
  const whens = Array.from({ length: 11 }, (_, i) => sql`when ${sql.ref(column)} < ${sql.lit(monthStart(year, i + 2, zone))} then ${sql.lit(i + 1)}`);
  return sql<number>`(case ${sql.join(whens, sql` `)} else 12 end)`;
}

/**
 * The statistics of `year`, optionally of one unit (`unitId`: only its lines and the figures of its documents).
 * Reads grouped rows by initiator department and folds them into units in memory (a few hundred departments).
 */
export async function documentStats(db: Kysely<DB>, dialect: Dialect, q: { year: number; unitId?: number }): Promise<DocumentStats> {
  const zone = await orgTimeZone(db);
  const from = yearStart(q.year, zone);
  const to = yearStart(q.year + 1, zone);
  const flows = [SEND_FLOW, RECEIVE_FLOW];
  const inYear = db
    .selectFrom('flow_instances as i')
    .where('i.def_id', 'in', flows)
    .where('i.status', '<>', 'draft')
    .where('i.started_at', '>=', from)
    .where('i.started_at', '<', to);

  const [byDept, overdueByDept, months, kinds, received] = await Promise.all([
    inYear
      .select((eb) => [
        'i.initiator_dept_id as dept',
        'i.def_id as def',
        'i.status as status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`case when i.ended_at is not null and i.status = 'finished' then i.ended_at - i.started_at else 0 end`).as('spent'),
      ])
      .groupBy(['i.initiator_dept_id', 'i.def_id', 'i.status'])
      .execute(),
    inYear
      .innerJoin('flow_tasks as t', 't.instance_id', 'i.id')
      .where('t.overdue', '=', 1)
      .select((eb) => ['i.initiator_dept_id as dept', eb.fn.countAll<number>().as('n')])
      .groupBy('i.initiator_dept_id')
      .execute(),
    inYear
      .select((eb) => [monthOf('i.started_at', q.year, zone).as('month'), 'i.def_id as def', 'i.initiator_dept_id as dept', eb.fn.countAll<number>().as('n')])
      .groupBy([monthOf('i.started_at', q.year, zone), 'i.def_id', 'i.initiator_dept_id'])
      .execute(),
    // 公文种类 of the 发文 records (the table of the entity document.send, derived from its definition).
    sql<{ docType: string | null; dept: number | null; n: number }>`select d."docType" as "docType", i.initiator_dept_id as dept, count(*) as n
      from flow_instances i join biz_doc_send d on d.id = i.record_id
      where i.def_id = ${SEND_FLOW} and i.status <> 'draft' and i.started_at >= ${from} and i.started_at < ${to}
      group by d."docType", i.initiator_dept_id`
      .execute(db)
      .then((r) => r.rows),
    db
      .selectFrom('doc_receipts')
      .where('status', '=', 'signed')
      .where('signed_at', '>=', from)
      .where('signed_at', '<', to)
      .select((eb) => ['unit_id', eb.fn.countAll<number>().as('n')])
      .groupBy('unit_id')
      .execute(),
  ]);

  const unitCache = new Map<number | null, number | null>();
  const unitOfDept = async (dept: number | null) => {
    if (!unitCache.has(dept)) unitCache.set(dept, dept == null ? null : ((await unitOf(db, dept)) ?? dept));
    return unitCache.get(dept) ?? null;
  };
  const keep = async (dept: number | null) => q.unitId === undefined || (await unitOfDept(dept)) === q.unitId;

  const lines = new Map<number, UnitStat & { spent: number }>();
  const line = (unit: number) => {
    let l = lines.get(unit);
    if (!l) lines.set(unit, (l = { unitId: unit, unitName: '', sent: 0, received: 0, running: 0, finished: 0, overdue: 0, avgHours: null, spent: 0 }));
    return l;
  };
  for (const r of byDept) {
    const unit = await unitOfDept(r.dept);
    if (unit == null || !(await keep(r.dept))) continue;
    const l = line(unit);
    const n = Number(r.n);
    if (r.def === SEND_FLOW) l.sent += n;
    if (r.status === 'running') l.running += n;
    if (r.status === 'finished') {
      l.finished += n;
      l.spent += Number(r.spent ?? 0);
    }
  }
  for (const r of overdueByDept) {
    const unit = await unitOfDept(r.dept);
    if (unit != null && (await keep(r.dept))) line(unit).overdue += Number(r.n);
  }
  for (const r of received) if (q.unitId === undefined || r.unit_id === q.unitId) line(r.unit_id).received += Number(r.n);

  const names = lines.size
    ? new Map(
        (
          await db
            .selectFrom('departments')
            .select(['id', 'name'])
            .where('id', 'in', [...lines.keys()])
            .execute()
        ).map((d) => [d.id, d.name]),
      )
    : new Map<number, string>();
  const units: UnitStat[] = [...lines.values()]
    .map(({ spent, ...l }) => ({
      ...l,
      unitName: names.get(l.unitId) ?? '',
      avgHours: l.finished ? Math.round((spent / l.finished / HOUR_MS) * 10) / 10 : null,
    }))
    .sort((a, b) => b.sent + b.received - (a.sent + a.received) || a.unitId - b.unitId);

  const monthLines = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, sent: 0, received: 0 }));
  for (const r of months) {
    if (!(await keep(r.dept))) continue;
    const m = monthLines[Number(r.month) - 1];
    if (!m) continue;
    if (r.def === SEND_FLOW) m.sent += Number(r.n);
    else m.received += Number(r.n);
  }
  const kindCounts = new Map<string, number>();
  for (const r of kinds) if (await keep(r.dept)) kindCounts.set(String(r.docType ?? ''), (kindCounts.get(String(r.docType ?? '')) ?? 0) + Number(r.n));

  const sum = (f: (u: UnitStat) => number) => units.reduce((s, u) => s + f(u), 0);
  const finished = sum((u) => u.finished);
  const spent = [...lines.values()].reduce((s, l) => s + l.spent, 0);
  return {
    year: q.year,
    units,
    months: monthLines,
    kinds: [...kindCounts.entries()].map(([docType, count]) => ({ docType, count })).sort((a, b) => b.count - a.count),
    totals: {
      sent: sum((u) => u.sent),
      received: sum((u) => u.received),
      running: sum((u) => u.running),
      finished,
      overdue: sum((u) => u.overdue),
      avgHours: finished ? Math.round((spent / finished / HOUR_MS) * 10) / 10 : null,
    },
  };
}
