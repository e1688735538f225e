/**
 * 0003: attachments, the selector's recent people and groups of people (SPEC §7 "Selector", "Users and
 * groups"; DESIGN §4 attachments).
 *
 * - `attachments`: one row per upload. `id` is a random 128-bit URL-safe string (never guessable);
 *   `sha256` names the stored content `<DATA_DIR>/files/<sha256[0:2]>/<sha256>` (identical content is
 *   stored once, several rows may share it); `name` the sanitised original name; `size` bytes; `type`
 *   the MIME type the server determined; `uploader_id` (users.id); `created_at` epoch ms.
 * - `selector_recent`: the people a user picked lately, newest `used_at` first (the service keeps 20).
 * - `user_groups` / `user_group_members`: named groups of people, personal (`is_public` 0, seen by the
 *   owner) or public (1, seen by everyone); members in `sort` order.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0003_selector_files_groups',
  async up(_db, d) {
    await d.table('attachments', (t) =>
      t
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('type', 'varchar(100)', (c) => c.notNull())
        .addColumn('uploader_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('attachments', ['sha256']);
    await d.index('attachments', ['uploader_id', 'created_at']);

    await d.table('selector_recent', (t) =>
      t
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('picked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('used_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('selector_recent_pk', ['user_id', 'picked_id']),
    );
    await d.index('selector_recent', ['user_id', 'used_at']);

    await d.table('user_groups', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
    await d.index('user_groups', ['owner_id']);
    await d.index('user_groups', ['is_public']);

    await d.table('user_group_members', (t) =>
      t
        .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id']),
    );
    await d.index('user_group_members', ['user_id']);
  },
};
