/**
 * 发文字号 (document numbers) of official documents (GB/T 9704-2012 7.2.4): per 文号类型 ("mark", the
 * 机关代字 of an issuing organ, services/docMarks.ts) and year, 机关代字〔年份〕序号号 — e.g. 京政发〔2026〕12号.
 *
 * Rules:
 * - A year's sequence has no gaps and no duplicates: a number is handed out as the lowest cancelled (作废) seq of
 *   the mark and year first, else max(seq) + 1 (at least the mark's `start_seq`); a new year starts at `start_seq`.
 * - Two numberings at once never get the same seq: each runs in one transaction that first locks the mark's row
 *   (`select … for update` on PostgreSQL; SQLite transactions are serialised), and (mark_id, year, seq) is unique.
 * - A document (`doc_entity` + `doc_id`) holds at most one live (reserved or used) number: asking again answers
 *   the number it holds (idempotent); asking under another mark is refused until that number is cancelled.
 * - 预留 (reserve) holds a number for a document before it is finished; 编号 (take) numbers it for good (a held
 *   reservation becomes used); 作废 (cancel, with a reason) frees the seq again, except for a number whose
 *   document was already sent (分发, `markNumberSent`).
 *
 * Every function accepts the database or a caller's transaction (then it runs inside it, e.g. the flow's 编号
 * step) and writes an audit row (services/audit.ts) for every change. Bad input throws the -1 ApiError of
 * lib/errors.ts with a message naming the field, in `locale` (default zh-CN).
 */
import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, DocMarkNumberTable } from '../../../../server/db/types.js';
import type { Locale } from '../../../../shared/constants.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';
import { timeZone, wallTime } from '../../../../../engine/expr/zone.js';

/** The database or a transaction on it. */
export type Db = Kysely<DB> | Transaction<DB>;

/** Entities whose records may hold a 发文字号: 发文 (schemas/document/entities/send.json). */
export const NUMBERED_ENTITIES: readonly string[] = ['document.send'];

/** Years a number may belong to. */
export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

/** Longest 作废 reason (characters). */
export const REASON_MAX = 200;

/** reserved (预留) | used (编号) | cancelled (作废). */
export type NumberStatus = 'reserved' | 'used' | 'cancelled';

/** Who asks (user id for `reserved_by` and the audit row; locale of error messages). */
export interface NumberCaller {
  userId: number;
  username?: string | null;
  ip?: string | null;
  locale?: Locale;
}

/** A handed-out number as the API answers it; times are epoch ms. */
export interface NumberView {
  id: number;
  mark_id: number;
  year: number;
  seq: number;
  /** Formatted, e.g. 京政发〔2026〕12号. */
  number: string;
  status: NumberStatus;
  doc_entity: string | null;
  doc_id: number | null;
  reserved_by: number | null;
  created_at: number;
  used_at: number | null;
  cancelled_at: number | null;
  sent_at: number | null;
  reason: string | null;
}

/** Input of takeNumber / reserveNumber: the mark, the year (default: this year, Beijing time) and the document. */
export interface NumberRequest extends NumberCaller {
  markId: number;
  year?: number;
  /** Entity of the document, one of NUMBERED_ENTITIES. The caller is responsible for the record existing. */
  docEntity: string;
  docId: number;
}

/**
 * The 发文字号 text of GB/T 9704-2012 7.2.4: 机关代字, the year in 六角括号 〔〕, the seq in Arabic numerals
 * without leading zeros and without 第, then 号. `formatDocNumber('京政发', 2026, 12)` → '京政发〔2026〕12号'.
 * Throws RangeError for a seq or year that is not a positive integer.
 */
export function formatDocNumber(orgCode: string, year: number, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`seq ${seq}`);
  if (!Number.isInteger(year) || year < 1) throw new RangeError(`year ${year}`);
  return `${orgCode}〔${year}〕${seq}号`;
}

/** The calendar year at epoch ms `at` in the organisation's zone (services/orgZone.ts), the default year of a number. */
export function numberingYear(at: number = now()): number {
  return wallTime(at, timeZone()).year;
}

