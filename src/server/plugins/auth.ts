/**
 * Session authentication for API calls: the token and uuid come from the `X-Token` / `X-uuid`
 * headers or the `admin-token` / `admin-uuid` cookies (SPEC §7, DESIGN §6).
 * No valid session → -99 (idle longer than the timeout: a message saying so); a session that must change its
 * password → -98 (SPEC §8).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/codes.js';
import { TOKEN_COOKIE, UUID_COOKIE } from '../../shared/constants.js';
import { ApiError } from '../lib/errors.js';
import { checkSession } from '../services/session.js';
import { roleCodesOf } from '../services/roles.js';
import { userRolesAccess } from '../services/menu.js';
import { isSanyuan } from '../lib/business.js';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The token and uuid a request carries, headers first, then cookies. */
export function credentialsOf(req: FastifyRequest): { token?: string; uuid?: string } {
  const token = header(req, 'x-token') || req.cookies?.[TOKEN_COOKIE];
  const uuid = header(req, 'x-uuid') || req.cookies?.[UUID_COOKIE];
  const clean = (v?: string) => (v && v !== 'undefined' && v !== 'null' ? v : undefined);
  return { token: clean(token), uuid: clean(uuid) };
}

/**
 * Calls the shell makes by itself, not the person (the reminder channel: polling, the refresh after a push):
 * they do not count as activity for the idle timeout of sessions (等保 2.0), else an open tab never times out.
 */
export const BACKGROUND_CALLS: ReadonlySet<string> = new Set(['Msg/newMsg', 'Msg/tips', 'Msg/list', 'Msg/socket']);

function isBackground(req: FastifyRequest): boolean {
  const url = req.routeOptions.url ?? '';
  const at = url.indexOf('/api/');
  return at >= 0 && BACKGROUND_CALLS.has(url.slice(at + 5));
}

/** preHandler: sets `req.user` or answers -99 / -98. */
export function requireAuth(duringPasswordChange: boolean) {
  return async (req: FastifyRequest): Promise<void> => {
    const { token, uuid } = credentialsOf(req);
    const { user, idle } = token && uuid ? await checkSession(req.server.ctx.db, token, uuid, !isBackground(req)) : { user: null, idle: false };
    if (!user) throw new ApiError(req.t(idle ? 'error.sessionIdle' : 'error.sessionExpired'), Code.SESSION_EXPIRED);
    if (user.mustChangePassword && !duringPasswordChange) {
      throw new ApiError(req.t('error.passwordChange'), Code.PASSWORD_CHANGE_REQUIRED);
    }
    req.user = user;
  };
}

/** preHandler: the signed-in user must hold one of `roles`, else -1 "no permission". */
export function requireRole(roles: string[]) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const held = await roleCodesOf(req.server.ctx.db, req.user.userId);
    if (!held.some((r) => roles.includes(r))) throw new ApiError(req.t('error.forbidden'), Code.ERROR);
  };
}

/**
 * preValidation (after requireAuth): refuses a business call to one of the 三员 (../lib/business.ts), -1
 * error.sanyuanBusiness, before the body is validated. Roles come from the cached menu catalogue (one small query).
 */
export async function requireBusinessCaller(req: FastifyRequest): Promise<void> {
  const { roles } = await userRolesAccess(req.server.ctx.db, req.user.userId, req);
  if (isSanyuan(roles, req.user.isAdmin)) throw new ApiError(req.t('error.sanyuanBusiness'), Code.ERROR);
}

/** preValidation (after requireAuth): the caller's enabled roles must grant permission `code`, else -1 error.forbidden. */
export function requirePermission(code: string) {
  return async (req: FastifyRequest): Promise<void> => {
    const { access } = await userRolesAccess(req.server.ctx.db, req.user.userId, req);
    if (!access.includes(code)) throw new ApiError(req.t('error.forbidden'), Code.ERROR);
  };
}
