/**
 * API group `Index` (SPEC §7 "Department, home and messages", §4 "Logout", "Department switch").
 *
 * - logout {} → null, msg 已退出登录; revokes the session and clears the cookies (allowed during -98).
 * - getDepartments {} → DepartmentsInfo {current, departments_other, isdwgly, concurrent}.
 * - changeCurrentDepartment {department_id} → null, msg "已切换到{department}".
 */
import type { FastifyInstance } from 'fastify';
import { call, Ok } from '../../lib/route.js';
import { serviceCtx } from '../../services/context.js';
import { departmentsInfo, switchDepartment } from '../../services/departments.js';
import { forgetSessions, revokeSession } from '../../services/session.js';
import { audit } from '../../services/audit.js';
import { clearSessionCookies } from '../Login/common.js';

/** Registers the Index calls on `app` (mounted under BASE_PATH). */
export function register(app: FastifyInstance): void {
  call(app, 'Index/logout', { duringPasswordChange: true }, async (req, reply) => {
    const { db, dialect } = req.server.ctx;
    await db.transaction().execute(async (trx) => {
      await revokeSession(trx, req.user.sessionId);
      await audit(trx, dialect, {
        userId: req.user.userId,
        username: req.user.username,
        ip: req.ip,
        event: 'logout',
        object: `session:${req.user.sessionId}`,
        result: 'success',
      });
    });
    forgetSessions(db);
    clearSessionCookies(req, reply);
    return new Ok(null, req.t('logout.success'));
  });

  call(app, 'Index/getDepartments', {}, async (req) => departmentsInfo(serviceCtx(req), req.user.userId, req.user.deptId));

  call<{ department_id: number }>(
    app,
    'Index/changeCurrentDepartment',
    {
      body: {
        type: 'object',
        required: ['department_id'],
        properties: { department_id: { type: 'integer', title: 'field.department_id', minimum: 1 } },
      },
    },
    async (req) => {
      const name = await switchDepartment(serviceCtx(req), req.user.userId, req.user.sessionId, req.body.department_id);
      return new Ok(null, req.t('dept.switched', { department: name }));
    },
  );
}
