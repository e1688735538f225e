/**
 * 0026: the remaining document calls of SPEC §7: dbUpdateDbr, infothgl, authorizethgl, gwszThgl*,
 * setArchivesGwjh. Types in ../documentLinkTypes.ts (new tables) and the table files of 0017 / 0019 (new columns).
 *
 * - `doc_supervisions` (0017) gains `kind` ('supervise' a 督办 entry | 'reassign' a change of 督办人),
 *   `supervisor_id` (the 督办人 named by a 'reassign' entry) and `previous_id` (the one replaced).
 * - `doc_relations` (0019) gains `kind_id` (关联类型, doc_relation_kinds.id, null: none).
 * - `doc_relation_kinds`: 关联类型 (公文设置 list gwszThgl*): built-in ones carry a `code` whose name comes from the
 *   server catalogue (`document.relationKind.<code>`) unless `name` overrides it; seeded 依据 basis, 答复 reply,
 *   转发 forward, 参考 reference. Unique `code` (null for kinds added by an administrator).
 * - `doc_relation_grants`: authorisations of a 关联 (authorizethgl): the participants of `reader_flow_id` may read
 *   `target_flow_id` through the link, within their clearance. Unique (reader_flow_id, target_flow_id), index on
 *   target_flow_id (the read check looks up the grants of one document).
 * - `doc_archives` (0019) gains `piece_no` (件号, DA/T 22-2015), unique per (year, retention) — several nulls allowed.
 */
import type { Migration } from '../migrate.js';

/** The 关联类型 seeded by this migration: codes named by the catalogue (document.relationKind.<code>). */
export const SEEDED_RELATION_KINDS = ['basis', 'reply', 'forward', 'reference'] as const;

export const migration: Migration = {
  name: '0026_document_links',
  async up(db, d) {
    await db.schema
      .alterTable('doc_supervisions')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('supervise'))
      .execute();
    await db.schema.alterTable('doc_supervisions').addColumn('supervisor_id', 'integer').execute();
    await db.schema.alterTable('doc_supervisions').addColumn('previous_id', 'integer').execute();

    await db.schema.alterTable('doc_relations').addColumn('kind_id', 'integer').execute();

    await d.table('doc_relation_kinds', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('code', 'varchar(40)')
        .addColumn('name', 'varchar(50)')
        .addColumn('order_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_relation_kinds', ['code'], true);
    const at = Date.now();
    await db
      .insertInto('doc_relation_kinds')
      .values(SEEDED_RELATION_KINDS.map((code, i) => ({ code, name: null, order_by: i + 1, created_at: at, updated_at: at })))
      .execute();

    await d.table('doc_relation_grants', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('reader_flow_id', 'integer', (c) => c.notNull())
        .addColumn('target_flow_id', 'integer', (c) => c.notNull())
        .addColumn('granted_by', 'integer')
        .addColumn('granted_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_relation_grants', ['reader_flow_id', 'target_flow_id'], true);
    await d.index('doc_relation_grants', ['target_flow_id']);

    await db.schema.alterTable('doc_archives').addColumn('piece_no', 'integer').execute();
    await d.index('doc_archives', ['year', 'retention', 'piece_no'], true);
  },
};
