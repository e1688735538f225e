/**
 * Kysely table type of the designer-made forms (migration 0027). ./types.ts adds it to `DB`.
 * Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** One form made in the browser designer (area `custom`). */
export interface DesignedFormTable {
  id: Generated<number>;
  /** e.g. 'leave': ids `custom.<key>` (entity), `custom.<key>.form` (page), group and table `custom_<key>`. */
  form_key: string;
  form_id: string;
  entity_id: string;
  grp: string;
  table_name: string;
  /** zh-CN title. */
  title: string;
  /** 'draft' (never published) | 'published'. */
  status: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}
