/**
 * Kysely table types of the designers' revisions and drafts (migration 0024, DESIGN §4 Overlays).
 * ./types.ts adds them to `DB`. Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** One published revision of a form (immutable once written). */
export interface DefinitionRevisionTable {
  id: Generated<number>;
  /** 'form' (flows are versioned in flow_versions). */
  target_kind: string;
  /** The form page id. */
  target_id: string;
  /** 1, 2, 3… per target. */
  revision: number;
  /** JSON of the full effective definition published ({page, entity} for a form). */
  snapshot: string;
  /** JSON array of the definition_overlays row ids the publish wrote. */
  overlay_ids: string;
  /** The revision a restore copied, else null. */
  restored_from: number | null;
  author_id: number | null;
  comment: string | null;
  created_at: number;
}

/** The draft of a form or flow being designed (one per target, never applied). */
export interface DefinitionDraftTable {
  id: Generated<number>;
  /** 'form' | 'flow'. */
  target_kind: string;
  target_id: string;
  /** JSON of the whole definition being edited. */
  snapshot: string;
  author_id: number | null;
  updated_at: number;
}
