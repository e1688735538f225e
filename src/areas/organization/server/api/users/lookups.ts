/**
 * The remaining Users calls of SPEC §7, for readers of the organisation (./access.ts):
 * - Users/getUsers {deptId?, keyword?} → [{id, realname, username, dept}]: enabled people (of a department
 *   when given, any of their departments), at most USER_LOOKUP_MAX, in the organisation's order
 *   (a unit administrator: his unit's people; getOffices likewise his unit's departments)
 * - Users/getOffices {unitId?} → [{id, name, parent_id, kind, code, sort}]: open departments, flat, tree order
 * - Users/banUserList (list params) → {list, total, refs}: the disabled people (the user list with status 0)
 * - Users/moveUser {id, deptId} → {moved}: Users/move for one person
 * - Users/importList {current?, pageSize?} → {list: [{id, time, operator, ip, userId, username, realname}], total}:
 *   the people created by Excel import, newest first, from the audit log
 * - Users/getUnionid {id?} → {unionid}: the SSO binding of a person (default: the caller)
 * - Users/usersync, syncDepartments, usersynclist: synchronisation with an external directory; this
 *   installation has none, so each answers -1 org.noDirectory instead of pretending to sync.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../../server/lib/route.js';
import { badInput } from '../../../../../server/lib/errors.js';
import { moveUsers } from '../../services/orgUserOps.js';
import type { OrgService } from '../../../../../server/services/orgCrud.js';
import { body, id as idProp, int, LIST_BODY, OPT_ID_BODY, optId, PAGING, str } from '../../../../../server/lib/bodies.js';
import { orgCaller, orgWriter } from './access.js';

/** Most people one Users/getUsers answers. */
export const USER_LOOKUP_MAX = 500;

