/**
 * 0017: 督办 of official documents (SPEC §7 document/gwdbList, saveDb, dbHistory, checkSupervision).
 *
 * `doc_supervisions`: one 督办 entry of a document flow instance — who (`user_id`) asked for it, with an optional
 * `deadline` (epoch ms, 办理时限) and a `remark` (督办意见); append-only, newest last. Index (instance_id, id) for
 * the history of one document.
 * Index (def_id, status, id) on `flow_instances`: the 督办 list counts the running instances of the document flows
 * from the index alone. Index (instance_id, status) on `flow_tasks`: the open tasks of a page of instances (their
 * current step, handlers and deadline) without reading every closed task of them.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0017_document_supervision',
  async up(_db, d) {
    await d.table('doc_supervisions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('instance_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('deadline', 'bigint')
        .addColumn('remark', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('doc_supervisions', ['instance_id', 'id']);
    await d.index('flow_instances', ['def_id', 'status', 'id']);
    await d.index('flow_tasks', ['instance_id', 'status']);
  },
};
