/**
 * 0027: forms made in the browser designer (DESIGN §4; src/server/api/Template/designedForms.ts).
 *
 * `designed_forms`: one row per designer-made form of area `custom`: `form_key` (e.g. 'leave', from the
 * title's pinyin, unique), `form_id` (the form page id `custom.<key>.form`), `entity_id` (`custom.<key>`),
 * `grp` (API group `custom_<key>`: /api/custom_<key>/list…), `table_name` (`custom_<key>`), `title`
 * (zh-CN), `status` 'draft' (never published) | 'published', `created_by` (users.id), `created_at`,
 * `updated_at`, `published_at` (epoch ms). The definitions themselves are the form's draft
 * (`definition_drafts`) and its published revisions (`definition_revisions`, migration 0024, snapshot
 * {page, entity, texts?}); the schema store serves the newest revision of every published form.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0027_designed_forms',
  async up(_db, d) {
    await d.table('designed_forms', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('form_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('form_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('entity_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('grp', 'varchar(100)', (c) => c.notNull())
        .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint'),
    );
    await d.index('designed_forms', ['form_key'], true);
    await d.index('designed_forms', ['form_id'], true);
  },
};
