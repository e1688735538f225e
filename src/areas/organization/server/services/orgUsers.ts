/**
 * Users as the organisation entity `organization.user` (SPEC §7 /api/Users/*): the `users`
 * row plus its departments (user_departments: the primary one carries the position) and roles
 * (user_roles). Record fields: realname, username, mobile, email, gender ('1'|'2'), departments
 * (ids), dept (primary), position (id), rank and category (dicts user_rank / person_category: the ids of
 * ranks / person_categories as strings, seeded alike by migration 0004), clearance ('0'..'3'), status ('1'|'0'), roles (ids), sort.
 *
 * Checks (each -1 naming the field): 账号 unique; departments, position, rank, category and roles
 * must exist; two roles of one exclusive group (三员分立, DESIGN §7) cannot be held together; an
 * administrator cannot disable or delete himself. A disabled or deleted user's sessions are revoked.
 */
import { forgetClearance } from '../../../../server/services/clearance.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { badInput } from '../../../../server/lib/errors.js';
import { invalidateRefNames } from '../../../../server/engine/refs.js';
import { fieldTitle } from '../../../../server/engine/validation.js';
import { forgetSessions, revokeUserSessions } from '../../../../server/services/session.js';
import { invalidateUserInfo } from '../../../../server/services/userInfo.js';
import { intOf, orgEntity, strOf, tr, type Db, type OrgCaller, type OrgRecord, type OrgResource } from '../../../../server/services/orgCrud.js';

const ENTITY = 'organization.user';

function title(c: OrgCaller, field: string): string {
  return fieldTitle(orgEntity(ENTITY), field, c.locale);
}

/** -1 "<field> 不存在" unless every id of `ids` is a row of `table`. */
async function mustExist(
  trx: Db,
  c: OrgCaller,
  table: 'departments' | 'positions' | 'ranks' | 'person_categories' | 'roles',
  ids: number[],
  field: string,
): Promise<void> {
  const wanted = [...new Set(ids.filter((x) => x != null))];
  if (!wanted.length) return;
  const rows = await (trx as Kysely<any>).selectFrom(table).select('id').where('id', 'in', wanted).execute();
  if (rows.length !== wanted.length) throw badInput(tr(c, 'org.unknownRef', { field: title(c, field) }));
}

