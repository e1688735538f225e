/**
 * Users/disabled and Users/move (SPEC §7 "Users and groups"): enabling or disabling an
 * account (a disabled one cannot sign in and its sessions end at once) and moving people to another
 * primary department. Each call is one transaction with an audit row per user.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { badInput } from '../../../../server/lib/errors.js';
import { afterUserChange, writeMemberships } from './orgUsers.js';
import { idOf, idsOf, orgAudit, tr, type OrgCaller, type OrgRecord, type OrgService } from '../../../../server/services/orgCrud.js';

/** Users/disabled {id, status: 0|1}: sets the account status; -1 naming 状态 for another value, refused for oneself. */
export async function disableUser(
  db: Kysely<DB>,
  dialect: Dialect,
  svc: OrgService,
  c: OrgCaller,
  body: { id?: unknown; status?: unknown },
): Promise<OrgRecord> {
  svc.mustWrite(c);
  const id = idOf(c, body?.id);
  if (!(await svc.rows(db, [id], c)).length) throw badInput(tr(c, 'entity.notFound'));
  const status = String(body?.status ?? '');
  if (status !== '0' && status !== '1') throw badInput(tr(c, 'validate.enum', { field: tr(c, 'field.status') }));
  if (id === c.userId && status === '0') throw badInput(tr(c, 'org.selfDisable'));
  await db.transaction().execute(async (trx) => {
    const u = await trx.selectFrom('users').select(['status', 'version']).where('id', '=', id).executeTakeFirst();
    if (!u) throw badInput(tr(c, 'entity.notFound'));
    await trx
      .updateTable('users')
      .set({ status: Number(status), version: u.version + 1, updated_at: now() })
      .where('id', '=', id)
      .execute();
    await orgAudit(trx, dialect, c, 'organization.user.disabled', `organization.user:${id}`, {
      before: { status: u.status },
      after: { status: Number(status) },
    });
  });
  await afterUserChange(db, [id]);
  return svc.info(c, { id });
}

/**
 * Users/move {ids, deptId}: `deptId` becomes each user's primary department (the old primary one is left).
 * A unit administrator moves only people he reaches, to a department of his unit (-1 org.outsideUnit).
 */
export async function moveUsers(
  db: Kysely<DB>,
  dialect: Dialect,
  svc: OrgService,
  c: OrgCaller,
  body: { ids?: unknown; id?: unknown; deptId?: unknown },
): Promise<{ moved: number }> {
  if (!svc.mayWrite(c)) throw badInput(tr(c, 'error.forbidden'));
  const ids = idsOf(c, body);
  const deptId = idOf(c, body?.deptId, 'field.departmentId');
  // A unit administrator moves his unit's people within his unit only.
  if (!c.admin && !(c.unitDepts ?? []).includes(deptId)) throw badInput(tr(c, 'org.outsideUnit'));
  if ((await svc.rows(db, ids, c)).length !== ids.length) throw badInput(tr(c, 'entity.notFound'));
  await db.transaction().execute(async (trx) => {
    const dept = await trx.selectFrom('departments').select(['id', 'status']).where('id', '=', deptId).executeTakeFirst();
    if (!dept || dept.status !== 1) throw badInput(tr(c, 'org.unknownRef', { field: tr(c, 'field.departmentId') }));
    const users = await trx.selectFrom('users').select(['id', 'version']).where('id', 'in', ids).execute();
    if (users.length !== ids.length) throw badInput(tr(c, 'entity.notFound'));
    for (const u of users) {
      const before = await trx.selectFrom('user_departments').select(['dept_id', 'is_primary', 'position_id']).where('user_id', '=', u.id).execute();
      const primary = before.find((m) => m.is_primary === 1);
      const depts = [deptId, ...before.map((m) => m.dept_id).filter((d) => d !== deptId && d !== primary?.dept_id)];
      await writeMemberships(trx, u.id, depts, deptId, primary?.position_id ?? null);
      await trx
        .updateTable('users')
        .set({ version: u.version + 1, updated_at: now() })
        .where('id', '=', u.id)
        .execute();
      await orgAudit(trx, dialect, c, 'organization.user.move', `organization.user:${u.id}`, {
        before: { departments: before.map((m) => m.dept_id), dept: primary?.dept_id ?? null },
        after: { departments: depts, dept: deptId },
      });
    }
  });
  await afterUserChange(db, ids);
  return { moved: ids.length };
}

/** A random strong password (upper, lower, digits; 12 characters). */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];
  const chars = sets.map((s) => s[randomInt(s.length)]);
  const all = sets.join('');
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
