/**
 * API group `api` (SPEC §7): /api/api/register — self-registration that waits for approval.
 * Request {mail, password (SM2), mobile, captcha, captchaKey, realname?} → data {id}, msg
 * "注册成功，请等待管理员审核". Rate-limited per address and account like the sign-in calls.
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../lib/route.js';
import { register as registerAccount, type RegisterInput } from '../../services/account.js';
import { serviceCtx } from '../../services/context.js';
import { cipher, mailProp, mobileProp, need, text, withLoginRateLimit } from '../Login/common.js';

function routes(app: FastifyInstance): void {
  call<RegisterInput>(
    app,
    'api/register',
    {
      auth: false,
      body: {
        type: 'object',
        required: ['mail', 'password', 'mobile', 'captcha', 'captchaKey'],
        properties: {
          mail: mailProp('field.mail'),
          password: cipher('field.password'),
          mobile: mobileProp,
          captcha: text('field.captcha', 10),
          captchaKey: text('field.captchaKey', 64),
          realname: text('field.realname', 50),
        },
      },
    },
    async (req) => {
      need(req, req.body, ['mail', 'password', 'mobile', 'captcha', 'captchaKey']);
      const id = await registerAccount(serviceCtx(req), req.body);
      return new Ok({ id }, req.t('account.registered'));
    },
  );
}

/** Registers the `api` group in a rate-limited scope. */
export async function register(app: FastifyInstance): Promise<void> {
  await withLoginRateLimit(app, routes);
}
