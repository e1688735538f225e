/**
 * Who may use the organisation API groups (Users, department, position, role, DESIGN §7):
 * writes need an administrator (users.is_admin or the `sysadmin` role); reads also the security
 * administrator (`secadmin`, who reviews changes) and the unit administrator (`unit_admin`, SPEC §3
 * isdwgly), who reaches only his unit's people and departments (the unit of his current department) and
 * maintains those people. Anyone else → -1 error.forbidden; no session → -99 (call()).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call, type Handler } from '../../../../../server/lib/route.js';
import { DEL_BODY, ID_BODY, LIST_BODY, recordBody } from '../../../../../server/lib/bodies.js';
export { bodyOf } from '../../../../../server/lib/bodies.js';
import { badInput } from '../../../../../server/lib/errors.js';
import { roleCodesOf } from '../../../../../server/services/roles.js';
import { unitOf } from '../../../../../server/engine/scope.js';
import { unitDepartmentIds } from '../../services/orgDepartments.js';
import { OrgService, type OrgCaller, type OrgResource } from '../../../../../server/services/orgCrud.js';

/** Roles that may read the organisation lists besides administrators. */
export const ORG_READER_ROLES = ['sysadmin', 'secadmin', 'unit_admin'];

const callers = new WeakMap<FastifyRequest, Promise<OrgCaller>>();

/**
 * The caller of a request; -1 error.forbidden unless it may read the organisation. Worked out once per request:
 * the calls run it as their guard (before the body is validated) and read it again in the handler.
 */
export function orgCaller(req: FastifyRequest): Promise<OrgCaller> {
  let c = callers.get(req);
  if (!c) callers.set(req, (c = orgCallerOf(req)));
  return c;
}

async function orgCallerOf(req: FastifyRequest): Promise<OrgCaller> {
  const roles = await roleCodesOf(req.server.ctx.db, req.user.userId);
  const admin = req.user.isAdmin || roles.includes('sysadmin');
  if (!admin && !roles.some((r) => ORG_READER_ROLES.includes(r))) throw badInput(req.t('error.forbidden'));
  // Only a unit administrator is narrowed; the security administrator reads the whole organisation.
  const unitOnly = !admin && !roles.includes('secadmin');
  const unitDepts = unitOnly ? await unitDepartmentIds(req.server.ctx.db, await unitOf(req.server.ctx.db, req.user.deptId)) : null;
  return { userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale, admin, unitDepts };
}

/**
 * Guard of a call that changes `svc`'s records (DESIGN §6: authorise before the body is validated): the caller
 * must be one who writes them (OrgService.mayWrite: an administrator, or a unit administrator of a unit-scoped
 * resource), else -1 error.forbidden — so the security administrator, who reads the organisation, learns nothing
 * about a body she may not send. The services check again with the record in hand.
 */
export function orgWriter(svc: OrgService): (req: FastifyRequest) => Promise<void> {
  return async (req) => svc.mustWrite(await orgCaller(req));
}

/**
 * Registers `<group>/list|info|add|edit|del` of `res` (the generic resource contract); returns the
 * service. `add(svc)` gives a handler of its own for `<group>/add` (Users: the initial password); `extra` declares
 * body keys beyond the model's fields (Users: `password`). Every call checks the caller (orgCaller) first.
 */
export function registerResource(
  app: FastifyInstance,
  group: string,
  res: OrgResource,
  add?: (svc: OrgService) => Handler,
  extra: Record<string, Record<string, unknown>> = {},
): OrgService {
  const svc = new OrgService(res, app.ctx.db, app.ctx.dialect);
  const guard = orgCaller;
  const record = recordBody(extra);
  call<Record<string, unknown>>(app, `${group}/list`, { guard, body: LIST_BODY }, async (req) => svc.list(await orgCaller(req), req.body));
  call<{ id: number }>(app, `${group}/info`, { guard, body: ID_BODY }, async (req) => svc.info(await orgCaller(req), req.body));
  call<Record<string, unknown>>(app, `${group}/add`, { guard, body: record }, add ? add(svc) : async (req) => svc.add(await orgCaller(req), req.body));
  call<Record<string, unknown>>(app, `${group}/edit`, { guard, body: record }, async (req) => svc.edit(await orgCaller(req), req.body));
  call<{ id?: number; ids?: number[] | string }>(app, `${group}/del`, { guard, body: DEL_BODY }, async (req) => svc.del(await orgCaller(req), req.body));
  return svc;
}
