/**
 * Distribution and sign-for of official documents (公文分发 / 签收; SPEC §7 gwqsList, gwqsCount, gwqsSign,
 * gwqsDelete, signinfo; table doc_receipts of migration 0014).
 *
 * - When a 发文's 分发 step is done, every 主送 and 抄送 unit gets one pending receipt, and the people of that unit
 *   who may sign for documents (permission `document:receive`, the 文书收发员) a reminder of kind 14 (SPEC §4).
 * - A receiving clerk sees the receipts of their own unit(s) classified at most their clearance (DESIGN §7), signs
 *   for one (签收: a 收文 is registered from it and its flow starts with the clerk as initiator, in the same
 *   transaction) or returns it (退回) with a reason. A receipt is decided once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import type { Dialect } from '../../../../server/db/index.js';
import { translate } from '../../../../server/i18n/index.js';
import { badInput } from '../../../../server/lib/errors.js';
import { now } from '../../../../server/lib/clock.js';
import type { Locale } from '../../../../shared/constants.js';
import { unitOf } from '../../../../server/engine/scope.js';
import { addMessages, MESSAGE_TYPES, readReminders } from '../../../../server/services/messages.js';
import { clearanceOf } from '../../../../server/services/clearance.js';
import { userMenus } from '../../../../server/services/menu.js';

/** The permission of people who sign for documents on behalf of their unit. */
export const RECEIVE_CODE = 'document:receive';
/** Longest 退回 reason. */
export const RETURN_REASON_MAX = 500;

type Db = Kysely<DB> | Transaction<DB>;

/** A receipt as the sign-for list shows it (src/areas/document/client/data/document.ts SignForItem). */
export interface ReceiptView {
  id: number;
  send_id: number;
  flow_id: number;
  title: string;
  doc_number: string | null;
  from_unit: string;
  unit_id: number;
  unit_name: string;
  role: string;
  secret_level: string;
  urgency: string;
  status: string;
  sent_at: number;
  signed_at: number | null;
  signed_by_name: string | null;
  reason: string | null;
  receive_flow_id: number | null;
}

