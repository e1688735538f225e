/**
 * API group `role` (SPEC §2.3 /organization/role and /organization/permission):
 * list/info/add/edit/del of `organization.role` (the generic resource contract, services/orgCrud.ts;
 * built-in roles cannot be deleted), plus
 * - role/menus {id} → {menuIds, codes}
 * - role/saveMenus {id, menuIds, codes} → {menuIds, codes}, msg 保存成功 (audited; menus reload at once); both
 *   lists are required (a missing list is refused naming it; an empty one empties the set).
 * Administrators write; see ../Users/access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../../../server/lib/route.js';
import { roleMenus, roleResource, saveRoleMenus } from '../services/orgRoles.js';
import { body, id, ID_BODY, idList } from '../../../../server/lib/bodies.js';
import { orgCaller, orgWriter, registerResource } from './users/access.js';

/** Registers the role calls. */
export function register(app: FastifyInstance): void {
  const roles = registerResource(app, 'role', roleResource);
  const guard = orgCaller;
  call<{ id: number }>(app, 'role/menus', { guard, body: ID_BODY }, async (req) => roleMenus(req.server.ctx.db, await orgCaller(req), req.body));
  // Both sets are replaced whole: a missing one is refused (not taken as "none"); [] (or '' from a form) empties it.
  const saveMenus = body(
    {
      id: id(),
      menuIds: idList('field.menuIds'),
      codes: { type: ['array', 'string'], items: { type: 'string', maxLength: 100 }, maxItems: 2000, maxLength: 200_000, title: 'field.codes' },
    },
    ['id', 'menuIds', 'codes'],
  );
  call<{ id: number; menuIds: number[] | string; codes: string[] | string }>(
    app,
    'role/saveMenus',
    { guard: orgWriter(roles), body: saveMenus },
    async (req) => new Ok(await saveRoleMenus(req.server.ctx.db, req.server.ctx.dialect, await orgCaller(req), req.body), req.t('codes.saved')),
  );
}
