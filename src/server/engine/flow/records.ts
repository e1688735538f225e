/**
 * Flows over entity records (affairs and every later area): a record of an entity starts a flow
 * with its fields as the form data and its title field as the title; while the flow runs, the record's
 * `flowStatus` (draft | running | finished | rejected | withdrawn, dictionary flow_status) and `flowId`
 * (the instance) follow the instance, when the entity's model has those fields. Records under a running or
 * finished flow are no longer the initiator's to edit (the approval page edits what the node allows, and
 * `syncRecordData` writes those edits back to the record in the action's transaction).
 */
import type { Transaction } from 'kysely';
import type { EntityDef } from '../../../../engine/schema/types.js';
import type { DB } from '../../db/types.js';
import { loadEntities } from '../definitions.js';
import { designedEntity } from '../designed.js';
import { deriveTable } from '../table.js';
import { recordToRow, rowToRecord } from '../codec.js';
import { validateRecord } from '../validation.js';
import type { Locale } from '../../../shared/constants.js';
import type { Dialect } from '../../db/index.js';
import { audit } from '../../services/audit.js';
import type { RecordModels } from '../recordModels.js';
import { assertRecordsExist } from '../records.js';

/** The entity definition of `id` (shipped, else a published designer-made one, ../designed.ts), or undefined. */
export function flowEntity(id: string): EntityDef | undefined {
  return loadEntities().find((e) => e.id === id) ?? designedEntity(id);
}

/** The model fields of `record` (system fields and `_…` extras left out): the flow's form data. */
export function recordData(def: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of Object.keys(def.model.properties)) if (f in record && f !== 'flowStatus' && f !== 'flowId') out[f] = record[f];
  return out;
}

/** The title of `record` for the lists: its title field (`titleField`, else `title`), at most 255 characters. */
export function recordTitle(def: EntityDef, record: Record<string, unknown>): string {
  return String(record[def.titleField ?? 'title'] ?? '')
    .trim()
    .slice(0, 255);
}

/** Writes `status` and `instanceId` into the record's flowStatus / flowId fields (when the model has them), in `trx`. */
export async function syncRecord(trx: Transaction<DB>, entity: string | null, recordId: number | null, status: string, instanceId: number): Promise<void> {
  if (!entity || recordId == null) return;
  const def = flowEntity(entity);
  if (!def) return;
  const set: Record<string, unknown> = {};
  if ('flowStatus' in def.model.properties) set.flowStatus = status;
  if ('flowId' in def.model.properties) set.flowId = instanceId;
  if (!Object.keys(set).length) return;
  const spec = deriveTable(def);
  await (trx as Transaction<any>)
    .updateTable(spec.table)
    .set((eb: any) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', recordId)
    .execute();
}

/**
 * The reference check of a person's step (../records.ts RecordRefs.checker): run in the action's transaction on
 * the record to store and the record before; throws -1 entity.badRecordRef naming the field.
 */
export type RecordRefCheck = (db: Transaction<DB>, after: Record<string, unknown>, before: Record<string, unknown>) => Promise<void>;

/** What an action's record edits are checked against: the pinned form revision, and the acting person's references check. */
export interface RecordEditChecks {
  pinned?: RecordModels;
  /** Without it (a timer or a service acting as the system), a changed reference only has to exist. */
  checkRefs?: RecordRefCheck;
}

/** Fields of a flow's form data that are the record's own: the model's, without the flow's bookkeeping. */
function dataFields(def: EntityDef): string[] {
  return Object.keys(def.model.properties).filter((f) => f !== 'flowStatus' && f !== 'flowId');
}

/**
 * Writes what an action changed in the flow's form data (fields the node made writable, e.g. 办理意见摘要 or the
 * 正文) back into the record, in `trx`, so that the record and the instance never drift apart. The merged
 * record is validated against the entity first; a problem is thrown as ApiError -1 naming the field, and the
 * whole action rolls back with it (against the form revision the record pinned when `by.pinned` gives the models,
 * ../recordModels.ts; else the shipped entity); a changed reference must be a record the acting person sees (`by.checkRefs`),
 * or, for the system, one that exists. The change is audited (DESIGN §7) as `<entity>.flowEdit` by `by.userId`, with
 * the changed fields before and after. No changed field: nothing is written.
 */
export async function syncRecordData(
  trx: Transaction<DB>,
  entity: string | null,
  recordId: number | null,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  locale: Locale,
  by: { dialect: Dialect; userId: number | null } & RecordEditChecks,
): Promise<void> {
  if (!entity || recordId == null || before === after) return;
  const def = flowEntity(entity);
  if (!def) return;
  const changed = dataFields(def).filter((f) => f in after && JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
  if (!changed.length) return;
  const spec = deriveTable(def);
  const db = trx as Transaction<any>;
  const row = await db.selectFrom(spec.table).selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!row) return;
  const merged = rowToRecord(spec, row);
  for (const f of changed) merged[f] = after[f] ?? null;
  const problem = validateRecord(by.pinned ? by.pinned.pinned(Number(row.created_at)) : def, merged, locale, spec);
  if (problem) throw problem;
  const was = rowToRecord(spec, row);
  if (by.checkRefs) await by.checkRefs(trx, merged, was);
  else await assertRecordsExist(trx, def, merged, changed, locale, flowEntity);
  const set = recordToRow(spec, Object.fromEntries(changed.map((f) => [f, merged[f]])));
  await db
    .updateTable(spec.table)
    .set((eb: any) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', recordId)
    .execute();
  await audit(trx, by.dialect, {
    userId: by.userId,
    event: `${def.id}.flowEdit`,
    object: `${def.id}:${recordId}`,
    result: 'success',
    detail: { before: Object.fromEntries(changed.map((f) => [f, was[f] ?? null])), after: Object.fromEntries(changed.map((f) => [f, merged[f]])) },
  });
}
