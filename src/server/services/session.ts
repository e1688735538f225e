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
 * Sessions found in the last SESSION_CACHE_MS, by token hash: a page load fires several calls at
 * once and /api/Person/userInfo has a CPU budget (issue 2 benchmark). Short enough that a change made
 * by another process shows within a fraction of a second (the department switch reloads after 1 s).
 */
export const SESSION_CACHE_MS = 200;
const sessionCache = new Map<string, { user: AuthUser; expiresAt: number; at: number }>();

/** Forgets every cached session lookup; call after changing sessions or a user's status. */
export function forgetSessions(): void {
  sessionCache.clear();
}

/**
 * The user of a live session whose token and uuid match, or null when the token is unknown,
 * revoked, expired, belongs to another uuid or to a disabled user.
 */
export async function findSession(db: Kysely<DB>, token: string, uuid: string): Promise<AuthUser | null> {
  const hash = sha256(token);
  const t = now();
  const hit = sessionCache.get(hash);
  if (hit && t - hit.at < SESSION_CACHE_MS && t >= hit.at) {
    return hit.user.uuid === uuid && hit.expiresAt > t ? { ...hit.user } : null;
  }
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
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.uuid !== uuid || row.revokedAt != null || row.expiresAt <= now() || row.status !== 1) return null;
  const user: AuthUser = {
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
  if (sessionCache.size >= 10_000) sessionCache.clear();
  sessionCache.set(hash, { user, expiresAt: row.expiresAt, at: t });
  return { ...user };
}

/** Revokes one session (logout). */
export async function revokeSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  forgetSessions();
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given (password change). */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId != null) q = q.where('id', '!=', keepSessionId);
  forgetSessions();
  await q.execute();
}
