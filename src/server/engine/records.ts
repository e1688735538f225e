/**
 * Reference fields (kind `record` + `x-record`, FORMATS.md "Reference fields"): a field holding the id of a record
 * of another entity (a 用车申请's 车辆). This module is what the generic service does for them:
 *
 * - labels: list answers carry `refs.records[field][id]` and info answers `_refs.records[field][id]`, the target's
 *   label field — one query per reference field per answer, never per row. A label is shown for any existing target
 *   (the referring record is what the caller may see; the link then opens the target under its own permissions);
 * - writes: add and edit (and declared actions) accept a changed non-null value only when the target record
 *   exists and the caller sees it — the target's `view` permission and its record inside the caller's data scope
 *   of the target (and 密级 clearance) — else -1 entity.badRecordRef naming the field. An unchanged value is not
 *   checked again (an approver may edit a record whose 车辆 is another department's); a person's flow step writing the
 *   field back (flow/act, ../flow/records.ts syncRecordData) is checked the same way for the acting person, a
 *   system step (timer, service) only needs an existing target (assertRecordsExist);
 * - filters: a number is the target id (eq / in); a text, or `{op: 'like'}`, matches the target's label
 *   (`<field> in (select id from <target> where <label> like …)`);
 * - deletion of a target: each entity referring to it with `onDelete: restrict` (default) refuses while a record
 *   refers to one of the deleted ids (-1 entity.referencedBy naming the entity and up to three records); `clear`
 *   sets the references to null (version + 1) in the same transaction, with one audit row per changed record
 *   (`<entity>.refCleared`, the field before and after);
 * - imports resolve a label to the id of the one record with that label the caller sees (./transfer.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { EntityDef, RecordRef } from '../../../engine/schema/types.js';
import type { RecordTarget } from '../../../engine/schema/bundle.js';
import type { Registry } from '../../../engine/schema/loader.js';
import type { DB } from '../db/types.js';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { audit } from '../services/audit.js';
import { ApiError, badInput } from '../lib/errors.js';
import type { EntityRecord } from './codec.js';
import { getRows } from './repository.js';
import { schemaStore } from './schemaStore.js';
import type { ScopeFilter } from './scope.js';
import { EntityService, type Caller } from './service.js';
import { invalidateTotals } from './totals.js';
import { fieldTitle, textIn } from './validation.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A reference field of an entity: its name and `x-record` with the default `onDelete` applied. */
export interface RecordField extends Required<RecordRef> {
  field: string;
}

/** The reference fields of `def` (kind `record` with `x-record`), in model order. */
export function recordFields(def: EntityDef): RecordField[] {
  const out: RecordField[] = [];
  for (const [field, p] of Object.entries(def.model.properties)) {
    const r = p['x-record'];
    if (p['x-kind'] === 'record' && r) out.push({ field, entity: r.entity, label: r.label, onDelete: r.onDelete ?? 'restrict' });
  }
  return out;
}

/**
 * Where the client finds the target of each reference field of `entity` (engine/schema/bundle.ts RecordTarget):
 * group, label, and the route (a detail or approval page of the target with `:id`) or detail page a record opens in.
 * Fields whose target is not in `registry` are left out (the lint reports them).
 */
export function recordTargets(registry: Registry, entity: EntityDef | undefined): Record<string, RecordTarget> | undefined {
  const fields = entity ? recordFields(entity) : [];
  if (!fields.length) return undefined;
  const out: Record<string, RecordTarget> = {};
  for (const f of fields) {
    const target = registry.get('entity', f.entity);
    if (!target) continue;
    const pages = registry.pages().filter((p) => 'entity' in p && p.entity === f.entity);
    // a page's own `:id` route, else an area route mapping such a route to it
    const menus = registry
      .areas()
      .flatMap((a) => a.routes)
      .filter((m) => m.path.includes(':id'));
    const routed = (kind: string) => {
      const of = pages.filter((p) => p.pageKind === kind);
      return of.find((p) => p.route?.includes(':id'))?.route ?? menus.find((m) => of.some((p) => p.id === m.page))?.path;
    };
    const detail = pages.find((p) => p.pageKind === 'detail')?.id;
    const route = routed('detail') ?? routed('approval');
    out[f.field] = {
      entity: f.entity,
      group: target.group,
      label: f.label,
      title: target.title,
      labelSearchable: (target.searchable ?? []).includes(f.label),
      ...(route ? { route } : detail ? { detail } : {}),
    };
  }
  return out;
}

// one service per target definition object and database (a republished designer-made entity is a new object)
const services = new WeakMap<object, WeakMap<EntityDef, EntityService>>();

