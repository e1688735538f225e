/**
 * Kysely table types of migration 0026 (关联类型 and the authorisations of 关联文件); ./types.ts adds them to `DB`.
 * The columns 0026 adds to doc_supervisions, doc_relations and doc_archives are declared with those tables
 * (./superviseTypes.ts, ./extrasTypes.ts). Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** A 关联类型 (公文设置 gwszThgl*). */
export interface DocRelationKindTable {
  id: Generated<number>;
  /** Built-in kinds: basis | reply | forward | reference (named by the catalogue `document.relationKind.<code>`); null for added ones. */
  code: string | null;
  /** The name given by an administrator; null: the catalogue name of `code`. */
  name: string | null;
  order_by: number;
  created_at: number;
  updated_at: number;
  /** Raised by every edit (migration 0046); an edit naming another is refused. */
  version: Generated<number>;
}

/** An authorisation of a 关联 (authorizethgl): the participants of `reader_flow_id` may read `target_flow_id`. */
export interface DocRelationGrantTable {
  id: Generated<number>;
  /** flow_instances.id whose participants read through the link. */
  reader_flow_id: number;
  /** flow_instances.id they may read. */
  target_flow_id: number;
  granted_by: number | null;
  granted_at: number;
}
