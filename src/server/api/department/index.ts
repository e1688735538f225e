/**
 * API group `department` (SPEC §7 /api/department/tree, edit, info, list, del, close; issue 3):
 * list/info/add/edit/del of `organization.department` (the generic resource contract,
 * services/orgCrud.ts; del refuses a department with sub-departments or members), plus
 * - department/tree {openOnly?} → DeptNode[] (services/orgDepartments.ts)
 * - department/edit without id adds (SPEC: edit serves both)
 * - department/close {id} → {id, status: '0'}; refused while it has open sub-departments
 * - department/sort {id, parentId, afterId?} → {id, parentId} (drag to reorder or reparent; no cycles)
 * Administrators write; see ../Users/access.ts.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../lib/route.js';
import { OrgService } from '../../services/orgCrud.js';
import { closeDepartment, departmentResource, deptTree, sortDepartment } from '../../services/orgDepartments.js';
import { bodyOf, orgCaller } from '../Users/access.js';

/** Registers the department calls. */
export function register(app: FastifyInstance): void {
  const svc = new OrgService(departmentResource, app.ctx.db, app.ctx.dialect);
  const g = 'department';
  call<any>(app, `${g}/list`, {}, async (req) => svc.list(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${g}/info`, {}, async (req) => svc.info(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${g}/add`, {}, async (req) => svc.add(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${g}/edit`, {}, async (req) => {
    const c = await orgCaller(req);
    const body = bodyOf(req);
    return body.id === undefined || body.id === null || body.id === '' ? svc.add(c, body) : svc.edit(c, body);
  });
  call<any>(app, `${g}/del`, {}, async (req) => svc.del(await orgCaller(req), bodyOf(req)));
  call<any>(app, `${g}/tree`, {}, async (req) => {
    await orgCaller(req);
    const b = bodyOf(req);
    return deptTree(req.server.ctx.db, b.openOnly === true || b.openOnly === 1 || b.openOnly === '1');
  });
  call<any>(app, `${g}/close`, {}, async (req) => {
    const c = await orgCaller(req);
    svc.mustAdmin(c);
    return closeDepartment(req.server.ctx.db, req.server.ctx.dialect, c, bodyOf(req));
  });
  call<any>(app, `${g}/sort`, {}, async (req) => {
    const c = await orgCaller(req);
    svc.mustAdmin(c);
    return sortDepartment(req.server.ctx.db, req.server.ctx.dialect, c, bodyOf(req));
  });
}
