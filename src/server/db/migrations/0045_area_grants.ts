/**
 * 0045: default grants of the areas (schemas/<area>/area.json `grants`), given once per database.
 *
 * `area_grants` (area_id, role_code, kind 'permission' | 'route', target, applied_at): one row per grant item already
 * given (src/server/services/areaGrants.ts); primary key (area_id, role_code, kind, target).
 *
 * The grants of receptions, outurl and affair were given by the demo seed (db/seed/roles.ts, menus.ts) before they moved
 * into the areas' files. A database seeded before this migration already holds them — or had them removed by an
 * administrator — so they are recorded here as given, written out as they were when they moved (so that this migration
 * keeps meaning what it meant when it was written), for the roles the database has. A new database has no roles yet
 * when migrations run: its grants are given at start, after the seed.
 */
import type { Migration } from '../migrate.js';
import { now } from '../../lib/clock.js';

const AFFAIR_ALL = [
  'affair.new',
  'affair.dbsw',
  'affair.ybsw',
  'affair.yfsw',
  'affair.dfsw',
  'affair.swdb',
  'affair.show-audit',
  'affair.show1',
  'affair.flow-log',
  'affair.ntko',
  'affair.swsz',
];
const AFFAIR_LEAD = ['affair.swdb', 'affair.new', 'affair.show-audit', 'affair.show1'];

/** area → role → [permission codes, route keys] the seed gave before the move. */
const GIVEN_BY_SEED: Record<string, Record<string, [string[], string[]]>> = {
  receptions: {
    staff: [['receptions:view', 'receptions:edit'], ['receptions.index']],
    dept_leader: [['receptions:delete', 'receptions:export'], []],
    office_director: [['receptions:delete', 'receptions:export'], []],
  },
  outurl: { sysadmin: [['outurl:edit'], ['outurl.index']] },
  affair: {
    staff: [['affair:draft'], AFFAIR_ALL],
    leader: [['affair:approve'], AFFAIR_LEAD],
    dept_leader: [['affair:approve'], AFFAIR_LEAD],
    office_director: [['affair:approve', 'affair:setting'], []],
  },
};

export const migration: Migration = {
  name: '0045_area_grants',
  async up(db, d) {
    await d.table('area_grants', (t) =>
      t
        .addColumn('area_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('target', 'varchar(200)', (c) => c.notNull())
        .addColumn('applied_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('area_grants_pk', ['area_id', 'role_code', 'kind', 'target']),
    );
    const roles = new Set((await db.selectFrom('roles').select('code').execute()).map((r: { code: string }) => r.code));
    const t = now();
    const rows = Object.entries(GIVEN_BY_SEED).flatMap(([area_id, byRole]) =>
      Object.entries(byRole)
        .filter(([role]) => roles.has(role))
        .flatMap(([role_code, [codes, routes]]) => [
          ...codes.map((target) => ({ area_id, role_code, kind: 'permission', target, applied_at: t })),
          ...routes.map((target) => ({ area_id, role_code, kind: 'route', target, applied_at: t })),
        ]),
    );
    if (rows.length) await db.insertInto('area_grants').values(rows).execute();
  },
};
