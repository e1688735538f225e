/**
 * Kysely table types of 公文检索 (migration 0015, services/search); ./types.ts adds them to `DB`. Times are epoch
 * milliseconds. The full-text side tables (SQLite FTS5 `doc_search_fts`, PostgreSQL column `words_tsv`) are
 * reached through raw SQL only.
 */
import type { Generated } from 'kysely';

/** One searchable official document (发文 or 收文). */
export interface DocSearchTable {
  id: Generated<number>;
  /** 'document.send' 发文 | 'document.receive' 收文. */
  entity: string;
  /** Id of the record in biz_doc_send / biz_doc_receive. */
  record_id: number;
  /** Its flow instance (flowId), if started. */
  flow_id: number | null;
  title: string;
  /** 发文字号 (发文 docNumber, 收文 fromNumber). */
  doc_number: string | null;
  /** Year of the document (成文日期 / 收文日期, else of its creation), Beijing time. */
  year: number | null;
  /** Issuing organ (departments.id of a unit): the 发文's owner unit; for a 收文 the unit of its 发文, if known. */
  unit_id: number | null;
  /** Unit owning the record (owner_unit_id): the drafting unit of a 发文, the registering unit of a 收文. */
  owner_unit_id: number | null;
  /** document_type code. */
  doc_type: string | null;
  /** document_mj code '0'..'3'. */
  secret_level: string;
  created_by: number | null;
  /** The record's created_at. */
  created_at: number;
  /** Plain text of 正文 and attachments (for snippets), at most CONTENT_MAX characters. */
  content: string;
  /** jieba cutForSearch tokens of title, number, 正文 and attachment text, joined by spaces. */
  words: string;
  /** The record's `version` when indexed. */
  indexed_version: number;
  updated_at: number;
}
