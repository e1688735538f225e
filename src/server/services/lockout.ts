/**
 * Login failure lockout (DESIGN §7): five failures of one name within 15 minutes lock that
 * name for 15 minutes; after three a captcha is required. Keyed on the name as typed (lower-cased),
 * so a name that belongs to nobody locks and answers exactly like a real one.
 */
import type { Kysely, Transaction } from 'kysely';
import { LOGIN_CAPTCHA_AFTER_FAILURES, LOGIN_FAILURE_WINDOW_MS, LOGIN_LOCK_AFTER_FAILURES, LOGIN_LOCK_MS } from '../../shared/constants.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { audit } from './audit.js';
import type { Dialect } from '../db/index.js';

/** Reasons recorded in `login_attempts.reason` that count towards the lockout. */
export const COUNTED_FAILURES = ['bad_password', 'no_user', 'disabled'] as const;

/** Login methods recorded in `login_attempts.method` ('change': the old password of a password change). */
export type LoginMethod = 'password' | 'admin' | 'sms' | 'sso' | 'usso' | 'change';

/** Lock state of a name. */
export interface LockState {
  locked: boolean;
  /** Whole minutes until the lock ends (≥ 1 when locked, else 0). */
  minutesLeft: number;
  /** Counted failures within the last 15 minutes since the last success. */
  failures: number;
  /** A captcha must accompany the next attempt. */
  needCaptcha: boolean;
  /** Times (epoch ms, newest first) of the counted failures since the last success. */
  failureTimes: number[];
}

/** Normalises a typed login name for the lockout key. */
export function lockKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 100);
}

/** Derives the lock state from attempt times (newest first, failures counted since the last success). */
export function lockStateOf(failureTimes: number[], at: number): LockState {
  const recent = failureTimes.filter((t) => at - t < LOGIN_FAILURE_WINDOW_MS);
  const n = LOGIN_LOCK_AFTER_FAILURES;
  let locked = false;
  let minutesLeft = 0;
  if (failureTimes.length >= n) {
    const newest = failureTimes[0];
    const nth = failureTimes[n - 1];
    if (newest - nth <= LOGIN_FAILURE_WINDOW_MS && at - newest < LOGIN_LOCK_MS) {
      locked = true;
      minutesLeft = Math.max(1, Math.ceil((newest + LOGIN_LOCK_MS - at) / 60_000));
    }
  }
  return {
    locked,
    minutesLeft,
    failures: recent.length,
    needCaptcha: locked || recent.length >= LOGIN_CAPTCHA_AFTER_FAILURES,
    failureTimes,
  };
}

/** The lock state of `username` now, from `login_attempts` (one indexed query). */
export async function lockState(db: Kysely<DB> | Transaction<DB>, username: string): Promise<LockState> {
  const at = now();
  const rows = await db
    .selectFrom('login_attempts')
    .select(['created_at', 'success', 'reason'])
    .where('username', '=', lockKey(username))
    .where('created_at', '>', at - LOGIN_FAILURE_WINDOW_MS - LOGIN_LOCK_MS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const failures: number[] = [];
  for (const r of rows) {
    if (r.success === 1) break;
    if ((COUNTED_FAILURES as readonly string[]).includes(r.reason ?? '')) failures.push(Number(r.created_at));
  }
  return lockStateOf(failures, at);
}

/** One row of `login_attempts`. */
export interface AttemptRecord {
  username: string;
  userId: number | null;
  success: boolean;
  method: LoginMethod;
  /** ok | bad_password | no_user | disabled | locked | captcha | not_admin | bad_code | bad_app … */
  reason: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Writes one login attempt and its audit row (DESIGN §7: every sign-in, success or failure, is audited)
 * inside the caller's transaction.
 */
export async function recordAttempt(db: Transaction<DB>, dialect: Dialect, a: AttemptRecord): Promise<void> {
  await audit(db, dialect, {
    userId: a.userId,
    username: a.username.slice(0, 50),
    ip: a.ip?.slice(0, 64) ?? null,
    event: `login.${a.method}`,
    object: a.userId != null ? `user:${a.userId}` : null,
    result: a.success ? 'success' : 'failure',
    detail: { reason: a.reason },
  });
  await db
    .insertInto('login_attempts')
    .values({
      username: lockKey(a.username),
      user_id: a.userId,
      ip: a.ip?.slice(0, 64) ?? null,
      user_agent: a.userAgent?.slice(0, 255) ?? null,
      success: a.success ? 1 : 0,
      method: a.method,
      reason: a.reason.slice(0, 100),
      created_at: now(),
    })
    .execute();
}
