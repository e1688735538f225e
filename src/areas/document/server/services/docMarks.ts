/**
 * 文号类型 ("marks") of 发文字号 (SPEC §7 /api/mark, editMark, deleteMark, markList): the name,
 * 机关代字 (`org_code`, unique, GB/T 9704-2012 7.2.4), issuing organ, 公文种类 it is meant for (dict document_type),
 * first seq of a year, order and status of each sequence of numbers. The numbers themselves: ./docNumbers.ts.
 *
 * Rules: a mark under which numbers are live (reserved or used) cannot be deleted (only disabled) and cannot change
 * its 机关代字 (the numbers already on documents would no longer match; make a new mark instead). Every change is
 * one transaction with its audit row. Bad input throws -1 naming the field (lib/errors.ts badInput).
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, DocMarkTable } from '../../../../server/db/types.js';
import type { Locale } from '../../../../shared/constants.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { audit } from '../../../../server/services/audit.js';
import { formatDocNumber, isPg, nextSeqs, numberingYear, type NumberCaller } from './docNumbers.js';

/** Dictionary of 公文种类 codes a mark may name in `doc_kinds`. */
export const DOC_KIND_DICT = 'document_type';
/** Length limits of name and 机关代字 (characters), largest start_seq and sort. */
export const MARK_NAME_MAX = 50;
export const ORG_CODE_MAX = 20;
export const START_SEQ_MAX = 999_999;
export const SORT_MAX = 999_999;
/** Length limit of 发文机关标志, 署名 and 印发机关 (characters; the columns of migration 0022). */
export const ORGAN_TEXT_MAX = 50;
/** A red_color: '#RRGGBB'. */
export const RED_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** A 机关代字: no blanks and none of the brackets the formatted number uses around the year. */
const ORG_CODE = /^[^\s〔〕[\]()（）{}<>]+$/u;

/** Fields of mark / editMark (snake_case as the API sends them); absent fields are left as they are on edit. */
export interface MarkInput {
  name?: string;
  org_code?: string;
  unit_id?: number | null;
  doc_kinds?: string[] | null;
  start_seq?: number;
  sort?: number;
  status?: number;
  /** 套红 (GB/T 9704-2012 7.2.4, 7.3.5, 7.4.3): 发文机关标志, 署名, 印发机关 ('' or null clears), '#RRGGBB'. */
  organ_mark?: string | null;
  issuer_org?: string | null;
  print_org?: string | null;
  red_color?: string;
  /** The same as `status` as a flag (the generic form's switch); `status` wins when both are given. */
  enabled?: boolean;
}

/** A mark as the API answers it, with the seq and text the next number of this year would get. */
export interface MarkView {
  id: number;
  name: string;
  org_code: string;
  unit_id: number | null;
  unit_name: string | null;
  /** 公文种类 codes; empty: any. */
  doc_kinds: string[];
  start_seq: number;
  sort: number;
  status: number;
  created_at: number;
  updated_at: number;
  next_seq: number;
  /** e.g. 京政发〔2026〕13号. */
  preview: string;
  /** 套红 of the issuing organ; null: none (the 发文 falls back to its own fields / unit). */
  organ_mark: string | null;
  issuer_org: string | null;
  print_org: string | null;
  red_color: string;
  /** `status` as a flag (the generic list and form, schemas/document/entities/mark.json). */
  enabled: boolean;
  /** Raised by every edit; editMark with another one is refused. */
  version: number;
}

/** markList filters; `includeDisabled` false shows enabled marks only whatever `status` says. */
export interface MarkQuery {
  keyword?: string;
  unit_id?: number;
  status?: number;
  current?: number;
  pageSize?: number;
  /** Order of the generic list (`sort`: name, org_code, sort, status, start_seq); default sort then id. */
  sort?: { field: string; order: 'asc' | 'desc' };
  includeDisabled: boolean;
  locale?: Locale;
}

