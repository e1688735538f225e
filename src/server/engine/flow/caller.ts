/**
 * The flow caller (./runtime.ts FlowCaller) of an authenticated request: who acts, from which department, in
 * which language, and whether they administer (users.is_admin or the sysadmin role) or supervise (督办,
 * ./supervise.ts SUPERVISE_CODE) — read from the user's roles and the cached role catalogue (services/menu.ts
 * userRolesAccess: one small query, a change of the user's roles counts at once).
 */
import type { FastifyRequest } from 'fastify';
import { userRolesAccess } from '../../services/menu.js';
import type { FlowCaller } from './runtime.js';
import { SUPERVISE_CODE } from './supervise.js';

/** The FlowCaller of `req` (see the module comment). */
export async function flowCallerOf(req: FastifyRequest): Promise<FlowCaller> {
  const menus = await userRolesAccess(req.server.ctx.db, req.user.userId, req);
  const admin = req.user.isAdmin || menus.roles.includes('sysadmin');
  return { userId: req.user.userId, deptId: req.user.deptId, locale: req.locale, admin, supervisor: menus.access.includes(SUPERVISE_CODE) };
}
