/**
 * Sign-in (SPEC §3 "Login response", §4 "Login", §7 "Login and account"; DESIGN §7): password
 * login (also the separate admin login), SMS-code login, and the common tail that opens a session
 * and builds the LoginResult. Failures never reveal whether a user name exists.
 */
import type { Transaction } from 'kysely';
import { Code } from '../../shared/codes.js';
import type { LoginResult } from '../../shared/types.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { checkCaptcha } from './captcha.js';
import type { ServiceCtx } from './context.js';
import { initialDepartment } from './departments.js';
import { lockState, lockStateOf, recordAttempt, type LoginMethod } from './lockout.js';
import { passwordExpired, passwordIsStrong, passwordMaxAgeDays, verifyPassword } from './password.js';
import { createSession } from './session.js';
import { verifySmsCode } from './sms.js';
import { decryptPassword } from './transport.js';
import { invalidateUserInfo, userInfo } from './userInfo.js';
import { roleCodesOf } from './roles.js';

/** Roles that may use the admin login (三员, DESIGN §7). */
export const ADMIN_LOGIN_ROLES = ['sysadmin', 'secadmin', 'auditor'] as const;

/** The result of a successful sign-in. */
export interface LoginOutcome {
  result: LoginResult;
  /**
   * The session may only change the password (-98 to the client): 'weak', 'initial' (set by an
   * administrator, migration 0007) or 'expired'.
   */
  mustChange: 'weak' | 'initial' | 'expired' | null;
}

/** The columns of `users` a sign-in needs. */
export interface LoginUser {
  id: number;
  username: string;
  password_hash: string;
  password_changed_at: number;
  /** 1: an administrator set this password (migration 0007). */
  password_initial: number;
  status: number;
  current_dept_id: number | null;
}

export const loginColumns = ['id', 'username', 'password_hash', 'password_changed_at', 'password_initial', 'status', 'current_dept_id'] as const;

/**
 * Opens a session for `user` inside `trx` and records the successful attempt. The department is the
 * user's remembered one when still valid (users.current_dept_id is updated to it).
 */
