/**
 * Single sign-on calls of the `Login` group (SPEC §7; protocol in services/sso.ts):
 * - ssoindex {appid, secret, unionid} → LoginResult with islogin true; sets no cookies (server-to-server).
 * - usso {info} → LoginResult with islogin true; sets the session cookies (browser flow /ussologin).
 * - getappid {} → {list: [{appid, name}]} of the enabled apps.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../lib/route.js';
import { serviceCtx } from '../../services/context.js';
import { enabledApps, ssoLogin, ussoLogin } from '../../services/sso.js';
import { need, presentLogin, text } from './common.js';

/** Registers ssoindex, usso and getappid on `app` (the rate-limited Login scope). */
export function registerSso(app: FastifyInstance): void {
  call<{ appid: string; secret: string; unionid: string }>(
    app,
    'Login/ssoindex',
    {
      auth: false,
      body: {
        type: 'object',
        required: ['appid', 'secret', 'unionid'],
        properties: { appid: text('field.appid', 64), secret: text('field.secret', 200), unionid: text('field.unionid', 64) },
      },
    },
    async (req, reply) => {
      need(req, req.body, ['appid', 'secret', 'unionid']);
      const out = await ssoLogin(serviceCtx(req), req.body.appid.trim(), req.body.secret, req.body.unionid.trim());
      return presentLogin(req, reply, out, false);
    },
  );

  call<{ info: string }>(
    app,
    'Login/usso',
    { auth: false, body: { type: 'object', required: ['info'], properties: { info: text('field.info', 4096) } } },
    async (req, reply) => {
      need(req, req.body, ['info']);
      const out = await ussoLogin(serviceCtx(req), req.body.info);
      return presentLogin(req, reply, out, true);
    },
  );

  call(app, 'Login/getappid', { auth: false }, async (req) => ({ list: await enabledApps(serviceCtx(req)) }));
}
