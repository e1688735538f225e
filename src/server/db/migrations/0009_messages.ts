/**
 * 0009: the message centre (SPEC §3 "Message reminder", §4 "Reminders", §7 /api/Msg/*).
 *
 * - `messages`: one reminder for one recipient (`user_id`). `type` is the kind (services/messages.ts
 *   MESSAGE_TYPES); `from_user_id` the sender (null: the system); `flow_id`, `affair_id`, `meeting_id`,
 *   `source_id` say where the reminder leads (SPEC §4 "Reminder target by kind"). `is_read` 0/1 with
 *   `read_at` (ms); `ignored` 1 when it was read through "忽略全部". Deleting a message removes the row
 *   (a message belongs to its recipient only).
 *   Indexes: (user_id, is_read, id) for the unread list and count, (user_id, id) for paging and the
 *   last_id poll.
 * - `message_settings`: the per-user message settings (Msg/getSetting, editSetting) as a JSON object.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0009_messages',
  async up(_db, d) {
    await d.table('messages', (t) =>
      t
        .addColumn('id', d.idType, d.idCol)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('title', 'varchar(500)', (c) => c.notNull())
        .addColumn('from_user_id', 'integer')
        .addColumn('flow_id', 'integer')
        .addColumn('affair_id', 'integer')
        .addColumn('meeting_id', 'integer')
        .addColumn('source_id', 'integer')
        .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ignored', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint'),
    );
    await d.index('messages', ['user_id', 'is_read', 'id']);
    await d.index('messages', ['user_id', 'id']);

    await d.table('message_settings', (t) =>
      t
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('setting', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
    );
  },
};
