/**
 * 公文检索 queries (SPEC /document/search "Search: Chinese full text (jieba) …, filters by year, organ,
 * kind, 密级; only documents the user may see").
 *
 * The keyword is cut by jieba (./segment.ts queryTokens) and every token must occur in the document's words:
 * SQLite FTS5 `doc_search_fts MATCH '"t1" "t2"'` (or a token test of the viewer's own documents, see rowsOf),
 * PostgreSQL `words_tsv @@ plainto_tsquery('simple', 't1 t2')` (tokens hold letters and digits only, and are
 * passed as bound parameters: no query syntax gets through).
 * Filters narrow by year, issuing organ (unit_id), 公文种类, 密级 and 发文/收文; the visibility of ./visibility.ts
 * is part of the WHERE. Newest first (created_at, id), with a snippet of the text around the first hit; the total
 * is exact up to SEARCH_TOTAL_CAP.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import type { Dialect } from '../../../../server/db/index.js';
import { catchUp } from './index.js';
import { ftsMatch, queryTokens, snippetOf } from './segment.js';
import { SEND_ENTITY, viewerOf, visibleTo, type Viewer } from './visibility.js';
import type { SearchHit, SearchPage, SearchQuery } from '../../shared/types.js';

/** Largest page of document/search. */
export const SEARCH_MAX_PAGE_SIZE = 50;
/** Matches counted at most: beyond it `total` stays at the cap and `more` is true (a common word over 10⁶ documents). */
export const SEARCH_TOTAL_CAP = 10_000;

export type { SearchHit, SearchPage, SearchQuery };

/** A selected row. */
interface Row {
  entity: string;
  record_id: number;
  flow_id: number | null;
  title: string;
  doc_number: string | null;
  year: number | null;
  unit_id: number | null;
  doc_type: string | null;
  secret_level: string;
  created_at: number;
  content: string;
  unit_name: string | null;
}

/** Where a document not yet started on its flow is opened: 待发公文 (its drafter's list of drafts). */
export const DRAFTS_ROUTE = '/document/dfgw';

/** The route opening a hit: the approval page of its flow instance; 待发公文 before a flow exists. */
export function openRoute(entity: string, flowId: number | null): string {
  if (flowId == null) return DRAFTS_ROUTE;
  return entity === SEND_ENTITY ? `/document/show-audit/${flowId}` : `/document/show/${flowId}`;
}

/**
 * The page of documents matching `q` that user `userId` may see, and their total. Catches the index up first
 * (./index.ts catchUp, files under `dataDir`).
 */
export async function searchDocuments(db: Kysely<DB>, dialect: Dialect, dataDir: string, userId: number, q: SearchQuery): Promise<SearchPage> {
  await catchUp(db, dialect, dataDir);
  return searchIndexed(db, dialect, await viewerOf(db, userId), q);
}

/** Where a query starts: the full-text hits, or the documents the viewer may see. */
type Plan = 'fulltext' | 'visible';

/** Tuning of rowsOf: `fewHits`, the full-text hits up to which a search of someone who is not a supervisor intersects them with their documents (SQLite). */
export const searchTuning = { fewHits: 20_000 };

/**
 * The rows of a query before paging: doc_search `d` with the visibility, the words and the filters. SQLite:
 * - a supervisor's keyword search starts from the FTS5 hits, walked in rowid order (newest first: see the row ids
 *   of ./index.ts), so the page and the capped count stop early even for a word in most documents;
 * - anyone else's is the intersection of the documents they may see (./visibility.ts, a few thousand) with the
 *   FTS5 hits when these are at most searchTuning.fewHits; for commoner words each of their documents' words is tested token
 *   by token (instr over the space-separated tokens), cheaper than collecting the hits of a word in most documents.
 * PostgreSQL: one query (`words_tsv @@ plainto_tsquery('simple', …)` with the visibility), planned by the server.
 */
