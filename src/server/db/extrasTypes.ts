/**
 * Kysely table types of the extras of official documents (migration 0019: 收藏, 关联文件, 归档); ./types.ts adds
 * them to `DB`. Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** A user's 收藏 (favourite) of a document flow (scgw). */
export interface DocFavoriteTable {
  id: Generated<number>;
  user_id: number;
  /** flow_instances.id */
  flow_id: number;
  created_at: number;
}

/** A 关联文件 link between two document flows, read in both directions. */
export interface DocRelationTable {
  id: Generated<number>;
  flow_id: number;
  related_flow_id: number;
  created_by: number | null;
  created_at: number;
  /** 关联类型 (doc_relation_kinds.id, migration 0026); null: none. */
  kind_id: number | null;
}

/** The 归档 record (documentarchive) of a finished document flow. */
export interface DocArchiveTable {
  id: Generated<number>;
  /** flow_instances.id, unique. */
  flow_id: number;
  /** 档号, unique: `<year>-<retention>-<seq 4 digits>` when generated. */
  archive_no: string;
  year: number;
  /** 保管期限 code (DA/T 22-2015): 'Y' 永久 | 'D30' 30年 | 'D10' 10年. */
  retention: string;
  /** 类别 (free text). */
  category: string | null;
  /** The flow's title when archived. */
  title: string;
  /** document_mj code '0'..'3' of the flow when archived. */
  secret_level: Generated<string>;
  created_by: number | null;
  created_at: number;
  /** 件号 (DA/T 22-2015), unique per year and retention (migration 0026); null: not given. */
  piece_no: number | null;
}
