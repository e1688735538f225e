/**
 * Users/export and Users/import (SPEC §7 "Users and groups"): people as .xlsx (exceljs).
 *
 * Columns (titles are the fields' x-titles in the caller's locale, so an export imports as it is):
 * 姓名, 账号, 手机号码, 邮箱, 性别, 主部门, 所在部门 (full titles joined by 、), 职务, 职级, 人员类别,
 * 涉密等级, 状态, 排序. Dictionary fields hold labels, references hold names.
 *
 * Import adds new people only: every row is read, converted and validated (model, names, 账号 unique
 * in the database and in the file); when any row is bad nothing is stored and the answer lists
 * `{row, field, message}` for every problem (Excel row numbers, header = 1). Otherwise all rows are
 * stored in ONE transaction with an audit row each, and every new account gets a generated initial
 * password answered once in `passwords` (never stored in clear). At most 5,000 rows, 10 MB.
 */
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { newUuid, now } from '../../../../server/lib/clock.js';
import { badInput } from '../../../../server/lib/errors.js';
import { deptIdOfTitle, deptTitles } from '../../../../server/engine/refs.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { fieldTitle, recordProblem } from '../../../../server/engine/validation.js';
import { localText } from '../../../../server/api/Template/service.js';
import { hashPassword } from '../../../../server/services/password.js';
import { generatePassword } from './orgUserOps.js';
import { ApiError } from '../../../../server/lib/errors.js';
import { orgAudit, tr, type OrgCaller, type OrgRecord, type OrgService } from '../../../../server/services/orgCrud.js';

/** Fields of the sheet, in order. */
export const USER_SHEET_FIELDS = [
  'realname',
  'username',
  'mobile',
  'email',
  'gender',
  'dept',
  'departments',
  'position',
  'rank',
  'category',
  'clearance',
  'status',
  'sort',
];
/** Most rows one export or import holds. */
export const USER_SHEET_MAX_ROWS = 5_000;
/** Largest import file. */
export const USER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const SEP = '、';

/** A row problem of an import. */
export interface UserImportError {
  row: number;
  field?: string;
  message: string;
}

/** What Users/import answers. */
export interface UserImportReport {
  imported: number;
  errors: UserImportError[];
  /** Initial passwords of the new accounts (shown once). */
  passwords: { username: string; password: string }[];
}

interface Lookups {
  labels: Record<string, Map<string, string>>;
  values: Record<string, Map<string, string>>;
  names: Record<'position' | 'rank' | 'category', Map<number, string>>;
}

async function lookups(db: Kysely<DB>, svc: OrgService, c: OrgCaller): Promise<Lookups> {
  const s = await schemaStore(db);
  const labels: Lookups['labels'] = {};
  const values: Lookups['values'] = {};
  for (const [f, p] of Object.entries(svc.def.model.properties)) {
    const dict = p['x-dict'] ? s.registry.get('dict', p['x-dict']) : undefined;
    if (!dict) continue;
    labels[f] = new Map();
    values[f] = new Map();
    for (const it of dict.items) {
      const label = localText(s, c.locale, it.label) ?? it.label.d;
      labels[f].set(it.value, label);
      values[f].set(label, it.value);
      values[f].set(it.label.d, it.value);
      values[f].set(it.value, it.value);
    }
  }
  const [positions, ranks, cats] = await Promise.all([
    db.selectFrom('positions').select(['id', 'name']).execute(),
    db.selectFrom('ranks').select(['id', 'name']).execute(),
    db.selectFrom('person_categories').select(['id', 'name']).execute(),
  ]);
  const m = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  return { labels, values, names: { position: m(positions), rank: m(ranks), category: m(cats) } };
}