/** Fields markList may be sorted by. */
export const MARK_SORT_FIELDS = ['name', 'org_code', 'sort', 'status', 'start_seq'] as const;

type MarkRow = Selectable<DocMarkTable>;

const t = (c: { locale?: Locale }, key: string, params?: Record<string, string | number>) => translate(c.locale ?? 'zh-CN', key, params);
const field = (c: { locale?: Locale }, key: string) => t(c, `field.${key}`);

function kindsOf(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/** Rows as MarkView, with unit names and the next number of `year`. */
async function present(db: Kysely<DB> | Transaction<DB>, rows: MarkRow[], year: number): Promise<MarkView[]> {
  const unitIds = [...new Set(rows.map((r) => r.unit_id).filter((v): v is number => v !== null))];
  const units = unitIds.length ? await db.selectFrom('departments').select(['id', 'name']).where('id', 'in', unitIds).execute() : [];
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  const next = await nextSeqs(db, rows, year);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    org_code: r.org_code,
    unit_id: r.unit_id,
    unit_name: r.unit_id === null ? null : (unitName.get(r.unit_id) ?? null),
    doc_kinds: kindsOf(r.doc_kinds),
    start_seq: r.start_seq,
    sort: r.sort,
    status: r.status,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    next_seq: next.get(r.id)!,
    preview: formatDocNumber(r.org_code, year, next.get(r.id)!),
    organ_mark: r.organ_mark,
    issuer_org: r.issuer_org,
    print_org: r.print_org,
    red_color: r.red_color,
    enabled: r.status === 1,
    version: Number(r.version),
  }));
}

/** Marks by sort then id, filtered and paged (current from 1, pageSize default 20). */
export async function listMarks(db: Kysely<DB>, q: MarkQuery): Promise<{ list: MarkView[]; total: number }> {
  let base = db.selectFrom('doc_marks');
  if (!q.includeDisabled) base = base.where('status', '=', 1);
  else if (q.status === 0 || q.status === 1) base = base.where('status', '=', q.status);
  if (q.unit_id) base = base.where('unit_id', '=', q.unit_id);
  const kw = q.keyword?.trim().toLowerCase();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    base = base.where(sql<boolean>`(lower(name) like ${like} escape '\\' or lower(org_code) like ${like} escape '\\')`);
  }
  const current = q.current ?? 1;
  const pageSize = q.pageSize ?? 20;
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    (q.sort && (MARK_SORT_FIELDS as readonly string[]).includes(q.sort.field)
      ? base.selectAll().orderBy(q.sort.field as (typeof MARK_SORT_FIELDS)[number], q.sort.order)
      : base.selectAll()
    )
      .orderBy('sort')
      .orderBy('id')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
  ]);
  return { list: await present(db, rows, numberingYear()), total: Number(count.n) };
}

