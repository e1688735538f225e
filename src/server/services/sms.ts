/**
 * SMS codes and the SMS provider interface (DESIGN §7): 6-digit codes valid 5 minutes,
 * one request per 60 s per mobile, stored as SHA-256, voided after 5 wrong tries. Every message sent
 * is written to `sms_log` (shown under /log/sms-remind).
 */
import type { Kysely, Transaction } from 'kysely';
import { Code } from '../../shared/codes.js';
import { SMS_CODE_LIFETIME_MS, SMS_RESEND_INTERVAL_MS } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import { now, randomDigits, sha256 } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { ServiceCtx } from './context.js';

/** A way to deliver text messages. `send` throws when the message could not be delivered. */
export interface SmsProvider {
  /** Written to `sms_log.provider`. */
  name: string;
  send(mobile: string, content: string): Promise<void>;
}

/** Purposes of an SMS code (`sms_codes.purpose`, `sms_log.purpose`). */
export const SMS_CODE_PURPOSES = ['login', 'register', 'repassword'] as const;
/** One of SMS_CODE_PURPOSES. */
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/** Wrong tries after which a code is void. */
export const SMS_CODE_MAX_ATTEMPTS = 5;

const lastMessages = new Map<string, string>();

/**
 * The default provider: delivers nothing itself (the message is in `sms_log`); outside production it
 * prints the message on the console and keeps the last message per mobile in memory (`lastSmsTo`).
 */
export function defaultSmsProvider(config: Pick<Config, 'production'>): SmsProvider {
  return {
    name: 'log',
    async send(mobile, content) {
      if (config.production) return;
      lastMessages.set(mobile, content);
      console.log(`[sms] ${mobile}: ${content}`);
    },
  };
}

let configured: SmsProvider | null = null;

/** Replaces the provider (a real gateway); `null` restores the default. */
export function setSmsProvider(provider: SmsProvider | null): void {
  configured = provider;
}

/** The provider in use. */
export function smsProvider(config: Pick<Config, 'production'>): SmsProvider {
  return configured ?? defaultSmsProvider(config);
}

/** Non-production only: the last message the default provider "sent" to `mobile`. */
export function lastSmsTo(mobile: string): string | undefined {
  return lastMessages.get(mobile);
}

/**
 * Sends one message through the provider and records it in `sms_log` (status 1 sent, 0 failed).
 * Returns whether it was delivered.
 */
export async function sendSms(
  db: Kysely<DB> | Transaction<DB>,
  config: Pick<Config, 'production'>,
  msg: { mobile: string; content: string; purpose: string; userId: number | null },
): Promise<boolean> {
  const provider = smsProvider(config);
  let ok = true;
  try {
    await provider.send(msg.mobile, msg.content);
  } catch {
    ok = false;
  }
  await db
    .insertInto('sms_log')
    .values({
      mobile: msg.mobile,
      content: msg.content,
      purpose: msg.purpose,
      provider: provider.name,
      status: ok ? 1 : 0,
      user_id: msg.userId,
      created_at: now(),
    })
    .execute();
  return ok;
}

function codeHash(mobile: string, purpose: string, code: string): string {
  return sha256(`${mobile}:${purpose}:${code}`);
}

/**
 * Issues a code for `mobile`. A code row is stored in every case (so the 60 s limit answers alike
 * whether or not the mobile is known), but the message is sent only when `deliver` is true.
 * Errors: -1 "wait N seconds" within 60 s of the previous request for this mobile; -1 when the
 * provider fails. `userId` goes to `sms_log`.
 */
export async function issueSmsCode(ctx: ServiceCtx, opts: { mobile: string; purpose: SmsCodePurpose; deliver: boolean; userId: number | null }): Promise<void> {
  const t = now();
  const code = randomDigits(6);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('mobile', '=', opts.mobile)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && t - Number(last.created_at) < SMS_RESEND_INTERVAL_MS) {
      return { wait: Math.ceil((Number(last.created_at) + SMS_RESEND_INTERVAL_MS - t) / 1000) };
    }
    // Earlier codes of this purpose stop working once a new one is issued.
    await trx
      .updateTable('sms_codes')
      .set({ used_at: t })
      .where('mobile', '=', opts.mobile)
      .where('purpose', '=', opts.purpose)
      .where('used_at', 'is', null)
      .execute();
    const inserted = await trx
      .insertInto('sms_codes')
      .values({
        mobile: opts.mobile,
        purpose: opts.purpose,
        code_hash: codeHash(opts.mobile, opts.purpose, code),
        created_at: t,
        expires_at: t + SMS_CODE_LIFETIME_MS,
        used_at: null,
        attempts: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!opts.deliver) return { wait: 0 };
    const content = ctx.t('sms.codeContent', { code, minutes: SMS_CODE_LIFETIME_MS / 60_000 });
    const sent = await sendSms(trx, ctx.config, { mobile: opts.mobile, content, purpose: opts.purpose, userId: opts.userId });
    if (!sent) {
      // Not delivered: the code is void and the 60 s limit does not apply.
      await trx.deleteFrom('sms_codes').where('id', '=', inserted.id).execute();
      return { wait: 0, failed: true };
    }
    return { wait: 0 };
  });
  if (outcome.wait > 0) throw new ApiError(ctx.t('sms.tooSoon', { seconds: outcome.wait }), Code.ERROR, { countdown: outcome.wait });
  if ('failed' in outcome) throw new ApiError(ctx.t('sms.sendFailed'), Code.ERROR);
}

/**
 * Checks a code inside the caller's transaction: the newest live code of `mobile` for `purpose`
 * must match; a match marks it used, a mismatch counts a wrong try (the 5th voids it). Returns
 * whether it matched. The caller must commit even on false so the wrong try is kept.
 */
export async function verifySmsCode(trx: Transaction<DB>, mobile: string, purpose: SmsCodePurpose, code: string): Promise<boolean> {
  const t = now();
  const row = await trx
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', t)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.attempts >= SMS_CODE_MAX_ATTEMPTS) return false;
  if (row.code_hash === codeHash(mobile, purpose, String(code).trim())) {
    await trx.updateTable('sms_codes').set({ used_at: t }).where('id', '=', row.id).execute();
    return true;
  }
  const attempts = row.attempts + 1;
  await trx
    .updateTable('sms_codes')
    .set({ attempts, ...(attempts >= SMS_CODE_MAX_ATTEMPTS ? { used_at: t } : {}) })
    .where('id', '=', row.id)
    .execute();
  return false;
}
