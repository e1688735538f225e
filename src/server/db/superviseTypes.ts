/**
 * Kysely table types of 督办 of official documents (migration 0017). ./types.ts adds them to `DB`.
 * Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** One 督办 entry of a document flow instance (migration 0017); append-only. */
export interface DocSupervisionTable {
  id: Generated<number>;
  /** flow_instances.id of the 发文 / 收文. */
  instance_id: number;
  /** Who recorded the 督办 (users.id). */
  user_id: number;
  /** 办理时限 (epoch ms), null: none given. */
  deadline: number | null;
  /** 督办意见. */
  remark: string;
  created_at: number;
  /** 'supervise' a 督办 entry | 'reassign' a change of 督办人 (migration 0026). */
  kind: Generated<string>;
  /** The 督办人 named by a 'reassign' entry (users.id); null on 'supervise' entries. */
  supervisor_id: number | null;
  /** The 督办人 a 'reassign' entry replaced. */
  previous_id: number | null;
}
