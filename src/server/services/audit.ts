/**
 * The audit log of DESIGN §7: time, user, IP, event, object and result of every security-relevant
 * event and every change to data, chained with HMAC-SM3 so that editing or deleting a row is
 * detectable. Rows are kept at least 184 days (nothing in the product deletes younger rows).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { sm3 } from 'sm-crypto-v2';
import type { DB } from '../db/types.js';
import type { Dialect } from '../db/index.js';
import { newToken, now } from '../lib/clock.js';

/** Minimum retention of audit rows in days (DESIGN §7). */
export const AUDIT_RETENTION_DAYS = 184;

/** One audit event as callers describe it. */
export interface AuditEvent {
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  /** Dotted event name, e.g. `login.password`, `user.edit`, `password.change`. */
  event: string;
  /** What was acted on, e.g. `user:42`. */
  object?: string | null;
  /** `success` or `failure` (or a short reason). */
  result: string;
  /** Extra facts as JSON (before/after of a change). Never passwords or tokens. */
  detail?: unknown;
}

type Db = Kysely<DB> | Transaction<DB>;

const keyCache = new WeakMap<object, string>();

/** The HMAC key of the chain: a random secret kept in `settings` (`audit.key`), made on first use. */
async function chainKey(db: Db): Promise<string> {
  const cached = keyCache.get(db);
  if (cached) return cached;
  let row = await db.selectFrom('settings').select('value').where('key', '=', 'audit.key').executeTakeFirst();
  if (!row) {
    await db
      .insertInto('settings')
      .values({ key: 'audit.key', value: newToken(32) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await db.selectFrom('settings').select('value').where('key', '=', 'audit.key').executeTakeFirstOrThrow();
  }
  keyCache.set(db, row.value);
  return row.value;
}

/** The canonical text a row's hash covers. */
function canonical(
  r: {
    created_at: number;
    user_id: number | null;
    username: string | null;
    ip: string | null;
    event: string;
    object: string | null;
    result: string;
    detail: string | null;
  },
  prev: string | null,
): string {
  return JSON.stringify([prev ?? '', r.created_at, r.user_id, r.username, r.ip, r.event, r.object, r.result, r.detail]);
}

/** HMAC-SM3 (GB/T 32905-2016 with RFC 2104) hex of `text` under `key`. */
export function hmacSm3(text: string, key: string): string {
  return sm3(text, { key, mode: 'hmac' });
}

/**
 * Appends `event` to the audit chain inside `trx` (the caller's transaction, so the audit row and
 * the change it describes commit together). On PostgreSQL an advisory lock serialises appenders so
 * the chain never forks; SQLite transactions are already serial.
 */
export async function audit(trx: Transaction<DB>, dialect: Dialect, event: AuditEvent): Promise<void> {
  if (dialect === 'pg') await sql`select pg_advisory_xact_lock(20260002)`.execute(trx);
  const key = await chainKey(trx);
  const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const row = {
    created_at: now(),
    user_id: event.userId ?? null,
    username: event.username ?? null,
    ip: event.ip ?? null,
    event: event.event,
    object: event.object ?? null,
    result: event.result,
    detail: event.detail === undefined ? null : JSON.stringify(event.detail),
  };
  const prev = last?.hash ?? null;
  await trx
    .insertInto('audit_log')
    .values({ ...row, prev_hash: prev, hash: hmacSm3(canonical(row, prev), key) })
    .execute();
}

/** Result of checking the chain: ok, or the id of the first row that does not verify. */
export interface ChainCheck {
  ok: boolean;
  checked: number;
  brokenAt: number | null;
}

/**
 * Verifies the whole chain (or the rows after `fromId`): each row's hash must match its content and
 * the previous row's hash. A changed, deleted or inserted row breaks it.
 */
export async function verifyAuditChain(db: Kysely<DB>, fromId = 0): Promise<ChainCheck> {
  const key = await chainKey(db);
  const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', fromId).orderBy('id').execute();
  let prev: string | null = fromId ? ((await db.selectFrom('audit_log').select('hash').where('id', '=', fromId).executeTakeFirst())?.hash ?? null) : null;
  for (const r of rows) {
    if (r.prev_hash !== prev || hmacSm3(canonical(r, prev), key) !== r.hash) {
      return { ok: false, checked: rows.length, brokenAt: r.id };
    }
    prev = r.hash;
  }
  return { ok: true, checked: rows.length, brokenAt: null };
}