/** The checked column values of `input` (only the fields present), or -1 naming the first bad field. */
async function checked(db: Kysely<DB>, c: NumberCaller, input: MarkInput, creating: boolean): Promise<Partial<Omit<MarkRow, 'id'>>> {
  const out: Partial<Omit<MarkRow, 'id'>> = {};
  const text = (v: unknown, key: string, max: number): string => {
    const s = typeof v === 'string' ? v.trim() : '';
    if (!s) throw badInput(t(c, 'validate.required', { field: field(c, key) }));
    if (s.length > max) throw badInput(t(c, 'validate.maxLength', { field: field(c, key), limit: max }));
    return s;
  };
  const int = (v: unknown, key: string, min: number, max: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v)) throw badInput(t(c, 'validate.type', { field: field(c, key) }));
    if (v < min) throw badInput(t(c, 'validate.minimum', { field: field(c, key), limit: min }));
    if (v > max) throw badInput(t(c, 'validate.maximum', { field: field(c, key), limit: max }));
    return v;
  };
  if (creating || input.name !== undefined) out.name = text(input.name, 'markName', MARK_NAME_MAX);
  if (creating || input.org_code !== undefined) {
    out.org_code = text(input.org_code, 'orgCode', ORG_CODE_MAX);
    if (!ORG_CODE.test(out.org_code)) throw badInput(t(c, 'validate.format', { field: field(c, 'orgCode') }));
  }
  if (input.unit_id !== undefined && input.unit_id !== null) {
    const unit = await db
      .selectFrom('departments')
      .select('id')
      .where('id', '=', int(input.unit_id, 'unitId', 1, Number.MAX_SAFE_INTEGER))
      .executeTakeFirst();
    if (!unit) throw badInput(t(c, 'docNumber.notFound', { field: field(c, 'unitId') }));
    out.unit_id = unit.id;
  } else if (input.unit_id === null) out.unit_id = null;
  if (input.doc_kinds !== undefined) {
    if (input.doc_kinds !== null && !Array.isArray(input.doc_kinds)) throw badInput(t(c, 'validate.type', { field: field(c, 'docKinds') }));
    const kinds = [...new Set((input.doc_kinds ?? []).map((k) => String(k)))];
    if (kinds.length) {
      const dict = (await schemaStore(db)).registry.dicts().find((d) => d.id === DOC_KIND_DICT);
      const known = new Set((dict?.items ?? []).map((i) => i.value));
      if (kinds.some((k) => !known.has(k))) throw badInput(t(c, 'validate.enum', { field: field(c, 'docKinds') }));
    }
    out.doc_kinds = kinds.length ? JSON.stringify(kinds) : null;
  }
  if (input.start_seq !== undefined) out.start_seq = int(input.start_seq, 'startSeq', 1, START_SEQ_MAX);
  if (input.sort !== undefined) out.sort = int(input.sort, 'sort', 0, SORT_MAX);
  if (input.status !== undefined) {
    if (input.status !== 0 && input.status !== 1) throw badInput(t(c, 'validate.enum', { field: field(c, 'status') }));
    out.status = input.status;
  } else if (input.enabled !== undefined) {
    if (typeof input.enabled !== 'boolean') throw badInput(t(c, 'validate.type', { field: field(c, 'status') }));
    out.status = input.enabled ? 1 : 0;
  }
  const optional = (v: unknown, key: string): string | null => {
    if (v === null) return null;
    if (typeof v !== 'string') throw badInput(t(c, 'validate.type', { field: field(c, key) }));
    const s = v.trim();
    if (s.length > ORGAN_TEXT_MAX) throw badInput(t(c, 'validate.maxLength', { field: field(c, key), limit: ORGAN_TEXT_MAX }));
    return s || null;
  };
  if (input.organ_mark !== undefined) out.organ_mark = optional(input.organ_mark, 'organMark');
  if (input.issuer_org !== undefined) out.issuer_org = optional(input.issuer_org, 'issuerOrg');
  if (input.print_org !== undefined) out.print_org = optional(input.print_org, 'printOrg');
  if (input.red_color !== undefined) {
    if (typeof input.red_color !== 'string' || !RED_COLOR.test(input.red_color.trim()))
      throw badInput(t(c, 'validate.format', { field: field(c, 'redColor') }));
    out.red_color = input.red_color.trim().toUpperCase();
  }
  return out;
}

