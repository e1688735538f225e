/**
 * Export and import of an entity as .xlsx (client: engine/data/api.ts `exportXlsx`, `importXlsx`,
 * `ImportReport`). Columns and value conversion: ./xlsx.ts.
 *
 * Export (`<group>/export`, body = list params + `page`, `view`, `template`): permission
 * `permissions.export` (else `view`); every row under the caller's scope, filters, keyword and view, in the
 * list's sort, at most EXPORT_MAX_ROWS (more → -1 asking to narrow the filter); `template` → headers only.
 * The first column holds the record id (header `field.id`, 记录ID), so that the sheet imports back as updates.
 * One audit row per export.
 *
 * Import: ./transferImport.ts.
 */
import { entityPermission } from './permissions.js';
import ExcelJS from 'exceljs';
import { translate } from '../i18n/index.js';
import { now } from '../lib/clock.js';
import { badInput } from '../lib/errors.js';
import { audit } from '../services/audit.js';
import type { EntityRecord } from './codec.js';
import { pageContext } from './listPage.js';
import { parseListQuery, type ListBody } from './query.js';
import { listRows } from './repository.js';
import { schemaStore } from './schemaStore.js';
import type { Caller, EntityService } from './service.js';
import { orgTimeZone } from '../services/orgZone.js';
import { zoneDate } from '../../../engine/expr/zone.js';
import { cellOf, numFmtOf, sheetColumns } from './xlsx.js';

/** Most rows one export holds. */
export const EXPORT_MAX_ROWS = 10_000;

/** Key of the record-id column of a sheet (no model field is named so: `id` is a system column). */
export const ID_KEY = 'id';

/** Header of the record-id column in `locale` (field.id: 记录ID, Record ID). */
export function idTitle(locale: Caller['locale']): string {
  return translate(locale, 'field.id');
}

/** MIME type of .xlsx. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  ws.columns = [
    { header: idTitle(c.locale), key: ID_KEY, width: 10 },
    ...columns.map((col) => ({
      header: col.title,
      key: col.field,
      width: Math.max(10, Math.min(40, col.title.length * 2 + 4)),
      style: numFmtOf(col) ? { numFmt: numFmtOf(col) } : {},
    })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of records) {
    ws.addRow({ [ID_KEY]: Number(r.id), ...Object.fromEntries(columns.map((col) => [col.field, cellOf(col, r[col.field], refs, c.locale, zone)])) });
  }
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

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importXlsx, type ImportReport, type ImportRowError } from './transferImport.js';
