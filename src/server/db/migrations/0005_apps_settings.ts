/**
 * 0005: administration of connected apps (SPEC §2.3 /apps/index, §7 Login/ssoindex):
 * `version integer not null default 1` (optimistic concurrency of apps/edit) and `updated_at`
 * (ms, null until first edited) on `apps`.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0005_apps_settings',
  async up(db) {
    await db.schema
      .alterTable('apps')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('apps').addColumn('updated_at', 'bigint').execute();
  },
};