/** Integer ids of a department field value (an id, a list, JSON text of a list). */
function idsOf(v: unknown): number[] {
  let list: unknown = v;
  if (typeof v === 'string' && v.trim().startsWith('[')) {
    try {
      list = JSON.parse(v);
    } catch {
      list = [];
    }
  }
  const arr = Array.isArray(list) ? list : list == null || list === '' ? [] : [list];
  return [...new Set(arr.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

/** Users of unit `unitId` (its own department and those under it) holding `code`. */
export async function unitHoldersOf(db: Db, unitId: number, code: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_departments as ud')
    .innerJoin('users as u', 'u.id', 'ud.user_id')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'r.id')
    .select(['u.id as id', 'ud.dept_id as dept'])
    .where('rp.code', '=', code)
    .where('r.status', '=', 1)
    .where('u.status', '=', 1)
    .execute();
  const out = new Set<number>();
  for (const r of rows) if ((await unitOf(db as Kysely<DB>, r.dept)) === unitId) out.add(r.id);
  return [...out];
}

/** The units (departments of kind 'unit') of the departments of user `userId`. */
export async function unitsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_departments').select('dept_id').where('user_id', '=', userId).execute();
  const out = new Set<number>();
  for (const r of rows) {
    const u = await unitOf(db as Kysely<DB>, r.dept_id);
    if (u != null) out.add(u);
  }
  return [...out];
}

/**
 * Creates the receipts of 发文 `sendId` (flow `flowId`) for its 主送 `mainTo` and 抄送 `ccTo` departments (each
 * taken as its unit), in `trx`, and reminds the clerks of each unit. A unit already holding a receipt of the
 * document is left alone (distributing twice adds only new units). Answers the users to notify after commit.
 * @throws ApiError -1 naming 主送机关 when there is no principal recipient, or an unknown department.
 */
export async function distribute(
  trx: Transaction<DB>,
  dialect: Dialect,
  doc: {
    sendId: number;
    flowId: number;
    title: string;
    docNumber: string | null;
    secretLevel: string;
    urgency: string;
    mainTo: unknown;
    ccTo: unknown;
    fromDept: number | null;
    actor: number | null;
    locale: Locale;
  },
): Promise<number[]> {
  const main = idsOf(doc.mainTo);
  if (!main.length) throw badInput(translate(doc.locale, 'validate.required', { field: translate(doc.locale, 'field.mainTo') }));
  const cc = idsOf(doc.ccTo).filter((d) => !main.includes(d));
  const known = new Set(
    (
      await trx
        .selectFrom('departments')
        .select('id')
        .where('id', 'in', [...main, ...cc])
        .execute()
    ).map((r) => r.id),
  );
  const unknown = [...main, ...cc].find((d) => !known.has(d));
  if (unknown !== undefined) throw badInput(translate(doc.locale, 'error.badParam', { field: translate(doc.locale, 'field.mainTo') }));
  const at = now();
  const fromUnit = await unitOf(trx as unknown as Kysely<DB>, doc.fromDept);
  const existing = new Set((await trx.selectFrom('doc_receipts').select('unit_id').where('send_id', '=', doc.sendId).execute()).map((r) => r.unit_id));
  const targets: { unit: number; role: string }[] = [];
  for (const [list, role] of [
    [main, 'main'],
    [cc, 'cc'],
  ] as const) {
    for (const d of list) {
      const unit = (await unitOf(trx as unknown as Kysely<DB>, d)) ?? d;
      if (existing.has(unit) || targets.some((t) => t.unit === unit)) continue;
      targets.push({ unit, role });
    }
  }
  const notified: number[] = [];
  for (const t of targets) {
    const row = await trx
      .insertInto('doc_receipts')
      .values({
        send_id: doc.sendId,
        flow_id: doc.flowId,
        unit_id: t.unit,
        role: t.role,
        status: 'pending',
        title: doc.title.slice(0, 255),
        doc_number: doc.docNumber,
        from_unit_id: fromUnit,
        secret_level: String(doc.secretLevel ?? '0'),
        urgency: String(doc.urgency ?? '0'),
        sent_by: doc.actor,
        sent_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clerks = await unitHoldersOf(trx, t.unit, RECEIVE_CODE);
    notified.push(
      ...(await addMessages(trx, dialect, [
        {
          userIds: clerks,
          type: MESSAGE_TYPES.DOCUMENT_SIGN,
          title: translate('zh-CN', 'document.notice.signFor', { title: doc.title }),
          fromUserId: doc.actor,
          sourceId: Number(row.id),
        },
      ])),
    );
  }
  return notified;
}

/** What the caller may do with receipts: their units and clearance, and whether they sign for their unit. */
export async function receiverOf(db: Kysely<DB>, userId: number): Promise<{ units: number[]; clearance: number; mayReceive: boolean }> {
  const [units, clearance, menus] = await Promise.all([unitsOfUser(db, userId), clearanceOf(db, userId), userMenus(db, userId)]);
  return { units, clearance, mayReceive: menus.access.includes(RECEIVE_CODE) };
}

/**
 * The receipts of the caller's units (newest first) they may see: status filter ('pending' | 'signed' |
 * 'returned'), keyword over title and number. Nobody without `document:receive` sees any.
 */
export async function listReceipts(
  db: Kysely<DB>,
  dialect: Dialect,
  userId: number,
  q: { status?: string; keyword?: string; current?: number; pageSize?: number },
): Promise<{ list: ReceiptView[]; total: number }> {
  const who = await receiverOf(db, userId);
  if (!who.mayReceive || !who.units.length) return { list: [], total: 0 };
  const like = dialect === 'pg' ? 'ilike' : 'like';
  let base = db.selectFrom('doc_receipts as r').where('r.unit_id', 'in', who.units).where('r.secret_level', '<=', String(who.clearance));
  if (q.status) base = base.where('r.status', '=', q.status);
  if (q.keyword) {
    const kw = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) => eb.or([eb('r.title', like as 'like', kw), eb('r.doc_number', like as 'like', kw)]));
  }
  const pageSize = Math.min(Math.max(q.pageSize ?? 20, 1), 100);
  const current = Math.max(q.current ?? 1, 1);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('departments as u', 'u.id', 'r.unit_id')
      .leftJoin('departments as f', 'f.id', 'r.from_unit_id')
      .leftJoin('users as s', 's.id', 'r.signed_by')
      .select([
        'r.id',
        'r.send_id',
        'r.flow_id',
        'r.title',
        'r.doc_number',
        'r.unit_id',
        'r.role',
        'r.secret_level',
        'r.urgency',
        'r.status',
        'r.sent_at',
        'r.signed_at',
        'r.reason',
        'r.receive_flow_id',
        'u.name as unit_name',
        'f.name as from_unit',
        's.realname as signed_by_name',
      ])
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({ ...r, unit_name: r.unit_name ?? '', from_unit: r.from_unit ?? '' })) as ReceiptView[],
    total: Number(count?.n ?? 0),
  };
}

