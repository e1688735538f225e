/**
 * Entity table sync at start (DESIGN §4): creates missing tables, adds missing columns and
 * indexes, widens varchar columns (PostgreSQL), and refuses to start on a destructive difference
 * (a live column no longer in the definition, a changed type family, a shorter varchar) unless an
 * explicit migration of ./entityMigrations handles it.
 *
 * Not destructive, not applied: nullability differences (a field that becomes required on an existing
 * table is enforced by validation, its column stays nullable — existing rows have no value), indexes
 * no longer declared (kept).
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Transaction } from 'kysely';
import type { EntityDef } from '../../../engine/schema/types.js';
import type { Dialect } from '../db/index.js';
import { now } from '../lib/clock.js';
import { ENTITY_MIGRATIONS, entityDdl, type EntityMigration } from './entityMigrations/index.js';
import { liveTable, type LiveTable } from './introspect.js';
import { deriveTable, sqlTypeOn, type ColumnSpec, type TableSpec } from './table.js';

/** What a sync did. */
export interface SyncReport {
  /** Tables created. */
  created: string[];
  /** `table.column` added, `table.column widened`, `index <name>` created. */
  altered: string[];
  /** Entity migrations run (or recorded for tables not yet created). */
  migrations: string[];
}

/** One destructive difference between a definition and its live table. */
export interface DestructiveChange {
  entity: string;
  table: string;
  column: string;
  /** What changed, in words (e.g. `dropped from the definition`, `type integer → varchar(20)`). */
  change: string;
}

/** Thrown when a destructive change has no migration: the server must not start. */
export class EntitySchemaError extends Error {
  constructor(public readonly changes: DestructiveChange[]) {
    super(
      'Entity tables need an explicit migration (src/server/engine/entityMigrations/):\n' +
        changes.map((c) => `  entity ${c.entity} (table ${c.table}): column "${c.column}" ${c.change}`).join('\n'),
    );
    this.name = 'EntitySchemaError';
  }
}

const LOCK_ID = 20260003;

function describe(c: { family: string; length: number | null }): string {
  return c.family === 'text' ? (c.length == null ? 'text' : `varchar(${c.length})`) : c.family;
}

/** Destructive differences and additive steps of one table. */
export function diffTable(spec: TableSpec, live: LiveTable): { destructive: DestructiveChange[]; add: ColumnSpec[]; widen: ColumnSpec[] } {
  const destructive: DestructiveChange[] = [];
  const add: ColumnSpec[] = [];
  const widen: ColumnSpec[] = [];
  const wanted = new Map(spec.columns.map((c) => [c.name, c]));
  for (const col of live.columns.values()) {
    if (!wanted.has(col.name)) destructive.push({ entity: spec.entity, table: spec.table, column: col.name, change: 'was dropped from the definition' });
  }
  for (const c of spec.columns) {
    const l = live.columns.get(c.name);
    if (!l) {
      add.push(c);
      continue;
    }
    if (c.family === 'id') continue;
    const sameFamily =
      l.family === c.family || (l.family === 'integer' && c.family === 'bigint') || (l.family === 'bigint' && c.family === 'integer' && c.system);
    const change = { entity: spec.entity, table: spec.table, column: c.name, change: `changed type ${describe(l)} → ${describe(c)}` };
    if (!sameFamily) destructive.push(change);
    else if (c.family === 'text' && l.length !== c.length) {
      if (c.length != null && (l.length == null || c.length < l.length)) destructive.push(change);
      else widen.push(c);
    }
  }
  return { destructive, add, widen };
}

function columnBuilder(c: ColumnSpec, dialect: Dialect, creating: boolean) {
  return (b: ColumnDefinitionBuilder) => {
    if (c.family === 'id') return dialect === 'pg' ? b.primaryKey() : b.primaryKey().autoIncrement();
    if (c.name === 'version') b = b.defaultTo(1);
    // Columns added to an existing table stay nullable: its rows have no value (validation enforces `required`).
    if (c.notNull && (creating || c.system)) b = b.notNull();
    if (c.references) b = b.references(c.references);
    return b;
  };
}

async function createTable(trx: Transaction<any>, dialect: Dialect, spec: TableSpec): Promise<void> {
  let t = trx.schema.createTable(spec.table);
  for (const c of spec.columns) t = t.addColumn(c.name, sql.raw(sqlTypeOn(c, dialect)), columnBuilder(c, dialect, true));
  await t.execute();
}

async function createIndexes(trx: Transaction<any>, spec: TableSpec, existing: Set<string>, report: SyncReport): Promise<void> {
  for (const i of spec.indexes) {
    if (existing.has(i.name)) continue;
    let b = trx.schema.createIndex(i.name).on(spec.table).columns(i.columns);
    if (i.unique) b = b.unique();
    try {
      await b.execute();
    } catch (e) {
      throw new Error(`entity ${spec.entity} (table ${spec.table}): cannot create ${i.unique ? 'unique key' : 'index'} ${i.name} (${(e as Error).message})`);
    }
    report.altered.push(`index ${i.name}`);
  }
}

