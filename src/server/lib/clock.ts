/**
 * The one place time, ids and randomness come from (DESIGN §6), so tests can control them.
 */
import crypto from 'node:crypto';

let offsetMs = 0;

/** Current time in epoch milliseconds (shifted by `advanceClock` in tests). */
export function now(): number {
  return Date.now() + offsetMs;
}

/** Test helper: moves the clock forward by `ms` (negative to go back); `resetClock` undoes it. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}

/** A random RFC 4122 v4 uuid. */
export function newUuid(): string {
  return crypto.randomUUID();
}

/** A random URL-safe token of `bytes` random bytes. */
export function newToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** `n` random decimal digits, e.g. an SMS code. */
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += crypto.randomInt(0, 10).toString();
  return s;
}

/** Hex SHA-256 of a string (tokens, codes, ciphertexts are stored only as hashes). */
export function sha256(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex');
}
