/**
 * 0020: the 密级 of each flow instance and of its tasks (DESIGN §7), kept by the runtime from the classification
 * field of its record (x-dict document_mj, src/server/engine/flow/secret.ts) on start and on every action, so that
 * the work lists and the 督办 list leave out, in SQL, what is classified above the reader's clearance. Existing
 * document instances take the level their stored state's `secretLevel` gives, computed by the database itself
 * (one statement each, whatever the number of rows).
 */
import { sql } from 'kysely';
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0020_flow_instance_secret',
  async up(db, d) {
    await db.schema
      .alterTable('flow_instances')
      .addColumn('secret_level', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('flow_tasks')
      .addColumn('secret_level', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const level =
      d.dialect === 'pg'
        ? sql`coalesce(nullif(cast(state as jsonb) -> 'data' ->> 'secretLevel', ''), '0')::integer`
        : sql`cast(coalesce(json_extract(state, '$.data.secretLevel'), '0') as integer)`;
    await sql`update flow_instances set secret_level = ${level} where entity in ('document.send', 'document.receive')`.execute(db);
    await sql`update flow_tasks set secret_level = (select i.secret_level from flow_instances i where i.id = flow_tasks.instance_id)
      where instance_id in (select id from flow_instances where secret_level > 0)`.execute(db);
  },
};
