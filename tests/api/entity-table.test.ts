/**
 * Entity table derivation and sync (DESIGN §4) on the database of the run (SQLite, or
 * PostgreSQL with DATABASE_URL): columns, indexes and unique keys of the fixture entity, additive
 * changes applied at sync, destructive ones refused with entity/column/change, and accepted with an
 * explicit entity migration.
 */
process.env.OA_SCHEMA_DIRS = 'tests/fixtures/schemas/entitytest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EntityDef } from '../../engine/schema/types.js';
import { loadEntities } from '../../src/server/engine/definitions.js';
import { EntitySchemaError, syncEntityTables } from '../../src/server/engine/sync.js';
import { deriveTable } from '../../src/server/engine/table.js';
import type { EntityMigration } from '../../src/server/engine/entityMigrations/index.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let base: EntityDef;
const TABLE = 'fx_notebooks';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  base = loadEntities().find((e) => e.id === 'entitytest.notebook')!;
});
afterAll(async () => t.close());

const clone = (): EntityDef => structuredClone(base);

async function columns(): Promise<Record<string, string>> {
  const { db, dialect } = t.database;
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${TABLE})`.execute(db);
    return Object.fromEntries(r.rows.map((c) => [c.name, c.type.toLowerCase()]));
  }
  const r = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
  }>`
    select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale from information_schema.columns
    where table_schema = current_schema() and table_name = ${TABLE}`.execute(db);
  return Object.fromEntries(
    r.rows.map((c) => {
      const t =
        c.data_type === 'character varying'
          ? `varchar(${c.character_maximum_length})`
          : c.data_type === 'numeric' && c.numeric_precision
            ? `numeric(${c.numeric_precision},${c.numeric_scale})`
            : c.data_type;
      return [c.column_name, t];
    }),
  );
}

async function indexes(): Promise<Record<string, boolean>> {
  const { db, dialect } = t.database;
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${TABLE})`.execute(db);
    return Object.fromEntries(r.rows.map((i) => [i.name, i.unique === 1]));
  }
  const r = await sql<{
    indexname: string;
    indexdef: string;
  }>`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${TABLE}`.execute(db);
  return Object.fromEntries(r.rows.map((i) => [i.indexname, /UNIQUE/.test(i.indexdef)]));
}

async function insertRow() {
  await sql`insert into ${sql.table(TABLE)} (version, created_at, updated_at, title, code, pages) values (1, 1, 1, ${'旧记录'}, ${`OLD-${Math.random().toString(36).slice(2, 8).toUpperCase()}`}, ${12})`.execute(
    t.database.db,
  );
}

describe('table derivation (pure)', () => {
  it('maps each x-kind to its column type', () => {
    const spec = deriveTable(base);
    const type = Object.fromEntries(spec.columns.map((c) => [c.name, c.sqlType]));
    expect(type).toMatchObject({
      id: 'integer',
      version: 'integer',
      created_by: 'integer',
      created_at: 'bigint',
      updated_by: 'integer',
      updated_at: 'bigint',
      owner_dept_id: 'integer',
      owner_unit_id: 'integer',
      title: 'varchar(50)',
      code: 'varchar(20)',
      category: 'varchar(255)',
      pages: 'integer',
      price: 'numeric(18,2)',
      weight: 'numeric',
      shared: 'integer',
      due_date: 'varchar(10)',
      opened_at: 'varchar(30)',
      keeper: 'integer',
      readers: 'text',
      note: 'text',
      status: 'varchar(255)',
    });
    expect(spec.columns.filter((c) => c.notNull).map((c) => c.name)).toEqual(['id', 'version', 'created_at', 'updated_at', 'title', 'code']);
    expect(spec.columns.find((c) => c.name === 'keeper')!.references).toBe('users.id');
  });

  it('refuses a field that reuses a system column or an index on an unknown column, naming the entity', () => {
    const a = clone();
    a.model.properties.version = { type: 'integer', 'x-title': { t: 'x', d: '版本' } };
    expect(() => deriveTable(a)).toThrow(/entity entitytest\.notebook: field "version" is a system column/);
    const b = clone();
    b.indexes = [['nope']];
    expect(() => deriveTable(b)).toThrow(/entity entitytest\.notebook: index names unknown column "nope"/);
  });
});

