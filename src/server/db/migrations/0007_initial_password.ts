/**
 * 0007: `users.password_initial` (integer 0/1, default 0) — 1 while the password is one an administrator
 * set or generated (Users/add, Users/import): the next password sign-in answers -98 so the person sets
 * their own (SPEC §8 -98; DESIGN §7). Changing the password clears it.
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0007_initial_password',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('password_initial', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