/** Pending receipts of the caller's units they may see (the 公文签收 badge). */
export async function countPending(db: Kysely<DB>, userId: number): Promise<number> {
  const who = await receiverOf(db, userId);
  if (!who.mayReceive || !who.units.length) return 0;
  const r = await db
    .selectFrom('doc_receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('unit_id', 'in', who.units)
    .where('status', '=', 'pending')
    .where('secret_level', '<=', String(who.clearance))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Receipt `id` for a decision by `userId`, locked in `trx`: -1 document.receiptNotFound unless it belongs to one of
 * their units, is within their clearance and they may sign for it; -1 document.receiptDecided unless pending.
 */
export async function pendingReceipt(trx: Transaction<DB>, dialect: Dialect, userId: number, id: number, locale: Locale) {
  let q = trx.selectFrom('doc_receipts').selectAll().where('id', '=', id);
  if (dialect === 'pg') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  const who = await receiverOf(trx as unknown as Kysely<DB>, userId);
  if (!row || !who.mayReceive || !who.units.includes(row.unit_id) || Number(row.secret_level) > who.clearance) {
    throw badInput(translate(locale, 'document.receiptNotFound'));
  }
  if (row.status !== 'pending') throw badInput(translate(locale, 'document.receiptDecided'));
  return row;
}

/** 退回 receipt `id` with `reason` (1–RETURN_REASON_MAX characters), in one transaction; the sender is told. */
export async function returnReceipt(db: Kysely<DB>, dialect: Dialect, userId: number, id: number, reason: string, locale: Locale): Promise<number[]> {
  const text = reason.trim();
  if (!text) throw badInput(translate(locale, 'validate.required', { field: translate(locale, 'field.returnReason') }));
  if (text.length > RETURN_REASON_MAX)
    throw badInput(translate(locale, 'validate.maxLength', { field: translate(locale, 'field.returnReason'), limit: RETURN_REASON_MAX }));
  return db.transaction().execute(async (trx) => {
    const row = await pendingReceipt(trx, dialect, userId, id, locale);
    const at = now();
    await trx
      .updateTable('doc_receipts')
      .set({ status: 'returned', reason: text, signed_by: userId, signed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    const to = row.sent_by != null ? [row.sent_by] : [];
    // the returner's 公文签收 reminder of this receipt is handled with it
    const handled = await readReminders(trx, [userId], { sourceId: id }, [MESSAGE_TYPES.DOCUMENT_SIGN]);
    return [
      ...handled,
      ...(await addMessages(trx, dialect, [
        {
          userIds: to,
          type: MESSAGE_TYPES.RETURN,
          title: translate('zh-CN', 'document.notice.receiptReturned', { title: row.title, reason: text }),
          fromUserId: userId,
          flowId: row.flow_id,
        },
      ])),
    ];
  });
}

/** 签收情况 of 发文 `sendId`: each receiving unit, its role, status, who decided and when, the 退回 reason. */
export async function receiptsOfSend(db: Kysely<DB>, sendId: number) {
  return db
    .selectFrom('doc_receipts as r')
    .leftJoin('departments as u', 'u.id', 'r.unit_id')
    .leftJoin('users as s', 's.id', 'r.signed_by')
    .select([
      'r.id',
      'r.unit_id',
      'u.name as unit_name',
      'r.role',
      'r.status',
      'r.sent_at',
      'r.signed_at',
      's.realname as signed_by_name',
      'r.reason',
      'r.receive_flow_id',
    ])
    .where('r.send_id', '=', sendId)
    .orderBy('r.id')
    .execute();
}
