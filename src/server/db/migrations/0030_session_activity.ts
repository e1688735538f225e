/**
 * 0030: `sessions.last_active_at` (bigint epoch ms, null only before this migration) — the last request of the
 * session, for the idle timeout of 等保 2.0 (services/session.ts: a session idle longer than the setting
 * `session.idleMinutes` is refused with -99). Written at most once a minute per session to keep writes cheap.
 * Existing sessions start from their creation time.
 */
import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0030_session_activity',
  async up(db) {
    await db.schema.alterTable('sessions').addColumn('last_active_at', 'bigint').execute();
    await sql`update sessions set last_active_at = created_at`.execute(db);
  },
};
