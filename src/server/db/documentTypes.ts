/**
 * Kysely table types of official documents (公文): the 发文字号 marks and numbers of migration 0013.
 * ./types.ts adds them to `DB`. Times are epoch milliseconds; flags are 0/1 integers.
 */
import type { Generated } from 'kysely';

/** A 文号类型 (migration 0013): name, 机关代字 and the issuing organ of a sequence of 发文字号. */
export interface DocMarkTable {
  id: Generated<number>;
  /** e.g. 市政府文件. */
  name: string;
  /** 机关代字, e.g. 京政发 (unique). */
  org_code: string;
  /** Issuing organ (departments.id); null: none. */
  unit_id: number | null;
  /** JSON array of 公文种类 codes (dict document_type) the mark is meant for; null: any. */
  doc_kinds: string | null;
  /** First seq of every year. */
  start_seq: Generated<number>;
  sort: Generated<number>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  created_at: number;
  updated_at: number;
  /** 套红 (migration 0022): 发文机关标志, e.g. 某某市人民政府文件; null: none. */
  organ_mark: string | null;
  /** 发文机关署名 of documents under the mark; null: none. */
  issuer_org: string | null;
  /** 印发机关 of the 版记; null: none. */
  print_org: string | null;
  /** '#RRGGBB' of the red header; default #E60012. */
  red_color: Generated<string>;
  /** Raised by every edit (migration 0046); an edit naming another is refused. */
  version: Generated<number>;
}

/** A 正文 template of a 公文种类 (migration 0022); `unit_id` null: everyone's. */
export interface DocBodyTemplateTable {
  id: Generated<number>;
  /** 公文种类 code (dict document_type), e.g. '11' 请示. */
  doc_type: string;
  name: string;
  /** HTML of the editor (tiptap). */
  body: string;
  /** Owning organ (departments.id, a unit); null: everyone's. */
  unit_id: number | null;
  sort: Generated<number>;
  /** 1 enabled, 0 disabled. */
  status: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One number ever handed out under a mark and year (migration 0013); unique (mark_id, year, seq). */
export interface DocMarkNumberTable {
  id: Generated<number>;
  mark_id: number;
  year: number;
  seq: number;
  /** reserved | used | cancelled. */
  status: string;
  /** Entity of the document holding it (e.g. document.send); kept after cancelling, until handed out again. */
  doc_entity: string | null;
  doc_id: number | null;
  /** Who reserved or took it (users.id). */
  reserved_by: number | null;
  created_at: number;
  used_at: number | null;
  cancelled_at: number | null;
  /** When the holding document was sent (分发); a sent number cannot be cancelled. */
  sent_at: number | null;
  /** 作废 reason. */
  reason: string | null;
}
