/**
 * Export and import of an entity as .xlsx (client: engine/data/api.ts `exportXlsx`, `importXlsx`,
 * `ImportReport`). Columns and value conversion: ./xlsx.ts.
 *
 * Export (`<group>/export`, body = list params + `page`, `view`, `template`): permission
 * `permissions.export` (else `view`); every row under the caller's scope, filters, keyword and view, in the
 * list's sort, at most EXPORT_MAX_ROWS (more → -1 asking to narrow the filter); `template` → headers only.
 * One audit row per export.
 *
 * Import (`<group>/import`, multipart `file` + optional `page`): permission `permissions.import` (else
 * `add`); an .xlsx (zip magic) of at most IMPORT_MAX_BYTES and IMPORT_MAX_ROWS data rows, headers as the
 * export writes them. Every row is converted and validated (validation.ts); if any is bad nothing is
 * stored and the report lists every problem {row (Excel row number), field (title), message}; else all
 * rows are inserted in ONE transaction with an audit row per record.
 */
import { entityPermission } from './permissions.js';
import ExcelJS from 'exceljs';
import { translate } from '../i18n/index.js';
import { now } from '../lib/clock.js';
import { badInput } from '../lib/errors.js';
import { audit } from '../services/audit.js';
import { rowToRecord, type EntityRecord } from './codec.js';
import { pageContext } from './listPage.js';
import { parseListQuery, type ListBody } from './query.js';
import { deptIdOfTitle, userIdsOfNames } from './refs.js';
import { insertRow, listRows } from './repository.js';
import { schemaStore } from './schemaStore.js';
import type { Caller, EntityService } from './service.js';
import { fieldTitle, recordProblem } from './validation.js';
import { orgTimeZone } from '../services/orgZone.js';
import { zoneDate } from '../../../engine/expr/zone.js';
import { cellOf, numFmtOf, readCell, sheetColumns, namesOf, type ImportLookups, type SheetColumn } from './xlsx.js';

/** Most rows one export holds. */
export const EXPORT_MAX_ROWS = 10_000;
/** Largest import file (10 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows one import holds. */
export const IMPORT_MAX_ROWS = 5_000;

/** MIME type of .xlsx. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One row's problem of an import (engine/data/api.ts ImportRowError). */
export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

