/**
 * 密级 clearance of people (DESIGN §7, SPEC §3 document_mj): users.clearance 0 非密 … 3 绝密. A record or a
 * flow whose classification is above a person's clearance is never shown to them (lists, details, search,
 * sign-for), whatever their roles. Read per user and kept CLEARANCE_CACHE_TTL_MS, like the menu and scope caches.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { invalidate, registerCache } from './cacheBus.js';

/** How long a person's clearance is reused (60 s, like the scope and menu caches). */
export const CLEARANCE_CACHE_TTL_MS = 60_000;

/** The dictionary of classification levels (schemas/common/dicts/document_mj.json). */
export const SECRET_DICT = 'document_mj';

const caches = new WeakMap<object, Map<number, { at: number; level: number }>>();

/** The clearance (0–3) of user `userId`; 0 for an unknown user. */
export async function clearanceOf(db: Kysely<DB>, userId: number): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(userId);
  const at = now();
  if (hit && at - hit.at < CLEARANCE_CACHE_TTL_MS && at >= hit.at) return hit.level;
  const row = await db.selectFrom('users').select('clearance').where('id', '=', userId).executeTakeFirst();
  const level = Number(row?.clearance ?? 0) || 0;
  if (cache.size > 10_000) cache.clear();
  cache.set(userId, { at, level });
  return level;
}

/** Forgets the cached clearance of `userId` (or of everyone) of database `db`, after it changed. */
export function forgetClearance(db: Kysely<DB>, userId?: number): void {
  invalidate(db, 'clearance', userId);
}
registerCache('clearance', (db, key) => {
  const cache = caches.get(db);
  if (!cache) return;
  if (key === undefined) cache.clear();
  else cache.delete(Number(key));
});

/** The classification level (0–3) of a stored value ('0'..'3', a number, empty → 0). */
export function secretLevelOf(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 3 ? n : 0;
}
