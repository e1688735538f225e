/**
 * 0008: the approval runtime (DESIGN §5). Times are epoch ms; ids of runs and tasks are the
 * machine's string ids (engine/flow FlowContext.newId).
 *
 * - `flow_versions`: every published version of a flow definition (`def_id` + `version`, immutable once
 *   written; `definition` the effective JSON, `hash` its SHA-256, `source` 'base' from schemas/ or
 *   'designer'); an instance pins one.
 * - `flow_instances`: one running / finished approval of a record (`entity` + `record_id`), its title,
 *   initiator, status and the machine's whole state (`state` JSON); `version` bumps with every action
 *   (the row is the lock of the instance).
 * - `flow_tasks`: the open and closed work items, mirrored from the state for the lists (待办 / 已办 /
 *   抄送 / 传阅), with the instance's title, flow and initiator copied in for one-table list queries.
 * - `flow_events`: the append-only event log (流程日志), which also feeds the message centre.
 * - `flow_timers`: pending deadlines, delays and urges; a server process takes a due one by writing a
 *   lease (`lease_owner`, `lease_until`) so that several processes never fire one twice.
 * - `flow_delegations`: 委托 — `user_id`'s tasks go to `delegate_id` from `start_at` to `end_at`
 *   (of one flow when `def_id` is set, else of all).
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0008_flows',
  async up(_db, d) {
    await d.table('flow_versions', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('def_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('author_id', 'integer')
        .addColumn('comment', 'varchar(255)')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('flow_versions', ['def_id', 'version'], true);

    await d.table('flow_instances', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('def_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('def_version', 'integer', (c) => c.notNull())
        .addColumn('entity', 'varchar(128)')
        .addColumn('record_id', 'integer')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('initiator_id', 'integer', (c) => c.notNull())
        .addColumn('initiator_dept_id', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('ended_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('flow_instances', ['initiator_id', 'status', 'id']);
    await d.index('flow_instances', ['entity', 'record_id']);

    await d.table('flow_tasks', (t) =>
      t
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('instance_id', 'integer', (c) => c.notNull())
        .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('node_run_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('assignee_id', 'integer', (c) => c.notNull())
        .addColumn('on_behalf_of', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('result', 'varchar(16)')
        .addColumn('opinion', 'text')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('def_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('initiator_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('acted_at', 'bigint')
        .addColumn('deadline', 'bigint')
        .addColumn('overdue', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    // 待办 (open tasks of a user, newest first), 已办 (acted tasks of a user, latest first), an instance's tasks.
    await d.index('flow_tasks', ['assignee_id', 'status', 'created_at']);
    await d.index('flow_tasks', ['assignee_id', 'acted_at']);
    await d.index('flow_tasks', ['instance_id']);

    await d.table('flow_events', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('instance_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('node_id', 'varchar(64)')
        .addColumn('task_id', 'varchar(40)')
        .addColumn('opinion', 'text')
        .addColumn('detail', 'text'),
    );
    await d.index('flow_events', ['instance_id', 'id']);

    await d.table('flow_timers', (t) =>
      t
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('instance_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('lease_owner', 'varchar(64)')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0)),
    );
    await d.index('flow_timers', ['at']);
    await d.index('flow_timers', ['instance_id']);

    await d.table('flow_delegations', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('delegate_id', 'integer', (c) => c.notNull())
        .addColumn('def_id', 'varchar(128)')
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('flow_delegations', ['user_id', 'start_at']);
  },
};
