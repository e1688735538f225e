/**
 * Indexing of official documents for 公文检索 (table doc_search of migration 0015).
 *
 * A document's row holds its filter columns, its plain text (正文 HTML as text, then the text of its DOCX / PDF /
 * TXT attachments; search/extract.ts) and `words`: jieba cutForSearch of title + 发文字号 + that text
 * (./segment.ts). `indexed_version` is the record's `version` then.
 *
 * Catching up (`catchUp`): records whose `version` differs from `indexed_version`, or without a row, are indexed,
 * at most `limit` per call; rows of deleted records are removed. It runs before every search answers (so a
 * search sees every change committed before it) and every SEARCH_INDEX_MS in the server (start.ts). To keep that
 * cheap on large tables, each entity's fingerprint (count and sum of `version`) is remembered per database
 * after a complete pass: an unchanged fingerprint means nothing to do; and a pass is skipped outright while
 * nothing at all was written to the database since the last complete one (changeSignal).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import type { Dialect } from '../../../../server/db/index.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { deriveTable } from '../../../../server/engine/table.js';
import { now } from '../../../../server/lib/clock.js';
import { attachmentIds, attachmentsText, htmlToText } from './extract.js';
import { indexWords } from './segment.js';
import { RECEIVE_ENTITY, SEND_ENTITY } from './visibility.js';
import { timeZone, wallTime } from '../../../../../engine/expr/zone.js';

/** How often the server catches the index up (ms). */
export const SEARCH_INDEX_MS = 30_000;
/** Most records (re)indexed by one catch-up. */
export const CATCH_UP_BATCH = 200;
/** Most characters of plain text kept per document (for snippets; the words cover the same text). */
export const CONTENT_MAX = 100_000;

/** How each searchable entity maps onto doc_search. */
interface Source {
  entity: string;
  /** Field of the 发文字号. */
  numberField: string;
  /** Date field giving the year. */
  dateField: string;
}
const SOURCES: Source[] = [
  { entity: SEND_ENTITY, numberField: 'docNumber', dateField: 'docDate' },
  { entity: RECEIVE_ENTITY, numberField: 'fromNumber', dateField: 'receivedDate' },
];

/** The table of entity `entity`, or null when it is not defined. */
function tableOf(entity: string): string | null {
  const def = flowEntity(entity);
  return def ? deriveTable(def).table : null;
}

/** Year of 'YYYY-MM-DD' `date`, else of epoch ms `at` in the organisation's zone (services/orgZone.ts). */
export function yearOf(date: unknown, at: number): number {
  const m = typeof date === 'string' ? /^(\d{4})-\d{2}-\d{2}/.exec(date) : null;
  return m ? Number(m[1]) : wallTime(at, timeZone()).year;
}

/**
 * (Re)indexes record `recordId` of `entity` ('document.send' | 'document.receive'): reads it, extracts the text
 * of its 正文 and attachments (under `dataDir`), segments and upserts its doc_search row; removes the row when
 * the record is gone. Answers whether a row was written.
 */
