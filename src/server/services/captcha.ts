/**
 * Image captcha (DESIGN §7: required after three login failures; also on registration):
 * an SVG of four digits, answer stored as SHA-256, single use, valid 5 minutes.
 */
import type { Kysely } from 'kysely';
import svgCaptchaModule from 'svg-captcha';
import { CAPTCHA_LIFETIME_MS } from '../../shared/constants.js';
import type { DB } from '../db/types.js';
import { newUuid, now, randomDigits, sha256 } from '../lib/clock.js';

/** svg-captcha's default export renders a given text (not in its typings). */
const renderCaptcha = svgCaptchaModule as unknown as (text: string, opts?: Record<string, unknown>) => string;

/** Answer of /api/Login/captcha. */
export interface CaptchaImage {
  /** Send back as `captchaKey` with the answer in `captcha`. */
  captchaKey: string;
  /** `data:image/svg+xml;base64,…` */
  image: string;
}

function answerHash(key: string, answer: string): string {
  return sha256(`${key}:${answer.trim().toLowerCase()}`);
}

let lastPurge = 0;

/** Creates and stores a captcha. `text` is for tests only (default: four random digits). */
export async function createCaptcha(db: Kysely<DB>, text: string = randomDigits(4)): Promise<CaptchaImage> {
  const key = newUuid();
  const t = now();
  const svg = renderCaptcha(text, { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f5f7fa' });
  await db.transaction().execute(async (trx) => {
    if (t - lastPurge > 60_000) {
      lastPurge = t;
      await trx.deleteFrom('captchas').where('expires_at', '<', t).execute();
    }
    await trx
      .insertInto('captchas')
      .values({ key, answer_hash: answerHash(key, text), expires_at: t + CAPTCHA_LIFETIME_MS })
      .execute();
  });
  return { captchaKey: key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks and consumes a captcha: the row is deleted whatever the answer (single use).
 * True only when the key exists, has not expired and the answer matches (case-insensitive).
 */
export async function checkCaptcha(db: Kysely<DB>, key: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!key || !answer) return false;
  const row = await db.deleteFrom('captchas').where('key', '=', key.slice(0, 64)).returning(['answer_hash', 'expires_at']).executeTakeFirst();
  if (!row) return false;
  return Number(row.expires_at) > now() && row.answer_hash === answerHash(key, answer);
}
