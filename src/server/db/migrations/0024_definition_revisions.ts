/**
 * 0024: revisions and drafts of the designers (DESIGN §4 Overlays "Revisions").
 *
 * - `definition_revisions`: every publish of a form (`target_kind` 'form', `target_id` the form page id) as an
 *   immutable row: `revision` 1, 2, 3… per target (unique with it), `snapshot` the JSON of the full effective
 *   definition published ({page, entity} for a form), `overlay_ids` the JSON array of the `definition_overlays`
 *   rows (migration 0002) the publish wrote — the overlays are what makes the revision effective —,
 *   `restored_from` the revision a restore copied (else null), `author_id` (users.id), `comment`,
 *   `created_at` (epoch ms). Rows are never updated: a restore is a new revision. Flow revisions are the
 *   rows of `flow_versions` (migration 0008), which running instances pin.
 * - `definition_drafts`: the one draft per form or flow (`target_kind` 'form' | 'flow'), saved by the
 *   designer and never applied; `snapshot` the JSON of the whole definition being edited.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0024_definition_revisions',
  async up(_db, d) {
    await d.table('definition_revisions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('overlay_ids', 'varchar(200)', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .addColumn('author_id', 'integer')
        .addColumn('comment', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('definition_revisions', ['target_kind', 'target_id', 'revision'], true);
    await d.table('definition_drafts', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('definition_drafts', ['target_kind', 'target_id'], true);
  },
};