const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** Registers the calls of the module comment; `svc` is the Users resource service. */
export function registerUserLookups(app: FastifyInstance, svc: OrgService): void {
  const db = app.ctx.db;
  const optionalId = (req: { t: (k: string, p?: Record<string, string | number>) => string }, v: unknown, field: string): number | null => {
    if (v === undefined || v === null || v === '') return null;
    const id = positiveId(v);
    if (id === null) throw badInput(req.t('error.badParam', { field }));
    return id;
  };

  const guard = orgCaller;
  call<{ deptId?: number | null; keyword?: string }>(
    app,
    'Users/getUsers',
    { guard, body: body({ deptId: optId('field.departmentId'), keyword: str('field.keyword', 100) }) },
    async (req) => {
      const c = await orgCaller(req);
      const b = req.body;
      const deptId = optionalId(req, b.deptId, 'deptId');
      const keyword = typeof b.keyword === 'string' ? b.keyword.trim() : '';
      let q = db
        .selectFrom('users')
        .leftJoin('user_departments as p', (j) => j.onRef('p.user_id', '=', 'users.id').on('p.is_primary', '=', 1))
        .select(['users.id', 'users.realname', 'users.username', 'p.dept_id as dept'])
        .where('users.status', '=', 1);
      if (deptId !== null)
        q = q.where((eb) =>
          eb.exists(eb.selectFrom('user_departments as m').select('m.user_id').whereRef('m.user_id', '=', 'users.id').where('m.dept_id', '=', deptId)),
        );
      // A unit administrator sees his unit's people only.
      if (!c.admin && c.unitDepts) {
        const mine = c.unitDepts.length ? c.unitDepts : [0];
        q = q.where((eb) =>
          eb.exists(eb.selectFrom('user_departments as s').select('s.user_id').whereRef('s.user_id', '=', 'users.id').where('s.dept_id', 'in', mine)),
        );
      }
      if (keyword) q = q.where((eb) => eb.or([eb('users.realname', 'like', `%${keyword}%`), eb('users.username', 'like', `%${keyword}%`)]));
      return q.orderBy('users.sort').orderBy('users.id').limit(USER_LOOKUP_MAX).execute();
    },
  );

  call<{ unitId?: number | null }>(app, 'Users/getOffices', { guard, body: body({ unitId: optId('field.unitId') }) }, async (req) => {
    const c = await orgCaller(req);
    const unitId = optionalId(req, req.body.unitId, 'unitId');
    let rows = await db
      .selectFrom('departments')
      .select(['id', 'name', 'parent_id', 'kind', 'code', 'sort'])
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    if (!c.admin && c.unitDepts) rows = rows.filter((r) => c.unitDepts!.includes(r.id));
    // Tree order (a parent before its children, siblings by sort), optionally only under `unitId`.
    const children = new Map<number | null, typeof rows>();
    for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
    const ids = new Set(rows.map((r) => r.id));
    const out: typeof rows = [];
    const walk = (parent: number | null) => {
      for (const r of children.get(parent) ?? []) {
        out.push(r);
        walk(r.id);
      }
    };
    if (unitId !== null) {
      const unit = rows.find((r) => r.id === unitId);
      if (unit) {
        out.push(unit);
        walk(unit.id);
      }
    } else {
      // Roots: no parent, or a parent that is closed (its open children still show).
      for (const r of rows) {
        if (r.parent_id !== null && ids.has(r.parent_id)) continue;
        out.push(r);
        walk(r.id);
      }
    }
    return out;
  });

  call<Record<string, unknown>>(app, 'Users/banUserList', { guard, body: LIST_BODY }, async (req) => {
    const b = req.body;
    let filters: unknown = b.filters ?? {};
    if (typeof filters === 'string') {
      try {
        filters = filters.trim() ? JSON.parse(filters) : {};
      } catch {
        throw badInput(req.t('error.badParam', { field: 'filters' }));
      }
    }
    if (typeof filters !== 'object' || filters === null || Array.isArray(filters)) throw badInput(req.t('error.badParam', { field: 'filters' }));
    return svc.list(await orgCaller(req), { ...b, filters: { ...(filters as Record<string, unknown>), status: '0' } });
  });

  call<{ id?: number | null; userId?: number | null; deptId: number }>(
    app,
    'Users/moveUser',
    { guard: orgWriter(svc), body: body({ id: optId(), userId: optId('field.userId'), deptId: idProp('field.departmentId') }, ['deptId']) },
    async (req) => {
      const b = req.body;
      return moveUsers(db, app.ctx.dialect, svc, await orgCaller(req), { id: b.id ?? b.userId, deptId: b.deptId });
    },
  );

  call<{ current?: number; pageSize?: number }>(
    app,
    'Users/importList',
    { guard, body: body({ current: PAGING.current, pageSize: int('field.pageSize', 1, 200) }) },
    async (req) => {
      const b = req.body;
      const pageSize = Math.min(200, Math.max(1, Math.trunc(Number(b.pageSize ?? 20)) || 20));
      const current = Math.max(1, Math.trunc(Number(b.current ?? 1)) || 1);
      const event = 'organization.user.import';
      const [rows, count] = await Promise.all([
        db
          .selectFrom('audit_log')
          .select(['id', 'created_at as time', 'username as operator', 'ip', 'object'])
          .where('event', '=', event)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((current - 1) * pageSize)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('event', '=', event)
          .executeTakeFirst(),
      ]);
      // object = 'organization.user:<id>'; a person deleted since keeps the row with empty names.
      const userIds = rows.map((r) => positiveId(String(r.object ?? '').split(':')[1]));
      const wanted = [...new Set(userIds.filter((x): x is number => x !== null))];
      const people = wanted.length ? await db.selectFrom('users').select(['id', 'username', 'realname']).where('id', 'in', wanted).execute() : [];
      const byId = new Map(people.map((p) => [p.id, p]));
      const list = rows.map((r, i) => {
        const p = userIds[i] === null ? undefined : byId.get(userIds[i]!);
        return { id: r.id, time: r.time, operator: r.operator, ip: r.ip, userId: userIds[i], username: p?.username ?? null, realname: p?.realname ?? null };
      });
      return { list, total: Number(count?.n ?? 0) };
    },
  );

  call<{ id?: number | null }>(app, 'Users/getUnionid', { guard, body: OPT_ID_BODY }, async (req) => {
    const c = await orgCaller(req);
    const id = optionalId(req, req.body.id, 'id') ?? c.userId;
    const row = await db.selectFrom('users').select('unionid').where('id', '=', id).executeTakeFirst();
    if (!row) throw badInput(req.t('entity.notFound'));
    return { unionid: row.unionid ?? null };
  });

  // synchronising creates and changes people and departments: the system administrator's duty (三员分立); the
  // list of a synchronisation is read like the organisation
  for (const name of ['usersync', 'syncDepartments', 'usersynclist']) {
    // directory sync is the system administrator's; its list may be read by the organisation's readers
    call(app, `Users/${name}`, { guard, ...(name === 'usersynclist' ? {} : { roles: ['sysadmin'] }) }, async (req) => {
      throw badInput(req.t('org.noDirectory'));
    });
  }
}