export async function indexDocument(db: Kysely<DB>, dialect: Dialect, dataDir: string, entity: string, recordId: number): Promise<boolean> {
  const src = SOURCES.find((s) => s.entity === entity);
  const table = tableOf(entity);
  if (!src || !table) return false;
  const rec = (await (db as unknown as Kysely<any>).selectFrom(table).selectAll().where('id', '=', recordId).executeTakeFirst()) as
    Record<string, any> | undefined;
  if (!rec) {
    await db.deleteFrom('doc_search').where('entity', '=', entity).where('record_id', '=', recordId).execute();
    return false;
  }
  let unitId: number | null = rec.owner_unit_id ?? null;
  if (entity === RECEIVE_ENTITY) {
    const from = await db.selectFrom('doc_receipts').select('from_unit_id').where('receive_id', '=', recordId).executeTakeFirst();
    unitId = from?.from_unit_id ?? null;
  }
  const title = String(rec.title ?? '');
  const number = rec[src.numberField] ? String(rec[src.numberField]) : null;
  const body = htmlToText(rec.body);
  const files = await attachmentsText(db, dataDir, attachmentIds(rec.attachments));
  const content = [body, files].filter(Boolean).join('\n').slice(0, CONTENT_MAX);
  const createdAt = Number(rec.created_at ?? 0);
  const row = {
    entity,
    record_id: recordId,
    flow_id: rec.flowId == null ? null : Number(rec.flowId),
    title: title.slice(0, 255),
    doc_number: number ? number.slice(0, 60) : null,
    year: yearOf(rec[src.dateField], createdAt),
    unit_id: unitId,
    owner_unit_id: rec.owner_unit_id ?? null,
    doc_type: rec.docType == null ? null : String(rec.docType),
    secret_level: String(rec.secretLevel ?? '0'),
    created_by: rec.created_by ?? null,
    created_at: createdAt,
    content,
    words: indexWords([title, number ?? '', body, files].join('\n')),
    indexed_version: Number(rec.version ?? 1),
    updated_at: now(),
  };
  await db.transaction().execute(async (trx) => {
    const had = await trx.selectFrom('doc_search').select('id').where('entity', '=', entity).where('record_id', '=', recordId).executeTakeFirst();
    if (had) await trx.updateTable('doc_search').set(row).where('id', '=', had.id).execute();
    else if (dialect === 'sqlite')
      await trx
        .insertInto('doc_search')
        .values({ ...row, id: await rowIdFor(trx, createdAt) })
        .execute();
    else await trx.insertInto('doc_search').values(row).execute();
  });
  return true;
}

/** Rows per millisecond of created_at in SQLite row ids (ROW_ID_SLOTS × created_at + n). */
export const ROW_ID_SLOTS = 1024;

/**
 * The SQLite row id of a new doc_search row for a record created at `createdAt` (epoch ms): ROW_ID_SLOTS ×
 * createdAt + the first free slot, so that rowid order is created_at order (see query.ts); a plain next id
 * when all slots of that millisecond are taken.
 */
async function rowIdFor(trx: Transaction<DB>, createdAt: number): Promise<number> {
  const base = Math.max(0, Math.floor(createdAt)) * ROW_ID_SLOTS;
  const top = await trx
    .selectFrom('doc_search')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('id', '>=', base)
    .where('id', '<', base + ROW_ID_SLOTS)
    .executeTakeFirst();
  const next = top?.id == null ? base : Number(top.id) + 1;
  if (next < base + ROW_ID_SLOTS) return next;
  const last = await trx
    .selectFrom('doc_search')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(last?.id ?? 0) + 1;
}

/** Fingerprints of complete passes, per database and entity. */
const passes = new WeakMap<object, Map<string, string>>();
/** One catch-up at a time per database (concurrent searches wait for the running one). */
const running = new WeakMap<object, Promise<number>>();

/** "count:sum(version)" of `table`. */
async function fingerprint(db: Kysely<DB>, table: string): Promise<string> {
  const r = await (db as unknown as Kysely<any>)
    .selectFrom(table)
    .select((eb: any) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('version'), eb.lit(0)).as('v')])
    .executeTakeFirst();
  return `${Number(r?.n ?? 0)}:${String(r?.v ?? 0)}`;
}

/** Complete passes' change signals, per database. */
const signals = new WeakMap<object, string>();

/**
 * A value that changes whenever anything is written to the database, or null where there is no cheap one: on
 * SQLite the connection's total_changes() (every write of this process: Kysely holds one connection) with
 * `PRAGMA data_version` (writes of other processes); on PostgreSQL the current WAL position (moves with every
 * committed write of the cluster; null where it cannot be read, e.g. on a standby, and the fingerprints decide).
 */
async function changeSignal(db: Kysely<DB>, dialect: Dialect): Promise<string | null> {
  if (dialect === 'pg') {
    try {
      const r = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
      return r.rows[0]?.lsn ?? null;
    } catch {
      return null;
    }
  }
  const [c, v] = await Promise.all([
    sql<{ c: number }>`select total_changes() as c`.execute(db),
    sql<{ data_version: number }>`pragma data_version`.execute(db),
  ]);
  return `${c.rows[0]?.c}:${v.rows[0]?.data_version}`;
}

