/**
 * Table derivation (DESIGN §4 "The server derives the table from it"): from an EntityDef to
 * the columns, indexes, unique keys and references of its table, the same on SQLite and PostgreSQL.
 *
 * Column mapping (x-kind first, then JSON Schema `type`):
 *   text, dict, string        → varchar(maxLength or 255); text when maxLength > 4000
 *   textarea, richtext        → text
 *   integer, user, dept, record → integer (record: the id of the referenced record, indexed)
 *   money                     → numeric(18,2)  (read back as a number, 元)
 *   number                    → numeric        (read back as a number)
 *   boolean                   → integer 0/1    (read back as true/false)
 *   date                      → varchar(10)    'YYYY-MM-DD'
 *   datetime                  → varchar(30)    ISO 8601
 *   users, depts, daterange, attachments, subtable, array, object → text (JSON)
 * System columns first: id, version, created_by, created_at, updated_by, updated_at (epoch ms bigint),
 * owner_dept_id, owner_unit_id.
 */
import type { EntityDef, ModelProperty } from '../../../engine/schema/types.js';
import type { Dialect } from '../db/index.js';

/** Family of a column type; a change of family (or a narrower varchar) is destructive. */
export type ColumnFamily = 'text' | 'integer' | 'bigint' | 'numeric' | 'id';

/** How a column's value is converted between the record and the row ('html': rich text, cleaned on write). */
export type Codec = 'plain' | 'boolean' | 'json' | 'number' | 'html';

/** One column of a derived table. */
export interface ColumnSpec {
  name: string;
  family: ColumnFamily;
  /** varchar length; null for unbounded text and non-text columns. */
  length: number | null;
  /** Portable SQL type (Kysely data type string). */
  sqlType: string;
  notNull: boolean;
  /** `table.column` this column references (FK), if declared. */
  references: string | null;
  codec: Codec;
  /** System column (id, version, created_*, updated_*, owner_*). */
  system: boolean;
}

/** An index or unique key of a derived table. */
export interface IndexSpec {
  name: string;
  columns: string[];
  unique: boolean;
}

/** The table derived from an entity. */
export interface TableSpec {
  entity: string;
  table: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
}

/** Columns every entity table has, in this order. */
export const SYSTEM_COLUMNS = ['id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at', 'owner_dept_id', 'owner_unit_id'] as const;

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;
/** Field ids are the column names: camelCase or snake case (quoted in SQL, so case is kept on PostgreSQL). */
const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const VARCHAR_MAX = 4000;

/** Index name `<table>_<cols>_idx|uq`, shortened with a hash to PostgreSQL's 63 characters. */
export function indexName(table: string, columns: string[], unique: boolean): string {
  const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'idx'}`;
  if (name.length <= 63) return name;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${h.toString(36)}`;
}

function sys(name: string, family: ColumnFamily, notNull: boolean): ColumnSpec {
  const sqlType = family === 'bigint' ? 'bigint' : 'integer';
  return { name, family, length: null, sqlType, notNull, references: null, codec: 'plain', system: true };
}

function typeOf(p: ModelProperty): string {
  return Array.isArray(p.type) ? (p.type.find((t) => t !== 'null') ?? 'string') : (p.type ?? 'string');
}

