/**
 * The departments of a user (SPEC §1: a user may belong to several departments and switch between
 * them; SPEC §3 "Department list for the user"; SPEC §4 "Department switch").
 */
import type { Kysely, Transaction } from 'kysely';
import { Code } from '../../shared/codes.js';
import type { DepartmentRef, DepartmentsInfo } from '../../shared/types.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { ServiceCtx } from './context.js';
import { userMenus } from './menu.js';
import { forgetSessions } from './session.js';
import { invalidateUserInfo } from './userInfo.js';
import { deptTitle } from './deptTitle.js';
import { diskUsagePercent } from './disk.js';

/** One membership of a user: the department, whether it is the primary one. */
export interface Membership extends DepartmentRef {
  primary: boolean;
}

/** The open departments `userId` belongs to, primary first, then by membership and department order. */
export async function memberships(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<Membership[]> {
  const rows = await db
    .selectFrom('user_departments as ud')
    .innerJoin('departments as d', 'd.id', 'ud.dept_id')
    .leftJoin('departments as p', 'p.id', 'd.parent_id')
    .select(['d.id as id', 'd.name as name', 'd.kind as kind', 'p.name as parentName', 'p.parent_id as parentParentId', 'ud.is_primary as primary'])
    .where('ud.user_id', '=', userId)
    .where('d.status', '=', 1)
    .orderBy('ud.is_primary', 'desc')
    .orderBy('ud.sort')
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: deptTitle(r), primary: r.primary === 1 }));
}

/**
 * The department a new session starts in: `preferred` (users.current_dept_id) when the user still
 * belongs to it, else the primary membership, else the first; null for a user in no department.
 */
export async function initialDepartment(db: Kysely<DB> | Transaction<DB>, userId: number, preferred: number | null): Promise<number | null> {
  const list = await memberships(db, userId);
  if (preferred != null && list.some((m) => m.id === preferred)) return preferred;
  return list[0]?.id ?? null;
}

/**
 * Answer of /api/Index/getDepartments: the session's current department, the user's other
 * departments, the unit-administrator flag and the disk-usage percent of DATA_DIR.
 */
export async function departmentsInfo(ctx: ServiceCtx, userId: number, currentDeptId: number | null): Promise<DepartmentsInfo> {
  const [list, menus] = await Promise.all([memberships(ctx.db, userId), userMenus(ctx.db, userId)]);
  const current = list.find((m) => m.id === currentDeptId) ?? null;
  return {
    current: current ? { id: current.id, title: current.title } : null,
    departments_other: list.filter((m) => m.id !== current?.id).map((m) => ({ id: m.id, title: m.title })),
    isdwgly: menus.isdwgly,
    concurrent: diskUsagePercent(ctx.config.dataDir),
  };
}

/**
 * Makes `deptId` the current department of the session and of the user (remembered for the next
 * login). Errors: -1 when the user does not belong to that (open) department. Returns its name.
 */
export async function switchDepartment(ctx: ServiceCtx, userId: number, sessionId: number, deptId: number): Promise<string> {
  const title = await ctx.db.transaction().execute(async (trx) => {
    const m = (await memberships(trx, userId)).find((d) => d.id === deptId);
    if (!m) return null;
    await trx.updateTable('sessions').set({ dept_id: deptId }).where('id', '=', sessionId).execute();
    await trx.updateTable('users').set({ current_dept_id: deptId, updated_at: now() }).where('id', '=', userId).execute();
    return m.title;
  });
  if (title == null) throw new ApiError(ctx.t('dept.notMember'), Code.ERROR);
  forgetSessions(ctx.db);
  invalidateUserInfo(ctx.db, userId);
  return title;
}