async function runMigrations(db: Kysely<any>, dialect: Dialect, specs: TableSpec[], migrations: EntityMigration[], report: SyncReport): Promise<void> {
  const tables = new Set(specs.map((s) => s.table));
  for (const m of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!tables.has(m.table)) continue;
    const name = `entity/${m.name}`;
    await db.transaction().execute(async (trx) => {
      if (dialect === 'pg') await sql`select pg_advisory_xact_lock(${LOCK_ID})`.execute(trx);
      const done = await trx.selectFrom('schema_migrations').select('name').where('name', '=', name).executeTakeFirst();
      if (done) return;
      if (await liveTable(trx, dialect, m.table)) await m.up(trx, entityDdl(trx, dialect));
      await trx.insertInto('schema_migrations').values({ name, applied_at: now() }).execute();
      report.migrations.push(m.name);
    });
  }
}

/**
 * Brings the table of every entity in line with its definition (DESIGN §4). Call after
 * `migrate()` at start and in the test harness. Steps: derive every table (a bad definition throws
 * naming entity and field) → run pending entity migrations → compare every live table; any
 * destructive difference throws `EntitySchemaError` listing entity, column and change, before
 * anything is altered → create missing tables, add missing columns, widen varchars (PostgreSQL),
 * create missing indexes and unique keys. Serialised across processes on PostgreSQL by an advisory lock.
 */
export async function syncEntityTables(
  db: Kysely<any>,
  dialect: Dialect,
  entities: EntityDef[],
  opts: { migrations?: EntityMigration[] } = {},
): Promise<SyncReport> {
  const report: SyncReport = { created: [], altered: [], migrations: [] };
  const specs = entities.map(deriveTable);
  const seen = new Map<string, string>();
  for (const s of specs) {
    if (seen.has(s.table)) throw new Error(`entity ${s.entity}: table ${s.table} is also the table of ${seen.get(s.table)}`);
    seen.set(s.table, s.entity);
  }
  if (!specs.length) return report;
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  await runMigrations(db, dialect, specs, opts.migrations ?? ENTITY_MIGRATIONS, report);
  await db.transaction().execute(async (trx) => {
    if (dialect === 'pg') await sql`select pg_advisory_xact_lock(${LOCK_ID})`.execute(trx);
    const lives = await Promise.all(specs.map((s) => liveTable(trx, dialect, s.table)));
    const diffs = specs.map((s, i) => (lives[i] ? diffTable(s, lives[i]!) : null));
    const destructive = diffs.flatMap((d) => d?.destructive ?? []);
    if (destructive.length) throw new EntitySchemaError(destructive);
    for (let i = 0; i < specs.length; i++) await applySpec(trx, dialect, specs[i], lives[i], diffs[i], report);
  });
  return report;
}

/** Creates the table of `spec` (no `live`) or applies the additive steps of `diff` to it, in `trx`. */
async function applySpec(
  trx: Transaction<any>,
  dialect: Dialect,
  spec: TableSpec,
  live: LiveTable | null | undefined,
  diff: ReturnType<typeof diffTable> | null,
  report: SyncReport,
): Promise<void> {
  if (!live || !diff) {
    await createTable(trx, dialect, spec);
    report.created.push(spec.table);
    await createIndexes(trx, spec, new Set(), report);
    return;
  }
  for (const c of diff.add) {
    await trx.schema
      .alterTable(spec.table)
      .addColumn(c.name, sql.raw(sqlTypeOn(c, dialect)), columnBuilder(c, dialect, false))
      .execute();
    report.altered.push(`${spec.table}.${c.name}`);
  }
  for (const c of diff.widen) {
    // SQLite does not enforce varchar lengths: nothing to do there.
    if (dialect !== 'pg') continue;
    await sql`alter table ${sql.id(spec.table)} alter column ${sql.id(c.name)} type ${sql.raw(c.sqlType)}`.execute(trx);
    report.altered.push(`${spec.table}.${c.name} widened`);
  }
  await createIndexes(trx, spec, live.indexes, report);
}

/**
 * Brings ONE entity's table in line with `def` inside the caller's transaction `trx` (designer publishes,
 * DESIGN §4): creates it when missing, else adds columns, widens varchars (PostgreSQL) and creates indexes.
 * A destructive difference throws `EntitySchemaError` before anything is altered. No entity migrations,
 * no advisory lock (the caller's transaction is the unit).
 */
export async function syncEntityTableIn(trx: Transaction<any>, dialect: Dialect, def: EntityDef): Promise<SyncReport> {
  const report: SyncReport = { created: [], altered: [], migrations: [] };
  const spec = deriveTable(def);
  const live = await liveTable(trx, dialect, spec.table);
  const diff = live ? diffTable(spec, live) : null;
  if (diff?.destructive.length) throw new EntitySchemaError(diff.destructive);
  await applySpec(trx, dialect, spec, live, diff, report);
  return report;
}
