/**
 * The generic entity service (DESIGN §6): list, info, add, edit, del and declared actions of
 * one entity, with permission codes, data scope, validation, optimistic concurrency and one audit row
 * per changed record, each write in ONE transaction.
 *
 * Permissions: `permissions.view` for list/info, `.add`, `.edit`, `.delete`; a declared action needs
 * its own `permission`, else the edit permission; a code the block does not name means "signed in is enough", an
 * entity without a block is closed (./permissions.ts). Refused
 * → -1 error.forbidden, checked before the body is validated (a refused caller learns nothing about it). Scope (./scope.ts) is in the WHERE of every read and write: a record out of
 * scope answers -1 entity.notFound, exactly like a missing one. A record carries `_actions`: the ids
 * (edit, delete, declared actions whose `visibleWhen` holds, ./actions.ts) this caller may apply to
 * it; an action whose condition does not hold for the record answers -1 entity.actionNotAllowed.
 *
 * Validation model (./recordModels.ts): add validates against the published form revision in force, edit and
 * declared actions against the revision the record pinned (the one its pages render with); the table's columns
 * (`spec`, unknown fields) stay those of `def`.
 */
import { clearanceOf, SECRET_DICT, secretLevelOf } from '../services/clearance.js';
import type { Kysely, Transaction } from 'kysely';
import type { EntityAction, EntityDef } from '../../../engine/schema/types.js';
import type { Dialect } from '../db/index.js';
import type { DB } from '../db/types.js';
import { translate } from '../i18n/index.js';
import { now } from '../lib/clock.js';
import { badInput } from '../lib/errors.js';
import { audit } from '../services/audit.js';
import { userRolesAccess } from '../services/menu.js';
import { ActionConditions, type ActionUser } from './actions.js';
import { recordToRow, rowToRecord, type EntityRecord } from './codec.js';
import { refFields, refsOf, type RefFields, type RefNames } from './refs.js';
import { pageContext } from './listPage.js';
import { pageCursors } from './cursor.js';
import { parseListQuery, type ListAnswer, type ListBody } from './query.js';
import { deleteRows, getRows, insertRow, listRecords, updateRow } from './repository.js';
import { scopeFilter, unitOf } from './scope.js';
import { deriveTable, type TableSpec } from './table.js';
import { invalidateTotals } from './totals.js';
import { INT_MAX, constraintError, fieldTitle, fillSessionDefaults, validateRecord, writableFields } from './validation.js';
import { recordModels } from './recordModels.js';
import { RecordRefs } from './records.js';
import { entityPermission } from './permissions.js';
import { retitleRecordFlow } from './flow/retitle.js';
import { checkFlowEdit, codeSet, flowBacked, flowStatusOf } from './serviceRules.js';
import { computedFieldNames, formPagesOf, withComputedFields } from './computed.js';
import { schemaStore } from './schemaStore.js';
import type { Access, Caller, PreparedAdd } from './serviceTypes.js';

export type { Access, Caller, PreparedAdd } from './serviceTypes.js';

/** Most records one `del` call may delete. */
export const MAX_DELETE_IDS = 1000;

/** Operations a permission code guards. */
type Op = 'view' | 'add' | 'edit' | 'delete';

export class EntityService {
  readonly spec: TableSpec;

  constructor(
    readonly def: EntityDef,
    readonly db: Kysely<DB>,
    readonly dialect: Dialect,
  ) {
    this.spec = deriveTable(def);
    this.conditions = new ActionConditions(def);
    this.refFields = refFields(def);
    this.records = new RecordRefs(this);
    // The keyword searches the text columns among the searchable fields.
    this.searchable = (def.searchable ?? []).filter((f) => this.spec.columns.some((c) => c.name === f && c.family === 'text'));
    this.secretField = Object.entries(def.model.properties).find(([, p]) => (p as { 'x-dict'?: string })['x-dict'] === SECRET_DICT)?.[0] ?? null;
  }

