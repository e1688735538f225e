/**
 * Default grants of the areas (schemas/<area>/area.json `grants`, src/server/services/areaGrants.ts) and closed entities:
 * - the fixture area tests/fixtures/schemas/grantstest grants staff `grantstest:view` and the menu of /car/list, and
 *   dept_leader `grantstest:edit`: given at the first start (the seed), so a staff member lists memos;
 * - an administrator takes the code and the menu from staff on /organization/permission (role/saveMenus): a restart
 *   (syncMenus, as src/server/start.ts runs it) does not give them back;
 * - a grant item added to area.json by a later version is given once, at the next start, and not again after removal;
 * - the shipped areas' grants moved out of the seed still reach the demo roles (receptions, outurl, affair), and a
 *   database seeded before keeps an administrator's earlier removal of one of them (migration 0045 records them as given);
 * - an entity without a `permissions` block (written to a temporary folder) refuses every call, even to 办公室主任.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const closedDir = mkdtempSync(join(tmpdir(), 'oa-closed-'));
mkdirSync(join(closedDir, 'entities'));
writeFileSync(
  join(closedDir, 'entities', 'secret.json'),
  JSON.stringify({
    $schema: '../../_meta/entity.schema.json',
    schemaVersion: 1,
    id: 'grantsclosed.secret',
    kind: 'entity',
    title: { t: 'grantsclosed.secret.title', d: '无权限块' },
    group: 'grantsClosedSecrets',
    table: 'biz_grantsclosed_secret',
    model: { type: 'object', properties: { title: { type: 'string', maxLength: 50, 'x-title': { t: 'grantsclosed.secret.field.title', d: '标题' } } } },
    scope: 'all',
  }),
);
process.env.OA_SCHEMA_DIRS = `tests/fixtures/schemas/grantstest,${closedDir}`;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../../src/server/db/migrate.js';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { syncMenus } from '../../src/server/db/seed/index.js';
import { applyAreaGrants, loadAreas } from '../../src/server/services/areaGrants.js';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import type { AreaDef } from '../../engine/schema/types.js';

let t: TestApp;
const people = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A role's menus and codes as /organization/permission shows them, with the id of the /car/list menu. */
async function roleOf(code: string) {
  const roles = await people.ok('role/list', { pageSize: 100 }, 'admin');
  const id = roles.list.find((r: { code: string }) => r.code === code).id as number;
  const { menuIds, codes } = (await people.ok('role/menus', { id }, 'admin')) as { menuIds: number[]; codes: string[] };
  const carList = (await t.database.db.selectFrom('menus').select('id').where('i18n_key', '=', 'car.list').executeTakeFirstOrThrow()).id;
  return { id, menuIds, codes, carList };
}

/** A start of the server: the menu rows and the areas' default grants (src/server/start.ts), then fresh caches. */
async function restart(areas?: AreaDef[]) {
  const { db } = t.database;
  const given = await db.transaction().execute(async (trx) => (areas ? applyAreaGrants(trx, areas) : (await syncMenus(trx)).granted));
  invalidateMenuCache(db);
  return given;
}

