/**
 * API group `department` (SPEC §7 /api/department/tree, edit, info, list, del, close):
 * list/info/add/edit/del of `organization.department` (the generic resource contract,
 * services/orgCrud.ts; del refuses a department with sub-departments or members), plus
 * - department/tree {openOnly?} → DeptNode[] (services/orgDepartments.ts)
 * - department/edit without id adds (SPEC: edit serves both)
 * - department/close {id} → {id, status: '0'}; refused while it has open sub-departments
 * - department/sort {id, parentId, afterId?} → {id, parentId} (drag to reorder or reparent; no cycles)
 * Administrators write; see ../Users/access.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { OrgService } from '../../../../server/services/orgCrud.js';
import { closeDepartment, departmentResource, deptTree, sortDepartment } from '../services/orgDepartments.js';
import { body, DEL_BODY, flag, id, ID_BODY, int, LIST_BODY, recordBody } from '../../../../server/lib/bodies.js';
import { orgCaller } from './users/access.js';

/** Registers the department calls. */
export function register(app: FastifyInstance): void {
  const svc = new OrgService(departmentResource, app.ctx.db, app.ctx.dialect);
  const g = 'department';
  const guard = orgCaller;
  const admin = async (req: FastifyRequest) => svc.mustAdmin(await orgCaller(req));
  const record = recordBody();
  call<Record<string, unknown>>(app, `${g}/list`, { guard, body: LIST_BODY }, async (req) => svc.list(await orgCaller(req), req.body));
  call<{ id: number }>(app, `${g}/info`, { guard, body: ID_BODY }, async (req) => svc.info(await orgCaller(req), req.body));
  call<Record<string, unknown>>(app, `${g}/add`, { guard, body: record }, async (req) => svc.add(await orgCaller(req), req.body));
  call<Record<string, unknown>>(app, `${g}/edit`, { guard, body: record }, async (req) => {
    const c = await orgCaller(req);
    const b = req.body;
    return b.id === undefined || b.id === null || b.id === '' ? svc.add(c, b) : svc.edit(c, b);
  });
  call<{ id?: number; ids?: number[] | string }>(app, `${g}/del`, { guard, body: DEL_BODY }, async (req) => svc.del(await orgCaller(req), req.body));
  call<{ openOnly?: unknown }>(app, `${g}/tree`, { guard, body: body({ openOnly: flag('field.openOnly') }) }, async (req) => {
    const b = req.body;
    return deptTree(req.server.ctx.db, b.openOnly === true || b.openOnly === 1 || b.openOnly === '1');
  });
  call<{ id: number }>(app, `${g}/close`, { guard: admin, body: ID_BODY }, async (req) =>
    closeDepartment(req.server.ctx.db, req.server.ctx.dialect, await orgCaller(req), req.body),
  );
  // parentId / afterId 0 or null: the top level / the first place
  const sortBody = body(
    { id: id(), parentId: { ...int('field.parentId'), type: ['integer', 'null'] }, afterId: { ...int('field.afterId'), type: ['integer', 'null'] } },
    ['id'],
  );
  call<{ id: number; parentId?: number | null; afterId?: number | null }>(app, `${g}/sort`, { guard: admin, body: sortBody }, async (req) =>
    sortDepartment(req.server.ctx.db, req.server.ctx.dialect, await orgCaller(req), req.body),
  );
}
