/**
 * Sessions are rows in the database; only the SHA-256 of the token is stored (DESIGN §6).
 * Lifetime 1 day (SPEC §3 Session) and an idle timeout (等保 2.0: setting `session.idleMinutes`, default 30 min,
 * last activity in `sessions.last_active_at`); revoked on logout and on password change, in every process at once.
 */
import type { Kysely } from 'kysely';
import { SESSION_LIFETIME_MS } from '../../shared/constants.js';
import type { DB } from '../db/types.js';
import type { AuthUser } from '../lib/context.js';
import { newToken, now, sha256 } from '../lib/clock.js';
import { invalidate, registerCache } from './cacheBus.js';
import { DEFAULT_SESSION_IDLE_MINUTES, SESSION_IDLE_KEY } from './settings.js';

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
      last_active_at: t,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Sessions found in the last SESSION_CACHE_MS, by token hash, per database: a page load fires several calls at
 * once and /api/Person/userInfo has a CPU budget (tests/bench userinfo). Logout, password change, a disabled user
 * and a department switch forget them in every process at once (cache bus `sessions`, ./cacheBus.ts); the short
 * lifetime is the fallback while Redis is away.
 */
export const SESSION_CACHE_MS = 200;

/** A session's last activity is written at most this often (ms), to keep the writes of busy sessions cheap. */
export const ACTIVITY_WRITE_MS = 60_000;

/** How long the idle timeout setting is reused (ms); every settings change forgets it at once. */
const IDLE_SETTING_CACHE_MS = 30_000;

interface CachedSession {
  user: AuthUser;
  expiresAt: number;
  lastActiveAt: number;
  at: number;
}

const caches = new WeakMap<object, Map<string, CachedSession>>();
/** Session look-ups under way, by token hash: concurrent requests of one session share one query. */
const loading = new WeakMap<object, Map<string, Promise<CachedSession | null>>>();
const idleSettings = new WeakMap<object, { ms: number; at: number }>();
registerCache('sessions', (db) => {
  caches.delete(db);
  // a look-up begun before the change is not joined by requests after it
  loading.delete(db);
});
registerCache('settings', (db) => idleSettings.delete(db));

/**
 * Forgets every cached session look-up of `db` in every process (./cacheBus.ts); call after changing sessions
 * or a user's status, once the transaction committed, with the application's database handle.
 */
export function forgetSessions(db: Kysely<DB>): void {
  invalidate(db, 'sessions');
}

/**
 * The idle timeout of sessions in ms: setting `session.idleMinutes` (settings.ts, default 30 min per 等保 2.0),
 * read at most every IDLE_SETTING_CACHE_MS.
 */
export async function sessionIdleMs(db: Kysely<DB>): Promise<number> {
  const t = now();
  const hit = idleSettings.get(db);
  if (hit && t - hit.at < IDLE_SETTING_CACHE_MS && t >= hit.at) return hit.ms;
  const row = await db.selectFrom('settings').select('value').where('key', '=', SESSION_IDLE_KEY).executeTakeFirst();
  const minutes = Number(row?.value);
  const ms = (Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_SESSION_IDLE_MINUTES) * 60_000;
  idleSettings.set(db, { ms, at: t });
  return ms;
}

/** The outcome of a session check: the user, or why not (`idle`: ended for inactivity, else unknown or over). */
export type SessionCheck = { user: AuthUser; idle?: undefined } | { user: null; idle: boolean };

const NONE: SessionCheck = { user: null, idle: false };
const IDLE: SessionCheck = { user: null, idle: true };

/**
 * Checks the session of `token` and `uuid` (SPEC §8 -99 when refused): unknown, revoked, expired (24 h), of
 * another uuid or of a disabled user → `{user: null, idle: false}`; no request for the idle timeout
 * (`sessionIdleMs`, 等保 2.0) → `{user: null, idle: true}`; else the user, and — when the request is the person's
 * `activity` (not a background poll or keepalive) — the session's last activity is moved to now when it is
 * ACTIVITY_WRITE_MS old or more (so a session may end up to that much early, never late).
 */
export async function checkSession(db: Kysely<DB>, token: string, uuid: string, activity = true): Promise<SessionCheck> {
  const hash = sha256(token);
  const t = now();
  const idleMs = await sessionIdleMs(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let hit = cache.get(hash);
  if (!hit || t - hit.at >= SESSION_CACHE_MS || t < hit.at) {
    hit = (await sharedLoad(db, hash)) ?? undefined;
    if (!hit) return NONE;
    if (cache.size >= 10_000) cache.clear();
    cache.set(hash, hit);
  }
  if (hit.user.uuid !== uuid || hit.expiresAt <= t) return NONE;
  if (t - hit.lastActiveAt >= idleMs) return IDLE;
  if (activity && t - hit.lastActiveAt >= ACTIVITY_WRITE_MS) {
    hit.lastActiveAt = t;
    await db.updateTable('sessions').set({ last_active_at: t }).where('id', '=', hit.user.sessionId).execute();
  }
  return { user: { ...hit.user } };
}

/**
 * The user of a live session whose token and uuid match, or null when the token is unknown, revoked,
 * expired, idle, belongs to another uuid or to a disabled user (see `checkSession`). Not activity: for the
 * reminder websocket's announcement and keepalive.
 */
export async function findSession(db: Kysely<DB>, token: string, uuid: string): Promise<AuthUser | null> {
  return (await checkSession(db, token, uuid, false)).user;
}

/** `loadSession`, one query for the requests of one session that miss the cache together. */
function sharedLoad(db: Kysely<DB>, hash: string): Promise<CachedSession | null> {
  let m = loading.get(db);
  if (!m) loading.set(db, (m = new Map()));
  let p = m.get(hash);
  if (!p) {
    const mine = m;
    p = loadSession(db, hash).finally(() => mine.delete(hash));
    m.set(hash, p);
  }
  return p;
}

/** The live session row of token hash `hash` as the cache keeps it; null when revoked or of a disabled user. */
async function loadSession(db: Kysely<DB>, hash: string): Promise<CachedSession | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.dept_id as deptId',
      's.must_change_password as mcp',
      's.admin_login as adminLogin',
      's.created_at as createdAt',
      's.expires_at as expiresAt',
      's.last_active_at as lastActiveAt',
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
  if (!row || row.revokedAt != null || row.status !== 1) return null;
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
  return { user, expiresAt: Number(row.expiresAt), lastActiveAt: Number(row.lastActiveAt ?? row.createdAt), at: now() };
}

/** Revokes one session (logout); the caller then calls `forgetSessions` once committed. */
export async function revokeSession(db: Kysely<DB>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * Revokes every live session of a user, except `keepSessionId` when given (password change); the caller then
 * calls `forgetSessions` once committed.
 */
export async function revokeUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: number): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId != null) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}
