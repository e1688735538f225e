/**
 * The server side of 组织机构 (SPEC §2.3 /organization/*, §7 Users, department, position, role, account), found and
 * loaded by src/server/areas.ts: the administration calls over the custom-storage entities of schemas/organization
 * (./api) and the services behind them (./services: users, departments, roles and positions, accounts, the
 * users' import and export). Who the flow engine resolves (src/server/services/departments.ts, roles.ts,
 * userInfo.ts) and the generic resource contract (src/server/services/orgCrud.ts) stay the platform's.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaServer } from '../../../server/areas.js';

/** The call groups of the area, in registration order (each module's comment lists its calls). */
const GROUPS: Array<() => Promise<{ register(app: FastifyInstance): void | Promise<void> }>> = [
  () => import('./api/users/index.js'),
  () => import('./api/department.js'),
  () => import('./api/position.js'),
  () => import('./api/role.js'),
  () => import('./api/account.js'),
];

const area: AreaServer = {
  async register(app) {
    for (const load of GROUPS) await (await load()).register(app);
  },
};

export default area;
