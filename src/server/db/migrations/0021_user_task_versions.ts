/**
 * 0021: a change counter of each person's flow tasks (bench: the 待办 list over 5,000,000 tasks), and one
 * redundant index less.
 *
 * - `user_task_versions (user_id primary key, version)`: bumped by triggers on `flow_tasks` in the transaction of
 *   every insert, update or delete of a task — for its assignee, and on an update that moves the task (transfer,
 *   delegation) for the former assignee too. SQLite (one writer at a time) bumps in the row triggers; PostgreSQL
 *   notes the people in `user_task_touches` and bumps at commit, in id order (see below: no new deadlocks). Whatever writes the table (the runtime's mirror, the 密级 update, the
 *   /debug generator, a later migration) bumps it, so a work list of a person (todo / done / cc: rows of
 *   flow_tasks of that assignee only) read after the version is still current while the version is unchanged
 *   (src/server/engine/flow/lists.ts taskListCached). A person's first version is a random value, not 1, so a
 *   database emptied and filled again under a running process never repeats a version it remembers; everyone
 *   holding tasks when this migration runs gets one.
 * - The index `flow_tasks (instance_id)` goes: `flow_tasks (instance_id, status)` (0017) starts with the same
 *   column and serves every query it served; one index less to write on every approval.
 */
import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0021_user_task_versions',
  async up(db, d) {
    await d.table('user_task_versions', (t) => t.addColumn('user_id', 'integer', (c) => c.primaryKey()).addColumn('version', 'bigint', (c) => c.notNull()));
    await db.schema.dropIndex('flow_tasks_instance_id_idx').execute();
    // Everyone who holds tasks already gets a version (the lists cache only what a version row vouches for).
    const start = d.dialect === 'pg' ? sql`floor(random() * 1e15)::bigint` : sql`abs(random() % 1000000000000000)`;
    await sql`insert into user_task_versions (user_id, version) select a.assignee_id, ${start} from (select distinct assignee_id from flow_tasks) a`.execute(
      db,
    );
    if (d.dialect === 'pg') {
      // Row triggers only note who was touched (user_task_touches: inserts, nothing locked); a deferred trigger
      // bumps the versions at commit, people in ascending id order, as the transaction's last writes. Bumping in
      // the row triggers would lock each version row in the order the tasks happen to be written, and two
      // approvals handing tasks to each other (X then Y, Y then X) would deadlock where they never met before.
      await d.table('user_task_touches', (t) => t.addColumn('tx', 'bigint', (c) => c.notNull()).addColumn('user_id', 'integer', (c) => c.notNull()));
      await d.index('user_task_touches', ['tx']);
      await sql`create function flow_tasks_touch() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'DELETE' then
            insert into user_task_touches (tx, user_id) values (txid_current(), new.assignee_id);
          end if;
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.assignee_id <> new.assignee_id) then
            insert into user_task_touches (tx, user_id) values (txid_current(), old.assignee_id);
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger flow_tasks_touch after insert or update or delete on flow_tasks for each row execute function flow_tasks_touch()`.execute(db);
      await sql`create function user_task_touches_flush() returns trigger language plpgsql as $$
        begin
          insert into user_task_versions (user_id, version)
            select u.user_id, floor(random() * 1e15)::bigint from (select distinct user_id from user_task_touches where tx = txid_current()) u order by u.user_id
            on conflict (user_id) do update set version = user_task_versions.version + 1;
          delete from user_task_touches where tx = txid_current();
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger user_task_touches_flush after insert on user_task_touches deferrable initially deferred for each row execute function user_task_touches_flush()`.execute(
        db,
      );
    } else {
      // SQLite: "where true" keeps the parser from reading ON CONFLICT as a join constraint (upsert after select).
      const bump = (who: string, when = 'true') =>
        `insert into user_task_versions (user_id, version) select ${who}, abs(random() % 1000000000000000) where ${when} on conflict (user_id) do update set version = version + 1;`;
      await sql.raw(`create trigger flow_tasks_version_insert after insert on flow_tasks begin ${bump('new.assignee_id')} end`).execute(db);
      await sql
        .raw(
          `create trigger flow_tasks_version_update after update on flow_tasks begin ${bump('new.assignee_id')} ${bump('old.assignee_id', 'old.assignee_id <> new.assignee_id')} end`,
        )
        .execute(db);
      await sql.raw(`create trigger flow_tasks_version_delete after delete on flow_tasks begin ${bump('old.assignee_id')} end`).execute(db);
    }
  },
};
