/**
 * 0018: versions of the 正文 ("正文: … every save a version with diff"; affairs alike). `body_versions`: one
 * row per saved state of a rich-text field of a flow's record — at submission and whenever an action changes it
 * (saveDraft, a step that may write it) — numbered per instance and field from 1. `body` is the HTML as saved;
 * `author_id` who saved it. Index (flow_id, field, version_no) for the history of one instance.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0018_body_versions',
  async up(_db, d) {
    await d.table('body_versions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('entity', 'varchar(100)')
        .addColumn('record_id', 'integer')
        .addColumn('field', 'varchar(63)', (c) => c.notNull())
        .addColumn('version_no', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('body_versions', ['flow_id', 'field', 'version_no'], true);
  },
};
