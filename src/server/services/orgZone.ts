/**
 * The organisation's time zone on the server (setting `time.zone`, services/settings.ts; default Asia/Shanghai).
 * Instants are stored as UTC epoch ms; every text the server formats for people — reminder dates, export cells,
 * the 公文 PDF's 成文日期 and 印发日期, 收文 dates, years of numbers and archives, file names — is the wall time of
 * this zone (engine/expr/zone.ts), and the client formats with the same zone, sent in the user info
 * (`UserInfo.time_zone`), never the browser's.
 *
 * Read through a short per-database cache, registered as `settings` with the cache bus: a change made through
 * services/settings.ts is seen at once in every process. Reading also installs the zone for TODAY() and the flow
 * deadlines of engine/expr and engine/flow (one organisation per server).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { registerCache } from './cacheBus.js';
import { DEFAULT_TIME_ZONE, isTimeZone, setTimeZone, zoneDate, zoneDateTime } from '../../../engine/expr/zone.js';

/** Key of the setting in the `settings` table. */
export const TIME_ZONE_KEY = 'time.zone';

/** How long a read zone is reused (ms). */
export const ORG_ZONE_CACHE_MS = 10_000;

const cache = new WeakMap<Kysely<DB>, { zone: string; at: number }>();

/**
 * The organisation's IANA zone (the stored setting when it is a known zone, else DEFAULT_TIME_ZONE), cached
 * ORG_ZONE_CACHE_MS per database `db` (the handle, not a transaction: the cache is keyed by it). Inside a
 * transaction pass it as `reader` too: SQLite has one connection, which the transaction holds.
 */
export async function orgTimeZone(db: Kysely<DB>, reader: Kysely<DB> | Transaction<DB> = db): Promise<string> {
  const t = now();
  const hit = cache.get(db);
  if (hit && t - hit.at < ORG_ZONE_CACHE_MS && t >= hit.at) return hit.zone;
  const row = await reader.selectFrom('settings').select('value').where('key', '=', TIME_ZONE_KEY).executeTakeFirst();
  const zone = row && isTimeZone(row.value) ? row.value : DEFAULT_TIME_ZONE;
  cache.set(db, { zone, at: t });
  setTimeZone(zone);
  return zone;
}

registerCache('settings', (db) => cache.delete(db));

/** 'YYYY-MM-DD' of epoch ms `at` in the organisation's zone. */
export async function orgDate(db: Kysely<DB>, at: number): Promise<string> {
  return zoneDate(at, await orgTimeZone(db));
}

/** 'YYYY-MM-DD HH:mm' of epoch ms `at` in the organisation's zone. */
export async function orgDateTime(db: Kysely<DB>, at: number): Promise<string> {
  return zoneDateTime(at, await orgTimeZone(db));
}
