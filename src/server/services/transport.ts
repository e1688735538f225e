/**
 * Server side of the SM2 password transport (SPEC §5 "transformed client-side", DESIGN §7):
 * the key pair lives in `settings` (`sm2.public`, `sm2.private`), generated on first use; a
 * ciphertext is decrypted, its timestamp checked (at most 5 minutes old, at most 1 minute ahead)
 * and its SHA-256 consumed in `used_nonces` so it can never be used twice.
 */
import type { Kysely } from 'kysely';
import { sm2 } from 'sm-crypto-v2';
import { Code } from '../../shared/codes.js';
import { SM2_CIPHER_MAX_AGE_MS } from '../../shared/constants.js';
import { SM2_CIPHER_MODE, type PasswordEnvelope } from '../../shared/passwordTransport.js';
import type { DB } from '../db/types.js';
import { now, sha256 } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { ServiceCtx } from './context.js';

/** How far a client clock may run ahead of the server's before a ciphertext is refused. */
export const SM2_CIPHER_MAX_SKEW_MS = 60 * 1000;

/** An SM2 key pair in hex (public: 130 chars uncompressed `04…`, private: 64 chars). */
export interface Sm2KeyPair {
  publicKey: string;
  privateKey: string;
}

const keyCache = new WeakMap<Kysely<DB>, Promise<Sm2KeyPair>>();

async function loadOrCreateKeys(db: Kysely<DB>): Promise<Sm2KeyPair> {
  const read = async () => {
    const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['sm2.public', 'sm2.private']).execute();
    const pub = rows.find((r) => r.key === 'sm2.public')?.value;
    const priv = rows.find((r) => r.key === 'sm2.private')?.value;
    return pub && priv ? { publicKey: pub, privateKey: priv } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const pair = sm2.generateKeyPairHex();
  // Two processes starting at once: the first insert wins, both then read the winner.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values([
        { key: 'sm2.public', value: pair.publicKey },
        { key: 'sm2.private', value: pair.privateKey },
      ])
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  const stored = await read();
  if (!stored) throw new Error('SM2 key pair could not be stored');
  return stored;
}

/**
 * The server's SM2 key pair, generated and stored on first use, then cached per database handle.
 * Source: issue 2 "Accounts and sessions", DESIGN §7.
 */
export function sm2Keys(db: Kysely<DB>): Promise<Sm2KeyPair> {
  let p = keyCache.get(db);
  if (!p) {
    p = loadOrCreateKeys(db);
    p.catch(() => keyCache.delete(db));
    keyCache.set(db, p);
  }
  return p;
}

/** The public key (hex) the browser encrypts passwords with (answer of /api/Login/getPublicKey). */
export async function publicKey(db: Kysely<DB>): Promise<string> {
  return (await sm2Keys(db)).publicKey;
}

let lastPurge = 0;

/**
 * Records `hash` as used until `expiresAt` (epoch ms). Returns false when it was used before.
 * Also purges expired nonces, at most once a minute per process.
 */
export async function consumeNonce(db: Kysely<DB>, hash: string, expiresAt: number): Promise<boolean> {
  const t = now();
  if (t - lastPurge > 60_000) {
    lastPurge = t;
    await db.deleteFrom('used_nonces').where('expires_at', '<', t).execute();
  }
  const r = await db
    .insertInto('used_nonces')
    .values({ hash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('hash').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Decrypts a transported password (hex SM2 C1C3C2 of `{"p","t","n"}` JSON) and consumes it.
 * `fieldKey` is the `field.*` key naming the field in messages (e.g. `field.oldPassword`).
 * Errors (all -1 naming the field): undecryptable or malformed; timestamp older than 5 minutes or
 * more than 1 minute ahead; ciphertext seen before. Returns the plain password.
 */
export async function decryptPassword(ctx: ServiceCtx, cipherHex: string, fieldKey = 'field.password'): Promise<string> {
  const field = ctx.t(fieldKey);
  const bad = (key: string) => new ApiError(ctx.t(key, { field }), Code.ERROR);
  const hex = String(cipherHex ?? '').trim().toLowerCase();
  if (!/^[0-9a-f]{194,4096}$/.test(hex)) throw bad('transport.invalid');
  const { privateKey } = await sm2Keys(ctx.db);
  let env: PasswordEnvelope;
  try {
    const plain = sm2.doDecrypt(hex, privateKey, SM2_CIPHER_MODE, { output: 'string' });
    if (!plain) throw new Error('empty');
    env = JSON.parse(plain) as PasswordEnvelope;
  } catch {
    throw bad('transport.invalid');
  }
  if (!env || typeof env !== 'object' || typeof env.p !== 'string' || typeof env.t !== 'number' || !Number.isFinite(env.t)) {
    throw bad('transport.invalid');
  }
  const t = now();
  if (env.t < t - SM2_CIPHER_MAX_AGE_MS || env.t > t + SM2_CIPHER_MAX_SKEW_MS) throw bad('transport.expired');
  const fresh = await consumeNonce(ctx.db, sha256(hex), env.t + SM2_CIPHER_MAX_AGE_MS + SM2_CIPHER_MAX_SKEW_MS);
  if (!fresh) throw bad('transport.replayed');
  return env.p;
}
