/**
 * Password storage and policy (DESIGN §7, SPEC §5): argon2id hashes, strength recomputed on the
 * server, and password age (90 days by default; `settings` key `password.maxAgeDays` overrides
 * `config.passwordMaxAgeDays`; 0 or less disables expiry).
 */
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { isStrongPassword } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import { newToken, now } from '../lib/clock.js';
import { registerCache } from './cacheBus.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, unusable under isolatedModules). */
const ARGON2ID = 2;

/** Hashes a password with argon2id (PHC string, about 100 chars). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies `password` against a stored argon2 hash. With `stored` null (unknown user) a dummy hash
 * is verified instead so that the answer takes as long as for a real user, and false is returned.
 * A malformed stored hash verifies as false.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored == null) {
    dummyHash ??= hashPassword(newToken(16));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** SPEC §5 strength, recomputed on the server whatever the client's isStrongPassword flag says. */
export function passwordIsStrong(password: string): boolean {
  return isStrongPassword(password);
}

const ageCache = new WeakMap<Kysely<DB>, { value: number; at: number }>();
const AGE_CACHE_MS = 30_000;
registerCache('settings', (db) => ageCache.delete(db));

/** The maximum password age in days (settings `password.maxAgeDays`, else config); cached 30 s, forgotten by every settings change. */
export async function passwordMaxAgeDays(db: Kysely<DB>, config: Config): Promise<number> {
  const c = ageCache.get(db);
  const t = now();
  if (c && t - c.at < AGE_CACHE_MS) return c.value;
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'password.maxAgeDays').executeTakeFirst();
  const fromSettings = row ? Number(row.value) : NaN;
  const value = Number.isFinite(fromSettings) ? fromSettings : config.passwordMaxAgeDays;
  ageCache.set(db, { value, at: t });
  return value;
}

/**
 * Whole days until a password changed at `changedAt` (epoch ms) expires: negative or 0 once expired
 * (0 on the day it expires). With expiry disabled (max age ≤ 0) answers 36500.
 */
export function passwordExpiresInDays(changedAt: number, maxAgeDays: number, at: number = now()): number {
  if (!(maxAgeDays > 0)) return 36500;
  return Math.floor((changedAt + maxAgeDays * DAY_MS - at) / DAY_MS);
}

/** True once a password changed at `changedAt` is older than `maxAgeDays` (never when ≤ 0). */
export function passwordExpired(changedAt: number, maxAgeDays: number, at: number = now()): boolean {
  return maxAgeDays > 0 && at >= changedAt + maxAgeDays * DAY_MS;
}
