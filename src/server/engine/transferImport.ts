/**
 * Import of an entity from .xlsx (`<group>/import`, multipart `file` + optional `page`; client: engine/data/api.ts
 * `importXlsx`, `ImportReport`). Columns and value conversion: ./xlsx.ts; the export: ./transfer.ts.
 *
 * Permission `permissions.import` (else `add`), and the edit permission when a row names a record id; an .xlsx
 * (zip magic) of at most IMPORT_MAX_BYTES and IMPORT_MAX_ROWS data rows, headers as the export writes them.
 * A row whose record-id column (记录ID) holds an id updates that record (in the caller's scope; its changed
 * fields only, validated against the form revision the record pinned, under the flow's edit rules); a row
 * without one adds a record (validated against the revision in force). So an unchanged export imports as N
 * updates and 0 additions, never as duplicates; a new row that repeats the entity's unique key is refused
 * (-1 entity.duplicate naming the key). Computed fields are computed on the server (./computed.ts).
 *
 * Every row is converted and validated, and every problem of a row is reported (each bad cell, then each field
 * the model refuses) as {row (Excel row number), field (title), message}. If any row is bad nothing is stored
 * (all or none) and the report counts the refused rows; else all rows are written in ONE transaction with an
 * audit row per record.
 */
import type { ImportReport, ImportRowError } from '../../../engine/data/api.js';
import ExcelJS from 'exceljs';
import { translate } from '../i18n/index.js';
import { now } from '../lib/clock.js';
import { ApiError, badInput } from '../lib/errors.js';
import { orgTimeZone } from '../services/orgZone.js';
import { rowToRecord, recordToRow, type EntityRecord } from './codec.js';
import { retitleRecordFlow } from './flow/retitle.js';
import { pageContext } from './listPage.js';
import { entityPermission } from './permissions.js';
import { recordModels } from './recordModels.js';
import { deptIdOfTitle, userIdsOfNames } from './refs.js';
import { getRows, insertRow, updateRow } from './repository.js';
import { schemaStore } from './schemaStore.js';
import type { Caller, EntityService } from './service.js';
import { checkFlowEdit, flowBacked, flowStatusOf } from './serviceRules.js';
import { ID_KEY, idTitle } from './transfer.js';
import { fieldTitle, recordProblems } from './validation.js';
import { readCell, sheetColumns, namesOf, type ImportLookups, type SheetColumn } from './xlsx.js';

/** Largest import file (10 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows one import holds. */
export const IMPORT_MAX_ROWS = 5_000;

// The answer's shape is the wire type the list's import dialog reads (engine/data/api.ts).
export type { ImportReport, ImportRowError } from '../../../engine/data/api.js';

/** A cell's plain value (rich text, formulas and hyperlinks reduced to their text or result). */
function rawOf(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return rawOf(v.result as ExcelJS.CellValue);
  if ('text' in v) return (v as { text: unknown }).text;
  return null;
}

/** A data row of the sheet: its Excel row number, the id cell (if any) and the non-empty cells by column. */
interface SheetRow {
  row: number;
  id: unknown;
  cells: Map<SheetColumn, unknown>;
}

/** A row ready to write: a new record's row, or an update of record `id` at `version`. */
type Write = { add: Record<string, unknown> } | { id: number; version: number; before: EntityRecord; patch: Record<string, unknown> };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `<group>/import`: reads `file` (the uploaded bytes) laid out like the export of list page `pageId` (or of the
 * model fields) and stores all rows or none (see the file comment). Throws -1 for a file that is not an .xlsx,
 * too large, empty or with too many rows, and error.forbidden when a row updates without the edit permission.
 */
