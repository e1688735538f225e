/**
 * 0046: optimistic concurrency of the 公文设置 lists the generic pages edit (FORMATS.md "storage custom": a record
 * answers its `version`, an edit with a stale one is refused): `doc_marks` (发文字号, 0013) and `doc_relation_kinds`
 * (关联类型, 0026) gain `version` (integer, 1 for the rows already there), raised by every edit.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0046_settings_versions',
  async up(db) {
    await db.schema
      .alterTable('doc_marks')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('doc_relation_kinds')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