/** Users/export (body = list params): the .xlsx of every person the list selects; audited. */
export async function exportUsers(db: Kysely<DB>, svc: OrgService, c: OrgCaller, body: Record<string, unknown>): Promise<{ filename: string; buffer: Buffer }> {
  const template = body?.template === true || body?.template === 1 || body?.template === '1' || body?.template === 'true';
  const records: OrgRecord[] = [];
  if (!template) {
    for (let page = 1; ; page++) {
      const r = await svc.list(c, { ...body, current: page, pageSize: 200 });
      records.push(...r.list);
      if (r.list.length < 200) break;
      if (records.length > USER_SHEET_MAX_ROWS) throw badInput(tr(c, 'entity.exportTooMany', { count: r.total, limit: USER_SHEET_MAX_ROWS }));
    }
  }
  const look = await lookups(db, svc, c);
  const deptIds = new Set(records.flatMap((r) => (r.departments as number[]) ?? []));
  const titles = await deptTitles(db, deptIds);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(tr(c, 'org.sheetUsers'));
  ws.columns = USER_SHEET_FIELDS.map((f) => ({ header: fieldTitle(svc.def, f, c.locale), key: f, width: f === 'departments' ? 40 : 16 }));
  ws.getRow(1).font = { bold: true };
  for (const r of records) {
    const cell = (f: string): string | number | null => {
      const v = r[f];
      if (v === null || v === undefined) return null;
      if (look.labels[f]) return look.labels[f].get(String(v)) ?? String(v);
      if (f === 'dept') return titles[String(v)] ?? null;
      if (f === 'departments')
        return (v as number[])
          .map((d) => titles[String(d)])
          .filter(Boolean)
          .join(SEP);
      if (f === 'position' || f === 'rank' || f === 'category') return look.names[f].get(Number(v)) ?? null;
      return v as string | number;
    };
    ws.addRow(Object.fromEntries(USER_SHEET_FIELDS.map((f) => [f, cell(f)])));
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await db.transaction().execute((trx) => orgAudit(trx, svc.dialect, c, 'organization.user.export', 'organization.user', { rows: records.length, template }));
  return { filename: `${tr(c, 'org.sheetUsers')}.xlsx`, buffer };
}

function textOf(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && !(v instanceof Date)) {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('result' in v) return textOf(v.result as ExcelJS.CellValue);
    if ('text' in v) return String((v as { text: unknown }).text).trim();
    return '';
  }
  return String(v).trim();
}