async function rowsOf(
  db: Kysely<DB>,
  dialect: Dialect,
  v: Viewer,
  q: SearchQuery,
  tokens: string[],
): Promise<{ base: SelectQueryBuilder<any, any, object>; plan: Plan }> {
  const any = db as unknown as Kysely<any>;
  let base: SelectQueryBuilder<any, any, object>;
  let plan: Plan = 'visible';
  const match = ftsMatch(tokens);
  if (dialect === 'sqlite' && tokens.length && v.supervisor) {
    plan = 'fulltext';
    base = any
      .selectFrom('doc_search_fts')
      .innerJoin('doc_search as d', 'd.id', 'doc_search_fts.rowid')
      .where(sql<boolean>`doc_search_fts match ${match}`)
      .where((eb) => visibleTo(eb as never, v));
  } else if (dialect === 'sqlite' && tokens.length) {
    base = any.selectFrom('doc_search as d').where((eb) => visibleTo(eb as never, v));
    const hits = await sql<{
      n: number;
    }>`select count(*) as n from (select rowid from doc_search_fts where doc_search_fts match ${match} limit ${searchTuning.fewHits + 1})`.execute(db);
    if (Number(hits.rows[0]?.n ?? 0) <= searchTuning.fewHits)
      base = base.where(sql<boolean>`d.id in (select rowid from doc_search_fts where doc_search_fts match ${match})`);
    else for (const t of tokens) base = base.where(sql<boolean>`instr(' ' || d.words || ' ', ${` ${t} `}) > 0`);
  } else {
    base = any.selectFrom('doc_search as d').where((eb) => visibleTo(eb as never, v));
    if (dialect === 'pg' && tokens.length) base = base.where(sql<boolean>`d.words_tsv @@ plainto_tsquery('simple', ${tokens.join(' ')})`);
  }
  if (q.year != null) base = base.where('d.year', '=', q.year);
  if (q.unit_id != null) base = base.where('d.unit_id', '=', q.unit_id);
  if (q.doc_type) base = base.where('d.doc_type', '=', q.doc_type);
  if (q.secret_level) base = base.where('d.secret_level', '=', q.secret_level);
  if (q.entity) base = base.where('d.entity', '=', q.entity);
  return { base, plan };
}

/** searchDocuments without catching up, for viewer `v`. */
export async function searchIndexed(db: Kysely<DB>, dialect: Dialect, v: Viewer, q: SearchQuery): Promise<SearchPage> {
  const tokens = queryTokens(q.keyword ?? '');
  if ((q.keyword ?? '').trim() && !tokens.length) return { list: [], total: 0, more: false };
  const { base, plan } = await rowsOf(db, dialect, v, q, tokens);
  const pageSize = Math.min(Math.max(q.pageSize ?? 20, 1), SEARCH_MAX_PAGE_SIZE);
  const current = Math.max(q.current ?? 1, 1);
  // One pass over the matches gives their ids in order (at most SEARCH_TOTAL_CAP + 1): the total, and the page's
  // ids, whose rows are then read by id. Newest first: on SQLite the row id is created_at × ROW_ID_SLOTS (+ n),
  // on PostgreSQL created_at itself.
  let ordered = base.select('d.id as id');
  if (dialect === 'pg') ordered = ordered.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc');
  // A supervisor's rows stream in id order; anyone else's few thousand documents are sorted (`d.id + 0`), never
  // found by walking the whole table in id order.
  else ordered = ordered.orderBy(plan === 'fulltext' ? sql`doc_search_fts.rowid` : v.supervisor ? sql`d.id` : sql`d.id + 0`, 'desc');
  const ids = ((await ordered.limit(SEARCH_TOTAL_CAP + 1).execute()) as { id: number }[]).map((r) => Number(r.id));
  const n = ids.length;
  const pageIds = ids.slice(Math.min((current - 1) * pageSize, SEARCH_TOTAL_CAP), Math.min(current * pageSize, SEARCH_TOTAL_CAP));
  const found = pageIds.length
    ? ((await db
        .selectFrom('doc_search as d')
        .leftJoin('departments as u', 'u.id', 'd.unit_id')
        .select([
          'd.id',
          'd.entity',
          'd.record_id',
          'd.flow_id',
          'd.title',
          'd.doc_number',
          'd.year',
          'd.unit_id',
          'd.doc_type',
          'd.secret_level',
          'd.created_at',
          'd.content',
          'u.name as unit_name',
        ])
        .where('d.id', 'in', pageIds)
        .execute()) as (Row & { id: number })[])
    : [];
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const rows = pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return {
    total: Math.min(n, SEARCH_TOTAL_CAP),
    more: n > SEARCH_TOTAL_CAP,
    list: rows.map((r) => ({
      entity: r.entity,
      record_id: Number(r.record_id),
      flow_id: r.flow_id == null ? null : Number(r.flow_id),
      title: r.title,
      doc_number: r.doc_number,
      year: r.year == null ? null : Number(r.year),
      unit_id: r.unit_id == null ? null : Number(r.unit_id),
      unit_name: r.unit_name ?? '',
      doc_type: r.doc_type,
      secret_level: r.secret_level,
      created_at: Number(r.created_at),
      snippet: snippetOf(r.content || r.title, tokens),
      open: openRoute(r.entity, r.flow_id == null ? null : Number(r.flow_id)),
    })),
  };
}
