/**
 * SM2 interoperability of the password transport (GM/T 0003.4-2012 = GB/T 32918.4-2016): a password encrypted
 * the standard way — C1 with its 04 point prefix, as BouncyCastle and Hutool write it — signs in like the
 * project's own form (C1 without 04), and so do the C1C2C3 order (BouncyCastle's default) and the ASN.1 DER form
 * (GmSSL's default); a tampered or garbage ciphertext is still 密码无法解密, and a replay is still refused.
 * SQLite and PostgreSQL.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto-v2';
import { now } from '../../src/server/lib/clock.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

let t: TestApp;
let pk = '';

/** Each call from its own client address (the sign-in rate limit is per address). */
const post = (path: string, body: Record<string, unknown> = {}) =>
  t.post(path, body, undefined, { ip: `10.9.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}` });
/** The envelope of src/shared/passwordTransport.ts, as a third-party client would build it. */
const envelope = (password = DEMO_PASSWORD) => JSON.stringify({ p: password, t: now(), n: crypto.randomBytes(8).toString('hex') });
const signIn = (username: string, password: string) => post('Login/index', { username, password, isStrongPassword: 1 });
const UNDECRYPTABLE = { code: -1, msg: '密码无法解密，请刷新页面后重试' };

beforeAll(async () => {
  t = await createTestApp();
  pk = (await post('Login/getPublicKey')).data.publicKey;
});
afterAll(async () => t.close());

describe('SM2 ciphertext forms', () => {
  it('C1C3C2 with the standard 04 prefix signs in (BouncyCastle, Hutool)', async () => {
    const plain = envelope();
    const c = sm2.doEncrypt(plain, pk, 1);
    // sm-crypto leaves the prefix out: x‖y (128 hex) ‖ C3 (64 hex) ‖ C2 (the plaintext's length); its x itself begins
    // with 04 one time in 256, so the length, not the first byte, tells
    expect(c.length).toBe(128 + 64 + 2 * Buffer.byteLength(plain));
    const r = await signIn('zhangwei', `04${c}`); // …the standard writes it
    expect(r.code, r.msg).toBe(0);
    expect(r.data.info.name).toBe('zhangwei');
  });

  it('C1C3C2 without 04 (the project’s browser) still signs in', async () => {
    const r = await signIn('lina', sm2.doEncrypt(envelope(), pk, 1));
    expect(r.code, r.msg).toBe(0);
  });

  it('C1C2C3 (the 2010 order, BouncyCastle’s default) with and without 04, and ASN.1 DER (GmSSL) sign in', async () => {
    expect((await signIn('wangfang', `04${sm2.doEncrypt(envelope(), pk, 0)}`)).code).toBe(0);
    expect((await signIn('wangfang', sm2.doEncrypt(envelope(), pk, 0))).code).toBe(0);
    const der = sm2.doEncrypt(envelope(), pk, 1, { asn1: true });
    expect(der).toMatch(/^30/);
    expect((await signIn('wangfang', der)).code).toBe(0);
  });

  it('garbage, a tampered ciphertext, a wrong prefix and a replay are refused', async () => {
    expect(await signIn('liuyang', 'ab'.repeat(120))).toMatchObject(UNDECRYPTABLE);
    expect(await signIn('liuyang', `04${'00'.repeat(120)}`)).toMatchObject(UNDECRYPTABLE);
    const c = `04${sm2.doEncrypt(envelope(), pk, 1)}`;
    const flipped = c.slice(0, -2) + (c.endsWith('00') ? '01' : '00');
    expect(await signIn('liuyang', flipped)).toMatchObject(UNDECRYPTABLE);
    expect(await signIn('liuyang', `03${c.slice(2)}`)).toMatchObject(UNDECRYPTABLE);
    expect((await signIn('liuyang', c)).code).toBe(0);
    // the same ciphertext again, with or without its prefix, is one ciphertext: refused as used
    for (const replay of [c, c.slice(2)]) {
      const again = await signIn('liuyang', replay);
      expect(again.code).toBe(-1);
      expect(again.msg).not.toBe(UNDECRYPTABLE.msg);
    }
  });
});