/** Whether `db` is PostgreSQL. */
export function isPg(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Runs `fn` in the caller's transaction, or in a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}

const t = (c: { locale?: Locale }, key: string, params?: Record<string, string | number>) => translate(c.locale ?? 'zh-CN', key, params);
const field = (c: { locale?: Locale }, key: string) => t(c, `field.${key}`);

interface MarkRow {
  id: number;
  org_code: string;
  start_seq: number;
  status: number;
}

type NumberRow = Selectable<DocMarkNumberTable>;

function view(r: NumberRow, orgCode: string): NumberView {
  return {
    id: r.id,
    mark_id: r.mark_id,
    year: r.year,
    seq: r.seq,
    number: formatDocNumber(orgCode, r.year, r.seq),
    status: r.status as NumberStatus,
    doc_entity: r.doc_entity,
    doc_id: r.doc_id,
    reserved_by: r.reserved_by,
    created_at: Number(r.created_at),
    used_at: r.used_at === null ? null : Number(r.used_at),
    cancelled_at: r.cancelled_at === null ? null : Number(r.cancelled_at),
    sent_at: r.sent_at === null ? null : Number(r.sent_at),
    reason: r.reason,
  };
}

/** The mark's row, locked for the rest of `trx` on PostgreSQL; -1 naming mark_id when absent. */
async function lockMark(trx: Transaction<DB>, c: NumberCaller, markId: number): Promise<MarkRow> {
  let q = trx.selectFrom('doc_marks').select(['id', 'org_code', 'start_seq', 'status']).where('id', '=', markId);
  if (isPg(trx)) q = q.forUpdate();
  const mark = await q.executeTakeFirst();
  if (!mark) throw badInput(t(c, 'docNumber.notFound', { field: field(c, 'markId') }));
  return mark;
}

function checkDocument(c: NumberCaller, input: { docEntity: string; docId: number; year?: number }): void {
  if (!NUMBERED_ENTITIES.includes(input.docEntity)) throw badInput(t(c, 'validate.enum', { field: field(c, 'docEntity') }));
  if (!Number.isInteger(input.docId) || input.docId < 1) throw badInput(t(c, 'validate.invalid', { field: field(c, 'docId') }));
  if (input.year !== undefined && (!Number.isInteger(input.year) || input.year < YEAR_MIN || input.year > YEAR_MAX)) {
    throw badInput(t(c, 'validate.invalid', { field: field(c, 'year') }));
  }
}

/**
 * The seq the next number of each mark in `year` gets (lowest cancelled seq, else max(seq) + 1, at least
 * start_seq), by mark id. Reads only; the answer may be taken by someone else before it is used.
 */
export async function nextSeqs(db: Db, marks: { id: number; start_seq: number }[], year: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!marks.length) return out;
  const ids = marks.map((m) => m.id);
  const rows = await db
    .selectFrom('doc_mark_numbers')
    .select((eb) => ['mark_id', eb.fn.max('seq').as('max_seq')])
    .where('mark_id', 'in', ids)
    .where('year', '=', year)
    .groupBy('mark_id')
    .execute();
  const free = await db
    .selectFrom('doc_mark_numbers')
    .select((eb) => ['mark_id', eb.fn.min('seq').as('min_seq')])
    .where('mark_id', 'in', ids)
    .where('year', '=', year)
    .where('status', '=', 'cancelled')
    .groupBy('mark_id')
    .execute();
  const maxOf = new Map(rows.map((r) => [r.mark_id, Number(r.max_seq)]));
  const freeOf = new Map(free.map((r) => [r.mark_id, Number(r.min_seq)]));
  for (const m of marks) {
    const max = maxOf.get(m.id);
    out.set(m.id, freeOf.get(m.id) ?? Math.max(max === undefined ? 0 : max + 1, m.start_seq));
  }
  return out;
}

/** The live (reserved or used) number a document holds, or undefined. */
async function heldBy(db: Db, docEntity: string, docId: number): Promise<NumberRow | undefined> {
  return db
    .selectFrom('doc_mark_numbers')
    .selectAll()
    .where('doc_entity', '=', docEntity)
    .where('doc_id', '=', docId)
    .where('status', 'in', ['reserved', 'used'])
    .orderBy('id')
    .executeTakeFirst() as Promise<NumberRow | undefined>;
}

/** Hands out the next number of `mark` in `year` to the document, with `status`. */
async function allocate(trx: Transaction<DB>, mark: MarkRow, year: number, status: 'reserved' | 'used', input: NumberRequest): Promise<NumberRow> {
  const at = now();
  const seq = (await nextSeqs(trx, [mark], year)).get(mark.id)!;
  const values = {
    status,
    doc_entity: input.docEntity,
    doc_id: input.docId,
    reserved_by: input.userId,
    created_at: at,
    used_at: status === 'used' ? at : null,
    cancelled_at: null,
    sent_at: null,
    reason: null,
  };
  const reused = await trx
    .updateTable('doc_mark_numbers')
    .set(values)
    .where('mark_id', '=', mark.id)
    .where('year', '=', year)
    .where('seq', '=', seq)
    .where('status', '=', 'cancelled')
    .returningAll()
    .executeTakeFirst();
  if (reused) return reused as NumberRow;
  return (await trx
    .insertInto('doc_mark_numbers')
    .values({ mark_id: mark.id, year, seq, ...values })
    .returningAll()
    .executeTakeFirstOrThrow()) as NumberRow;
}