/** The column of one model property (see the mapping above). */
export function columnOf(name: string, p: ModelProperty, required: boolean, references: string | null): ColumnSpec {
  const base = { name, notNull: required, references, system: false };
  const kind = p['x-kind'];
  const type = typeOf(p);
  const text = (length: number | null): ColumnSpec => ({
    ...base,
    family: 'text',
    length,
    sqlType: length == null ? 'text' : `varchar(${length})`,
    codec: 'plain',
  });
  switch (kind) {
    case 'textarea':
      return text(null);
    case 'richtext':
      return { ...text(null), codec: 'html' };
    case 'integer':
    case 'user':
    case 'dept':
    case 'record':
      return { ...base, family: 'integer', length: null, sqlType: 'integer', codec: 'plain' };
    case 'money':
      return { ...base, family: 'numeric', length: null, sqlType: 'numeric(18,2)', codec: 'number' };
    case 'number':
      return { ...base, family: 'numeric', length: null, sqlType: 'numeric', codec: 'number' };
    case 'boolean':
      return { ...base, family: 'integer', length: null, sqlType: 'integer', codec: 'boolean' };
    case 'date':
      return text(10);
    case 'datetime':
      return text(30);
    case 'users':
    case 'depts':
    case 'daterange':
    case 'attachments':
    case 'subtable':
      return { ...text(null), codec: 'json' };
  }
  switch (type) {
    case 'integer':
      return { ...base, family: 'integer', length: null, sqlType: 'integer', codec: 'plain' };
    case 'number':
      return { ...base, family: 'numeric', length: null, sqlType: 'numeric', codec: 'number' };
    case 'boolean':
      return { ...base, family: 'integer', length: null, sqlType: 'integer', codec: 'boolean' };
    case 'array':
    case 'object':
      return { ...text(null), codec: 'json' };
  }
  const max = typeof p.maxLength === 'number' ? p.maxLength : 255;
  return text(max > VARCHAR_MAX ? null : max);
}

/**
 * Derives the table of `def`. Throws an Error naming the entity and the field when the table or a
 * field name is not a lower snake-case identifier, when a field reuses a system column name, or when
 * an index, unique key or reference names a column the table does not have.
 */
export function deriveTable(def: EntityDef): TableSpec {
  const where = `entity ${def.id}`;
  if (!IDENT.test(def.table)) throw new Error(`${where}: table name "${def.table}" must be lower snake case`);
  const required = new Set(def.model.required ?? []);
  const refs = def.references ?? {};
  const columns: ColumnSpec[] = [
    { ...sys('id', 'id', true) },
    sys('version', 'integer', true),
    sys('created_by', 'integer', false),
    sys('created_at', 'bigint', true),
    sys('updated_by', 'integer', false),
    sys('updated_at', 'bigint', true),
    sys('owner_dept_id', 'integer', false),
    sys('owner_unit_id', 'integer', false),
  ];
  for (const [name, p] of Object.entries(def.model.properties)) {
    if (!FIELD.test(name)) throw new Error(`${where}: field "${name}" must be an identifier (letters, digits, _)`);
    if ((SYSTEM_COLUMNS as readonly string[]).includes(name)) throw new Error(`${where}: field "${name}" is a system column`);
    const ref = refs[name] ?? null;
    if (ref && !/^(users|departments)\.id$/.test(ref)) throw new Error(`${where}: reference of "${name}" must be users.id or departments.id, not "${ref}"`);
    columns.push(columnOf(name, p, required.has(name), ref));
  }
  const names = new Set(columns.map((c) => c.name));
  for (const r of Object.keys(refs)) if (!names.has(r)) throw new Error(`${where}: reference names unknown field "${r}"`);
  const indexes: IndexSpec[] = [
    { name: indexName(def.table, ['owner_dept_id', 'id'], false), columns: ['owner_dept_id', 'id'], unique: false },
    { name: indexName(def.table, ['owner_unit_id', 'id'], false), columns: ['owner_unit_id', 'id'], unique: false },
    { name: indexName(def.table, ['created_by', 'id'], false), columns: ['created_by', 'id'], unique: false },
  ];
  const add = (cols: string[], unique: boolean) => {
    for (const c of cols) if (!names.has(c)) throw new Error(`${where}: ${unique ? 'unique key' : 'index'} names unknown column "${c}"`);
    const name = indexName(def.table, cols, unique);
    if (!indexes.some((i) => i.name === name)) indexes.push({ name, columns: cols, unique });
  };
  for (const cols of def.indexes ?? []) add(cols, false);
  // a reference field is filtered by and looked up from the referenced record's deletion: always indexed
  for (const [name, p] of Object.entries(def.model.properties)) if (p['x-kind'] === 'record') add([name], false);
  for (const cols of def.unique ?? []) add(cols, true);
  return { entity: def.id, table: def.table, columns, indexes };
}

/** The SQL type of a column on `dialect` (the id column: serial on PostgreSQL). */
export function sqlTypeOn(c: ColumnSpec, dialect: Dialect): string {
  if (c.family === 'id') return dialect === 'pg' ? 'serial' : 'integer';
  return c.sqlType;
}
