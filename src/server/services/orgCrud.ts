/**
 * The generic resource contract (engine/data/api.ts ResourceApi, src/server/engine/service.ts) served
 * over the platform's organisation tables (entities with `storage: 'custom'`): list
 * `{list, total, refs}`, info (record with `version`, `_actions`, `_refs`), add, edit with `version`
 * (a stale one → -1 entity.stale, nothing written), del by `id` or `ids` (all or none).
 *
 * A `OrgResource` describes one table: how a row becomes a record and back, which fields map to
 * columns (for filters and sort), and hooks for the checks and side tables of each entity (the organisation's in
 * src/areas/organization/server/services: orgUsers.ts, orgDepartments.ts, orgRoles.ts; the apps of src/areas/apps).
 * Validation is the entity model's (ajv, src/server/engine/validation.ts), so messages name the field by its
 * x-title in the caller's locale.
 * Every write runs in ONE transaction with one audit row per record (before/after, DESIGN §7).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EntityDef } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import type { DB } from '../db/types.js';
import type { Dialect } from '../db/index.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { loadAllEntities } from '../engine/definitions.js';
import { refFields, refsOf, type RefNames } from '../engine/refs.js';
import { fieldTitle, INT_MAX, validateRecord, writableFields } from '../engine/validation.js';
import { audit } from './audit.js';

/** A record as the organisation groups answer it (engine/data/api.ts EntityRecord). */
export type OrgRecord = Record<string, unknown> & { id?: number; version?: number; _actions?: string[]; _refs?: RefNames };

/** Who calls (built by the handlers from the request). */
export interface OrgCaller {
  userId: number;
  username: string;
  ip: string;
  locale: Locale;
  /** May write (is_admin or the sysadmin role). */
  admin: boolean;
  /**
   * A unit administrator's reach (SPEC §3 isdwgly): the department ids of the caller's unit; null (or
   * absent) for the whole organisation. Resources with `unitScope` list and write only inside it.
   */
  unitDepts?: number[] | null;
}

/** Any Kysely handle of the platform database. */
export type Db = Kysely<DB> | Transaction<DB>;

/** Most records one del call deletes. */
export const ORG_MAX_DELETE = 200;
/** Largest page size of a list. */
export const ORG_MAX_PAGE_SIZE = 200;

/** Describes one organisation table for the generic calls. */
export interface OrgResource {
  /** Entity id in schemas/organization (its model validates and names fields). */
  entity: string;
  table: 'users' | 'departments' | 'positions' | 'roles';
  /** Model field → column, for filters, sort and keyword (fields not listed cannot be filtered). */
  columns: Record<string, string>;
  /** Records of rows (side tables loaded in one query per kind). */
  toRecords(db: Db, rows: Record<string, unknown>[]): Promise<OrgRecord[]>;
  /** Columns of a validated record (side-table fields left out). */
  toRow(rec: OrgRecord): Record<string, unknown>;
  /** A filter on a field that is not a plain column (e.g. users by department): the SQL condition. */
  filter?(field: string, value: unknown): ReturnType<typeof sql> | null;
  /**
   * The rows a unit administrator reaches (`depts`: his unit's departments), as an SQL condition; a resource
   * without it is never narrowed for him.
   */
  unitScope?(depts: number[]): ReturnType<typeof sql>;
  /** Unit administrators may also write the rows they reach (checks of their own in beforeWrite). */
  unitWrites?: boolean;
  /** Checks and side-table writes after the row is stored (`before` null on add). Throw ApiError to refuse. */
  afterWrite?(trx: Transaction<DB>, c: OrgCaller, id: number, rec: OrgRecord, before: OrgRecord | null): Promise<void>;
  /** Checks before any write of a validated record (`id` null on add). */
  beforeWrite?(trx: Transaction<DB>, c: OrgCaller, id: number | null, rec: OrgRecord, before: OrgRecord | null): Promise<void>;
  /** Checks and side-table cleanup before rows are deleted. */
  beforeDelete?(trx: Transaction<DB>, c: OrgCaller, records: OrgRecord[]): Promise<void>;
  /** Columns a new row needs besides toRow (created_at, uuid…). */
  newRow?(c: OrgCaller, rec: OrgRecord): Promise<Record<string, unknown>>;
  /** Caches to forget after a write (ids of the written records). */
  invalidate(db: Kysely<DB>, ids: number[]): Promise<void> | void;
  /** Fields that are answered but never written (read-only). */
  readOnly?: string[];
  /** Body keys handled outside the model (e.g. an initial password). */
  extraKeys?: string[];
}

