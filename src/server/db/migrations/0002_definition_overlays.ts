/**
 * 0002: definition overlays (DESIGN §4 Overlays; the designer writes them).
 *
 * `definition_overlays` holds what administrators change in the designers, as operations addressed by
 * node id (engine/schema OverlayOp: set / unset / insert / remove / move / i18n), one row per revision:
 * - `target_kind` / `target_id`: the definition changed (`page` / `receptions.reception.list`…);
 * - `revision`: 1, 2, 3… per target, unique with the target; a row is never updated once published
 *   (a restore publishes a new revision with the old ops);
 * - `status`: `draft` (being edited, never applied) or `published` (immutable). Only the newest
 *   published revision of a target applies: each revision holds the complete op list over the base
 *   from the repository, not a delta over the previous revision;
 * - `ops`: JSON text of the OverlayOp array; `base_hash`: `hashDefinition` of the base when the ops were
 *   made (a deploy that moves the base shows a conflict, src/server/engine/schemaStore.ts);
 * - `author_id` (users.id), `comment` (the publish note), `created_at` / `published_at` (epoch ms).
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0002_definition_overlays',
  async up(_db, d) {
    await d.table('definition_overlays', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
        .addColumn('ops', 'text', (c) => c.notNull())
        .addColumn('base_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('author_id', 'integer')
        .addColumn('comment', 'varchar(500)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint'),
    );
    await d.index('definition_overlays', ['target_kind', 'target_id', 'revision'], true);
    await d.index('definition_overlays', ['status', 'target_kind', 'target_id']);
  },
};
