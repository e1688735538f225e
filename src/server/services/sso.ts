/**
 * Single sign-on for registered apps (SPEC §7 ssoindex / usso / getappid):
 * - ssoindex: the app's server sends appid + secret + the user's unionid;
 * - usso: the browser carries `info` = base64url JSON {appid, unionid, ts, sign} where
 *   sign = hex HMAC-SM3 of `${appid}|${unionid}|${ts}` keyed with the app's secret_hash, i.e. the
 *   32 bytes of SHA-256(secret) (sm-crypto-v2: `sm3(data, {key: sha256hex(secret), mode: 'hmac'})`),
 *   ts in epoch milliseconds (seconds accepted), at most 5 minutes from the server clock; each
 *   `info` works once.
 * Both answer a LoginResult with islogin true.
 */
import crypto from 'node:crypto';
import { sm3 } from 'sm-crypto-v2';
import { Code } from '../../shared/codes.js';
import { SM2_CIPHER_MAX_AGE_MS } from '../../shared/constants.js';
import { now, sha256 } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { ServiceCtx } from './context.js';
import { recordAttempt, type LoginMethod } from './lockout.js';
import { completeLogin, loginColumns, type LoginOutcome } from './login.js';
import { consumeNonce } from './transport.js';

/** How far `ts` of a usso `info` may be from the server clock. */
export const USSO_MAX_AGE_MS = 5 * 60 * 1000;

/** An enabled app of /api/Login/getappid. */
export interface AppRef {
  appid: string;
  name: string;
}

/** The enabled apps (appid, name), by name. */
export async function enabledApps(ctx: ServiceCtx): Promise<AppRef[]> {
  return ctx.db.selectFrom('apps').select(['appid', 'name']).where('status', '=', 1).orderBy('name').orderBy('id').execute();
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The HMAC-SM3 signature an app puts in `info.sign` (exported for tests and app developers). */
export function ussoSign(appid: string, unionid: string, ts: number | string, secretHash: string): string {
  return sm3(`${appid}|${unionid}|${ts}`, { key: secretHash, mode: 'hmac' });
}

async function fail(ctx: ServiceCtx, method: LoginMethod, name: string, reason: string, key: string): Promise<ApiError> {
  await ctx.db
    .transaction()
    .execute((trx) => recordAttempt(trx, ctx.dialect, { username: name, userId: null, success: false, method, reason, ip: ctx.ip, userAgent: ctx.userAgent }));
  return new ApiError(ctx.t(key), Code.ERROR);
}

async function appByAppid(ctx: ServiceCtx, appid: string) {
  return ctx.db.selectFrom('apps').select(['id', 'appid', 'secret_hash', 'status']).where('appid', '=', appid).executeTakeFirst();
}

async function loginByUnionid(ctx: ServiceCtx, method: LoginMethod, appid: string, unionid: string): Promise<LoginOutcome> {
  const user = await ctx.db.selectFrom('users').select(loginColumns).where('unionid', '=', unionid).where('status', '=', 1).orderBy('id').executeTakeFirst();
  if (!user) throw await fail(ctx, method, `${appid}:${unionid}`, 'no_user', 'sso.noUser');
  return completeLogin(ctx, user, { method, attemptName: user.username, strong: null, islogin: true });
}

/**
 * /api/Login/ssoindex. Errors: -1 "应用认证失败" when the app is unknown, disabled or the secret is
 * wrong; -1 "未找到对应的用户" when no enabled user has this unionid.
 */
export async function ssoLogin(ctx: ServiceCtx, appid: string, secret: string, unionid: string): Promise<LoginOutcome> {
  const app = await appByAppid(ctx, appid);
  if (!app || app.status !== 1 || !sameHex(app.secret_hash, sha256(secret))) {
    throw await fail(ctx, 'sso', `${appid}:${unionid}`, 'bad_app', 'sso.appFailed');
  }
  return loginByUnionid(ctx, 'sso', appid, unionid);
}

interface UssoInfo {
  appid: string;
  unionid: string;
  ts: number | string;
  sign: string;
}

/** Decodes `info` (base64url or base64 JSON); null when malformed. */
export function decodeUssoInfo(info: string): UssoInfo | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(info.trim(), 'base64url').toString('utf8'));
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Record<string, unknown>;
    const tsOk = typeof o.ts === 'number' || (typeof o.ts === 'string' && /^\d{1,15}$/.test(o.ts));
    if (typeof o.appid !== 'string' || typeof o.unionid !== 'string' || typeof o.sign !== 'string' || !tsOk) return null;
    if (!o.appid || !o.unionid || !/^[0-9a-fA-F]{64}$/.test(o.sign)) return null;
    return { appid: o.appid, unionid: o.unionid, ts: o.ts as number | string, sign: o.sign };
  } catch {
    return null;
  }
}

/**
 * /api/Login/usso. Errors: -1 "单点登录信息无效" (malformed, unknown/disabled app, bad signature),
 * -1 "单点登录信息已过期" (ts more than 5 minutes away, or `info` used before), -1 no such user.
 */
export async function ussoLogin(ctx: ServiceCtx, info: string): Promise<LoginOutcome> {
  const decoded = decodeUssoInfo(info);
  if (!decoded) throw await fail(ctx, 'usso', 'usso', 'bad_info', 'sso.infoInvalid');
  const { appid, unionid, ts, sign } = decoded;
  const app = await appByAppid(ctx, appid);
  if (!app || app.status !== 1 || !sameHex(sign, ussoSign(appid, unionid, ts, app.secret_hash))) {
    throw await fail(ctx, 'usso', `${appid}:${unionid}`, 'bad_sign', 'sso.infoInvalid');
  }
  let tsMs = Number(ts);
  if (tsMs < 1e11) tsMs *= 1000;
  const t = now();
  if (Math.abs(t - tsMs) > USSO_MAX_AGE_MS) throw await fail(ctx, 'usso', `${appid}:${unionid}`, 'expired', 'sso.infoExpired');
  if (!(await consumeNonce(ctx.db, sha256(`usso:${sign.toLowerCase()}`), tsMs + USSO_MAX_AGE_MS + SM2_CIPHER_MAX_AGE_MS))) {
    throw await fail(ctx, 'usso', `${appid}:${unionid}`, 'replayed', 'sso.infoExpired');
  }
  return loginByUnionid(ctx, 'usso', appid, unionid);
}