/** Applies `patch` to number row `id` and answers the row. */
async function update(trx: Transaction<DB>, id: number, patch: Partial<Omit<NumberRow, 'id'>>): Promise<NumberRow> {
  return (await trx.updateTable('doc_mark_numbers').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow()) as NumberRow;
}

async function record(trx: Transaction<DB>, c: NumberCaller, event: string, n: NumberView, detail?: Record<string, unknown>): Promise<void> {
  await audit(trx, isPg(trx) ? 'pg' : 'sqlite', {
    userId: c.userId,
    username: c.username ?? null,
    ip: c.ip ?? null,
    event,
    object: `doc_mark_number:${n.id}`,
    result: 'success',
    detail: { number: n.number, status: n.status, doc: n.doc_entity ? `${n.doc_entity}:${n.doc_id}` : null, ...detail },
  });
}

async function obtain(db: Db, input: NumberRequest, status: 'reserved' | 'used'): Promise<NumberView> {
  checkDocument(input, input);
  return inTransaction(db, async (trx) => {
    const mark = await lockMark(trx, input, input.markId);
    const held = await heldBy(trx, input.docEntity, input.docId);
    if (held && held.mark_id !== mark.id) {
      const other = await trx.selectFrom('doc_marks').select('org_code').where('id', '=', held.mark_id).executeTakeFirstOrThrow();
      const number = formatDocNumber(other.org_code, held.year, held.seq);
      throw badInput(t(input, 'docNumber.docHasNumber', { field: field(input, 'docId'), number }));
    }
    if (held) {
      if (status === 'reserved' || held.status === 'used') return view(held, mark.org_code);
      const v = view(await update(trx, held.id, { status: 'used', used_at: now() }), mark.org_code);
      await record(trx, input, 'docNumber.use', v);
      return v;
    }
    if (mark.status !== 1) throw badInput(t(input, 'docNumber.markDisabled', { field: field(input, 'markId') }));
    const row = await allocate(trx, mark, input.year ?? numberingYear(), status, input);
    const v = view(row, mark.org_code);
    await record(trx, input, status === 'used' ? 'docNumber.take' : 'docNumber.reserve', v);
    return v;
  });
}

/**
 * 编号: the number of document `docEntity`/`docId` under mark `markId` for good (status used). A number the document
 * already holds under that mark is answered again (a reservation becomes used); otherwise the lowest cancelled seq
 * of the mark and year, else the next one. Throws -1 naming the field: unknown mark, or disabled when a new number
 * is needed (mark_id); an entity not in NUMBERED_ENTITIES; a bad doc id or year; a document holding a number under
 * another mark (id). Inside a caller's transaction on PostgreSQL, call it before anything in that transaction
 * writes an audit row: it locks the mark row first and the audit chain's lock after, so the other order in two
 * transactions at once would deadlock.
 */
export function takeNumber(db: Db, input: NumberRequest): Promise<NumberView> {
  return obtain(db, input, 'used');
}

/**
 * 预留: holds the next number of mark `markId` for a document before it is finished (status reserved); answers
 * the number the document already holds under that mark instead. Errors as takeNumber.
 */
export function reserveNumber(db: Db, input: NumberRequest): Promise<NumberView> {
  return obtain(db, input, 'reserved');
}

/** The number row `numberId` locked with its mark; -1 naming number_id when absent. */
async function lockNumber(trx: Transaction<DB>, c: NumberCaller, numberId: number): Promise<{ row: NumberRow; mark: MarkRow }> {
  const found = await trx.selectFrom('doc_mark_numbers').select('mark_id').where('id', '=', numberId).executeTakeFirst();
  if (!found) throw badInput(t(c, 'docNumber.notFound', { field: field(c, 'numberId') }));
  const mark = await lockMark(trx, c, found.mark_id);
  const row = (await trx.selectFrom('doc_mark_numbers').selectAll().where('id', '=', numberId).executeTakeFirstOrThrow()) as NumberRow;
  return { row, mark };
}

/**
 * Reserved → used: the document holding reservation `numberId` is numbered for good. A used number is answered
 * as it is; a cancelled one (or an unknown id) throws -1 naming number_id.
 */
export function markNumberUsed(db: Db, input: NumberCaller & { numberId: number }): Promise<NumberView> {
  return inTransaction(db, async (trx) => {
    const { row, mark } = await lockNumber(trx, input, input.numberId);
    if (row.status === 'used') return view(row, mark.org_code);
    const number = formatDocNumber(mark.org_code, row.year, row.seq);
    if (row.status !== 'reserved') throw badInput(t(input, 'docNumber.notReserved', { field: field(input, 'numberId'), number }));
    const v = view(await update(trx, row.id, { status: 'used', used_at: now() }), mark.org_code);
    await record(trx, input, 'docNumber.use', v);
    return v;
  });
}

