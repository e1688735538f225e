/**
 * Self-service accounts (SPEC §7 /api/api/register, /api/Login/getsmscode, /api/Login/repassword):
 * registration waiting for approval, SMS codes, and password reset by SMS code.
 */
import { sql } from 'kysely';
import { Code } from '../../shared/codes.js';
import { now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { checkCaptcha } from './captcha.js';
import type { ServiceCtx } from './context.js';
import { hashPassword, passwordIsStrong } from './password.js';
import { forgetSessions, revokeUserSessions } from './session.js';
import { audit } from './audit.js';
import { issueSmsCode, verifySmsCode, type SmsCodePurpose } from './sms.js';
import { decryptPassword } from './transport.js';
import { invalidateUserInfo } from './userInfo.js';

/** Whether `mobile` is used by a user or by a registration that is pending or approved. */
async function mobileTaken(ctx: ServiceCtx, mobile: string): Promise<boolean> {
  const u = await ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).limit(1).executeTakeFirst();
  if (u) return true;
  const a = await ctx.db.selectFrom('accounts').select('id').where('mobile', '=', mobile).where('status', 'in', [0, 1]).limit(1).executeTakeFirst();
  return !!a;
}

/** Whether `mail` (case-insensitive) is used by a user or by a pending or approved registration. */
async function mailTaken(ctx: ServiceCtx, mail: string): Promise<boolean> {
  const m = mail.toLowerCase();
  const u = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', m)
    .limit(1)
    .executeTakeFirst();
  if (u) return true;
  const a = await ctx.db
    .selectFrom('accounts')
    .select('id')
    .where(sql<string>`lower(mail)`, '=', m)
    .where('status', 'in', [0, 1])
    .limit(1)
    .executeTakeFirst();
  return !!a;
}

/**
 * /api/Login/getsmscode. For `login` and `repassword` the answer is the same whether or not the mobile
 * belongs to a user, but the message is sent only when it does; for `register` the mobile must not
 * be taken (-1 "该手机号码已注册"). Errors: -1 with the seconds left within 60 s of the last request.
 */
export async function requestSmsCode(ctx: ServiceCtx, mobile: string, purpose: SmsCodePurpose): Promise<void> {
  if (purpose === 'register') {
    if (await mobileTaken(ctx, mobile)) throw new ApiError(ctx.t('account.mobileTaken'), Code.ERROR);
    await issueSmsCode(ctx, { mobile, purpose, deliver: true, userId: null });
    return;
  }
  const user = await ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).where('status', '=', 1).orderBy('id').executeTakeFirst();
  await issueSmsCode(ctx, { mobile, purpose, deliver: !!user, userId: user?.id ?? null });
}

/** Input of /api/api/register (SPEC §3 "Account (registration)"). */
export interface RegisterInput {
  mail: string;
  mobile: string;
  /** SM2 ciphertext. */
  password: string;
  captcha: string;
  captchaKey: string;
  realname?: string;
}

/**
 * Registers an account that waits for an administrator's approval (accounts.status 0). Order: image
 * captcha (-1 naming 验证码) → password (transport errors, -1 when weak) → duplicates (-1 when the
 * mobile or mail is already used) → insert. Returns the new account id.
 */
export async function register(ctx: ServiceCtx, input: RegisterInput): Promise<number> {
  if (!(await checkCaptcha(ctx.db, input.captchaKey, input.captcha))) throw new ApiError(ctx.t('login.captchaWrong'), Code.ERROR);
  const plain = await decryptPassword(ctx, input.password);
  if (!passwordIsStrong(plain)) throw new ApiError(ctx.t('password.weak'), Code.ERROR);
  const mail = input.mail.trim();
  const hash = await hashPassword(plain);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const tctx = { ...ctx, db: trx };
    if (await mobileTaken(tctx, input.mobile)) return { error: 'account.mobileTaken' };
    if (await mailTaken(tctx, mail)) return { error: 'account.mailTaken' };
    const t = now();
    const row = await trx
      .insertInto('accounts')
      .values({
        mail,
        mobile: input.mobile,
        password_hash: hash,
        realname: input.realname?.trim() || null,
        status: 0,
        user_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  if ('error' in outcome) throw new ApiError(ctx.t(outcome.error as string), Code.ERROR);
  return outcome.id;
}

/**
 * /api/Login/repassword: sets a new password for the one enabled user whose mobile is `mobile`, given
 * the live `repassword` SMS code, and revokes all the user's sessions. Errors: transport errors;
 * -1 weak password; -1 "短信验证码错误或已失效" (also for an unknown mobile); -1 when several
 * accounts share the mobile.
 */
export async function resetPassword(ctx: ServiceCtx, mobile: string, code: string, cipher: string): Promise<void> {
  const plain = await decryptPassword(ctx, cipher);
  if (!passwordIsStrong(plain)) throw new ApiError(ctx.t('password.weak'), Code.ERROR);
  const hash = await hashPassword(plain);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const ok = await verifySmsCode(trx, mobile, 'repassword', code);
    if (!ok) return { error: 'sms.wrong' };
    const users = await trx.selectFrom('users').select('id').where('mobile', '=', mobile).where('status', '=', 1).execute();
    if (users.length === 0) return { error: 'sms.wrong' };
    if (users.length > 1) return { error: 'sms.ambiguous' };
    const t = now();
    await trx.updateTable('users').set({ password_hash: hash, password_changed_at: t, updated_at: t }).where('id', '=', users[0].id).execute();
    await revokeUserSessions(trx, users[0].id);
    await audit(trx, ctx.dialect, {
      userId: users[0].id,
      ip: ctx.ip,
      event: 'password.reset',
      object: `user:${users[0].id}`,
      result: 'success',
      detail: { via: 'sms' },
    });
    return { userId: users[0].id };
  });
  if ('error' in outcome) throw new ApiError(ctx.t(outcome.error as string), Code.ERROR);
  forgetSessions(ctx.db);
  invalidateUserInfo(ctx.db, outcome.userId);
}