  /** Text columns the list keyword searches. */
  readonly searchable: string[];
  /** The classification field (x-dict document_mj), if any: records above the caller's clearance are out of scope (DESIGN §7). */
  readonly secretField: string | null;
  /** Fields holding user and department ids (./refs.ts). */
  readonly refFields: RefFields;
  /** Reference fields (kind record, ./records.ts): labels, checks on write, label filters, deletion of targets. */
  readonly records: RecordRefs;
  private readonly conditions: ActionConditions;

  /** Message `key` in the caller's locale. */
  t(c: Caller, key: string, params?: Record<string, string | number>): string {
    return translate(c.locale, key, params);
  }

  /** Permission checks, scope and the `user` of action conditions for caller `c` (-1 error.forbidden without `code` or the op's code). */
  async access(c: Caller, op: Op | null, code?: string): Promise<Access> {
    // Roles and permission codes only (no menu tree, no personal menu): one prepared query per call.
    const m = await userRolesAccess(this.db, c.userId, c.request);
    const codes = codeSet(m.access);
    const need = code ?? (op ? entityPermission(this.def, op) : undefined);
    if (need && !codes.has(need)) throw badInput(this.t(c, 'error.forbidden'));
    const user: ActionUser = {
      id: c.userId,
      account: c.username,
      deptId: c.deptId,
      unitId: await unitOf(this.db, c.deptId),
      roles: m.roles,
      permissions: m.access,
    };
    const scope = await scopeFilter(this.db, c, m.roles, this.def.scope, this.def.scopeDept);
    if (this.secretField) scope.secret = { column: this.secretField, max: await clearanceOf(this.db, c.userId) };
    return { codes, scope, user };
  }

  private may(codes: Set<string>, code: string | undefined): boolean {
    return !code || codes.has(code);
  }

  /** What the caller may do with a record in scope (edit, delete, declared action ids whose visibleWhen holds). */
  private actionsFor(a: Access, record: EntityRecord): string[] {
    const edit = entityPermission(this.def, 'edit');
    const out: string[] = [];
    if (this.may(a.codes, edit)) out.push('edit');
    if (this.may(a.codes, entityPermission(this.def, 'delete'))) out.push('delete');
    for (const act of this.def.actions ?? []) {
      if (this.may(a.codes, act.permission ?? edit) && this.conditions.visible(act.id, record, a.user)) out.push(act.id);
    }
    return out;
  }

  /** A row as the API answers it: the record with `_actions` (the record object is built once, not copied). */
  present(row: Record<string, unknown>, a: Access): EntityRecord {
    return this.withActions(rowToRecord(this.spec, row), a);
  }

  /** `record` (already converted from its row) with its `_actions` set. */
  private withActions(record: EntityRecord, a: Access): EntityRecord {
    record._actions = this.actionsFor(a, record);
    return record;
  }

  private notFound(c: Caller) {
    return badInput(this.t(c, 'entity.notFound'));
  }