/**
 * 作废 number `numberId` with `reason` (1–REASON_MAX characters): its seq is handed out again first. Throws -1
 * naming the field: unknown or already cancelled number (number_id), a number whose document was already sent
 * (number_id), an empty or too long reason (reason).
 */
export function cancelNumber(db: Db, input: NumberCaller & { numberId: number; reason: string }): Promise<NumberView> {
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw badInput(t(input, 'validate.required', { field: field(input, 'reason') }));
  if (reason.length > REASON_MAX) throw badInput(t(input, 'validate.maxLength', { field: field(input, 'reason'), limit: REASON_MAX }));
  return inTransaction(db, async (trx) => {
    const { row, mark } = await lockNumber(trx, input, input.numberId);
    const number = formatDocNumber(mark.org_code, row.year, row.seq);
    if (row.status === 'cancelled') throw badInput(t(input, 'docNumber.alreadyCancelled', { field: field(input, 'numberId'), number }));
    if (row.sent_at !== null) throw badInput(t(input, 'docNumber.sent', { field: field(input, 'numberId'), number }));
    const v = view(await update(trx, row.id, { status: 'cancelled', cancelled_at: now(), reason }), mark.org_code);
    await record(trx, input, 'docNumber.cancel', v, { before: row.status, reason });
    return v;
  });
}

/**
 * Records that document `docEntity`/`docId` was sent (分发): its used number can no longer be cancelled. Answers
 * the number, or null when the document holds no used number. Call it in the transaction that sends the document.
 */
export function markNumberSent(db: Db, input: NumberCaller & { docEntity: string; docId: number }): Promise<NumberView | null> {
  return inTransaction(db, async (trx) => {
    const held = await heldBy(trx, input.docEntity, input.docId);
    if (!held || held.status !== 'used') return null;
    const { row, mark } = await lockNumber(trx, input, held.id);
    if (row.sent_at !== null) return view(row, mark.org_code);
    const v = view(await update(trx, row.id, { sent_at: now() }), mark.org_code);
    await record(trx, input, 'docNumber.sent', v);
    return v;
  });
}

/** The live (reserved or used) number document `docEntity`/`docId` holds, or null. */
export async function documentNumber(db: Db, docEntity: string, docId: number): Promise<NumberView | null> {
  const held = await heldBy(db, docEntity, docId);
  if (!held) return null;
  const mark = await db.selectFrom('doc_marks').select('org_code').where('id', '=', held.mark_id).executeTakeFirstOrThrow();
  return view(held, mark.org_code);
}

/** A page of a mark's numbers in a year, plus the seq and text the next number would get. */
export interface NumberPage {
  list: (NumberView & { reserved_by_name: string | null })[];
  total: number;
  next_seq: number;
  preview: string;
}

/**
 * The numbers of mark `markId` in `year` (default this year), highest seq first, optionally of one status;
 * `current` from 1, `pageSize` rows (default 50). Throws -1 naming mark_id for an unknown mark.
 */
export async function listNumbers(
  db: Db,
  input: { markId: number; year?: number; status?: NumberStatus; current?: number; pageSize?: number; locale?: Locale },
): Promise<NumberPage> {
  const year = input.year ?? numberingYear();
  const mark = await db.selectFrom('doc_marks').select(['id', 'org_code', 'start_seq']).where('id', '=', input.markId).executeTakeFirst();
  if (!mark) throw badInput(t(input, 'docNumber.notFound', { field: field(input, 'markId') }));
  const current = input.current ?? 1;
  const pageSize = input.pageSize ?? 50;
  let q = db.selectFrom('doc_mark_numbers').where('mark_id', '=', mark.id).where('year', '=', year);
  if (input.status) q = q.where('status', '=', input.status);
  const [rows, count, next] = await Promise.all([
    q
      .leftJoin('users', 'users.id', 'doc_mark_numbers.reserved_by')
      .selectAll('doc_mark_numbers')
      .select('users.realname as reserved_by_name')
      .orderBy('doc_mark_numbers.seq', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    nextSeqs(db, [mark], year),
  ]);
  const nextSeq = next.get(mark.id)!;
  return {
    list: rows.map((r) => ({ ...view(r as NumberRow, mark.org_code), reserved_by_name: r.reserved_by_name ?? null })),
    total: Number(count.n),
    next_seq: nextSeq,
    preview: formatDocNumber(mark.org_code, year, nextSeq),
  };
}
