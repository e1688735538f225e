/**
 * Numbered migrations that run unchanged on SQLite and PostgreSQL.
 * Each migration runs in its own transaction; on PostgreSQL an advisory lock makes several
 * processes starting at once apply each migration exactly once.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './index.js';
import { migration as m0001 } from './migrations/0001_foundation.js';
import { migration as m0002 } from './migrations/0002_definition_overlays.js';
import { migration as m0003 } from './migrations/0003_selector_files_groups.js';
import { migration as m0004 } from './migrations/0004_organization.js';
import { migration as m0005 } from './migrations/0005_apps_settings.js';
import { migration as m0006 } from './migrations/0006_account_review.js';
import { migration as m0007 } from './migrations/0007_initial_password.js';
import { migration as m0008 } from './migrations/0008_flows.js';
import { migration as m0009 } from './migrations/0009_messages.js';
import { migration as m0010 } from './migrations/0010_flow_task_kind_index.js';
import { migration as m0011 } from './migrations/0011_user_signature.js';
import { migration as m0012 } from './migrations/0012_flow_instance_status_index.js';
import { migration as m0013 } from './migrations/0013_document_marks.js';
import { migration as m0014 } from './migrations/0014_document_receipts.js';
import { migration as m0015 } from './migrations/0015_document_search.js';
import { migration as m0017 } from './migrations/0017_document_supervision.js';
import { migration as m0018 } from './migrations/0018_body_versions.js';
import { migration as m0019 } from './migrations/0019_document_extras.js';
import { migration as m0020 } from './migrations/0020_flow_instance_secret.js';
import { migration as m0021 } from './migrations/0021_user_task_versions.js';
import { migration as m0022 } from './migrations/0022_document_templates.js';
import { migration as m0023 } from './migrations/0023_document_settings.js';
import { migration as m0024 } from './migrations/0024_definition_revisions.js';
import { migration as m0026 } from './migrations/0026_document_links.js';
import { migration as m0027 } from './migrations/0027_designed_forms.js';
import { migration as m0028 } from './migrations/0028_gwdb_supervision.js';
import { migration as m0030 } from './migrations/0030_session_activity.js';
import { migration as m0034 } from './migrations/0034_sanyuan_no_business.js';
import { migration as m0045 } from './migrations/0045_area_grants.js';
import { migration as m0046 } from './migrations/0046_settings_versions.js';

/** Portable DDL helpers handed to every migration. */
export interface Ddl {
  dialect: Dialect;
  /** Column type of an auto-increment integer primary key. */
  idType: 'integer' | 'serial';
  /** Column modifier of that key. */
  idCol: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** CREATE TABLE with the builder's columns. */
  table(name: string, build: (t: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never>): Promise<void>;
  /** CREATE [UNIQUE] INDEX <table>_<cols>_idx. */
  index(table: string, columns: string[], unique?: boolean): Promise<void>;
}

/** A numbered migration; `name` starts with its four-digit number. */
export interface Migration {
  name: string;
  up(db: Transaction<any>, d: Ddl): Promise<void>;
}

export const MIGRATIONS: Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0024,
  m0026,
  m0027,
  m0028,
  m0030,
  m0034,
  m0045,
  m0046,
];

function ddlFor(db: Transaction<any>, dialect: Dialect): Ddl {
  return {
    dialect,
    idType: dialect === 'pg' ? 'serial' : 'integer',
    idCol: dialect === 'pg' ? (c) => c.primaryKey() : (c) => c.primaryKey().autoIncrement(),
    async table(name, build) {
      await build(db.schema.createTable(name) as CreateTableBuilder<string, never>).execute();
    },
    async index(table, columns, unique = false) {
      let b = db.schema
        .createIndex(`${table}_${columns.join('_')}_idx`)
        .on(table)
        .columns(columns);
      if (unique) b = b.unique();
      await b.execute();
    },
  };
}

/**
 * Applies every migration not yet applied, in order. Returns the names applied now.
 * Throws (and leaves the failed migration unapplied) when a migration fails.
 */
export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    await db.transaction().execute(async (trx) => {
      if (dialect === 'pg') await sql`select pg_advisory_xact_lock(20260001)`.execute(trx);
      const done = await trx.selectFrom('schema_migrations').select('name').where('name', '=', m.name).executeTakeFirst();
      if (done) return;
      await m.up(trx, ddlFor(trx, dialect));
      await trx.insertInto('schema_migrations').values({ name: m.name, applied_at: Date.now() }).execute();
      applied.push(m.name);
    });
  }
  return applied;
}