  private idOf(c: Caller, v: unknown, field = 'id'): number {
    const n = typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim())) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > INT_MAX) throw badInput(this.t(c, 'error.badParam', { field: this.t(c, `field.${field}`) }));
    return n;
  }

  /** Answers a unique-key or reference violation with -1 naming the fields; rethrows anything else (./validation.ts). */
  constraint(c: Caller, e: unknown): never {
    return constraintError(this.def, c.locale, e);
  }

  /**
   * `/list`: `{list, total, refs, next?, prev?, totalEstimated?}` of the caller's scope (see ./query.ts for the body,
   * ./refs.ts for refs, ./cursor.ts for the cursors; `totalEstimated: true` when `total` is PostgreSQL's estimate).
   */
  async list(c: Caller, body: ListBody): Promise<ListAnswer> {
    const a = await this.access(c, 'view');
    const q = parseListQuery(this.def, this.spec, body ?? {}, c.locale, await this.records.labelColumns());
    const pc = await pageContext(this.db, this.dialect, this.def, this.spec, body ?? {}, a.user, c.locale);
    const { records, total, estimated } = await listRecords(this.db, this.dialect, this.spec, this.searchable, a.scope, q, now(), pc.extra, pc.columns);
    const list = records.map((r) => this.withActions(r, a));
    return { list, total, ...(estimated ? { totalEstimated: true } : {}), ...pageCursors(this.spec, q.sort.field, records), refs: await this.refNames(list) };
  }

  /** Names of the users and departments `records` refer to, and the labels of their referenced records (`records`). */
  async refNames(records: EntityRecord[]): Promise<RefNames> {
    const [names, labels] = await Promise.all([refsOf(this.db, this.refFields, records), this.records.labels(records)]);
    return labels ? { ...names, records: labels } : names;
  }

  /** `/info` {id}: the record with `_actions` and `_refs`; -1 entity.notFound when missing or out of scope. */
  async info(c: Caller, body: { id?: unknown }): Promise<EntityRecord> {
    const a = await this.access(c, 'view');
    const id = this.idOf(c, body?.id);
    const [row] = await getRows(this.db, this.spec, a.scope, [id]);
    if (!row) throw this.notFound(c);
    const record = this.present(row, a);
    record._refs = await this.refNames([record]);
    return record;
  }

  /** -1 naming the classification field when `record` is classified above the caller's clearance (DESIGN §7). */
  private checkSecret(c: Caller, a: Access, record: EntityRecord): void {
    const f = this.secretField;
    if (!f || !a.scope.secret) return;
    if (secretLevelOf(record[f]) > a.scope.secret.max) throw badInput(this.t(c, 'entity.secretAboveClearance', { field: fieldTitle(this.def, f, c.locale) }));
  }

  /** The entity with the model new records are validated against: the published form revision in force (./recordModels.ts). */
  async modelForAdd(): Promise<EntityDef> {
    return (await recordModels(this.db, this.def)).inForce;
  }

  /** The form pages whose computed fields this entity's records carry (./computed.ts). */
  async computedPages() {
    return formPagesOf(await schemaStore(this.db), this.def);
  }

  /** `fields` with every computed field evaluated on the server, whoever calls (./computed.ts). */
  async computed(fields: EntityRecord): Promise<EntityRecord> {
    return withComputedFields(await this.computedPages(), this.def, fields);
  }

  /** `/add` (body = the record): validates, stores with owner department and unit, audits; returns the record. */
  async add(c: Caller, body: Record<string, unknown>): Promise<EntityRecord> {
    const a = await this.access(c, 'add');
    const fields = await this.computed(fillSessionDefaults(this.def, writableFields(this.def, body ?? {}, c.locale), c));
    const err = validateRecord(await this.modelForAdd(), fields, c.locale, this.spec);
    if (err) throw err;
    this.checkSecret(c, a, fields);
    const row = await this.newRow(c, fields);
    const checkRefs = await this.records.checker(c, Object.keys(fields));
    const stored = await this.write(async (trx) => {
      await checkRefs(trx, fields, null);
      const r = await insertRow(trx, this.spec, row);
      await this.audit(trx, c, 'add', Number(r.id), null, rowToRecord(this.spec, r));
      return r;
    }).catch((e) => this.constraint(c, e));
    return this.present(stored, a);
  }

  /**
   * The first half of an `add` made inside a larger transaction (e.g. 签收 registering a 收文): validates, checks the
   * add permission and 密级 and builds the row — reading the database outside any transaction (on SQLite a
   * transaction holds the only connection). Then `insertPrepared` in the transaction.
   * @throws ApiError -1 naming the field for bad input, error.forbidden without the add permission.
   */
  async prepareAdd(c: Caller, body: Record<string, unknown>): Promise<PreparedAdd> {
    const access = await this.access(c, 'add');
    const fields = await this.computed(fillSessionDefaults(this.def, writableFields(this.def, body ?? {}, c.locale), c));
    const err = validateRecord(await this.modelForAdd(), fields, c.locale, this.spec);
    if (err) throw err;
    this.checkSecret(c, access, fields);
    await (
      await this.records.checker(c, Object.keys(fields))
    )(this.db, fields, null);
    return { access, row: await this.newRow(c, fields) };
  }

  /** Inserts a `prepareAdd`ed record in `trx` and audits it; answers the stored record. */
  async insertPrepared(trx: Transaction<DB>, c: Caller, p: PreparedAdd): Promise<EntityRecord> {
    const r = await insertRow(trx, this.spec, p.row).catch((e) => this.constraint(c, e));
    await this.audit(trx, c, 'add', Number(r.id), null, rowToRecord(this.spec, r));
    invalidateTotals(this.db, this.spec.table);
    return this.present(r, p.access);
  }

  /** The row of a new record by `c` (validated `fields`): version 1, creator and times, owner department and unit. */
  async newRow(c: Caller, fields: EntityRecord): Promise<Record<string, unknown>> {
    const t = now();
    return {
      ...recordToRow(this.spec, fields),
      version: 1,
      created_by: c.userId,
      created_at: t,
      updated_by: c.userId,
      updated_at: t,
      owner_dept_id: c.deptId,
      owner_unit_id: await unitOf(this.db, c.deptId),
    };
  }

  /**
   * `/edit` {id, version, ...fields}: changes the given fields of a record in scope at `version`;
   * a stale version → -1 entity.stale, nothing written. Returns the stored record (version + 1).
   */
  async edit(c: Caller, body: Record<string, unknown>): Promise<EntityRecord> {
    const a = await this.access(c, 'edit');
    const id = this.idOf(c, body?.id);
    if (body?.version === undefined || body.version === null || body.version === '') {
      throw badInput(this.t(c, 'validate.required', { field: this.t(c, 'field.version') }));
    }
    const version = this.idOf(c, body.version, 'version');
    const changes = writableFields(this.def, body, c.locale);
    return this.change(c, a, id, version, changes, 'edit', undefined, (before) => checkFlowEdit(this.def, c.locale, before, Object.keys(changes)));
  }

  /** A declared action `/<actionId>` {id, version?}: applies its `set` to a record in scope. */
  async action(c: Caller, act: EntityAction, body: Record<string, unknown>): Promise<EntityRecord> {
    const a = await this.access(c, null, act.permission ?? entityPermission(this.def, 'edit'));
    const id = this.idOf(c, body?.id);
    const version = body?.version === undefined || body.version === null || body.version === '' ? null : this.idOf(c, body.version, 'version');
    return this.change(c, a, id, version, { ...(act.set ?? {}) }, act.id, (rec) => this.conditions.visible(act.id, rec, a.user));
  }

  private async change(
    c: Caller,
    a: Access,
    id: number,
    version: number | null,
    changes: EntityRecord,
    event: string,
    allowed: (before: EntityRecord) => boolean = () => true,
    guard?: (before: EntityRecord) => void,
  ): Promise<EntityRecord> {
    // edits are validated against the form revision the record pinned (./recordModels.ts), read before the transaction
    const models = await recordModels(this.db, this.def);
    const checkRefs = await this.records.checker(c, Object.keys(changes));
    const pages = await this.computedPages();
    const stored = await this.write(async (trx) => {
      const [before] = await getRows(trx, this.spec, a.scope, [id]);
      if (!before) throw this.notFound(c);
      const beforeRec = rowToRecord(this.spec, before);
      const expected = version ?? Number(before.version);
      if (Number(before.version) !== expected) throw badInput(this.t(c, 'entity.stale'));
      if (!allowed(beforeRec)) throw badInput(this.t(c, 'entity.actionNotAllowed'));
      guard?.(beforeRec);
      const merged: EntityRecord = {};
      for (const f of Object.keys(this.def.model.properties)) merged[f] = f in changes ? changes[f] : beforeRec[f];
      // computed fields follow their inputs, whatever the edit sent (./computed.ts)
      const computed = withComputedFields(pages, this.def, merged);
      const refreshed = computedFieldNames(pages, this.def).filter((f) => computed[f] !== merged[f] || f in changes);
      for (const f of refreshed) merged[f] = computed[f];
      const err = validateRecord(models.pinned(Number(before.created_at)), merged, c.locale, this.spec);
      if (err) throw err;
      this.checkSecret(c, a, merged);
      await checkRefs(trx, merged, beforeRec);
      const patch: EntityRecord = {};
      for (const f of new Set([...Object.keys(changes), ...refreshed])) patch[f] = merged[f];
      const row = { ...recordToRow(this.spec, patch), updated_by: c.userId, updated_at: now() };
      const after = await updateRow(trx, this.spec, id, expected, row);
      if (!after) throw badInput(this.t(c, 'entity.stale'));
      const afterRec = rowToRecord(this.spec, after);
      await this.audit(trx, c, event, id, beforeRec, afterRec);
      // the flow's work-item titles follow the edited record (./flow/retitle.ts)
      if (flowBacked(this.def) && flowStatusOf(beforeRec)) await retitleRecordFlow(trx, this.def.id, id, afterRec);
      return after;
    }).catch((e) => this.constraint(c, e));
    return this.present(stored, a);
  }

  /**
   * `/del` {id} or {ids: [..] | "1,2"}: deletes records in scope, all or none; returns {deleted}. A record submitted
   * to a flow (running or ended) is never deleted: -1 entity.flowNoDelete.
   */
  async del(c: Caller, body: { id?: unknown; ids?: unknown }): Promise<{ deleted: number }> {
    const a = await this.access(c, 'delete');
    let raw: unknown[] = [];
    if (body?.ids !== undefined && body.ids !== null && body.ids !== '') {
      raw = Array.isArray(body.ids) ? body.ids : String(body.ids).split(',');
      if (!raw.length || raw.length > MAX_DELETE_IDS) throw badInput(this.t(c, 'error.badParam', { field: this.t(c, 'field.ids') }));
      raw = raw.map((v) => this.idOf(c, v, 'ids'));
    } else raw = [this.idOf(c, body?.id)];
    const ids = [...new Set(raw as number[])];
    const referrers = await this.records.onDelete(c);
    return this.write(async (trx) => {
      const rows = await getRows(trx, this.spec, a.scope, ids);
      if (rows.length !== ids.length) throw this.notFound(c);
      // a record submitted to a flow is part of the flow's record (DESIGN §5): never deleted once submitted
      if (flowBacked(this.def) && rows.some((r) => !['', 'draft'].includes(flowStatusOf(rowToRecord(this.spec, r))))) {
        throw badInput(this.t(c, 'entity.flowNoDelete'));
      }
      await referrers(trx, ids);
      const deleted = await deleteRows(trx, this.spec, ids);
      for (const r of rows) await this.audit(trx, c, 'del', Number(r.id), rowToRecord(this.spec, r), null);
      return { deleted };
    }).catch((e) => this.constraint(c, e));
  }

  /**
   * Runs `fn` in ONE transaction, then forgets the table's cached list totals (./totals.ts), whether
   * it committed or not.
   */
  async write<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(fn);
    } finally {
      invalidateTotals(this.db, this.spec.table);
    }
  }

  /** One audit row for `event` on record `id` (DESIGN §7), inside `trx`. */
  audit(trx: Parameters<typeof audit>[0], c: Caller, event: string, id: number, before: EntityRecord | null, after: EntityRecord | null) {
    return audit(trx, this.dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: `${this.def.id}.${event}`,
      object: `${this.def.id}:${id}`,
      result: 'success',
      detail: { before, after },
    });
  }
}
