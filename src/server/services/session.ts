/**
 * Sessions are rows in the database; only the SHA-256 of the token is stored (issue 2).
 * Lifetime 1 day (SPEC §3 Session); revoked on logout and on password change.
 */
import type { Kysely } from 'kysely';
import { SESSION_LIFETIME_MS } from '../../shared/constants.js';
import type { DB } from '../db/types.js';
import type { AuthUser } from '../lib/context.js';
import { newToken, now, sha256 } from '../lib/clock.js';

/** A new session: the token is returned once and never stored. */
export interface NewSession {
  token: string;
  sessionId: number;
  expiresAt: number;
}

/** Opens a session for `userId` in department `deptId`. */
export async function createSession(
  db: Kysely<DB>,
  opts: { userId: number; deptId: number | null; ip?: string; userAgent?: string; mustChangePassword?: boolean; adminLogin?: boolean },
): Promise<NewSession> {
  const token = newToken();
  const t = now();
  const expiresAt = t + SESSION_LIFETIME_MS;
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: opts.userId,
      dept_id: opts.deptId,
      ip: opts.ip ?? null,
      user_agent: opts.userAgent?.slice(0, 255) ?? null,
      must_change_password: opts.mustChangePassword ? 1 : 0,
      admin_login: opts.adminLogin ? 1 : 0,
      created_at: t,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/**
 * The user of a live session whose token and uuid match, or null when the token is unknown,
 * revoked, expired, belongs to another uuid or to a disabled user.
 */
export async function findSession(db: Kysely<DB>, token: string, uuid: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.dept_id as deptId',
      's.must_change_password as mcp',
      's.admin_login as adminLogin',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      'u.id as userId',
      'u.uuid as uuid',
      'u.username as username',
      'u.realname as realname',
      'u.is_admin as isAdmin',
      'u.status as status',
    ])
    .where('s.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.uuid !== uuid || row.revokedAt != null || row.expiresAt <= now() || row.status !== 1) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    uuid: row.uuid,
    username: row.username,
    realname: row.realname,
    deptId: row.deptId,
    isAdmin: row.isAdmin === 1,
    mustChangePassword: row.mcp === 1,
    adminLogin: row.adminLogin === 1,
  };
}

/** Revokes one session (logout). */
export async function revokeSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given (password change). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId != null) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}