/** The entity service of target `def` on the database of `svc`. */
function serviceFor(svc: EntityService, def: EntityDef): EntityService {
  let m = services.get(svc.db);
  if (!m) services.set(svc.db, (m = new WeakMap()));
  let s = m.get(def);
  if (!s) m.set(def, (s = new EntityService(def, svc.db, svc.dialect)));
  return s;
}

/** The table and label column a label filter of a reference field searches (parseListQuery). */
export type LabelColumns = Record<string, { table: string; column: string }>;

/** How one target is checked on a write: its service and the caller's scope of it, or null without its view permission. */
type TargetAccess = { svc: EntityService; scope: ScopeFilter } | null;

/** The reference-field behaviour of one entity service (see the module comment). */
export class RecordRefs {
  readonly fields: RecordField[];

  constructor(private readonly svc: EntityService) {
    this.fields = recordFields(svc.def);
  }

  private async target(id: string): Promise<EntityDef | undefined> {
    return (await schemaStore(this.svc.db)).registry.get('entity', id);
  }

  /** Labels of the targets `records` refer to, by field then id (undefined when the entity has no reference field). */
  async labels(records: EntityRecord[]): Promise<Record<string, Record<string, string>> | undefined> {
    if (!this.fields.length) return undefined;
    const out: Record<string, Record<string, string>> = {};
    await Promise.all(
      this.fields.map(async (f) => {
        const into: Record<string, string> = (out[f.field] = {});
        const ids = [...new Set(records.map((r) => r[f.field]).filter((v): v is number => Number.isInteger(v)))];
        const def = ids.length ? await this.target(f.entity) : undefined;
        if (!def) return;
        const rows: Record<string, unknown>[] = await (this.svc.db as Kysely<any>)
          .selectFrom(def.table)
          .select(['id', f.label])
          .where('id', 'in', ids)
          .execute();
        for (const r of rows) into[String(r.id)] = r[f.label] == null ? '' : String(r[f.label]);
      }),
    );
    return out;
  }

  /** The label columns of the reference fields, for label filters. */
  async labelColumns(): Promise<LabelColumns | undefined> {
    if (!this.fields.length) return undefined;
    const out: LabelColumns = {};
    for (const f of this.fields) {
      const def = await this.target(f.entity);
      if (def) out[f.field] = { table: def.table, column: f.label };
    }
    return out;
  }

  /** The caller's access to the target of `f` (null without its view permission). Reads outside any transaction. */
  private async access(c: Caller, f: RecordField): Promise<TargetAccess> {
    const def = await this.target(f.entity);
    if (!def) return null;
    const svc = serviceFor(this.svc, def);
    try {
      return { svc, scope: (await svc.access(c, 'view')).scope };
    } catch (e) {
      if (e instanceof ApiError) return null;
      throw e;
    }
  }

  /**
   * The check of a write whose body sets `fields`: resolves the caller's access to the targets now (outside any
   * transaction: on SQLite a transaction holds the only connection) and answers the check to run on the record to
   * store (`after`) — in the write's transaction `db` — which throws -1 entity.badRecordRef naming the first field
   * whose changed non-null value is no record the caller sees (see the module comment).
   */
  async checker(c: Caller, fields: string[]): Promise<(db: Db, after: EntityRecord, before: EntityRecord | null) => Promise<void>> {
    const set = this.fields.filter((f) => fields.includes(f.field));
    const access = await Promise.all(set.map((f) => this.access(c, f)));
    return async (db, after, before) => {
      for (let i = 0; i < set.length; i++) {
        const { field } = set[i];
        const v = after[field];
        if (v === null || v === undefined || (before && before[field] === v)) continue;
        const a = access[i];
        const ok = a && Number.isInteger(v) && (await getRows(db, a.svc.spec, a.scope, [v as number])).length > 0;
        if (!ok) throw badInput(translate(c.locale, 'entity.badRecordRef', { field: fieldTitle(this.svc.def, field, c.locale) }));
      }
    };
  }

