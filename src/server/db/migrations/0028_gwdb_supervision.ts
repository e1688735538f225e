/**
 * 0028: 公文督办 for everyone who drafts.
 *
 * - A partial index of the 催办 events, `flow_events (instance_id) where type = 'urge'`: the 督办 list
 *   (services/document/gwdbList.ts) counts the 催办 of each row of its page from this small index alone instead of
 *   reading every event of each instance. Statements must name the type as the literal 'urge' to use it.
 * - The staff role opens /document/gwdb (SPEC §2.3 gwdb; list stage "urged" of every document): a drafter follows up
 *   and urges the documents they started there, as on /affair/swdb. New databases get it from the seed
 *   (db/seed/menus.ts); an existing one gets the grant here, when both the role and the menu exist and the grant is
 *   missing.
 */
import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0028_gwdb_supervision',
  async up(db) {
    await sql`create index flow_events_urge_idx on flow_events (instance_id) where type = 'urge'`.execute(db);
    const role = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirst();
    const menu = await db.selectFrom('menus').select('id').where('i18n_key', '=', 'document.gwdb').executeTakeFirst();
    if (!role || !menu) return;
    const granted = await db.selectFrom('role_menus').select('role_id').where('role_id', '=', role.id).where('menu_id', '=', menu.id).executeTakeFirst();
    if (!granted) await db.insertInto('role_menus').values({ role_id: role.id, menu_id: menu.id }).execute();
  },
};