async function openSession(
  ctx: ServiceCtx,
  trx: Transaction<DB>,
  user: LoginUser,
  opts: { method: LoginMethod; attemptName: string; mustChange: boolean; adminLogin: boolean },
) {
  const deptId = await initialDepartment(trx, user.id, user.current_dept_id);
  if (deptId !== user.current_dept_id) {
    await trx.updateTable('users').set({ current_dept_id: deptId, updated_at: now() }).where('id', '=', user.id).execute();
  }
  await recordAttempt(trx, ctx.dialect, {
    username: opts.attemptName,
    userId: user.id,
    success: true,
    method: opts.method,
    reason: opts.mustChange ? 'ok_must_change' : 'ok',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  const session = await createSession(trx, {
    userId: user.id,
    deptId,
    ip: ctx.ip ?? undefined,
    userAgent: ctx.userAgent ?? undefined,
    mustChangePassword: opts.mustChange,
    adminLogin: opts.adminLogin,
  });
  return { session, deptId };
}

/**
 * Signs `user` in after its credentials were checked: decides -98 (weak, administrator-set or expired password), opens
 * the session and builds the LoginResult. `strong` is the server-recomputed strength (null when the
 * method carries no password, e.g. SMS or SSO).
 */
export async function completeLogin(
  ctx: ServiceCtx,
  user: LoginUser,
  opts: { method: LoginMethod; attemptName: string; strong: boolean | null; adminLogin?: boolean; islogin?: boolean },
): Promise<LoginOutcome> {
  const maxAge = await passwordMaxAgeDays(ctx.db, ctx.config);
  const mustChange: LoginOutcome['mustChange'] =
    opts.strong === false
      ? 'weak'
      : opts.strong !== null && Number(user.password_initial) === 1
        ? 'initial'
        : passwordExpired(Number(user.password_changed_at), maxAge)
          ? 'expired'
          : null;
  const { session, deptId } = await ctx.db
    .transaction()
    .execute((trx) =>
      openSession(ctx, trx, user, { method: opts.method, attemptName: opts.attemptName, mustChange: mustChange != null, adminLogin: !!opts.adminLogin }),
    );
  // A sign-in always answers fresh data (roles or the password may have changed elsewhere).
  invalidateUserInfo(ctx.db, user.id);
  const info = await userInfo(ctx.db, ctx.config, user.id, deptId);
  if (!info) throw new ApiError(ctx.t('login.failed'), Code.ERROR);
  return { result: { uuid: info.uuid, token: session.token, info, islogin: opts.islogin ?? false }, mustChange };
}

/** Writes a failed attempt in its own transaction, then returns `err` for the caller to throw. */
async function failed(ctx: ServiceCtx, err: ApiError, a: { name: string; userId: number | null; method: LoginMethod; reason: string }): Promise<ApiError> {
  await ctx.db.transaction().execute((trx) =>
    recordAttempt(trx, ctx.dialect, {
      username: a.name,
      userId: a.userId,
      success: false,
      method: a.method,
      reason: a.reason,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    }),
  );
  return err;
}

/** Input of a password sign-in (/api/Login/index, /api/Login/adminLogin). */
export interface PasswordLoginInput {
  username: string;
  /** SM2 ciphertext (src/shared/passwordTransport.ts). */
  password: string;
  adminLogin: boolean;
  captchaKey?: string;
  captcha?: string;
}

/**
 * Password sign-in. Order: decrypt (bad/old/replayed ciphertext → -1 naming 密码) → lock (-1 locked
 * for N minutes, same for unknown names) → captcha when three failures are recent (-1 naming 验证码,
 * data {needCaptcha: true}) → user and argon2id check (unknown, wrong or disabled → -1 用户名或密码错误,
 * data {needCaptcha}) → admin login needs a 三员 role (-1) → session.
 */
export async function passwordLogin(ctx: ServiceCtx, input: PasswordLoginInput): Promise<LoginOutcome> {
  const name = input.username.trim();
  const method: LoginMethod = input.adminLogin ? 'admin' : 'password';
  const plain = await decryptPassword(ctx, input.password);
  const state = await lockState(ctx.db, name);
  const fail = (reason: string, err: ApiError, userId: number | null = null) => failed(ctx, err, { name, userId, method, reason });
  const lockedError = (minutes: number) => new ApiError(ctx.t('login.locked', { minutes }), Code.ERROR, { needCaptcha: true, locked: true });

  if (state.locked) throw await fail('locked', lockedError(state.minutesLeft));
  if (state.needCaptcha) {
    if (!input.captchaKey || !input.captcha?.trim()) {
      throw await fail('captcha', new ApiError(ctx.t('login.captchaRequired'), Code.ERROR, { needCaptcha: true }));
    }
    if (!(await checkCaptcha(ctx.db, input.captchaKey, input.captcha))) {
      throw await fail('captcha', new ApiError(ctx.t('login.captchaWrong'), Code.ERROR, { needCaptcha: true }));
    }
  }

  const user = await ctx.db.selectFrom('users').select(loginColumns).where('username', '=', name).executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, plain);
  if (!user || !ok || user.status !== 1) {
    const reason = !user ? 'no_user' : !ok ? 'bad_password' : 'disabled';
    const at = now();
    const next = lockStateOf([at, ...state.failureTimes], at);
    const err = next.locked ? lockedError(next.minutesLeft) : new ApiError(ctx.t('login.failed'), Code.ERROR, { needCaptcha: next.needCaptcha });
    throw await fail(reason, err, user?.id ?? null);
  }
  if (input.adminLogin) {
    const roles = await roleCodesOf(ctx.db, user.id);
    if (!roles.some((r) => (ADMIN_LOGIN_ROLES as readonly string[]).includes(r))) {
      throw await fail('not_admin', new ApiError(ctx.t('login.notAdmin'), Code.ERROR, { needCaptcha: false }), user.id);
    }
  }
  return completeLogin(ctx, user, { method, attemptName: name, strong: passwordIsStrong(plain), adminLogin: input.adminLogin });
}

/** The enabled users whose mobile is `mobile`. */
export async function usersByMobile(ctx: ServiceCtx, mobile: string): Promise<LoginUser[]> {
  return ctx.db.selectFrom('users').select(loginColumns).where('mobile', '=', mobile).where('status', '=', 1).orderBy('id').execute();
}

/**
 * SMS-code sign-in (/api/Login/smsindex). The code must be the live `login` code of `mobile` and the
 * mobile must belong to exactly one enabled user. Errors: -1 "短信验证码错误或已失效" (also for an
 * unknown mobile), -1 when several accounts share the mobile.
 */
export async function smsLogin(ctx: ServiceCtx, mobile: string, code: string): Promise<LoginOutcome> {
  const users = await usersByMobile(ctx, mobile);
  const matched = await ctx.db.transaction().execute((trx) => verifySmsCode(trx, mobile, 'login', code));
  const fail = (reason: string, key: string, userId: number | null = null) =>
    failed(ctx, new ApiError(ctx.t(key), Code.ERROR), { name: mobile, userId, method: 'sms', reason });
  if (!matched) throw await fail('bad_code', 'sms.wrong');
  if (users.length === 0) throw await fail('no_user', 'sms.wrong');
  if (users.length > 1) throw await fail('ambiguous', 'sms.ambiguous');
  return completeLogin(ctx, users[0], { method: 'sms', attemptName: mobile, strong: null });
}