describe('table sync on the live database', () => {
  it('creates the table with its columns, indexes and unique keys', async () => {
    const cols = await columns();
    const isPg = t.database.dialect === 'pg';
    expect(cols).toMatchObject({
      id: 'integer',
      version: 'integer',
      created_at: 'bigint',
      owner_dept_id: 'integer',
      owner_unit_id: 'integer',
      title: 'varchar(50)',
      pages: 'integer',
      price: isPg ? 'numeric(18,2)' : 'numeric(18,2)',
      readers: 'text',
      shared: 'integer',
      due_date: 'varchar(10)',
    });
    const idx = await indexes();
    expect(idx).toMatchObject({
      fx_notebooks_owner_dept_id_id_idx: false,
      fx_notebooks_owner_unit_id_id_idx: false,
      fx_notebooks_created_by_id_idx: false,
      fx_notebooks_category_due_date_idx: false,
      fx_notebooks_code_uq: true,
    });
  });

  it('is idempotent', async () => {
    const r = await syncEntityTables(t.database.db, t.database.dialect, [base]);
    expect(r).toEqual({ created: [], altered: [], migrations: [] });
  });

  it('applies additive changes by itself: a new column, a new index, a wider varchar', async () => {
    await insertRow();
    const d = clone();
    d.model.properties.colour = { type: 'string', maxLength: 20, 'x-title': { t: 'x.colour', d: '颜色' } };
    d.model.properties.title.maxLength = 80;
    d.model.required = [...(d.model.required ?? []), 'colour'];
    d.indexes = [...(d.indexes ?? []), ['colour']];
    const r = await syncEntityTables(t.database.db, t.database.dialect, [d]);
    expect(r.altered).toContain('fx_notebooks.colour');
    expect(r.altered).toContain('index fx_notebooks_colour_idx');
    const cols = await columns();
    expect(cols.colour).toBe('varchar(20)');
    if (t.database.dialect === 'pg') expect(cols.title).toBe('varchar(80)');
    expect((await indexes()).fx_notebooks_colour_idx).toBe(false);
    const n = await sql<{ n: number }>`select count(*) as n from ${sql.table(TABLE)}`.execute(t.database.db);
    expect(Number(n.rows[0].n)).toBe(1);
    base = d;
  });

  it('refuses to start on a dropped column, naming entity, table, column and change; nothing altered', async () => {
    const d = clone();
    delete d.model.properties.note;
    d.searchable = ['title'];
    d.model.properties.extra = { type: 'string', 'x-title': { t: 'x.extra', d: '附加' } };
    const err = await syncEntityTables(t.database.db, t.database.dialect, [d]).catch((e) => e);
    expect(err).toBeInstanceOf(EntitySchemaError);
    expect(err.message).toContain('entity entitytest.notebook (table fx_notebooks): column "note" was dropped from the definition');
    expect(err.message).toContain('entityMigrations');
    expect((await columns()).note).toBeDefined();
    expect((await columns()).extra).toBeUndefined();
  });

  it('refuses a changed type and a shorter varchar', async () => {
    const d = clone();
    d.model.properties.pages = { type: 'string', maxLength: 10, 'x-title': { t: 'x', d: '页数' } };
    d.model.properties.code.maxLength = 10;
    const err = await syncEntityTables(t.database.db, t.database.dialect, [d]).catch((e) => e);
    expect(err).toBeInstanceOf(EntitySchemaError);
    expect(err.message).toContain('column "pages" changed type integer → varchar(10)');
    expect(err.message).toContain('column "code" changed type varchar(20) → varchar(10)');
  });

  it('accepts a drop and a retype with registered entity migrations, each run once and recorded', async () => {
    let runs = 0;
    const migrations: EntityMigration[] = [
      {
        name: '0001_fx_drop_note',
        entity: 'entitytest.notebook',
        table: TABLE,
        up: async (_trx, d) => {
          runs++;
          await d.dropColumn(TABLE, 'note');
        },
      },
      {
        name: '0002_fx_pages_text',
        entity: 'entitytest.notebook',
        table: TABLE,
        up: async (_trx, d) => {
          runs++;
          await d.retypeColumn(TABLE, 'pages', 'varchar(10)');
        },
      },
    ];
    const d = clone();
    delete d.model.properties.note;
    d.searchable = ['title'];
    d.model.properties.pages = { type: 'string', maxLength: 10, 'x-title': { t: 'x', d: '页数' } };
    d.indexes = [...(d.indexes ?? []), ['pages']];
    const r = await syncEntityTables(t.database.db, t.database.dialect, [d], { migrations });
    expect(r.migrations).toEqual(['0001_fx_drop_note', '0002_fx_pages_text']);
    expect(r.altered).toContain('index fx_notebooks_pages_idx');
    const cols = await columns();
    expect(cols.note).toBeUndefined();
    expect(cols.pages).toBe('varchar(10)');
    const row = await sql<{ pages: string }>`select pages from ${sql.table(TABLE)}`.execute(t.database.db);
    expect(row.rows[0].pages).toBe('12');
    const rec = await sql<{ name: string }>`select name from schema_migrations where name like ${'entity/%'}`.execute(t.database.db);
    expect(rec.rows.map((x) => x.name).sort()).toEqual(['entity/0001_fx_drop_note', 'entity/0002_fx_pages_text']);
    await syncEntityTables(t.database.db, t.database.dialect, [d], { migrations });
    expect(runs).toBe(2);
  });

  it('records a migration without running it when its table does not exist yet', async () => {
    const d = clone();
    d.id = 'entitytest.fresh';
    d.group = 'entitytestFresh';
    d.table = 'fx_fresh';
    let ran = false;
    const r = await syncEntityTables(t.database.db, t.database.dialect, [d], {
      migrations: [
        {
          name: '0003_fx_fresh',
          entity: d.id,
          table: 'fx_fresh',
          up: async () => {
            ran = true;
          },
        },
      ],
    });
    expect(ran).toBe(false);
    expect(r.created).toEqual(['fx_fresh']);
    expect(r.migrations).toEqual(['0003_fx_fresh']);
  });
});
