/**
 * Seeds the demo organisation on first start ("Demo organisation"): 市人民政府, its working
 * departments and internal offices (./org), ≈300 staff including the fixed accounts (./people,
 * ./staff), roles and permissions (./roles), the menu tree and role grants (./menus), one SSO app,
 * the areas' demo data (their `seed`, src/server/areas.ts; the business content — receptions, 事务, 公文 — comes
 * later, from ./content.ts), a few settings and two self-registrations awaiting review. Everything
 * is inserted in one transaction; the data is deterministic except uuids and timestamps. Every
 * account's password is `Demo@2026`.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { hash } from '@node-rs/argon2';
import type { DB } from '../types.js';
import { newUuid, now, sha256 } from '../../lib/clock.js';
import { invalidateMenuCache } from '../../services/menu.js';
import { POSITIONS, ROOT_UNIT, UNITS } from './org.js';
import { deptKey } from './people.js';
import { buildPeople } from './staff.js';
import { ROLES } from './roles.js';
import { DEMO_PERSONAL_MENU } from './menus.js';
import { syncMenus } from './sync.js';
import { areaServers } from '../../areas.js';

export { syncMenus };

/** The password of every seeded account (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo@2026';

/** The registered SSO app of the demo (README): appid, name and its plain secret. */
export const DEMO_APP = { appid: 'demo-portal', name: '市政务门户', secret: 'portal-secret-2026' } as const;

/** Rows per multi-row INSERT (well under SQLite's and PostgreSQL's bind-parameter limits). */
const BATCH = 100;

