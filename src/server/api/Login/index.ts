/**
 * API group `Login` (SPEC §7 "Login and account", DESIGN §7). No call needs a session; every call is
 * rate-limited per address and per account (withLoginRateLimit).
 *
 * - getPublicKey {} → {publicKey}
 * - captcha {} → {captchaKey, image}
 * - index {username, password (SM2), isStrongPassword?, adminLogin?, captchaKey?, captcha?} → LoginResult
 * - adminLogin {username, password, isStrongPassword?, captchaKey?, captcha?} → LoginResult (三员 only)
 * - getsmscode {mobile, purpose?: login|register|repassword} → {countdown: 60}
 * - smsindex {mobile, sms_code} → LoginResult
 * - ssoindex {appid, secret, unionid} / usso {info} / getappid {} → see ./sso.ts
 * - repassword {mobile, sms_code, password (SM2)} → null
 */
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_COUNTDOWN_SECONDS } from '../../../shared/constants.js';
import { call, Ok } from '../../lib/route.js';
import { requestSmsCode, resetPassword } from '../../services/account.js';
import { createCaptcha } from '../../services/captcha.js';
import { serviceCtx } from '../../services/context.js';
import { passwordLogin, smsLogin } from '../../services/login.js';
import { SMS_CODE_PURPOSES, type SmsCodePurpose } from '../../services/sms.js';
import { publicKey } from '../../services/transport.js';
import { cipher, flag, flagProp, mobileProp, need, presentLogin, text, withLoginRateLimit } from './common.js';
import { registerSso } from './sso.js';

interface LoginBody {
  username: string;
  password: string;
  isStrongPassword?: unknown;
  adminLogin?: unknown;
  captchaKey?: string;
  captcha?: string;
}

const loginProps = {
  username: text('field.username', 100),
  password: cipher('field.password'),
  isStrongPassword: flagProp('field.isStrongPassword'),
  captchaKey: text('field.captchaKey', 64),
  captcha: text('field.captcha', 10),
};

const smsCodeProp = { type: 'string', title: 'field.sms_code', pattern: '^(\\d{6})?$' };

function routes(app: FastifyInstance): void {
  call(app, 'Login/getPublicKey', { auth: false }, async (req) => ({ publicKey: await publicKey(req.server.ctx.db) }));

  call(app, 'Login/captcha', { auth: false }, async (req) => createCaptcha(req.server.ctx.db));

  /** Login/index answers any account; Login/adminLogin (or adminLogin=1) only the three administrators. */
  const passwordCall = (path: string, forceAdmin: boolean, properties: Record<string, Record<string, unknown>>) =>
    call<LoginBody>(app, path, { auth: false, body: { type: 'object', required: ['username', 'password'], properties } }, async (req, reply) => {
      need(req, req.body, ['username', 'password']);
      const b = req.body;
      const out = await passwordLogin(serviceCtx(req), {
        username: b.username,
        password: b.password,
        adminLogin: forceAdmin || flag(b.adminLogin),
        captchaKey: b.captchaKey,
        captcha: b.captcha,
      });
      return presentLogin(req, reply, out, true);
    });
  passwordCall('Login/index', false, { ...loginProps, adminLogin: flagProp('field.adminLogin') });
  passwordCall('Login/adminLogin', true, loginProps);

  call<{ mobile: string; purpose?: SmsCodePurpose }>(
    app,
    'Login/getsmscode',
    {
      auth: false,
      body: {
        type: 'object',
        required: ['mobile'],
        properties: { mobile: mobileProp, purpose: { type: 'string', title: 'field.purpose', enum: [...SMS_CODE_PURPOSES, ''] } },
      },
    },
    async (req) => {
      need(req, req.body, ['mobile']);
      await requestSmsCode(serviceCtx(req), req.body.mobile, req.body.purpose || 'login');
      return new Ok({ countdown: CAPTCHA_COUNTDOWN_SECONDS }, req.t('sms.sent'));
    },
  );

  call<{ mobile: string; sms_code: string }>(
    app,
    'Login/smsindex',
    { auth: false, body: { type: 'object', required: ['mobile', 'sms_code'], properties: { mobile: mobileProp, sms_code: smsCodeProp } } },
    async (req, reply) => {
      need(req, req.body, ['mobile', 'sms_code']);
      const out = await smsLogin(serviceCtx(req), req.body.mobile, req.body.sms_code);
      return presentLogin(req, reply, out, true);
    },
  );

  call<{ mobile: string; sms_code: string; password: string }>(
    app,
    'Login/repassword',
    {
      auth: false,
      body: {
        type: 'object',
        required: ['mobile', 'sms_code', 'password'],
        properties: { mobile: mobileProp, sms_code: smsCodeProp, password: cipher('field.password') },
      },
    },
    async (req) => {
      need(req, req.body, ['mobile', 'sms_code', 'password']);
      await resetPassword(serviceCtx(req), req.body.mobile, req.body.sms_code, req.body.password);
      return new Ok(null, req.t('password.reset'));
    },
  );

  registerSso(app);
}

/** Registers the Login group in a rate-limited scope. */
export async function register(app: FastifyInstance): Promise<void> {
  await withLoginRateLimit(app, routes);
}
