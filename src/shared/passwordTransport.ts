/**
 * Password transport of SPEC §5 ("transformed client-side") and DESIGN §7: the browser encrypts
 * `{"p": password, "t": epoch ms, "n": nonce}` with SM2 (C1C3C2, cipherMode 1) against the server's
 * public key; the server rejects a ciphertext older than 5 minutes or seen before.
 */
import { sm2 } from 'sm-crypto-v2';

/** The plaintext of a transported password. */
export interface PasswordEnvelope {
  /** The password itself. */
  p: string;
  /** Client time of encryption, epoch milliseconds. */
  t: number;
  /** Random nonce, so two encryptions of one password at one millisecond still differ. */
  n: string;
}

/**
 * SM2 cipher mode the browser encrypts with: 1 = C1C3C2 (GM/T 0003.4-2012, GB/T 32918.4-2016), C1 without the
 * 04 prefix. The server also accepts the other common forms (src/server/services/transport.ts decryptSm2).
 */
export const SM2_CIPHER_MODE = 1;

function nonce(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Encrypts `password` for the server whose SM2 public key (hex, 130 chars, uncompressed) is
 * `publicKey`. Returns the hex ciphertext to send in the `password` field.
 */
export function encryptPassword(password: string, publicKey: string, at: number = Date.now()): string {
  const envelope: PasswordEnvelope = { p: password, t: at, n: nonce() };
  return sm2.doEncrypt(JSON.stringify(envelope), publicKey, SM2_CIPHER_MODE);
}
