/**
 * Server side of the SM2 password transport (SPEC §5 "transformed client-side", DESIGN §7):
 * the key pair lives in `settings` (`sm2.public`, `sm2.private`), generated on first use; a
 * ciphertext (any standard form, `decryptSm2`) is decrypted, its timestamp checked (at most 5 minutes old, at
 * most 1 minute ahead) and its plaintext's HMAC consumed in `used_nonces` so it can never be used twice.
 */
import type { Kysely } from 'kysely';
import { sm2 } from 'sm-crypto-v2';
import { Code } from '../../shared/codes.js';
import { SM2_CIPHER_MAX_AGE_MS } from '../../shared/constants.js';
import type { PasswordEnvelope } from '../../shared/passwordTransport.js';
import type { DB } from '../db/types.js';
import crypto from 'node:crypto';
import { now } from '../lib/clock.js';
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
 * Source: DESIGN §7.
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

/** C1 as the SM2 standard encodes it: an uncompressed point, PC = 04 followed by x and y (64 + 64 hex). */
const UNCOMPRESSED = '04';

/**
 * The plaintext (UTF-8) of SM2 ciphertext `hex` under `privateKey`, or null when it is none of the accepted forms.
 *
 * Accepted (GM/T 0003.4-2012 = GB/T 32918.4-2016 §7 "加密算法", with the point encoding of GB/T 32918.1-2016 §4.2.9):
 * - C1C3C2 with C1 = `04‖x‖y` — the standard's order and encoding, what BouncyCastle
 *   (SM2Engine Mode.C1C3C2), Hutool (SM2 default) and GmSSL's raw C1‖C3‖C2 produce;
 * - C1C3C2 with C1 = `x‖y` (no 04) — what sm-crypto and this project's browser (src/shared/passwordTransport.ts,
 *   cipherMode 1) produce;
 * - C1C2C3, with or without 04 — the order of the 2010 draft of the standard, still BouncyCastle's default
 *   (SM2Engine Mode.C1C2C3) and sm-crypto's cipherMode 0;
 * - the ASN.1 DER `SM2Cipher` SEQUENCE {x, y, hash C3, ciphertext C2} of GM/T 0009-2012 §7.2 — GmSSL's default.
 * Not accepted: a compressed C1 (02/03), which none of these libraries emits.
 *
 * Trying several layouts is safe: a layout is taken only when its C3 = SM3(x2‖M‖y2) checks, which a wrong split
 * of the bytes fails (except with probability 2^-256).
 */
export function decryptSm2(hex: string, privateKey: string): string | null {
  const layouts: Array<[string, 0 | 1, boolean]> = [];
  if (hex.startsWith(UNCOMPRESSED)) layouts.push([hex.slice(2), 1, false], [hex.slice(2), 0, false]);
  layouts.push([hex, 1, false], [hex, 0, false]);
  if (hex.startsWith('30')) layouts.push([hex, 1, true]);
  for (const [body, mode, asn1] of layouts) {
    try {
      const plain = sm2.doDecrypt(body, privateKey, mode, { output: 'string', asn1 });
      if (plain) return plain;
    } catch {
      // not a point on the curve or not DER: try the next layout
    }
  }
  return null;
}

/**
 * Decrypts a transported password (hex SM2 ciphertext of `{"p","t","n"}` JSON, any form `decryptSm2` accepts) and consumes it.
 * `fieldKey` is the `field.*` key naming the field in messages (e.g. `field.oldPassword`).
 * Errors (all -1 naming the field): undecryptable or malformed; timestamp older than 5 minutes or
 * more than 1 minute ahead; ciphertext seen before. Returns the plain password.
 */
export async function decryptPassword(ctx: ServiceCtx, cipherHex: string, fieldKey = 'field.password'): Promise<string> {
  const field = ctx.t(fieldKey);
  const bad = (key: string) => new ApiError(ctx.t(key, { field }), Code.ERROR);
  const hex = String(cipherHex ?? '')
    .trim()
    .toLowerCase();
  if (!/^[0-9a-f]{194,4096}$/.test(hex)) throw bad('transport.invalid');
  const { privateKey } = await sm2Keys(ctx.db);
  let env: PasswordEnvelope;
  let plain: string | null = null;
  try {
    plain = decryptSm2(hex, privateKey);
    if (!plain) throw new Error('undecryptable');
    env = JSON.parse(plain) as PasswordEnvelope;
  } catch {
    throw bad('transport.invalid');
  }
  if (!env || typeof env !== 'object' || typeof env.p !== 'string' || typeof env.t !== 'number' || !Number.isFinite(env.t)) {
    throw bad('transport.invalid');
  }
  const t = now();
  if (env.t < t - SM2_CIPHER_MAX_AGE_MS || env.t > t + SM2_CIPHER_MAX_SKEW_MS) throw bad('transport.expired');
  // Keyed by the plaintext (its time and nonce), not the bytes sent: the same ciphertext re-sent in another of the
  // accepted forms (04 added or dropped, C2/C3 swapped, DER) is the same use. HMAC under the private key, so the
  // stored value says nothing about the password.
  const used = crypto.createHmac('sha256', privateKey).update(plain!).digest('hex');
  const fresh = await consumeNonce(ctx.db, used, env.t + SM2_CIPHER_MAX_AGE_MS + SM2_CIPHER_MAX_SKEW_MS);
  if (!fresh) throw bad('transport.replayed');
  return env.p;
}