export async function importXlsx(svc: EntityService, c: Caller, file: Buffer, pageId: string | undefined): Promise<ImportReport> {
  const { def, db } = svc;
  const t = (key: string, params?: Record<string, string | number>) => translate(c.locale, key, params);
  const a = await svc.access(c, null, entityPermission(def, 'import'));
  if (file.length > IMPORT_MAX_BYTES) throw badInput(t('entity.importTooLarge', { limit: IMPORT_MAX_BYTES / 1024 / 1024 }));
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw badInput(t('entity.importNotXlsx'));
  const pc = await pageContext(db, svc.dialect, def, svc.spec, { page: pageId || undefined }, a.user, c.locale);
  const store = await schemaStore(db);
  const all = sheetColumns(def, pc.page, store, c.locale);
  const columns = all.filter((col) => !col.prop.readOnly);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badInput(t('entity.importBadFile'));
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 2) throw badInput(t('entity.importEmpty'));
  if (ws.rowCount - 1 > IMPORT_MAX_ROWS) throw badInput(t('entity.importTooManyRows', { limit: IMPORT_MAX_ROWS }));
  const errors: ImportRowError[] = [];
  // Header row → columns, by title (or field id); the record-id column by its title or `id`.
  const byCol = new Map<number, SheetColumn>();
  const idName = idTitle(c.locale);
  let idCol = 0;
  ws.getRow(1).eachCell((cell, n) => {
    const title = String(rawOf(cell.value) ?? '').trim();
    if (!title) return;
    if (title === idName || title === ID_KEY) {
      idCol = n;
      return;
    }
    const col = columns.find((x) => x.title === title || x.field === title);
    if (col) byCol.set(n, col);
    else if (!all.some((x) => x.title === title)) errors.push({ row: 1, field: title, message: t('entity.importUnknownColumn', { field: title }) });
  });
  const rows: SheetRow[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const cells = new Map<SheetColumn, unknown>();
    for (const [i, col] of byCol) {
      const raw = rawOf(r.getCell(i).value);
      if (raw !== null && raw !== '' && !(typeof raw === 'string' && !raw.trim())) cells.set(col, raw);
    }
    const id = idCol ? rawOf(r.getCell(idCol).value) : null;
    const hasId = id !== null && String(id).trim() !== '';
    if (cells.size || hasId) rows.push({ row: n, id: hasId ? id : null, cells });
  });
  if (!rows.length && !errors.length) throw badInput(t('entity.importEmpty'));
  const ids = rows.map((r) => idOf(r.id)).filter((x): x is number => x !== null && x > 0);
  // updating needs the edit permission; the rows updated are those the caller's edit scope holds
  const edit = ids.length ? await svc.access(c, 'edit') : a;
  const existing = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) for (const r of await getRows(db, svc.spec, edit.scope, ids.slice(i, i + 500))) existing.set(Number(r.id), r);
  const look = await lookups(svc, c, rows);
  const models = await recordModels(db, def);
  const refusedRows = new Set<number>();
  const writes: Write[] = [];
  const titleOf = (field: string, model = models.inForce) => columns.find((x) => x.field === field)?.title ?? fieldTitle(model, field, c.locale);
  for (const { row, id: rawId, cells } of rows) {
    const problems: ImportRowError[] = [];
    const fields: EntityRecord = {};
    const badFields = new Set<string>();
    for (const [col, raw] of cells) {
      const r = readCell(col, raw, look);
      if ('value' in r) {
        fields[col.field] = r.value;
        continue;
      }
      badFields.add(col.field);
      const key = {
        type: 'validate.type',
        label: 'entity.importBadLabel',
        user: 'entity.importUnknownUser',
        dept: 'entity.importUnknownDept',
        record: 'entity.importUnknownRecord',
      }[r.error];
      problems.push({ row, field: col.title, message: t(key, { field: col.title, value: r.text }) });
    }
    const id = rawId === null ? null : idOf(rawId);
    const before = id ? existing.get(id) : undefined;
    if (rawId !== null && !before) {
      problems.push({ row, field: idName, message: id ? t('entity.notFound') : t('error.badParam', { field: idName }) });
    }
    // the record as it would be stored: the sheet's cells over the stored values, computed fields computed
    const beforeRec = before ? rowToRecord(svc.spec, before) : null;
    const base: EntityRecord = {};
    if (beforeRec) for (const f of Object.keys(def.model.properties)) base[f] = beforeRec[f];
    const merged = await svc.computed({ ...base, ...fields });
    const model = before ? models.pinned(Number(before.created_at)) : models.inForce;
    if (rawId === null || before) {
      for (const p of recordProblems(model, merged, c.locale, svc.spec)) {
        if (!badFields.has(p.field)) problems.push({ row, field: titleOf(p.field, model), message: p.message });
      }
    }
    const changed = beforeRec ? Object.keys(def.model.properties).filter((f) => !same(merged[f], beforeRec[f])) : [];
    if (beforeRec && !problems.length) {
      try {
        checkFlowEdit(def, c.locale, beforeRec, changed);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        problems.push({ row, message: e.message });
      }
    }
    if (problems.length) {
      errors.push(...problems);
      refusedRows.add(row);
      continue;
    }
    if (!before || !beforeRec) writes.push({ add: await svc.newRow(c, merged) });
    else {
      const patch: EntityRecord = {};
      for (const f of changed) patch[f] = merged[f];
      writes.push({ id: Number(before.id), version: Number(before.version), before: beforeRec, patch });
    }
  }
  const added = writes.filter((w) => 'add' in w).length;
  if (errors.length) return { imported: 0, added: 0, updated: 0, refused: refusedRows.size, errors };
  await svc
    .write(async (trx) => {
      for (const w of writes) {
        if ('add' in w) {
          const stored = await insertRow(trx, svc.spec, w.add);
          await svc.audit(trx, c, 'import', Number(stored.id), null, rowToRecord(svc.spec, stored));
          continue;
        }
        // a row equal to its record changes nothing (counted as updated, not written)
        if (!Object.keys(w.patch).length) continue;
        const after = await updateRow(trx, svc.spec, w.id, w.version, { ...recordToRow(svc.spec, w.patch), updated_by: c.userId, updated_at: now() });
        if (!after) throw badInput(t('entity.stale'));
        const afterRec = rowToRecord(svc.spec, after);
        await svc.audit(trx, c, 'import', w.id, w.before, afterRec);
        if (flowBacked(def) && flowStatusOf(w.before)) await retitleRecordFlow(trx, def.id, w.id, afterRec);
      }
    })
    .catch((e) => svc.constraint(c, e));
  return { imported: writes.length, added, updated: writes.length - added, refused: 0, errors: [] };
}

