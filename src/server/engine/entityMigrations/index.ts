/**
 * Explicit migrations of entity tables (DESIGN §4: "a change that drops or retypes a column comes with
 * an explicit migration").
 *
 * How to change an entity destructively (drop a field, change its x-kind/type so the column family
 * changes, or shorten a varchar):
 *  1. edit the entity definition;
 *  2. add a file `NNNN_<entity>_<what>.ts` here exporting an `EntityMigration` and list it in
 *     ENTITY_MIGRATIONS (numbered, never renumbered);
 *  3. at the next start, `syncEntityTables` runs each pending migration once (its own transaction,
 *     recorded in schema_migrations as `entity/<name>`) BEFORE it compares the tables; a migration
 *     whose table does not exist yet is recorded without running (the table is then created in its
 *     new shape). Without the migration the server refuses to start, naming entity, column and change.
 */
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.js';

/** Helpers a migration receives (portable over SQLite and PostgreSQL). */
export interface EntityDdl {
  dialect: Dialect;
  /** Drops `column` of `table` (and, first, the indexes that use it). */
  dropColumn(table: string, column: string): Promise<void>;
  /**
   * Changes the type of `column` to `sqlType` (e.g. 'text', 'integer', 'varchar(20)', 'numeric(18,2)'),
   * converting values with CAST. Indexes on the column are dropped; the sync re-creates declared ones.
   */
  retypeColumn(table: string, column: string, sqlType: string): Promise<void>;
  /** Renames a column. */
  renameColumn(table: string, from: string, to: string): Promise<void>;
}

/** A numbered explicit migration of one entity's table. */
export interface EntityMigration {
  /** `NNNN_<what>`, unique; recorded as `entity/<name>`. */
  name: string;
  /** Id of the entity whose table it changes (e.g. `receptions.reception`). */
  entity: string;
  /** The table it changes (the entity's `table`). */
  table: string;
  up(trx: Transaction<any>, ddl: EntityDdl): Promise<void>;
}

/** Every registered entity migration, in order. Add new ones at the end. */
export const ENTITY_MIGRATIONS: EntityMigration[] = [];

async function indexesUsing(trx: Transaction<any>, dialect: Dialect, table: string, column: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string }>`select il.name from pragma_index_list(${table}) il where il.origin = 'c'
      and exists (select 1 from pragma_index_info(il.name) ii where ii.name = ${column})`.execute(trx);
    return r.rows.map((x) => x.name);
  }
  const r = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()
    and tablename = ${table} and indexdef ~ ${`[(, ]"?${column}"?[,)]`}`.execute(trx);
  return r.rows.map((x) => x.indexname);
}

/** The helpers of `trx` on `dialect`. */
export function entityDdl(trx: Transaction<any>, dialect: Dialect): EntityDdl {
  const dropIndexes = async (table: string, column: string) => {
    for (const name of await indexesUsing(trx, dialect, table, column)) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
  };
  return {
    dialect,
    async dropColumn(table, column) {
      await dropIndexes(table, column);
      await sql`alter table ${sql.id(table)} drop column ${sql.id(column)}`.execute(trx);
    },
    async retypeColumn(table, column, sqlType) {
      if (!/^[a-z ]+(\(\d+(,\d+)?\))?$/i.test(sqlType)) throw new Error(`retypeColumn: bad type "${sqlType}"`);
      await dropIndexes(table, column);
      if (dialect === 'pg') {
        await sql`alter table ${sql.id(table)} alter column ${sql.id(column)} type ${sql.raw(sqlType)} using ${sql.id(column)}::${sql.raw(sqlType)}`.execute(
          trx,
        );
        return;
      }
      const tmp = `${column}__new`;
      await sql`alter table ${sql.id(table)} add column ${sql.id(tmp)} ${sql.raw(sqlType)}`.execute(trx);
      await sql`update ${sql.id(table)} set ${sql.id(tmp)} = cast(${sql.id(column)} as ${sql.raw(sqlType)})`.execute(trx);
      await sql`alter table ${sql.id(table)} drop column ${sql.id(column)}`.execute(trx);
      await sql`alter table ${sql.id(table)} rename column ${sql.id(tmp)} to ${sql.id(column)}`.execute(trx);
    },
    async renameColumn(table, from, to) {
      await sql`alter table ${sql.id(table)} rename column ${sql.id(from)} to ${sql.id(to)}`.execute(trx);
    },
  };
}