/** Users/import: see the file comment. */
export async function importUsers(db: Kysely<DB>, svc: OrgService, c: OrgCaller, file: Buffer): Promise<UserImportReport> {
  svc.mustAdmin(c);
  if (file.length > USER_IMPORT_MAX_BYTES) throw badInput(tr(c, 'entity.importTooLarge', { limit: USER_IMPORT_MAX_BYTES / 1024 / 1024 }));
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw badInput(tr(c, 'entity.importNotXlsx'));
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badInput(tr(c, 'entity.importBadFile'));
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 2) throw badInput(tr(c, 'entity.importEmpty'));
  if (ws.rowCount - 1 > USER_SHEET_MAX_ROWS) throw badInput(tr(c, 'entity.importTooManyRows', { limit: USER_SHEET_MAX_ROWS }));
  const errors: UserImportError[] = [];
  const byTitle = new Map(USER_SHEET_FIELDS.map((f) => [fieldTitle(svc.def, f, c.locale), f]));
  const cols = new Map<number, string>();
  ws.getRow(1).eachCell((cell, n) => {
    const title = textOf(cell.value);
    if (!title) return;
    const f = byTitle.get(title) ?? (USER_SHEET_FIELDS.includes(title) ? title : undefined);
    if (f) cols.set(n, f);
    else errors.push({ row: 1, field: title, message: tr(c, 'entity.importUnknownColumn', { field: title }) });
  });
  const look = await lookups(db, svc, c);
  const ids = (f: 'position' | 'rank' | 'category') => new Map([...look.names[f]].map(([id, name]) => [name, id]));
  const nameIds = { position: ids('position'), rank: ids('rank'), category: ids('category') };
  const records: { row: number; rec: OrgRecord }[] = [];
  const seen = new Set<string>();
  const rows: { n: number; cells: Map<string, string> }[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const cells = new Map<string, string>();
    for (const [i, f] of cols) {
      const v = textOf(r.getCell(i).value);
      if (v) cells.set(f, v);
    }
    if (cells.size) rows.push({ n, cells });
  });
  if (!rows.length && !errors.length) throw badInput(tr(c, 'entity.importEmpty'));
  for (const { n, cells } of rows) {
    const rec: OrgRecord = { status: '1', clearance: '0', sort: 0 };
    const fail = (f: string, message: string) => errors.push({ row: n, field: fieldTitle(svc.def, f, c.locale), message });
    let bad = false;
    for (const [f, v] of cells) {
      const title = fieldTitle(svc.def, f, c.locale);
      if (look.values[f]) {
        const value = look.values[f].get(v);
        if (value !== undefined) rec[f] = value;
        else {
          bad = true;
          fail(f, tr(c, 'entity.importBadLabel', { field: title, value: v }));
        }
      } else if (f === 'dept' || f === 'departments') {
        const list: number[] = [];
        for (const name of f === 'dept'
          ? [v]
          : v
              .split(/[、,，;；]/)
              .map((x) => x.trim())
              .filter(Boolean)) {
          const id = await deptIdOfTitle(db, name);
          if (id !== undefined) list.push(id);
          else {
            bad = true;
            fail(f, tr(c, 'entity.importUnknownDept', { field: title, value: name }));
          }
        }
        rec[f] = f === 'dept' ? (list[0] ?? null) : list;
      } else if (f === 'position' || f === 'rank' || f === 'category') {
        const id = nameIds[f].get(v);
        if (id !== undefined) rec[f] = id;
        else {
          bad = true;
          fail(f, tr(c, 'org.unknownRef', { field: `${title}“${v}”` }));
        }
      } else rec[f] = f === 'sort' && /^\d+$/.test(v) ? Number(v) : v;
    }
    if (bad) continue;
    if (rec.dept != null && !((rec.departments as number[] | undefined) ?? []).includes(rec.dept as number))
      rec.departments = [rec.dept as number, ...((rec.departments as number[]) ?? [])];
    if (rec.dept == null && Array.isArray(rec.departments) && rec.departments.length) rec.dept = rec.departments[0];
    const problem = recordProblem(svc.def, rec, c.locale);
    if (problem) {
      fail(problem.field, problem.message);
      continue;
    }
    const name = String(rec.username);
    if (seen.has(name) || (await db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst())) {
      fail('username', tr(c, 'entity.duplicate', { field: fieldTitle(svc.def, 'username', c.locale) }));
      continue;
    }
    seen.add(name);
    records.push({ row: n, rec });
  }
  if (errors.length) return { imported: 0, errors, passwords: [] };
  const prepared = await Promise.all(records.map(async (r) => ({ ...r, password: generatePassword() })));
  const hashes = await Promise.all(prepared.map((p) => hashPassword(p.password)));
  let at = 0;
  const newIds: number[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const [i, p] of prepared.entries()) {
        at = p.row;
        const t = now();
        newIds.push(
          await svc.insertIn(
            trx,
            c,
            p.rec,
            {
              uuid: newUuid(),
              password_hash: hashes[i],
              password_changed_at: t,
              password_initial: 1,
              created_at: t,
              updated_at: t,
              is_admin: 0,
              current_dept_id: p.rec.dept ?? null,
            },
            'import',
          ),
        );
      }
    });
  } catch (e) {
    let err = e;
    if (!(e instanceof ApiError)) {
      try {
        svc.constraint(c, e);
      } catch (x) {
        err = x;
      }
    }
    if (err instanceof ApiError) return { imported: 0, errors: [{ row: at, message: err.message }], passwords: [] };
    throw err;
  }
  await svc.res.invalidate(db, newIds);
  return { imported: prepared.length, errors: [], passwords: prepared.map((p) => ({ username: String(p.rec.username), password: p.password })) };
}