  /**
   * What deleting records of this entity does to the records referring to them: answers the step to run in the
   * deletion's transaction with the deleted ids (restrict → -1 entity.referencedBy, clear → references set to null).
   */
  async onDelete(c: Caller): Promise<(trx: Transaction<DB>, ids: number[]) => Promise<void>> {
    const store = await schemaStore(this.svc.db);
    const referrers = store.registry
      .entities()
      .filter((e) => (e.storage ?? 'table') === 'table')
      .flatMap((e) =>
        recordFields(e)
          .filter((f) => f.entity === this.svc.def.id)
          .map((f) => ({ def: e, f })),
      );
    // every restriction is checked before any reference is cleared
    referrers.sort((a, b) => (a.f.onDelete === b.f.onDelete ? 0 : a.f.onDelete === 'restrict' ? -1 : 1));
    return async (trx, ids) => {
      for (const { def, f } of referrers) {
        if (f.onDelete === 'restrict') {
          const title = def.titleField;
          const rows: Record<string, unknown>[] = await (trx as unknown as Kysely<any>)
            .selectFrom(def.table)
            .select(title ? ['id', title] : ['id'])
            .where(f.field, 'in', ids)
            .orderBy('id')
            .limit(4)
            .execute();
          if (!rows.length) continue;
          const names = rows.slice(0, 3).map((r) => `「${title && r[title] ? String(r[title]) : `#${String(r.id)}`}」`);
          if (rows.length > 3) names.push('…');
          const params = { entity: textIn(def.title, c.locale), field: fieldTitle(def, f.field, c.locale), records: names.join('、') };
          throw badInput(translate(c.locale, 'entity.referencedBy', params));
        }
        const cleared: Record<string, unknown>[] = await (trx as unknown as Kysely<any>)
          .selectFrom(def.table)
          .select(['id', f.field])
          .where(f.field, 'in', ids)
          .orderBy('id')
          .execute();
        if (!cleared.length) continue;
        await (trx as unknown as Kysely<any>)
          .updateTable(def.table)
          .set((eb) => ({ [f.field]: null, version: eb('version', '+', 1) }))
          .where(f.field, 'in', ids)
          .execute();
        invalidateTotals(this.svc.db, def.table);
        // every changed record gets its audit row (DESIGN §7), as an edit of that one field
        for (const r of cleared) {
          await audit(trx, this.svc.dialect, {
            userId: c.userId,
            username: c.username,
            ip: c.ip,
            event: `${def.id}.refCleared`,
            object: `${def.id}:${String(r.id)}`,
            result: 'success',
            detail: { before: { [f.field]: r[f.field] }, after: { [f.field]: null }, deleted: `${this.svc.def.id}:${String(r[f.field])}` },
          });
        }
      }
    };
  }

  /**
   * Import lookups: for field `f`, label → the id of the one record with that label the caller sees (ambiguous or
   * unseen labels are absent). One query per field.
   */
  async idsOfLabels(c: Caller, field: string, labels: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const f = this.fields.find((x) => x.field === field);
    const list = [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
    if (!f || !list.length) return out;
    const a = await this.access(c, f);
    if (!a) return out;
    const seen = new Map<string, number[]>();
    for (let i = 0; i < list.length; i += 500) {
      const rows: Record<string, unknown>[] = await (a.svc.db as Kysely<any>)
        .selectFrom(a.svc.spec.table)
        .select(['id', f.label])
        .where(f.label, 'in', list.slice(i, i + 500))
        .execute();
      // only the records the caller sees count (a label of another department's record is not found)
      const visible = new Set(
        (
          await getRows(
            a.svc.db,
            a.svc.spec,
            a.scope,
            rows.map((r) => Number(r.id)),
          )
        ).map((r) => Number(r.id)),
      );
      for (const r of rows) if (visible.has(Number(r.id))) seen.set(String(r[f.label]), [...(seen.get(String(r[f.label])) ?? []), Number(r.id)]);
    }
    for (const [label, ids] of seen) if (ids.length === 1) out.set(label, ids[0]);
    return out;
  }
}

/**
 * The check of reference fields written by a flow step (./flow/records.ts syncRecordData, inside the action's
 * transaction, where the caller's scope cannot be read on SQLite): each of `fields` that is a reference field with a
 * non-null value must name an existing record of its target (`entityOf` finds target definitions without the
 * database), else -1 entity.badRecordRef naming the field. Used for what the system writes (a person's step is
 * checked against their scope by RecordRefs.checker).
 */
export async function assertRecordsExist(
  trx: Db,
  def: EntityDef,
  record: EntityRecord,
  fields: string[],
  locale: Locale,
  entityOf: (id: string) => EntityDef | undefined,
): Promise<void> {
  for (const f of recordFields(def).filter((x) => fields.includes(x.field))) {
    const v = record[f.field];
    if (v === null || v === undefined) continue;
    const target = entityOf(f.entity);
    const found =
      target && Number.isInteger(v)
        ? await (trx as unknown as Kysely<any>).selectFrom(target.table).select('id').where('id', '=', v).executeTakeFirst()
        : undefined;
    if (!found) throw badInput(translate(locale, 'entity.badRecordRef', { field: fieldTitle(def, f.field, locale) }));
  }
}