/** The user resource (see the file comment). */
export const userResource: OrgResource = {
  entity: ENTITY,
  table: 'users',
  columns: {
    realname: 'realname',
    username: 'username',
    mobile: 'mobile',
    email: 'email',
    gender: 'gender',
    rank: 'rank_id',
    category: 'category_id',
    clearance: 'clearance',
    status: 'status',
    sort: 'sort',
  },
  extraKeys: ['password'],
  filter(field, value) {
    if (field !== 'dept' && field !== 'departments' && field !== 'position') return null;
    // A department and its sub-departments (a tree node): {op: 'in', value: ids}, members of any of them.
    const many =
      typeof value === 'object' && value && !Array.isArray(value) && (value as { op?: unknown }).op === 'in' ? (value as { value?: unknown }).value : undefined;
    if (field !== 'position' && Array.isArray(many)) {
      const ids = many.map(Number).filter((n) => Number.isInteger(n));
      if (!ids.length || ids.length !== many.length || ids.length > 1000) return sql`1 = 0`;
      return sql`exists (select 1 from user_departments ud where ud.user_id = users.id and ud.dept_id in (${sql.join(ids)}))`;
    }
    const v = Number(Array.isArray(value) ? value[0] : typeof value === 'object' && value ? (value as { value?: unknown }).value : value);
    if (!Number.isInteger(v)) return sql`1 = 0`;
    if (field === 'position')
      return sql`exists (select 1 from user_departments ud where ud.user_id = users.id and ud.is_primary = 1 and ud.position_id = ${v})`;
    return sql`exists (select 1 from user_departments ud where ud.user_id = users.id and ud.dept_id = ${v})`;
  },
  async toRecords(db, rows) {
    const ids = rows.map((r) => Number(r.id));
    const [members, roles] = ids.length
      ? await Promise.all([
          db
            .selectFrom('user_departments')
            .select(['user_id', 'dept_id', 'is_primary', 'position_id', 'sort'])
            .where('user_id', 'in', ids)
            .orderBy('is_primary', 'desc')
            .orderBy('dept_id')
            .execute(),
          db.selectFrom('user_roles').select(['user_id', 'role_id']).where('user_id', 'in', ids).orderBy('role_id').execute(),
        ])
      : [[], []];
    return rows.map((r) => {
      const id = Number(r.id);
      const mine = members.filter((m) => m.user_id === id);
      const primary = mine.find((m) => m.is_primary === 1) ?? mine[0];
      return {
        id,
        version: Number(r.version),
        realname: r.realname,
        username: r.username,
        mobile: r.mobile ?? null,
        email: r.email ?? null,
        gender: Number(r.gender) ? String(r.gender) : null,
        departments: mine.map((m) => m.dept_id),
        dept: primary?.dept_id ?? null,
        position: primary?.position_id ?? null,
        rank: strOf(r.rank_id),
        category: strOf(r.category_id),
        clearance: strOf(r.clearance),
        status: strOf(r.status),
        roles: roles.filter((x) => x.user_id === id).map((x) => x.role_id),
        sort: Number(r.sort),
        created_at: Number(r.created_at),
        updated_at: Number(r.updated_at),
      } as OrgRecord;
    });
  },
  toRow(rec) {
    return {
      realname: rec.realname,
      username: rec.username,
      mobile: rec.mobile || null,
      email: rec.email || null,
      gender: intOf(rec.gender),
      rank_id: rec.rank ? Number(rec.rank) : null,
      category_id: rec.category ? Number(rec.category) : null,
      clearance: intOf(rec.clearance),
      status: intOf(rec.status, 1),
      sort: intOf(rec.sort),
      updated_at: now(),
    };
  },
  // A unit administrator reaches the people with a department in his unit (SPEC §3 isdwgly).
  unitScope: (depts) => sql`exists (select 1 from user_departments ud where ud.user_id = users.id and ud.dept_id in (${sql.join(depts)}))`,
  unitWrites: true,
  async beforeWrite(trx, c, id, rec, before) {
    const depts = (rec.departments as number[] | null) ?? [];
    if (rec.dept != null && !depts.includes(rec.dept as number)) rec.departments = [rec.dept as number, ...depts];
    await mustExist(trx, c, 'departments', rec.departments as number[], 'departments');
    if (!c.admin && c.unitDepts) mustStayInUnit(c, rec, before);
    if (rec.position != null) await mustExist(trx, c, 'positions', [rec.position as number], 'position');
    if (rec.rank) await mustExist(trx, c, 'ranks', [Number(rec.rank)], 'rank');
    if (rec.category) await mustExist(trx, c, 'person_categories', [Number(rec.category)], 'category');
    const roleIds = (rec.roles as number[] | null) ?? [];
    await mustExist(trx, c, 'roles', roleIds, 'roles');
    await checkExclusive(trx, c, roleIds);
    let q = trx.selectFrom('users').select('id').where('username', '=', String(rec.username));
    if (id != null) q = q.where('id', '!=', id);
    if (await q.executeTakeFirst()) throw badInput(tr(c, 'entity.duplicate', { field: title(c, 'username') }));
    if (id === c.userId && rec.status === '0') throw badInput(tr(c, 'org.selfDisable'));
    // 三员分立 (DESIGN §7): a person's 涉密等级 is set by the security administrator (Users/setClearance), never by the
    // system or a unit administrator; a new person starts 非密
    if (intOf(rec.clearance) !== (before ? intOf(before.clearance) : 0)) throw badInput(tr(c, 'org.clearanceBySecadmin'));
  },
  async afterWrite(trx, _c, id, rec) {
    await writeMemberships(trx, id, (rec.departments as number[]) ?? [], rec.dept as number, (rec.position as number | null) ?? null);
    await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
    const roles = (rec.roles as number[] | null) ?? [];
    if (roles.length)
      await trx
        .insertInto('user_roles')
        .values(roles.map((role_id) => ({ user_id: id, role_id })))
        .execute();
  },
  async newRow() {
    const t = now();
    return { created_at: t, updated_at: t, is_admin: 0, avatar: null };
  },
  async beforeDelete(trx, c, recs) {
    const ids = recs.map((r) => r.id as number);
    if (ids.includes(c.userId)) throw badInput(tr(c, 'org.selfDelete'));
    await trx.updateTable('departments').set({ leader_id: null }).where('leader_id', 'in', ids).execute();
    for (const t of ['user_roles', 'user_menus', 'user_departments', 'sessions', 'selector_recent', 'user_group_members'] as const) {
      await trx.deleteFrom(t).where('user_id', 'in', ids).execute();
    }
  },
  async invalidate(db, ids) {
    await afterUserChange(db, ids);
  },
};