/** The record id of an id cell: a positive integer, else 0 (a bad id); null for none. */
function idOf(raw: unknown): number | null {
  if (raw === null || raw === undefined || String(raw).trim() === '') return null;
  const s = String(raw).trim();
  return /^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2147483647 ? Number(s) : 0;
}

/**
 * Users, departments and referenced records named in the sheet, looked up once (one query for the users, one per
 * reference field: a label names the one record with it the caller sees, ./records.ts).
 */
async function lookups(svc: EntityService, c: Caller, rows: { cells: Map<SheetColumn, unknown> }[]): Promise<ImportLookups> {
  const names: string[] = [];
  for (const r of rows) for (const [col, raw] of r.cells) if (col.kind === 'user' || col.kind === 'users') names.push(...namesOf(raw));
  const users = await userIdsOfNames(svc.db, names);
  const deptIds = new Map<string, number | undefined>();
  for (const r of rows) {
    for (const [col, raw] of r.cells) {
      if (col.kind !== 'dept' && col.kind !== 'depts') continue;
      for (const n of namesOf(raw)) if (!deptIds.has(n)) deptIds.set(n, await deptIdOfTitle(svc.db, n));
    }
  }
  const records = new Map<string, Map<string, number>>();
  for (const f of svc.records.fields) {
    const labels = rows.flatMap((r) => [...r.cells].filter(([col]) => col.field === f.field).map(([, raw]) => String(raw)));
    if (labels.length) records.set(f.field, await svc.records.idsOfLabels(c, f.field, labels));
  }
  return {
    users,
    depts: (title) => deptIds.get(title.trim()),
    records: (field, label) => records.get(field)?.get(label.trim()),
    zone: await orgTimeZone(svc.db),
  };
}
