/**
 * 0019: extras of official documents ("Favourites (scgw) … 关联文件"; SPEC §7 listthgl/editthgl/delthgl,
 * /api/documentarchive/*).
 *
 * - `doc_favorites`: a user's 收藏 of a document flow (flow_instances.id); unique (user_id, flow_id); index
 *   (user_id, created_at) for the scgw list.
 * - `doc_relations`: 关联文件, one row per linked pair as it was entered (flow_id → related_flow_id); read in both
 *   directions; unique (flow_id, related_flow_id) plus an index on related_flow_id for the reverse direction.
 * - `doc_archives`: 归档 (documentarchive) of a finished document flow, at most one per flow: 档号 `archive_no`
 *   (unique), `year`, `retention` (DA/T 22-2015 保管期限代码: 'Y' 永久 | 'D30' 30年 | 'D10' 10年), `category`, the 密级
 *   `secret_level` ('0'..'3') copied from the flow when archived so lists filter by clearance in SQL, and the title.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0019_document_extras',
  async up(_db, d) {
    await d.table('doc_favorites', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_favorites', ['user_id', 'flow_id'], true);
    await d.index('doc_favorites', ['user_id', 'created_at']);

    await d.table('doc_relations', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('related_flow_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_relations', ['flow_id', 'related_flow_id'], true);
    await d.index('doc_relations', ['related_flow_id']);

    await d.table('doc_archives', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('archive_no', 'varchar(40)', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('retention', 'varchar(12)', (c) => c.notNull())
        .addColumn('category', 'varchar(50)')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('secret_level', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_archives', ['flow_id'], true);
    await d.index('doc_archives', ['archive_no'], true);
    await d.index('doc_archives', ['year', 'id']);
  },
};
