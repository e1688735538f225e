/**
 * 归档 of official documents (SPEC §7 /api/documentarchive/* "… 办结 → 归档"), over doc_archives
 * (migration 0019): one archive record per finished document flow, with its 档号.
 *
 * 档号 (archive_no): given by the archivist, or generated as `<year>-<retention>-<seq>` with a 4-digit sequence per
 * year and 保管期限 (e.g. `2026-Y-0001`), retention codes of DA/T 22-2015 (Y 永久, D30 30年, D10 10年). Numbers are
 * unique; on PostgreSQL concurrent generation is serialised by a transaction-scoped advisory lock, SQLite
 * transactions are serial anyway.
 *
 * 件号 (piece_no, answered as `gwjh`, DA/T 22-2015 归档文件整理规则 §6.1.3): the number of the piece within its 归档年度
 * and 保管期限, a positive integer set by the archivist (document/setArchivesGwjh), unique per year and retention
 * (unique index of migration 0026; checked under the same lock as 档号 generation).
 *
 * Who sees archives in the lists (`archiveList`): records whose 密级 is at most the viewer's clearance AND either
 * the viewer sees all (an archive manager holding `document:setting`, or a supervisor) or took part in the
 * document's flow (initiator or a task holder) or archived it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';

/** 保管期限 codes (DA/T 22-2015): 永久, 定期30年, 定期10年. */
export const RETENTIONS = ['Y', 'D30', 'D10'] as const;
export type Retention = (typeof RETENTIONS)[number];

/** Largest page of documentarchive/list. */
export const ARCHIVE_MAX_PAGE_SIZE = 100;

/** An archive record as the API answers it. */
export interface ArchiveRow {
  id: number;
  flow_id: number;
  archive_no: string;
  year: number;
  retention: string;
  category: string | null;
  title: string;
  secret_level: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: number;
  /** The flow's definition id (document.send | document.receive). */
  def_id: string | null;
  /** 件号, null: not given yet. */
  gwjh: number | null;
}

/** What archiving a flow needs. */
export interface ArchiveInput {
  flowId: number;
  /** 档号; generated when absent. */
  archiveNo?: string;
  retention: Retention;
  category?: string | null;
  /** 归档年度. */
  year: number;
  title: string;
  /** document_mj code '0'..'3'. */
  secretLevel: string;
  userId: number;
}

/** Who reads the archive list. */
export interface ArchiveViewer {
  userId: number;
  clearance: number;
  /** Sees every archive within the clearance (document:setting, supervisors). */
  all: boolean;
}

/** Why archiving was refused. */
export type ArchiveRefusal = 'archived' | 'archiveNoTaken';

