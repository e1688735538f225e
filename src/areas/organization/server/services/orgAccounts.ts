/**
 * Review of self-registered accounts (SPEC §2.3 /organization/account, §7 account/*): entity
 * `organization.account` (storage custom) over the `accounts` table that /api/api/register fills.
 * Record: realname, mobile, mail (read-only), status '0' 待审核 | '1' 已通过 | '2' 已驳回, dept (the
 * department an approval places the person in), remark (审核意见), user (the user an approval created,
 * read-only), createdAt (ISO 8601, read-only).
 *
 * Rules (each refusal -1 naming the field): only a pending account may be approved or refused, and a
 * decision is final; approving needs a department and a mobile no user holds as account name, and creates
 * in the same transaction an enabled user (account name = the mobile, the registered password, the 普通用户
 * role, the department as primary); refusing needs a comment.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { newUuid, now } from '../../../../server/lib/clock.js';
import { badInput } from '../../../../server/lib/errors.js';
import { fieldTitle } from '../../../../server/engine/validation.js';
import { orgEntity, strOf, tr, type OrgCaller, type OrgRecord, type OrgResource } from '../../../../server/services/orgCrud.js';
import { afterUserChange, writeMemberships } from './orgUsers.js';

/** Review states (dict account_status). */
export const ACCOUNT_PENDING = '0';
export const ACCOUNT_APPROVED = '1';
export const ACCOUNT_REFUSED = '2';

/** Role code every approved account gets (seeded by db/seed/roles.ts). */
const DEFAULT_ROLE = 'staff';

const title = (c: OrgCaller, field: string) => fieldTitle(orgEntity('organization.account'), field, c.locale);

/** The `accounts` table as an organisation-style resource (see the module comment). */
export const accountResource: OrgResource = {
  entity: 'organization.account',
  // OrgService reads and writes any table by name; its type lists the organisation tables only.
  table: 'accounts' as OrgResource['table'],
  columns: { realname: 'realname', mobile: 'mobile', mail: 'mail', status: 'status', remark: 'remark', createdAt: 'created_at' },
  readOnly: ['mobile', 'mail', 'user', 'createdAt'],
  async toRecords(_db, rows) {
    return rows.map(
      (r) =>
        ({
          id: Number(r.id),
          version: Number(r.version),
          realname: r.realname ?? '',
          mobile: r.mobile,
          mail: r.mail,
          status: strOf(r.status),
          dept: r.dept_id == null ? null : Number(r.dept_id),
          remark: r.remark ?? '',
          user: r.user_id == null ? null : Number(r.user_id),
          createdAt: new Date(Number(r.created_at)).toISOString(),
        }) as OrgRecord,
    );
  },
  toRow(rec) {
    return {
      realname: rec.realname || null,
      status: Number(rec.status),
      dept_id: rec.status === ACCOUNT_APPROVED ? (rec.dept ?? null) : null,
      remark: rec.remark || null,
      updated_at: now(),
    };
  },
  async beforeWrite(trx, c, id, rec, before) {
    if (id === null || !before) throw badInput(tr(c, 'error.forbidden'));
    if (before.status !== ACCOUNT_PENDING && rec.status !== before.status) throw badInput(tr(c, 'account.decided', { field: title(c, 'status') }));
    if (before.status === ACCOUNT_PENDING && rec.status === ACCOUNT_APPROVED) {
      if (rec.dept == null) throw badInput(tr(c, 'validate.required', { field: title(c, 'dept') }));
      const dept = await trx
        .selectFrom('departments')
        .select(['id', 'status'])
        .where('id', '=', rec.dept as number)
        .executeTakeFirst();
      if (!dept || dept.status !== 1) throw badInput(tr(c, 'org.unknownRef', { field: title(c, 'dept') }));
      const taken = await trx.selectFrom('users').select('id').where('username', '=', String(before.mobile)).executeTakeFirst();
      if (taken) throw badInput(tr(c, 'account.usernameTaken', { username: String(before.mobile) }));
    }
    if (rec.status === ACCOUNT_REFUSED && !String(rec.remark ?? '').trim()) throw badInput(tr(c, 'validate.required', { field: title(c, 'remark') }));
  },
  async afterWrite(trx, _c, id, rec, before) {
    if (before?.status !== ACCOUNT_PENDING || rec.status !== ACCOUNT_APPROVED) return;
    await createUser(trx, id, rec);
  },
  async beforeDelete(_trx, c, recs) {
    if (recs.some((r) => r.status === ACCOUNT_APPROVED)) throw badInput(tr(c, 'account.approvedKept'));
  },
  invalidate(db, _ids) {
    return afterUserChange(db, []);
  },
};

/** Creates the user of approved account `id` and links it (one transaction with the review). */
async function createUser(trx: Transaction<DB>, id: number, rec: OrgRecord): Promise<void> {
  const acc = await trx.selectFrom('accounts').select(['mobile', 'mail', 'realname', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();
  const t = now();
  const dept = rec.dept as number;
  const user = await trx
    .insertInto('users')
    .values({
      uuid: newUuid(),
      username: acc.mobile,
      realname: (rec.realname as string) || acc.realname || acc.mobile,
      password_hash: acc.password_hash,
      password_changed_at: t,
      mobile: acc.mobile,
      email: acc.mail,
      avatar: null,
      gender: 0,
      status: 1,
      is_admin: 0,
      clearance: 0,
      current_dept_id: dept,
      layout: null,
      list_settings: null,
      tabs: null,
      sms_setting: null,
      unionid: null,
      sort: 0,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeMemberships(trx, user.id, [dept], dept, null);
  const role = await trx.selectFrom('roles').select('id').where('code', '=', DEFAULT_ROLE).executeTakeFirst();
  if (role) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  await trx.updateTable('accounts').set({ user_id: user.id }).where('id', '=', id).execute();
}