let defs: Map<string, EntityDef> | null = null;

/** The entity definition `id` (custom storage included), loaded once. Throws when missing. */
export function orgEntity(id: string): EntityDef {
  defs ??= new Map(loadAllEntities().map((e) => [e.id, e]));
  const d = defs.get(id);
  if (!d) throw new Error(`entity ${id} is not defined in schemas/`);
  return d;
}

/** Message `key` in the caller's locale. */
export function tr(c: { locale: Locale }, key: string, params?: Record<string, string | number>): string {
  return translate(c.locale, key, params);
}

/** A positive integer id from `v`, else -1 naming `fieldKey` (a `field.*` key). */
export function idOf(c: { locale: Locale }, v: unknown, fieldKey = 'field.id'): number {
  const n = typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim())) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > INT_MAX) throw badInput(tr(c, 'error.badParam', { field: tr(c, fieldKey) }));
  return n;
}

/** Ids of a del-like body: `ids` (array or "1,2") or `id`; -1 naming the field when bad or too many. */
export function idsOf(c: { locale: Locale }, body: { id?: unknown; ids?: unknown }): number[] {
  if (body?.ids !== undefined && body.ids !== null && body.ids !== '') {
    const raw = Array.isArray(body.ids) ? body.ids : String(body.ids).split(',');
    if (!raw.length || raw.length > ORG_MAX_DELETE) throw badInput(tr(c, 'error.badParam', { field: tr(c, 'field.ids') }));
    return [...new Set(raw.map((v) => idOf(c, v, 'field.ids')))];
  }
  return [idOf(c, body?.id)];
}

function parseJson(c: OrgCaller, v: unknown, field: string): unknown {
  if (typeof v !== 'string') return v;
  if (!v.trim()) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    throw badInput(tr(c, 'error.badParam', { field: tr(c, `field.${field}`) }));
  }
}

/** One audit row of `event` on `object` inside `trx`. */
export function orgAudit(trx: Transaction<DB>, dialect: Dialect, c: OrgCaller, event: string, object: string, detail: unknown): Promise<void> {
  return audit(trx, dialect, { userId: c.userId, username: c.username, ip: c.ip, event, object, result: 'success', detail });
}

/** The generic calls over one resource. */
export class OrgService {
  readonly def: EntityDef;
  constructor(
    readonly res: OrgResource,
    readonly db: Kysely<DB>,
    readonly dialect: Dialect,
  ) {
    this.def = orgEntity(res.entity);
  }

  private actions(c: OrgCaller): string[] {
    return this.mayWrite(c) ? ['edit', 'delete'] : [];
  }

  /** The unit administrator's condition on this table, or null (whole organisation). */
  private scope(c: OrgCaller): ReturnType<typeof sql> | null {
    return !c.admin && c.unitDepts && this.res.unitScope ? this.res.unitScope(c.unitDepts.length ? c.unitDepts : [0]) : null;
  }

  /** True when `c` may write this resource: an administrator, or a unit administrator of a unit-scoped one. */
  mayWrite(c: OrgCaller): boolean {
    return c.admin || (!!c.unitDepts && !!this.res.unitScope && !!this.res.unitWrites);
  }

