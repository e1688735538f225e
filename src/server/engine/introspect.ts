/**
 * Reads the live shape of a table (columns with their type family, length and nullability; index
 * names) on SQLite (sqlite_master, pragma_table_info) and PostgreSQL (information_schema, pg_indexes
 * of the current schema), for the entity table sync.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/index.js';
import type { ColumnFamily } from './table.js';

/** A live column. */
export interface LiveColumn {
  name: string;
  family: ColumnFamily;
  /** varchar length, null for text and non-text types. */
  length: number | null;
  notNull: boolean;
  /** The type as the database reports it (for messages). */
  type: string;
}

/** A live table: its columns by name and its index names; null when the table does not exist. */
export interface LiveTable {
  columns: Map<string, LiveColumn>;
  indexes: Set<string>;
}

type Db = Kysely<any> | Transaction<any>;

/** Family and length of a declared SQL type (`varchar(20)`, `character varying`, `numeric(18,2)`…). */
export function familyOf(type: string, length: number | null = null): { family: ColumnFamily; length: number | null } {
  const t = type.toLowerCase().trim();
  const m = /^(?:varchar|character varying|char|character)\s*(?:\((\d+)\))?/.exec(t);
  if (m) return { family: 'text', length: m[1] ? Number(m[1]) : length };
  if (t === 'text' || t === '' || t.startsWith('clob')) return { family: 'text', length: null };
  if (t === 'bigint' || t === 'int8') return { family: 'bigint', length: null };
  if (t.startsWith('int') || t === 'smallint' || t === 'serial') return { family: 'integer', length: null };
  if (t.startsWith('numeric') || t.startsWith('decimal') || t === 'real' || t.startsWith('double') || t === 'float') return { family: 'numeric', length: null };
  return { family: 'text', length: null };
}

/** The live shape of `table`, or null when it does not exist. */
export async function liveTable(db: Db, dialect: Dialect, table: string): Promise<LiveTable | null> {
  if (dialect === 'sqlite') {
    const exists = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(db);
    if (!exists.rows.length) return null;
    const cols = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
    const idx = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
    const columns = new Map<string, LiveColumn>();
    for (const c of cols.rows) {
      const f = familyOf(c.type);
      columns.set(c.name, { name: c.name, ...f, notNull: c.notnull === 1 || c.pk === 1, type: c.type });
    }
    return { columns, indexes: new Set(idx.rows.map((r) => r.name)) };
  }
  const cols = await sql<{ column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>`
    select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  if (!cols.rows.length) return null;
  const idx = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
  const columns = new Map<string, LiveColumn>();
  for (const c of cols.rows) {
    const len = c.character_maximum_length == null ? null : Number(c.character_maximum_length);
    const f = familyOf(c.data_type, len);
    const type = len != null ? `varchar(${len})` : c.data_type;
    columns.set(c.column_name, { name: c.column_name, ...f, notNull: c.is_nullable === 'NO', type });
  }
  return { columns, indexes: new Set(idx.rows.map((r) => r.indexname)) };
}
