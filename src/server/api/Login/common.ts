/**
 * Helpers shared by the account handlers (Login, api, Index, Person groups): body-schema fragments,
 * blank-field checks, the session cookies of SPEC §3 and the rate limits of the sign-in calls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Code } from '../../../shared/codes.js';
import { EMAIL_PATTERN, MOBILE_PATTERN, SESSION_LIFETIME_MS, TOKEN_COOKIE, UUID_COOKIE } from '../../../shared/constants.js';
import type { LoginResult } from '../../../shared/types.js';
import { ApiError, Ok } from '../../lib/errors.js';
import type { LoginOutcome } from '../../services/login.js';
import { fallbackStore } from '../../lib/rateLimitStore.js';

/** Window of the sign-in limits (per address and per account, config.ts), ms. */
export const LOGIN_RATE_WINDOW_MS = 60_000;

/** Values a 0/1 flag may take in a form-encoded or JSON body. */
const FLAG_VALUES = [0, 1, '0', '1', true, false, 'true', 'false', ''];

/** Schema of a 0/1 flag (`isStrongPassword`, `adminLogin`). */
export function flagProp(title: string): Record<string, unknown> {
  return { title, enum: FLAG_VALUES };
}

/** True for 1, '1', true, 'true'. */
export function flag(v: unknown): boolean {
  return v === 1 || v === '1' || v === true || v === 'true';
}

/** Schema of a string field of at most `max` characters. */
export function text(title: string, max: number): Record<string, unknown> {
  return { type: 'string', title, maxLength: max };
}

/** Schema of an SM2 password ciphertext field. */
export function cipher(title: string): Record<string, unknown> {
  return { type: 'string', title, maxLength: 4096 };
}

/** Mobile number (SPEC §5: 11 digits starting with 1 → "手机号码格式不正确"); '' passes to the blank check. */
export const mobileProp = { type: 'string', title: 'field.mobile', pattern: `^(${MOBILE_PATTERN.source.replace(/^\^|\$$/g, '')})?$` };

/** E-mail (SPEC §5 → "邮箱格式不正确"); '' passes to the blank check. */
export function mailProp(title: string): Record<string, unknown> {
  return { type: 'string', title, maxLength: 100, pattern: `^$|${EMAIL_PATTERN.source}` };
}

/** -1 "请填写{field}" for the first of `fields` that is missing or blank. */
export function need(req: FastifyRequest, body: object | undefined, fields: string[]): void {
  const schema = (req.routeOptions.schema?.body ?? {}) as { properties?: Record<string, { title?: string }> };
  for (const f of fields) {
    const v = (body as Record<string, unknown> | undefined)?.[f];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      const key = schema.properties?.[f]?.title ?? `field.${f}`;
      throw new ApiError(req.t('validate.required', { field: req.t(key) }), Code.ERROR);
    }
  }
}

/** Sets the admin-token / admin-uuid cookies (SPEC §3: lifetime 1 day; readable by the client). */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, result: LoginResult): void {
  const opts = {
    path: req.server.ctx.config.basePath,
    maxAge: SESSION_LIFETIME_MS / 1000,
    sameSite: 'lax' as const,
    httpOnly: false,
    secure: 'auto' as const,
  };
  reply.setCookie(TOKEN_COOKIE, result.token, opts);
  reply.setCookie(UUID_COOKIE, result.uuid, opts);
}

/** Removes the session cookies (logout). */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const path = req.server.ctx.config.basePath;
  reply.clearCookie(TOKEN_COOKIE, { path });
  reply.clearCookie(UUID_COOKIE, { path });
}

/**
 * Presents a sign-in: cookies (unless an SSO answer), then `Ok(LoginResult, 登录成功)`, or code -98
 * with the same LoginResult as data when the password is weak, set by an administrator or expired (SPEC §8 -98).
 */
export function presentLogin(req: FastifyRequest, reply: FastifyReply, out: LoginOutcome, cookies: boolean): Ok<LoginResult> {
  if (cookies) setSessionCookies(req, reply, out.result);
  if (out.mustChange) {
    const key = out.mustChange === 'weak' ? 'login.weakPassword' : out.mustChange === 'initial' ? 'login.initialPassword' : 'login.expiredPassword';
    throw new ApiError(req.t(key), Code.PASSWORD_CHANGE_REQUIRED, out.result);
  }
  return new Ok(out.result, req.t('login.success'));
}

/** Fields of a sign-in body that name the account it is about, in order of preference. */
export const ACCOUNT_FIELDS = ['username', 'mobile', 'mail', 'unionid'] as const;

/** The account a sign-in body names (lower-cased, trimmed), or '' when it names none (getPublicKey, captcha). */
export function accountOf(body: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  for (const f of ACCOUNT_FIELDS) {
    const v = b[f];
    if (typeof v === 'string' && v.trim()) return `${f}:${v.trim().toLowerCase().slice(0, 100)}`;
  }
  return '';
}

/** The call a request is for ('/api/Login/index'), so each call of the group counts apart. */
function callOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? req.url;
}

/**
 * Registers `routes` in their own scope with two limits on each call (over either: -1 "操作过于频繁", HTTP 429):
 *
 * - per client address, `LOGIN_IP_LIMIT_PER_MIN` a minute (default 3,000, config.ts): only a flood guard, far
 *   above the morning peak of a whole office behind one NAT or proxy address; the address is the one the trusted
 *   proxy forwarded when TRUST_PROXY is set (fastify `req.ip`). Counted on arrival, before the body is read.
 * - per account named in the body (user name, mobile, mail, SSO unionid), `LOGIN_ACCOUNT_LIMIT_PER_MIN` a minute
 *   (default 10) whatever the address, on top of the lockout and captcha of services/lockout.ts (DESIGN §7).
 *
 * With REDIS_URL the counters are shared by every process (DESIGN §2); while Redis is away they count in this
 * process (lib/rateLimitStore.ts) and sign-in keeps working. Other groups are not affected.
 */
export async function withLoginRateLimit(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  const { config, redis } = app.ctx;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      // `global: true` inside this scope only: `call()` has no per-route config.
      global: true,
      max: config.loginIpLimitPerMin,
      timeWindow: LOGIN_RATE_WINDOW_MS,
      keyGenerator: (req) => `ip|${req.ip}|${callOf(req)}`,
      store: fallbackStore(redis, `${config.redisPrefix}rl:login:`, app.log),
    });
    const byAccount = scope.createRateLimit({
      max: config.loginAccountLimitPerMin,
      timeWindow: LOGIN_RATE_WINDOW_MS,
      keyGenerator: (req) => `acct|${accountOf(req.body)}|${callOf(req)}`,
    });
    scope.addHook('preHandler', async (req) => {
      if (!accountOf(req.body)) return;
      const r = await byAccount(req);
      if (!r.isAllowed && r.isExceeded) throw Object.assign(new Error('sign-in rate limit of one account'), { statusCode: 429 });
    });
    routes(scope);
  });
}
