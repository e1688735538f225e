/**
 * 0013: 发文字号 (document numbers) of official documents (GB/T 9704-2012 7.2.4; SPEC §7
 * /api/document/mark, editMark, deleteMark, markList). SQL in services/docMarks.ts and services/docNumbers.ts.
 *
 * - `doc_marks`: a 文号类型 ("mark"), e.g. 市政府文件 with 机关代字 `org_code` 京政发. `unit_id` the issuing organ
 *   (departments.id, null: none), `doc_kinds` a JSON array of 公文种类 codes (dict document_type) it is meant for,
 *   null: any. A year's numbers start at `start_seq`. `status` 1 enabled, 0 disabled. `org_code` is unique.
 * - `doc_mark_numbers`: one row per number ever handed out under a mark and year: `seq` (1, 2, …), `status`
 *   reserved (预留) | used (编号) | cancelled (作废, the seq is handed out again first), the document holding it
 *   (`doc_entity`, e.g. document.send, and `doc_id`), who reserved or took it, when it was used / cancelled
 *   (with `reason`) and `sent_at` when the document went out (a sent number cannot be cancelled).
 *   Unique (mark_id, year, seq): two numberings can never hand out the same number.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0013_document_marks',
  async up(_db, d) {
    await d.table('doc_marks', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('org_code', 'varchar(20)', (c) => c.notNull())
        .addColumn('unit_id', 'integer')
        .addColumn('doc_kinds', 'text')
        .addColumn('start_seq', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_marks', ['org_code'], true);
    await d.index('doc_marks', ['unit_id']);

    await d.table('doc_mark_numbers', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('mark_id', 'integer', (c) => c.notNull().references('doc_marks.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('doc_entity', 'varchar(100)')
        .addColumn('doc_id', 'integer')
        .addColumn('reserved_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('cancelled_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('reason', 'varchar(200)'),
    );
    await d.index('doc_mark_numbers', ['mark_id', 'year', 'seq'], true);
    await d.index('doc_mark_numbers', ['doc_entity', 'doc_id']);
  },
};
