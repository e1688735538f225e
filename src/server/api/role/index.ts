/**
 * API group `role` (SPEC §2.3 /organization/role and /organization/permission; issue 3):
 * list/info/add/edit/del of `organization.role` (the generic resource contract, services/orgCrud.ts;
 * built-in roles cannot be deleted), plus
 * - role/menus {id} → {menuIds, codes}
 * - role/saveMenus {id, menuIds, codes} → {menuIds, codes}, msg 保存成功 (audited; menus reload at once).
 * Administrators write; see ../Users/access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../lib/route.js';
import { roleMenus, roleResource, saveRoleMenus } from '../../services/orgRoles.js';
import { bodyOf, orgCaller, registerResource } from '../Users/access.js';

/** Registers the role calls. */
export function register(app: FastifyInstance): void {
  registerResource(app, 'role', roleResource);
  call<any>(app, 'role/menus', {}, async (req) => roleMenus(req.server.ctx.db, await orgCaller(req), bodyOf(req)));
  call<any>(app, 'role/saveMenus', {}, async (req) => new Ok(await saveRoleMenus(req.server.ctx.db, req.server.ctx.dialect, await orgCaller(req), bodyOf(req)), req.t('codes.saved')));
}
