/**
 * Role look-ups shared by the auth plugin and the account services.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';

/** The codes of the enabled roles `userId` holds (e.g. `sysadmin`, `staff`). */
export async function roleCodesOf(db: Kysely<DB> | Transaction<DB>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.code')
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 1)
    .execute();
  return rows.map((r) => r.code);
}