async function catchUpOnce(db: Kysely<DB>, dialect: Dialect, dataDir: string, limit: number): Promise<number> {
  const signal = await changeSignal(db, dialect);
  if (signal != null && signals.get(db) === signal) return 0;
  let cache = passes.get(db);
  if (!cache) passes.set(db, (cache = new Map()));
  let done = 0;
  let complete = true;
  for (const src of SOURCES) {
    const table = tableOf(src.entity);
    if (!table || done >= limit) continue;
    const fp = await fingerprint(db, table);
    if (cache.get(src.entity) === fp) continue;
    const stale = (await (db as unknown as Kysely<any>)
      .selectFrom(`${table} as r`)
      .leftJoin('doc_search as d', (j: any) => j.onRef('d.record_id', '=', 'r.id').on('d.entity', '=', src.entity))
      .select(['r.id as id'])
      .where((eb: any) => eb.or([eb('d.id', 'is', null), eb('d.indexed_version', '<>', eb.ref('r.version'))]))
      .orderBy('r.id')
      .limit(limit - done)
      .execute()) as { id: number }[];
    for (const r of stale) {
      await indexDocument(db, dialect, dataDir, src.entity, Number(r.id));
      done++;
    }
    if (done >= limit) {
      complete = false;
      continue;
    }
    // A complete pass: drop rows of deleted records, then remember the fingerprint.
    const [rows, records] = await Promise.all([
      db
        .selectFrom('doc_search')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity', '=', src.entity)
        .executeTakeFirst(),
      (db as unknown as Kysely<any>)
        .selectFrom(table)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirst() as Promise<{ n: unknown } | undefined>,
    ]);
    if (Number(rows?.n ?? 0) > Number(records?.n ?? 0)) {
      await db
        .deleteFrom('doc_search')
        .where('entity', '=', src.entity)
        .where((eb) => eb.not(eb.exists((eb as any).selectFrom(`${table} as r`).select('r.id').whereRef('r.id', '=', 'doc_search.record_id'))))
        .execute();
    }
    cache.set(src.entity, fp);
  }
  if (signal != null && complete) signals.set(db, signal);
  return done;
}

/**
 * Indexes up to `limit` records that changed since they were indexed (or were never), and drops the rows of
 * deleted records. Answers how many were indexed. A call arriving during a run waits for it and then runs once
 * more (unless another call already started one), so it sees every change committed before it.
 */
export async function catchUp(db: Kysely<DB>, dialect: Dialect, dataDir: string, limit = CATCH_UP_BATCH): Promise<number> {
  const busy = running.get(db);
  if (busy) {
    // That run may have compared before the caller's last change: wait for it, then look again (cheap when idle).
    await busy.catch(() => 0);
    if (running.get(db)) return running.get(db)!;
  }
  const run = catchUpOnce(db, dialect, dataDir, limit).finally(() => running.delete(db));
  running.set(db, run);
  return run;
}

/** Longest a background catch-up keeps indexing before it yields until the next interval (ms). */
export const BACKGROUND_BUDGET_MS = 10_000;

/**
 * The server's background catch-up (every SEARCH_INDEX_MS, start.ts): batches of CATCH_UP_BATCH until nothing is
 * left or `budgetMs` has passed, so that a database with many documents not yet indexed (say after upgrading)
 * is caught up within hours, not one batch per interval. Answers how many were indexed.
 */
export async function catchUpInBackground(db: Kysely<DB>, dialect: Dialect, dataDir: string, budgetMs = BACKGROUND_BUDGET_MS): Promise<number> {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (;;) {
    const n = await catchUp(db, dialect, dataDir);
    total += n;
    if (n < CATCH_UP_BATCH || Date.now() >= until) return total;
    await new Promise((r) => setImmediate(r));
  }
}

/** Forgets the remembered passes of `db` (the next catch-up compares every record again). */
export function forgetPasses(db: Kysely<DB>): void {
  passes.delete(db);
  signals.delete(db);
}