function chunks<T>(list: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Seeds everything when the database has no users yet; returns true when it seeded, false when
 * users already exist. On PostgreSQL a transaction-scoped advisory lock lets several processes
 * start at once: only the first seeds. Throws (and rolls back) if any insert fails.
 */
export async function seedIfEmpty(db: Kysely<DB>): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  const seeded = await db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(7324001)`.execute(trx);
    const again = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (again) return false;
    await seedAll(trx, passwordHash);
    return true;
  });
  invalidateMenuCache(db);
  return seeded;
}

/** Self-registrations waiting for review in the demo organisation (password Demo@2026). */
const DEMO_REGISTRATIONS = [
  { realname: '何晓东', mobile: '13700001001', mail: 'hexiaodong@example.com' },
  { realname: '罗佳琪', mobile: '13700001002', mail: 'luojiaqi@example.com' },
];

async function seedAll(trx: Transaction<DB>, passwordHash: string): Promise<void> {
  const t = now();
  const deptIds = await insertDepartments(trx, t);
  const positionIds = await insertPositions(trx);
  const roleIds = await insertRoles(trx);
  const { ids: menuIds } = await syncMenus(trx);
  for (const { module } of await areaServers()) await module.seed?.(trx, { deptIds, at: t });

  const people = buildPeople();
  const userIds = new Map<string, number>();
  const sortOf = new Map(people.map((p, i) => [p, i + 1]));
  for (const batch of chunks(people)) {
    const rows = await trx
      .insertInto('users')
      .values(
        batch.map((p) => ({
          uuid: newUuid(),
          username: p.username,
          realname: p.realname,
          password_hash: passwordHash,
          password_changed_at: t,
          mobile: p.mobile,
          email: p.email,
          avatar: null,
          gender: p.gender,
          status: 1,
          is_admin: p.is_admin,
          clearance: p.clearance,
          current_dept_id: deptIds.get(p.memberships[0].dept)!,
          layout: null,
          list_settings: null,
          tabs: null,
          sms_setting: null,
          unionid: sha256(`unionid:${p.username}`).slice(0, 32),
          sort: sortOf.get(p)!,
          created_at: t,
          updated_at: t,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    for (const r of rows) userIds.set(r.username, r.id);
  }

  const memberships: DB['user_departments'][] = [];
  const perDept = new Map<string, number>();
  const leaders = new Map<string, number>();
  for (const p of people) {
    p.memberships.forEach((m, i) => {
      const sort = (perDept.get(m.dept) ?? 0) + 1;
      perDept.set(m.dept, sort);
      if (m.leader) leaders.set(m.dept, userIds.get(p.username)!);
      memberships.push({
        user_id: userIds.get(p.username)!,
        dept_id: deptIds.get(m.dept)!,
        position_id: m.position ? positionIds.get(m.position)! : null,
        is_primary: i === 0 ? 1 : 0,
        is_leader: m.leader ? 1 : 0,
        sort,
      });
    });
  }
  for (const batch of chunks(memberships)) await trx.insertInto('user_departments').values(batch).execute();
  for (const [key, userId] of leaders) {
    await trx.updateTable('departments').set({ leader_id: userId }).where('id', '=', deptIds.get(key)!).execute();
  }

  const userRoles = people.flatMap((p) => p.roles.map((code) => ({ user_id: userIds.get(p.username)!, role_id: roleIds.get(code)! })));
  for (const batch of chunks(userRoles)) await trx.insertInto('user_roles').values(batch).execute();

  const demoId = userIds.get('demo')!;
  await trx
    .insertInto('user_menus')
    .values(DEMO_PERSONAL_MENU.map((key) => ({ user_id: demoId, menu_id: menuIds.get(key)! })))
    .execute();

  await trx
    .insertInto('apps')
    .values({ appid: DEMO_APP.appid, name: DEMO_APP.name, secret_hash: sha256(DEMO_APP.secret), status: 1, remark: '演示用单点登录应用', created_at: t })
    .execute();
  // Two people who registered themselves and wait for review on 账号管理 (/organization/account).
  await trx
    .insertInto('accounts')
    .values(
      DEMO_REGISTRATIONS.map((r, i) => ({ ...r, password_hash: passwordHash, status: 0, user_id: null, created_at: t - (i + 1) * 3_600_000, updated_at: t })),
    )
    .execute();
  await trx
    .insertInto('settings')
    .values([
      { key: 'system.name', value: '协同办公平台' },
      { key: 'org.name', value: ROOT_UNIT.name },
      { key: 'org.root_dept_id', value: String(deptIds.get('root')) },
      { key: 'demo.seeded_at', value: String(t) },
    ])
    .execute();
}

/** Inserts the root unit, the units and their offices; returns department id by dept key. */
async function insertDepartments(trx: Transaction<DB>, t: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const add = async (key: string, parentId: number | null, name: string, short: string | null, kind: string, code: string | null, sort: number) => {
    const row = await trx
      .insertInto('departments')
      .values({ parent_id: parentId, name, short_name: short, kind, code, sort, status: 1, leader_id: null, phone: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(key, row.id);
    return row.id;
  };
  const rootId = await add('root', null, ROOT_UNIT.name, ROOT_UNIT.short_name, 'unit', ROOT_UNIT.code, 10);
  for (const [i, u] of UNITS.entries()) {
    const unitId = await add(deptKey(u.key), rootId, u.name, u.short_name, 'unit', u.code, (i + 1) * 10);
    for (const [j, office] of u.offices.entries()) {
      await add(deptKey(u.key, office), unitId, office, null, 'dept', null, (j + 1) * 10);
    }
  }
  return ids;
}

/** Inserts the positions; returns position id by name. */
async function insertPositions(trx: Transaction<DB>): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('positions')
    .values(POSITIONS.map((p, i) => ({ name: p.name, level: p.level, sort: (i + 1) * 10 })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Inserts the roles and their permission codes; returns role id by code. */
async function insertRoles(trx: Transaction<DB>): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('roles')
    .values(
      ROLES.map((r, i) => ({
        code: r.code,
        name: r.name,
        builtin: r.builtin,
        exclusive_group: r.exclusive_group,
        data_scope: r.data_scope,
        sort: (i + 1) * 10,
        status: 1,
        remark: r.remark,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const perms = ROLES.flatMap((r) => [...new Set(r.permissions)].map((code) => ({ role_id: ids.get(r.code)!, code })));
  await trx.insertInto('role_permissions').values(perms).execute();
  return ids;
}

/** Inserts the menu tree and every role's grants; returns menu id by route key. */
