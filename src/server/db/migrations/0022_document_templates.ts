/**
 * 0022: 套红 and 正文 templates of official documents ("正文: rich-text editing (tiptap) with templates per
 * 公文种类 and red-header (套红) templates per issuing organ"; GB/T 9704-2012 7.2.4, 7.3.5, 7.4.3).
 *
 * - `doc_marks` gains the red header of its issuing organ: `organ_mark` (发文机关标志, e.g. 某某市人民政府文件),
 *   `issuer_org` (发文机关署名), `print_org` (印发机关), all nullable, and `red_color` (hex '#RRGGBB' of the
 *   发文机关标志 and separator, default #E60012). A 发文 naming the mark takes them where it leaves its own empty.
 * - `doc_body_templates`: 正文 templates — `doc_type` a 公文种类 code (dict document_type), `name`, `body` the HTML
 *   of the editor (tiptap), `unit_id` the organ owning it (departments.id; null: everyone's), `sort`, `status`
 *   1 enabled / 0 disabled. Index (doc_type, sort) for the picker. SQL in services/docTemplates.ts.
 */
import type { Migration } from '../migrate.js';

/** Default colour of the red header (GB/T 9704-2012 7.2.4 "红色"; services/pdf/layout.ts GBT.red). */
export const DEFAULT_RED = '#E60012';

export const migration: Migration = {
  name: '0022_document_templates',
  async up(db, d) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('doc_marks').addColumn('organ_mark', 'varchar(50)').execute();
    await db.schema.alterTable('doc_marks').addColumn('issuer_org', 'varchar(50)').execute();
    await db.schema.alterTable('doc_marks').addColumn('print_org', 'varchar(50)').execute();
    await db.schema
      .alterTable('doc_marks')
      .addColumn('red_color', 'varchar(7)', (c) => c.notNull().defaultTo(DEFAULT_RED))
      .execute();

    await d.table('doc_body_templates', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('doc_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('unit_id', 'integer')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_body_templates', ['doc_type', 'sort']);
    await d.index('doc_body_templates', ['unit_id']);
  },
};
