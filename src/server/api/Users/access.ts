/**
 * Who may use the organisation API groups (Users, department, position, role; issue 3, DESIGN §7):
 * writes need an administrator (users.is_admin or the `sysadmin` role); reads also the security
 * administrator (`secadmin`, who reviews changes) and the unit administrator (`unit_admin`, SPEC §3
 * isdwgly), who reaches only his unit's people and departments (the unit of his current department) and
 * maintains those people. Anyone else → -1 error.forbidden; no session → -99 (call()).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type Handler } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { roleCodesOf } from '../../services/roles.js';
import { unitOf } from '../../engine/scope.js';
import { unitDepartmentIds } from '../../services/orgDepartments.js';
import { OrgService, type OrgCaller, type OrgResource } from '../../services/orgCrud.js';

/** The body of a request as a plain object (JSON or form-encoded; `{}` when absent). */
export function bodyOf(req: FastifyRequest): Record<string, any> {
  const b = req.body as unknown;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, any>) : {};
}

/** Roles that may read the organisation lists besides administrators. */
export const ORG_READER_ROLES = ['sysadmin', 'secadmin', 'unit_admin'];

/** The caller of a request; -1 error.forbidden unless it may read the organisation. */
export async function orgCaller(req: FastifyRequest): Promise<OrgCaller> {
  const roles = await roleCodesOf(req.server.ctx.db, req.user.userId);
  const admin = req.user.isAdmin || roles.includes('sysadmin');
  if (!admin && !roles.some((r) => ORG_READER_ROLES.includes(r))) throw badInput(req.t('error.forbidden'));
  // Only a unit administrator is narrowed; the security administrator reads the whole organisation.
  const unitOnly = !admin && !roles.includes('secadmin');
  const unitDepts = unitOnly ? await unitDepartmentIds(req.server.ctx.db, await unitOf(req.server.ctx.db, req.user.deptId)) : null;
  return { userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale, admin, unitDepts };
}

/**
 * Registers `<group>/list|info|add|edit|del` of `res` (the generic resource contract); returns the
 * service. `add(svc)` gives a handler of its own for `<group>/add` (Users: the initial password).
 */
export function registerResource(app: FastifyInstance, group: string, res: OrgResource, add?: (svc: OrgService) => Handler): OrgService {
  const svc = new OrgService(res, app.ctx.db, app.ctx.dialect);
  call<any>(app, `${group}/list`, {}, async (req) => svc.list(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${group}/info`, {}, async (req) => svc.info(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${group}/add`, {}, add ? add(svc) : async (req) => svc.add(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${group}/edit`, {}, async (req) => svc.edit(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${group}/del`, {}, async (req) => svc.del(await orgCaller(req), bodyOf(req)));
  return svc;
}
