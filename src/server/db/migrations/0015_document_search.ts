/**
 * 0015: 公文检索 ("Search: Chinese full text (jieba) over title, 发文字号, 正文 and the text of DOCX/PDF
 * attachments, filters by year, organ, kind, 密级"; DESIGN §2 "Chinese search").
 *
 * `doc_search`: one row per 发文 / 收文 (unique (entity, record_id)) with the filter columns, the plain text kept for
 * snippets (`content`) and `words`: the jieba cutForSearch tokens joined by spaces (services/search/segment.ts).
 * `indexed_version` is the record's `version` when it was indexed; services/search/index.ts re-indexes records
 * whose version moved on.
 * Full text over `words`:
 * - SQLite: FTS5 table `doc_search_fts` with external content (doc_search, rowid = id), tokenizer unicode61 (the
 *   tokens are already split: a space separates them), kept in step by three triggers;
 * - PostgreSQL: a stored generated column `words_tsv` = to_tsvector('simple', words) with a GIN index.
 * Indexes: (created_at) for newest first, (created_by), (flow_id), (owner_unit_id, entity) for the visibility tests,
 * (year) and (unit_id) for the filters (on SQLite they also give rowid order, i.e. newest first, within a value).
 * On SQLite `id` is not a plain sequence: services/search/index.ts gives a row created_at × 1024 + n, so that rowid
 * order (the FTS5 table's own order) is newest-first order and a search streams its newest hits.
 */
import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0015_document_search',
  async up(db, d) {
    await d.table('doc_search', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('entity', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('flow_id', 'integer')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('doc_number', 'varchar(60)')
        .addColumn('year', 'integer')
        .addColumn('unit_id', 'integer')
        .addColumn('owner_unit_id', 'integer')
        .addColumn('doc_type', 'varchar(10)')
        .addColumn('secret_level', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('words', 'text', (c) => c.notNull())
        .addColumn('indexed_version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_search', ['entity', 'record_id'], true);
    await d.index('doc_search', ['created_at']);
    await d.index('doc_search', ['created_by']);
    await d.index('doc_search', ['flow_id']);
    await d.index('doc_search', ['owner_unit_id', 'entity']);
    await d.index('doc_search', ['year']);
    await d.index('doc_search', ['unit_id']);
    if (d.dialect === 'pg') {
      await sql`alter table doc_search add column words_tsv tsvector generated always as (to_tsvector('simple', words)) stored`.execute(db);
      await sql`create index doc_search_words_tsv_idx on doc_search using gin (words_tsv)`.execute(db);
      return;
    }
    await sql`create virtual table doc_search_fts using fts5(words, content='doc_search', content_rowid='id', tokenize='unicode61')`.execute(db);
    await sql`create trigger doc_search_fts_ai after insert on doc_search begin
      insert into doc_search_fts(rowid, words) values (new.id, new.words); end`.execute(db);
    await sql`create trigger doc_search_fts_ad after delete on doc_search begin
      insert into doc_search_fts(doc_search_fts, rowid, words) values ('delete', old.id, old.words); end`.execute(db);
    await sql`create trigger doc_search_fts_au after update of words on doc_search begin
      insert into doc_search_fts(doc_search_fts, rowid, words) values ('delete', old.id, old.words);
      insert into doc_search_fts(rowid, words) values (new.id, new.words); end`.execute(db);
  },
};