describe('default grants', () => {
  it('are given at the first start: staff holds the code and the menu, dept_leader the edit code; zhangwei lists memos', async () => {
    const staff = await roleOf('staff');
    expect(staff.codes).toContain('grantstest:view');
    expect(staff.menuIds).toContain(staff.carList);
    expect((await roleOf('dept_leader')).codes).toContain('grantstest:edit');
    expect(staff.codes).not.toContain('grantstest:edit');
    expect((await people.post('grantstestMemos/list', {}, 'zhangwei')).code).toBe(0);
  });

  it('a restart gives nothing again', async () => {
    expect(await restart()).toEqual([]);
  });

  it('an administrator removing a code and a menu from staff is not undone by a restart', async () => {
    const staff = await roleOf('staff');
    const codes = staff.codes.filter((c) => c !== 'grantstest:view');
    const menuIds = staff.menuIds.filter((m) => m !== staff.carList);
    await people.ok('role/saveMenus', { id: staff.id, menuIds, codes }, 'admin');
    expect((await people.post('grantstestMemos/list', {}, 'zhangwei')).msg).toBe('您没有该操作的权限');
    expect(await restart()).toEqual([]);
    const after = await roleOf('staff');
    expect(after.codes).not.toContain('grantstest:view');
    expect(after.menuIds).not.toContain(staff.carList);
    expect((await people.post('grantstestMemos/list', {}, 'zhangwei')).msg).toBe('您没有该操作的权限');
  });

  it('a grant item added by a later version is given once, leaving the removed one removed', async () => {
    const later = loadAreas().map((a) =>
      a.id === 'grantstest' ? { ...a, grants: [...(a.grants ?? []), { role: 'staff', permissions: ['grantstest:edit'] }] } : a,
    );
    expect(await restart(later)).toEqual(['grantstest staff permission grantstest:edit']);
    const staff = await roleOf('staff');
    expect(staff.codes).toContain('grantstest:edit');
    expect(staff.codes).not.toContain('grantstest:view');
    await people.ok('role/saveMenus', { id: staff.id, menuIds: staff.menuIds, codes: staff.codes.filter((c) => c !== 'grantstest:edit') }, 'admin');
    expect(await restart(later)).toEqual([]);
    expect((await roleOf('staff')).codes).not.toContain('grantstest:edit');
  });

  it("the shipped areas' grants reach the demo roles as the seed gave them", async () => {
    const staff = await roleOf('staff');
    expect(staff.codes).toEqual(expect.arrayContaining(['receptions:view', 'receptions:edit', 'affair:draft']));
    const office = await roleOf('office_director');
    expect(office.codes).toEqual(expect.arrayContaining(['receptions:delete', 'receptions:export', 'affair:approve', 'affair:setting']));
    expect((await roleOf('sysadmin')).codes).toContain('outurl:edit');
    expect((await roleOf('auditor')).codes.some((c) => c.startsWith('receptions:') || c.startsWith('affair:'))).toBe(false);
    const info = (await people.ok('Person/userInfo', {}, 'zhangwei')) as { access: string[]; menu: { path: string; children: { path: string }[] }[] };
    const paths = info.menu.flatMap((s) => s.children.map((c) => c.path));
    expect(paths).toEqual(expect.arrayContaining(['/receptions/index', '/affair/dbsw', '/affair/show-audit']));
    expect((await people.post('receptions/list', {}, 'zhangwei')).code).toBe(0);
  });
});

describe('a database seeded before default grants existed (migration 0045)', () => {
  it('records what the seed gave as given, so a code an administrator took before the upgrade stays taken', async () => {
    const { db, dialect } = t.database;
    const leader = await roleOf('dept_leader');
    await people.ok('role/saveMenus', { id: leader.id, menuIds: leader.menuIds, codes: leader.codes.filter((c) => c !== 'receptions:export') }, 'admin');
    // the database as it was before 0045: no record of grants, the moved codes held (or removed) as the seed left them
    await sql`drop table area_grants`.execute(db);
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', '0045_area_grants' as never)
      .execute();
    expect(await migrate(db, dialect)).toEqual(['0045_area_grants']);
    const given = await restart();
    // 抄送事务 (/affair/cssw) came after the move: a new item of area.json, given once like any
    const later = (g: string) => g.endsWith(' route affair.cssw');
    expect(given).toContain('affair staff route affair.cssw');
    expect(given.some((g) => !later(g) && (g.startsWith('receptions ') || g.startsWith('affair ') || g.startsWith('outurl ')))).toBe(false);
    expect((await roleOf('dept_leader')).codes).not.toContain('receptions:export');
    // an area the old database never had is new to it: given once
    expect(given).toContain('grantstest staff permission grantstest:view');
  });
});

describe('an entity without a permissions block', () => {
  it('refuses every call, to 办公室主任 as to a staff member', async () => {
    for (const who of ['demo', 'zhangwei']) {
      for (const op of ['list', 'info', 'add', 'edit', 'del', 'export']) {
        const r = await people.post(`grantsClosedSecrets/${op}`, { id: 1, title: 'x' }, who);
        expect(r, `${who} ${op}`).toMatchObject({ code: -1, msg: '您没有该操作的权限' });
      }
    }
  });
});
