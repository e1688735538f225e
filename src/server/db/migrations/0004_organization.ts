/**
 * 0004: the organisation administration (SPEC §7 "Users and groups", "Department…").
 *
 * - `version integer not null default 1` on users, departments, positions and roles: optimistic
 *   concurrency of the organisation API groups (an edit names the version it read; a stale one is refused).
 * - `ranks` (职级) and `person_categories` (人员类别): name and sort, seeded with the usual values.
 * - `users.rank_id`, `users.category_id`: nullable references to them.
 */
import type { Migration } from '../migrate.js';

/**
 * 职级 seeded by this migration, in order (公务员职务与职级并行规定); ids 1…12 are the values of the
 * dictionary schemas/organization/dicts/user_rank.json (keep both in step).
 */
export const SEEDED_RANKS = [
  '一级巡视员',
  '二级巡视员',
  '一级调研员',
  '二级调研员',
  '三级调研员',
  '四级调研员',
  '一级主任科员',
  '二级主任科员',
  '三级主任科员',
  '四级主任科员',
  '一级科员',
  '二级科员',
];

/** 人员类别 seeded by this migration, in order; ids 1…5 are the values of dict person_category. */
export const SEEDED_PERSON_CATEGORIES = ['公务员', '参照公务员法管理人员', '事业编制', '聘用人员', '劳务派遣'];

export const migration: Migration = {
  name: '0004_organization',
  async up(db, d) {
    for (const table of ['users', 'departments', 'positions', 'roles']) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    }
    for (const table of ['ranks', 'person_categories']) {
      await d.table(table, (t) =>
        t
          .addColumn('id', d.idType, d.idCol)
          .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
      );
    }
    await db.schema
      .alterTable('users')
      .addColumn('rank_id', 'integer', (c) => c.references('ranks.id'))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('category_id', 'integer', (c) => c.references('person_categories.id'))
      .execute();
    await db
      .insertInto('ranks')
      .values(SEEDED_RANKS.map((name, i) => ({ name, sort: (i + 1) * 10 })))
      .execute();
    await db
      .insertInto('person_categories')
      .values(SEEDED_PERSON_CATEGORIES.map((name, i) => ({ name, sort: (i + 1) * 10 })))
      .execute();
  },
};