async function uniqueCode(trx: Transaction<DB>, c: NumberCaller, code: string, exceptId: number | null): Promise<void> {
  let q = trx.selectFrom('doc_marks').select('id').where('org_code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw badInput(t(c, 'docNumber.orgCodeTaken', { field: field(c, 'orgCode'), code }));
}

/** How many live (reserved or used) numbers the mark has. */
async function liveNumbers(trx: Transaction<DB>, markId: number): Promise<number> {
  const r = await trx
    .selectFrom('doc_mark_numbers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mark_id', '=', markId)
    .where('status', 'in', ['reserved', 'used'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function record(trx: Transaction<DB>, c: NumberCaller, event: string, id: number, detail: unknown): Promise<void> {
  const who = { userId: c.userId, username: c.username ?? null, ip: c.ip ?? null };
  await audit(trx, isPg(trx) ? 'pg' : 'sqlite', { ...who, event, object: `doc_mark:${id}`, result: 'success', detail });
}

/** Creates a mark (name and org_code required; start_seq 1, sort 0, status 1 by default). */
export async function createMark(db: Kysely<DB>, c: NumberCaller, input: MarkInput): Promise<MarkView> {
  const values = await checked(db, c, input, true);
  return db.transaction().execute(async (trx) => {
    await uniqueCode(trx, c, values.org_code!, null);
    const at = now();
    const row = await trx
      .insertInto('doc_marks')
      .values({
        name: values.name!,
        org_code: values.org_code!,
        unit_id: values.unit_id ?? null,
        doc_kinds: values.doc_kinds ?? null,
        start_seq: values.start_seq ?? 1,
        sort: values.sort ?? 0,
        status: values.status ?? 1,
        organ_mark: values.organ_mark ?? null,
        issuer_org: values.issuer_org ?? null,
        print_org: values.print_org ?? null,
        ...(values.red_color ? { red_color: values.red_color } : {}),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(trx, c, 'docMark.add', row.id, { after: row });
    return (await present(trx, [row], numberingYear()))[0];
  });
}

/** The mark `id` locked for the transaction on PostgreSQL; -1 naming id when absent. */
async function lockMark(trx: Transaction<DB>, c: NumberCaller, id: number): Promise<MarkRow> {
  let q = trx.selectFrom('doc_marks').selectAll().where('id', '=', id);
  if (isPg(trx)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw badInput(t(c, 'docNumber.notFound', { field: field(c, 'markId') }));
  return row;
}

/**
 * Changes the fields present in `input`; -1 for an unknown id, a 机关代字 taken or changed under live numbers, or a
 * `version` other than the stored one (entity.stale). Raises the version.
 */
export async function editMark(db: Kysely<DB>, c: NumberCaller, id: number, input: MarkInput, version?: number): Promise<MarkView> {
  const values = await checked(db, c, input, false);
  return db.transaction().execute(async (trx) => {
    const before = await lockMark(trx, c, id);
    if (version !== undefined && version !== Number(before.version)) throw badInput(t(c, 'entity.stale'));
    if (values.org_code !== undefined && values.org_code !== before.org_code) {
      await uniqueCode(trx, c, values.org_code, id);
      if (await liveNumbers(trx, id)) throw badInput(t(c, 'docNumber.orgCodeInUse', { field: field(c, 'orgCode') }));
    }
    const row = await trx
      .updateTable('doc_marks')
      .set({ ...values, updated_at: now(), version: Number(before.version) + 1 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await record(trx, c, 'docMark.edit', id, { before, after: row });
    return (await present(trx, [row], numberingYear()))[0];
  });
}

/**
 * Deletes the marks `ids` with their cancelled numbers, all or none in one transaction; -1 for an unknown id or when
 * numbers are live under one (disable it instead). Answers how many.
 */
export async function deleteMarks(db: Kysely<DB>, c: NumberCaller, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const before = await lockMark(trx, c, id);
      if (await liveNumbers(trx, id)) throw badInput(t(c, 'docNumber.markInUse', { field: field(c, 'markId'), name: before.name }));
      await trx.deleteFrom('doc_mark_numbers').where('mark_id', '=', id).execute();
      await trx.deleteFrom('doc_marks').where('id', '=', id).execute();
      await record(trx, c, 'docMark.delete', id, { before });
    }
    return ids.length;
  });
}

/** Deletes mark `id` (see deleteMarks); answers its id. */
export async function deleteMark(db: Kysely<DB>, c: NumberCaller, id: number): Promise<{ deleted: number }> {
  await deleteMarks(db, c, [id]);
  return { deleted: id };
}