/** Forgets cached user info and names of `ids`, and revokes the sessions of those now disabled or gone. */
export async function afterUserChange(db: Kysely<DB>, ids: number[]): Promise<void> {
  invalidateRefNames(db);
  for (const id of ids) forgetClearance(db, id);
  if (!ids.length) return;
  for (const id of ids) invalidateUserInfo(db, id);
  const live = await db.selectFrom('users').select(['id', 'status']).where('id', 'in', ids).execute();
  let revoked = false;
  for (const id of ids) {
    const u = live.find((x) => x.id === id);
    if (u && u.status === 1) continue;
    await revokeUserSessions(db, id);
    revoked = true;
  }
  if (revoked) forgetSessions(db);
}

/**
 * -1 when two of `roleIds` share an exclusive group (三员分立: 系统管理员, 安全保密管理员, 安全审计员), and -1
 * org.sanyuanAlone when a 三员 role (group `sanyuan`) comes with any business role: the 三员 administer and audit and
 * hold no business (DESIGN §7, src/server/lib/business.ts).
 */
export async function checkExclusive(trx: Db, c: OrgCaller, roleIds: number[]): Promise<void> {
  if (roleIds.length < 2) return;
  const rows = await trx.selectFrom('roles').select(['name', 'exclusive_group']).where('id', 'in', roleIds).execute();
  const seen = new Map<string, string>();
  for (const r of rows) {
    if (r.exclusive_group == null) continue;
    const other = seen.get(r.exclusive_group);
    if (other) throw badInput(tr(c, 'org.exclusiveRoles', { a: other, b: r.name }));
    seen.set(r.exclusive_group, r.name);
  }
  const sanyuan = seen.get('sanyuan');
  const business = rows.find((r) => r.exclusive_group == null);
  if (sanyuan && business) throw badInput(tr(c, 'org.sanyuanAlone', { a: sanyuan, b: business.name }));
}

/**
 * Makes the memberships of user `id` exactly `depts` with `primary` as the primary one carrying
 * `position`; kept memberships keep their leader flag and order. Moves current_dept_id when it left.
 */
export async function writeMemberships(trx: Transaction<DB>, id: number, depts: number[], primary: number, position: number | null): Promise<void> {
  const existing = await trx.selectFrom('user_departments').selectAll().where('user_id', '=', id).execute();
  const gone = existing.filter((m) => !depts.includes(m.dept_id)).map((m) => m.dept_id);
  if (gone.length) await trx.deleteFrom('user_departments').where('user_id', '=', id).where('dept_id', 'in', gone).execute();
  for (const d of depts) {
    const isPrimary = d === primary ? 1 : 0;
    const had = existing.find((m) => m.dept_id === d);
    const pos = isPrimary ? position : (had?.position_id ?? null);
    if (had)
      await trx.updateTable('user_departments').set({ is_primary: isPrimary, position_id: pos }).where('user_id', '=', id).where('dept_id', '=', d).execute();
    else {
      const max = await trx
        .selectFrom('user_departments')
        .select(sql<number>`coalesce(max(sort), 0)`.as('m'))
        .where('dept_id', '=', d)
        .executeTakeFirst();
      await trx
        .insertInto('user_departments')
        .values({ user_id: id, dept_id: d, position_id: pos, is_primary: isPrimary, is_leader: 0, sort: Number(max?.m ?? 0) + 1 })
        .execute();
    }
  }
  const u = await trx.selectFrom('users').select('current_dept_id').where('id', '=', id).executeTakeFirst();
  if (u && (u.current_dept_id == null || !depts.includes(u.current_dept_id))) {
    await trx.updateTable('users').set({ current_dept_id: primary }).where('id', '=', id).execute();
  }
}

/**
 * A unit administrator's limits on a person he adds or edits: every department (old and new) inside his
 * unit, and the roles unchanged (none on a new person) — roles are the administrator's (DESIGN §7).
 * Throws -1 org.outsideUnit / org.unitAdminRoles.
 */
function mustStayInUnit(c: OrgCaller, rec: OrgRecord, before: OrgRecord | null): void {
  const mine = new Set(c.unitDepts ?? []);
  const depts = [...((rec.departments as number[] | null) ?? []), ...((before?.departments as number[] | null) ?? [])];
  if (depts.some((d) => !mine.has(d))) throw badInput(tr(c, 'org.outsideUnit'));
  const ids = (v: unknown) =>
    [...((v as number[] | null) ?? [])]
      .map(Number)
      .sort((a, b) => a - b)
      .join(',');
  if (ids(rec.roles) !== ids(before?.roles)) throw badInput(tr(c, 'org.unitAdminRoles'));
}
