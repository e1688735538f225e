/**
 * Ids of node runs, tasks and timers (flow_tasks.id, flow_timers.id, in the instance state): 22 URL-safe
 * characters — 8 of time (epoch ms, 48 bits) then 14 random ones (84 bits from crypto) — in an alphabet
 * sorted as the bytes are, so ids made later sort after earlier ones. New tasks then land together at one
 * end of the primary-key index of flow_tasks instead of on a random page of it (bench: one page
 * less to read and to write back per approval over 5,000,000 tasks). Unique as random ids are; nothing
 * reads meaning into them.
 */
import { randomFillSync } from 'node:crypto';
import { now } from '../../lib/clock.js';

/** 64 URL-safe characters in byte order ('-' < digits < capitals < '_' < small letters). */
const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** Random characters per id. */
const RANDOM_CHARS = 14;

/** Random bytes, filled 256 ids at a time (one call into the system's generator instead of one per id). */
const pool = Buffer.alloc(RANDOM_CHARS * 256);
let at = pool.length;

/** A fresh id (see the module comment). */
export function flowId(): string {
  const time: string[] = new Array(8);
  let t = Math.max(0, Math.floor(now()));
  for (let k = 7; k >= 0; k--) {
    time[k] = ALPHABET[t % 64];
    t = Math.floor(t / 64);
  }
  if (at === pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  let id = time.join('');
  for (let k = 0; k < RANDOM_CHARS; k++) id += ALPHABET[pool[at++] & 63];
  return id;
}