/** The next generated 档号 of `year` and `retention` in `trx` (after the highest `<year>-<retention>-NNNN`). */
export async function nextArchiveNo(trx: Transaction<DB>, year: number, retention: Retention): Promise<string> {
  const prefix = `${year}-${retention}-`;
  const rows = await trx.selectFrom('doc_archives').select('archive_no').where('archive_no', 'like', `${prefix}%`).execute();
  let max = 0;
  for (const r of rows) {
    const m = /^\d{4}-[A-Z0-9]+-(\d{4,})$/.exec(r.archive_no);
    if (m && r.archive_no.startsWith(prefix)) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${String(max + 1).padStart(4, '0')}`;
}

/** Archives a flow in `trx`; answers the new id, or the refusal (already archived, 档号 taken). */
export async function addArchive(trx: Transaction<DB>, dialect: Dialect, input: ArchiveInput): Promise<{ id: number; archiveNo: string } | ArchiveRefusal> {
  if (dialect === 'pg') await sql`select pg_advisory_xact_lock(hashtext('doc_archives'))`.execute(trx);
  if (await trx.selectFrom('doc_archives').select('id').where('flow_id', '=', input.flowId).executeTakeFirst()) return 'archived';
  const archiveNo = input.archiveNo || (await nextArchiveNo(trx, input.year, input.retention));
  if (await trx.selectFrom('doc_archives').select('id').where('archive_no', '=', archiveNo).executeTakeFirst()) return 'archiveNoTaken';
  const row = await trx
    .insertInto('doc_archives')
    .values({
      flow_id: input.flowId,
      archive_no: archiveNo,
      year: input.year,
      retention: input.retention,
      category: input.category || null,
      title: input.title.slice(0, 255),
      secret_level: input.secretLevel,
      created_by: input.userId,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), archiveNo };
}

/** Deletes archive `id` in `trx`; answers whether it existed. */
export async function deleteArchive(trx: Transaction<DB>, id: number): Promise<boolean> {
  const r = await trx.deleteFrom('doc_archives').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

function base(db: Kysely<DB>) {
  return db.selectFrom('doc_archives as a').leftJoin('users as u', 'u.id', 'a.created_by').leftJoin('flow_instances as i', 'i.id', 'a.flow_id');
}

const COLUMNS = [
  'a.id',
  'a.flow_id',
  'a.archive_no',
  'a.year',
  'a.retention',
  'a.category',
  'a.title',
  'a.secret_level',
  'a.created_by',
  'u.realname as created_by_name',
  'a.created_at',
  'i.def_id',
  'a.piece_no',
] as const;

function present(r: Record<string, unknown>): ArchiveRow {
  return {
    id: Number(r.id),
    flow_id: Number(r.flow_id),
    archive_no: String(r.archive_no),
    year: Number(r.year),
    retention: String(r.retention),
    category: (r.category as string | null) ?? null,
    title: String(r.title),
    secret_level: String(r.secret_level),
    created_by: r.created_by == null ? null : Number(r.created_by),
    created_by_name: (r.created_by_name as string | null) ?? null,
    created_at: Number(r.created_at),
    def_id: (r.def_id as string | null) ?? null,
    gwjh: r.piece_no == null ? null : Number(r.piece_no),
  };
}

/**
 * The archives `v` may see (module comment), newest first: `{list, total}`; `keyword` on 题名 or 档号, `year`,
 * `retention`; `current` from 1, `pageSize` ≤ ARCHIVE_MAX_PAGE_SIZE.
 */
export async function archiveList(
  db: Kysely<DB>,
  v: ArchiveViewer,
  q: { keyword?: string; year?: number; retention?: string; current?: number; pageSize?: number },
): Promise<{ list: ArchiveRow[]; total: number }> {
  const pageSize = Math.min(ARCHIVE_MAX_PAGE_SIZE, q.pageSize ?? 20);
  const current = q.current ?? 1;
  let w = base(db).where('a.secret_level', '<=', String(Math.max(0, Math.min(3, v.clearance))));
  if (!v.all) {
    w = w.where((eb) =>
      eb.or([
        eb('a.created_by', '=', v.userId),
        eb('i.initiator_id', '=', v.userId),
        eb.exists(
          eb
            .selectFrom('flow_tasks as t')
            .select(sql`1`.as('one'))
            .whereRef('t.instance_id', '=', 'a.flow_id')
            .where('t.assignee_id', '=', v.userId),
        ),
      ]),
    );
  }
  if (q.year) w = w.where('a.year', '=', q.year);
  if (q.retention) w = w.where('a.retention', '=', q.retention);
  if (q.keyword) w = w.where((eb) => eb.or([eb('a.title', 'like', `%${q.keyword}%`), eb('a.archive_no', 'like', `%${q.keyword}%`)]));
  const total = await w.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await w
    .select([...COLUMNS])
    .orderBy('a.id', 'desc')
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { list: rows.map((r) => present(r as Record<string, unknown>)), total: Number(total.n) };
}

/** The archive record of flow `flowId`, or null. */
export async function archiveOfFlow(db: Kysely<DB>, flowId: number): Promise<ArchiveRow | null> {
  const r = await base(db)
    .select([...COLUMNS])
    .where('a.flow_id', '=', flowId)
    .executeTakeFirst();
  return r ? present(r as Record<string, unknown>) : null;
}

/** The archive record `id` (flow id and 密级 for the caller's checks), or null. */
export async function archiveById(db: Kysely<DB>, id: number): Promise<ArchiveRow | null> {
  const r = await base(db)
    .select([...COLUMNS])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return r ? present(r as Record<string, unknown>) : null;
}

/** Who sets a 件号 (audit row). */
export interface PieceCaller {
  userId: number;
  username: string;
  ip: string;
}

/**
 * Sets the 件号 of `archive` to `pieceNo` (null clears it) in one transaction with an audit row on the document's
 * record (`<entity>.archivePieceNo`). Answers the previous 件号, or 'taken' when another archive of the same year
 * and retention holds that number.
 */
export async function setPieceNo(
  db: Kysely<DB>,
  dialect: Dialect,
  c: PieceCaller,
  archive: ArchiveRow,
  pieceNo: number | null,
): Promise<{ before: number | null } | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'pg') await sql`select pg_advisory_xact_lock(hashtext('doc_archives'))`.execute(trx);
    const row = await trx.selectFrom('doc_archives').select(['piece_no', 'year', 'retention']).where('id', '=', archive.id).executeTakeFirstOrThrow();
    if (pieceNo != null) {
      const other = await trx
        .selectFrom('doc_archives')
        .select('id')
        .where('year', '=', row.year)
        .where('retention', '=', row.retention)
        .where('piece_no', '=', pieceNo)
        .where('id', '!=', archive.id)
        .executeTakeFirst();
      if (other) return 'taken' as const;
    }
    const before = row.piece_no == null ? null : Number(row.piece_no);
    if (before === pieceNo) return { before };
    await trx.updateTable('doc_archives').set({ piece_no: pieceNo }).where('id', '=', archive.id).execute();
    const flow = await trx.selectFrom('flow_instances').select(['entity', 'record_id']).where('id', '=', archive.flow_id).executeTakeFirst();
    await audit(trx, dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: `${flow?.entity ?? 'document'}.archivePieceNo`,
      object: flow?.entity && flow.record_id != null ? `${flow.entity}:${flow.record_id}` : `doc_archive:${archive.id}`,
      result: 'success',
      detail: { archiveId: archive.id, archiveNo: archive.archive_no, before: { gwjh: before }, after: { gwjh: pieceNo } },
    });
    return { before };
  });
}
