/**
 * 0014: distribution and sign-for of official documents (公文分发 / 签收; SPEC §7 gwqsList, gwqsCount,
 * gwqsSign, gwqsDelete, signinfo).
 *
 * `doc_receipts`: one row per receiving unit of a 发文 (主送 `role` 'main' or 抄送 'cc') when its 分发 step is done.
 * `status` pending → signed (签收: a 收文 `receive_id` is registered and its flow `receive_flow_id` started) or
 * returned (退回 with `reason`). `secret_level` ('0'..'3', document_mj) and the title / number / urgency are copied
 * at distribution so the sign-for list reads one table. Unique (send_id, unit_id): a unit receives a document once.
 * Indexes: (unit_id, status, id) for a clerk's list and count, (send_id) for the sender's 签收情况.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0014_document_receipts',
  async up(_db, d) {
    await d.table('doc_receipts', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('send_id', 'integer', (c) => c.notNull())
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('role', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('doc_number', 'varchar(60)')
        .addColumn('from_unit_id', 'integer')
        .addColumn('secret_level', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
        .addColumn('urgency', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
        .addColumn('sent_by', 'integer')
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addColumn('signed_by', 'integer')
        .addColumn('signed_at', 'bigint')
        .addColumn('reason', 'varchar(500)')
        .addColumn('receive_id', 'integer')
        .addColumn('receive_flow_id', 'integer'),
    );
    await d.index('doc_receipts', ['send_id', 'unit_id'], true);
    await d.index('doc_receipts', ['unit_id', 'status', 'id']);
  },
};
