/**
 * 0011: `users.signature_file_id` (varchar(32), null) — the person's handwritten-signature image (the
 * approval page's opinion box may show it): the id of an `attachments` row (migration 0003)
 * the person uploaded, a PNG or JPEG of at most SIGNATURE_MAX_BYTES (services/signature.ts). Null: none.
 * The approval events that carry it keep the id in `flow_events.detail.signature`.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0011_user_signature',
  async up(db) {
    await db.schema.alterTable('users').addColumn('signature_file_id', 'varchar(32)').execute();
  },
};