  /** Records of `rows` with `_actions`. */
  async present(db: Db, c: OrgCaller, rows: Record<string, unknown>[]): Promise<OrgRecord[]> {
    const recs = await this.res.toRecords(db, rows);
    for (const r of recs) r._actions = this.actions(c);
    return recs;
  }

  /** `/list` {current, pageSize, keyword, filters, sort} → {list, total, refs}; unknown fields → -1 naming them. */
  async list(c: OrgCaller, body: Record<string, unknown>): Promise<{ list: OrgRecord[]; total: number; refs: RefNames }> {
    const cols = this.res.columns;
    const col = (f: string) => {
      const name = f === 'id' ? 'id' : Object.hasOwn(cols, f) ? cols[f] : undefined;
      if (!name) throw badInput(tr(c, 'entity.unknownField', { field: f }));
      return name;
    };
    const conds: ReturnType<typeof sql>[] = [];
    const scope = this.scope(c);
    if (scope) conds.push(scope);
    const filters = parseJson(c, body.filters, 'filters');
    if (filters != null) {
      if (typeof filters !== 'object' || Array.isArray(filters)) throw badInput(tr(c, 'error.badParam', { field: tr(c, 'field.filters') }));
      for (const [f, raw] of Object.entries(filters as Record<string, unknown>)) {
        if (raw === undefined || raw === null || raw === '') continue;
        const special = this.res.filter?.(f, raw);
        if (special) {
          conds.push(special);
          continue;
        }
        const name = col(f);
        const o =
          typeof raw === 'object' && !Array.isArray(raw) ? (raw as { op?: string; value?: unknown }) : { op: Array.isArray(raw) ? 'in' : 'eq', value: raw };
        const v = o.value;
        if (v === undefined || v === null || v === '') continue;
        const bad = () => badInput(tr(c, 'error.badParam', { field: fieldTitle(this.def, f, c.locale) }));
        const scalar = (x: unknown) => {
          if (typeof x === 'object' && x !== null) throw bad();
          return this.def.model.properties[f]?.type === 'integer' || f === 'id' ? idOrZero(x, bad) : String(x);
        };
        if (o.op === 'in' && Array.isArray(v) && v.length && v.length <= ORG_MAX_PAGE_SIZE) conds.push(sql`${sql.ref(name)} in (${sql.join(v.map(scalar))})`);
        else if (o.op === 'like') conds.push(sql`${sql.ref(name)} like ${'%' + String(v) + '%'}`);
        else if (o.op === 'eq' || o.op === undefined) conds.push(sql`${sql.ref(name)} = ${scalar(v)}`);
        else throw badInput(tr(c, 'error.badParam', { field: `${f}.op` }));
      }
    }
    const keyword = typeof body.keyword === 'string' ? body.keyword.trim().slice(0, 100) : '';
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
      const searchable = (this.def.searchable ?? []).map((f) => cols[f]).filter(Boolean);
      conds.push(
        sql`(${sql.join(
          searchable.map((s) => sql`${sql.ref(s)} like ${like} escape '\\'`),
          sql` or `,
        )})`,
      );
    }
    const s = parseJson(c, body.sort, 'sort') as { field?: string; order?: string } | undefined;
    const sortCol = s && typeof s === 'object' && s.field ? col(s.field) : cols.sort ? cols.sort : 'id';
    const desc = s && typeof s === 'object' && /^desc/i.test(String(s.order ?? ''));
    const pageSize = Math.min(ORG_MAX_PAGE_SIZE, Math.max(1, Math.trunc(Number(body.pageSize ?? 20)) || 20));
    const current = Math.max(1, Math.trunc(Number(body.current ?? 1)) || 1);
    const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
    const t = sql.table(this.res.table);
    const [rows, count] = await Promise.all([
      sql<
        Record<string, unknown>
      >`select * from ${t} ${where} order by ${sql.ref(sortCol)} ${desc ? sql`desc` : sql`asc`}, ${sql.ref('id')} asc limit ${pageSize} offset ${(current - 1) * pageSize}`.execute(
        this.db,
      ),
      sql<{ n: number | string }>`select count(*) as n from ${t} ${where}`.execute(this.db),
    ]);
    const list = await this.present(this.db, c, rows.rows);
    return { list, total: Number(count.rows[0]?.n ?? 0), refs: await refsOf(this.db, refFields(this.def), list) };
  }

  /** The stored rows of `ids` (missing ones left out; with `c`, also those out of a unit administrator's reach). */
  async rows(db: Db, ids: number[], c?: OrgCaller): Promise<Record<string, unknown>[]> {
    if (!ids.length) return [];
    const scope = c ? this.scope(c) : null;
    return (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(this.res.table)} where id in (${sql.join(ids)})${scope ? sql` and ${scope}` : sql``}`.execute(db)
    ).rows;
  }

  /** `/info` {id} → the record with version, `_actions`, `_refs`; -1 entity.notFound. */
  async info(c: OrgCaller, body: { id?: unknown }): Promise<OrgRecord> {
    const id = idOf(c, body?.id);
    const [row] = await this.rows(this.db, [id], c);
    if (!row) throw badInput(tr(c, 'entity.notFound'));
    const [rec] = await this.present(this.db, c, [row]);
    rec._refs = await refsOf(this.db, refFields(this.def), [rec]);
    return rec;
  }

  /** The model fields of a body: unknown keys refused naming them, read-only and extra keys dropped. */
  fields(c: OrgCaller, body: Record<string, unknown>): OrgRecord {
    const skip = [...(this.res.readOnly ?? []), ...(this.res.extraKeys ?? [])];
    return writableFields(this.def, body ?? {}, c.locale, skip);
  }

  /** `/add`: validates, stores (with `extra` columns such as a password hash), audits; returns the stored record. */
  async add(c: OrgCaller, body: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<OrgRecord> {
    this.mustWrite(c);
    const rec = this.fields(c, body);
    for (const [f, p] of Object.entries(this.def.model.properties)) if (rec[f] === undefined && p.default !== undefined) rec[f] = p.default;
    const err = validateRecord(this.def, rec, c.locale);
    if (err) throw err;
    const more = { ...(this.res.newRow ? await this.res.newRow(c, rec) : {}), ...extra };
    const id = await this.db
      .transaction()
      .execute((trx) => this.insertIn(trx, c, rec, more))
      .catch((e) => this.constraint(c, e));
    await this.res.invalidate(this.db, [id]);
    return this.info(c, { id });
  }

  /** Inserts validated `rec` (plus `more` columns) inside `trx` with its checks, side tables and audit row; returns the id. */
  async insertIn(trx: Transaction<DB>, c: OrgCaller, rec: OrgRecord, more: Record<string, unknown>, event = 'add'): Promise<number> {
    await this.res.beforeWrite?.(trx, c, null, rec, null);
    const row = await (trx as Transaction<any>)
      .insertInto(this.res.table)
      .values({ ...this.res.toRow(rec), ...more, version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newId = Number(row.id);
    await this.res.afterWrite?.(trx, c, newId, rec, null);
    const [after] = await this.res.toRecords(trx, await this.rows(trx, [newId]));
    await orgAudit(trx, this.dialect, c, `${this.def.id}.${event}`, `${this.def.id}:${newId}`, { before: null, after });
    return newId;
  }

  /** `/edit` {id, version, …fields}: merges, validates, writes at `version` (stale → -1), audits. */
  async edit(c: OrgCaller, body: Record<string, unknown>): Promise<OrgRecord> {
    this.mustWrite(c);
    const id = idOf(c, body?.id);
    if (body?.version === undefined || body.version === null || body.version === '')
      throw badInput(tr(c, 'validate.required', { field: tr(c, 'field.version') }));
    const version = idOf(c, body.version, 'field.version');
    const changes = this.fields(c, body);
    await this.db
      .transaction()
      .execute(async (trx) => {
        const [row] = await this.rows(trx, [id], c);
        if (!row) throw badInput(tr(c, 'entity.notFound'));
        if (Number(row.version) !== version) throw badInput(tr(c, 'entity.stale'));
        const [before] = await this.res.toRecords(trx, [row]);
        const merged: OrgRecord = {};
        for (const f of Object.keys(this.def.model.properties)) merged[f] = f in changes ? changes[f] : before[f];
        const err = validateRecord(this.def, merged, c.locale);
        if (err) throw err;
        await this.res.beforeWrite?.(trx, c, id, merged, before);
        const r = await (trx as Transaction<any>)
          .updateTable(this.res.table)
          .set({ ...this.res.toRow(merged), version: version + 1 })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw badInput(tr(c, 'entity.stale'));
        await this.res.afterWrite?.(trx, c, id, merged, before);
        const [after] = await this.res.toRecords(trx, await this.rows(trx, [id]));
        await orgAudit(trx, this.dialect, c, `${this.def.id}.edit`, `${this.def.id}:${id}`, { before, after });
      })
      .catch((e) => this.constraint(c, e));
    await this.res.invalidate(this.db, [id]);
    return this.info(c, { id });
  }

  /** `/del` {id | ids}: all or none; returns {deleted}. */
  async del(c: OrgCaller, body: { id?: unknown; ids?: unknown }): Promise<{ deleted: number }> {
    this.mustWrite(c);
    const ids = idsOf(c, body);
    const deleted = await this.db
      .transaction()
      .execute(async (trx) => {
        const rows = await this.rows(trx, ids, c);
        if (rows.length !== ids.length) throw badInput(tr(c, 'entity.notFound'));
        const recs = await this.res.toRecords(trx, rows);
        await this.res.beforeDelete?.(trx, c, recs);
        await (trx as Transaction<any>).deleteFrom(this.res.table).where('id', 'in', ids).execute();
        for (const r of recs) await orgAudit(trx, this.dialect, c, `${this.def.id}.del`, `${this.def.id}:${r.id}`, { before: r, after: null });
        return ids.length;
      })
      .catch((e) => this.constraint(c, e));
    await this.res.invalidate(this.db, ids);
    return { deleted };
  }

  /** -1 error.forbidden unless the caller is an administrator. */
  mustAdmin(c: OrgCaller): void {
    if (!c.admin) throw badInput(tr(c, 'error.forbidden'));
  }

  /** -1 error.forbidden unless the caller may write this resource (see mayWrite). */
  mustWrite(c: OrgCaller): void {
    if (!this.mayWrite(c)) throw badInput(tr(c, 'error.forbidden'));
  }

  /** A unique or reference violation → -1 naming the fields; anything else rethrown. */
  constraint(c: OrgCaller, e: unknown): never {
    const err = e as { code?: string; message?: string };
    const msg = String(err.message ?? '');
    if (err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE') {
      const field = Object.entries(this.res.columns).find(([, col]) => msg.includes(col) && col !== 'id')?.[0];
      throw badInput(tr(c, 'entity.duplicate', { field: field ? fieldTitle(this.def, field, c.locale) : '' }));
    }
    if (err.code === '23503' || err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw badInput(tr(c, 'org.inUse'));
    if (typeof err.code === 'string' && /^22/.test(err.code)) throw badInput(tr(c, 'entity.badValue'));
    throw e;
  }
}

function idOrZero(x: unknown, bad: () => Error): number {
  const n = typeof x === 'number' ? x : typeof x === 'string' && /^-?\d+$/.test(x.trim()) ? Number(x) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > INT_MAX) throw bad();
  return n;
}

/** A dict value stored as an integer column: '1' → 1; null/'' → `fallback`. */
export function intOf(v: unknown, fallback = 0): number {
  return v === null || v === undefined || v === '' ? fallback : Number(v);
}

/** An integer column as a dict value: 1 → '1'; null → null. */
export function strOf(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}