/** An exported file: its download name and bytes. */
export interface ExportedFile {
  filename: string;
  buffer: Buffer;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the RFC 5987 `filename*` (UTF-8). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'export.xlsx';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** 'YYYYMMDD' of today in the organisation's zone (services/orgZone.ts), from the server clock. */
function todayStamp(zone: string): string {
  return zoneDate(now(), zone).replace(/-/g, '');
}

/** `<group>/export`: the .xlsx of the rows the list params select (see the file comment). */
export async function exportXlsx(svc: EntityService, c: Caller, body: ListBody & { template?: unknown }): Promise<ExportedFile> {
  const { def, spec, db } = svc;
  const a = await svc.access(c, null, entityPermission(def, 'export'));
  const q = parseListQuery(def, spec, body ?? {}, c.locale, await svc.records.labelColumns());
  const pc = await pageContext(db, svc.dialect, def, spec, body ?? {}, a.user, c.locale);
  const store = await schemaStore(db);
  const zone = await orgTimeZone(db);
  const columns = sheetColumns(def, pc.page, store, c.locale);
  const template = body?.template === true || body?.template === 'true' || body?.template === 1 || body?.template === '1';
  let records: EntityRecord[] = [];
  if (!template) {
    const all = { ...q, current: 1, pageSize: EXPORT_MAX_ROWS + 1 };
    const { rows, total } = await listRows(db, svc.dialect, spec, svc.searchable, a.scope, all, now(), pc.extra);
    if (rows.length > EXPORT_MAX_ROWS) throw badInput(translate(c.locale, 'entity.exportTooMany', { count: total, limit: EXPORT_MAX_ROWS }));
    records = rows.map((r) => svc.present(r, a));
  }
  const refs = await svc.refNames(records);
  const wb = new ExcelJS.Workbook();
  const title = entityTitle(svc, store.texts[c.locale]);
  const ws = wb.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1');
  ws.columns = columns.map((col) => ({
    header: col.title,
    key: col.field,
    width: Math.max(10, Math.min(40, col.title.length * 2 + 4)),
    style: numFmtOf(col) ? { numFmt: numFmtOf(col) } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of records) ws.addRow(Object.fromEntries(columns.map((col) => [col.field, cellOf(col, r[col.field], refs, c.locale, zone)])));
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await db.transaction().execute((trx) =>
    audit(trx, svc.dialect, {
      userId: c.userId,
      username: c.username,
      ip: c.ip,
      event: `${def.id}.export`,
      object: def.id,
      result: 'success',
      detail: { rows: records.length, template, page: pc.page?.id ?? null, view: pc.view?.id ?? null, keyword: q.keyword, filters: q.conditions },
    }),
  );
  return { filename: `${title}-${todayStamp(zone)}.xlsx`, buffer };
}

function entityTitle(svc: EntityService, texts: Record<string, string> | undefined): string {
  return texts?.[svc.def.title.t] ?? svc.def.title.d;
}

/** A cell's plain value (rich text, formulas and hyperlinks reduced to their text or result). */
function rawOf(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return rawOf(v.result as ExcelJS.CellValue);
  if ('text' in v) return (v as { text: unknown }).text;
  return null;
}

/** What an import answers (engine/data/api.ts ImportReport). */
export interface ImportReport {
  imported: number;
  errors: ImportRowError[];
}

/**
 * `<group>/import`: reads `file` (the uploaded bytes, `name` its file name) laid out like the export of
 * list page `pageId` (or of the model fields) and stores all rows or none (see the file comment).
 * Throws -1 for a file that is not an .xlsx, too large, empty or with too many rows.
 */
export async function importXlsx(svc: EntityService, c: Caller, file: Buffer, pageId: string | undefined): Promise<ImportReport> {
  const { def, db } = svc;
  const t = (key: string, params?: Record<string, string | number>) => translate(c.locale, key, params);
  const a = await svc.access(c, null, entityPermission(def, 'import'));
  if (file.length > IMPORT_MAX_BYTES) throw badInput(t('entity.importTooLarge', { limit: IMPORT_MAX_BYTES / 1024 / 1024 }));
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw badInput(t('entity.importNotXlsx'));
  const pc = await pageContext(db, svc.dialect, def, svc.spec, { page: pageId || undefined }, a.user, c.locale);
  const store = await schemaStore(db);
  const columns = sheetColumns(def, pc.page, store, c.locale).filter((col) => !col.prop.readOnly);
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
  // Header row → columns, by title (or field id).
  const byCol = new Map<number, SheetColumn>();
  ws.getRow(1).eachCell((cell, n) => {
    const title = String(rawOf(cell.value) ?? '').trim();
    if (!title) return;
    const col = columns.find((x) => x.title === title || x.field === title);
    if (col) byCol.set(n, col);
    else if (!sheetColumns(def, pc.page, store, c.locale).some((x) => x.title === title))
      errors.push({ row: 1, field: title, message: t('entity.importUnknownColumn', { field: title }) });
  });
  const rows: { row: number; cells: Map<SheetColumn, unknown> }[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const cells = new Map<SheetColumn, unknown>();
    for (const [i, col] of byCol) {
      const raw = rawOf(r.getCell(i).value);
      if (raw !== null && raw !== '' && !(typeof raw === 'string' && !raw.trim())) cells.set(col, raw);
    }
    if (cells.size) rows.push({ row: n, cells });
  });
  if (!rows.length && !errors.length) throw badInput(t('entity.importEmpty'));
  const look = await lookups(svc, c, rows);
  // rows are new records: the published form revision in force decides what is valid (./recordModels.ts)
  const model = await svc.modelForAdd();
  const records: { row: number; fields: EntityRecord }[] = [];
  for (const { row, cells } of rows) {
    const fields: EntityRecord = {};
    let bad = false;
    for (const [col, raw] of cells) {
      const r = readCell(col, raw, look);
      if ('value' in r) {
        fields[col.field] = r.value;
        continue;
      }
      bad = true;
      const key = {
        type: 'validate.type',
        label: 'entity.importBadLabel',
        user: 'entity.importUnknownUser',
        dept: 'entity.importUnknownDept',
        record: 'entity.importUnknownRecord',
      }[r.error];
      errors.push({ row, field: col.title, message: t(key, { field: col.title, value: r.text }) });
    }
    if (bad) continue;
    const problem = recordProblem(model, fields, c.locale, svc.spec);
    if (problem) {
      errors.push({
        row,
        field: columns.find((x) => x.field === problem.field)?.title ?? fieldTitle(model, problem.field, c.locale),
        message: problem.message,
      });
      continue;
    }
    records.push({ row, fields });
  }
  if (errors.length) return { imported: 0, errors };
  const built: Record<string, unknown>[] = [];
  for (const r of records) built.push(await svc.newRow(c, r.fields));
  await svc
    .write(async (trx) => {
      for (const row of built) {
        const stored = await insertRow(trx, svc.spec, row);
        await svc.audit(trx, c, 'import', Number(stored.id), null, rowToRecord(svc.spec, stored));
      }
    })
    .catch((e) => svc.constraint(c, e));
  return { imported: built.length, errors: [] };
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
