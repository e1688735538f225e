/**
 * 0006: review of self-registered accounts (SPEC §2.3 /organization/account, §7 account/*): on `accounts`,
 * `version integer not null default 1` (optimistic concurrency of account/edit), `remark` (the reason of a
 * refusal, ≤ 255 characters) and `dept_id` (the department an approved account's user was placed in).
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0006_account_review',
  async up(db) {
    await db.schema
      .alterTable('accounts')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('accounts').addColumn('remark', 'varchar(255)').execute();
    await db.schema.alterTable('accounts').addColumn('dept_id', 'integer').execute();
  },
};
