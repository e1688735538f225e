/**
 * Password transport (SPEC §5, DESIGN §7): every password field is SM2-encrypted against the server's
 * public key (Login/getPublicKey, fetched once) before it is sent. The SM2 code (sm-crypto) loads with the first
 * password sent, not with the page: the login page's first load does without it.
 */
import { api } from './api';

let key: Promise<string> | null = null;

/** The server's SM2 public key (cached; a failed fetch is retried next time). */
export function publicKey(): Promise<string> {
  if (!key) {
    key = api.getPublicKey().then((r) => r.publicKey);
    key.catch(() => {
      key = null;
    });
  }
  return key;
}

/** The ciphertext to send in a password field. */
export async function transportPassword(password: string): Promise<string> {
  const [{ encryptPassword }, pub] = await Promise.all([import('@shared/passwordTransport'), publicKey()]);
  return encryptPassword(password, pub);
}
