/**
 * 关联类型 of 关联文件 (SPEC §7 gwszThglLastOrderBy; the 公文设置 list gwszThgl* "关联文件"), over
 * doc_relation_kinds (migration 0026): why two documents are linked — 依据 (basis), 答复 (reply), 转发 (forward),
 * 参考 (reference) are built in, an administrator (`document:setting`) adds, renames, reorders and deletes kinds.
 *
 * A built-in kind is named by the server catalogue (`document.relationKind.<code>`, so in the reader's language)
 * until an administrator gives it a name of its own. Names are unique among the kinds (as shown in zh-CN and in
 * the caller's language); a kind still used by a link cannot be deleted. Every change is one transaction with its
 * audit row (`document.relationKind.add|edit|del` on `doc_relation_kind:<id>`).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Locale } from '../../../../shared/constants.js';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { translate } from '../../../../server/i18n/index.js';
import { now } from '../../../../server/lib/clock.js';
import { audit } from '../../../../server/services/audit.js';

/** Longest name of a 关联类型. */
export const RELATION_KIND_NAME_MAX = 50;
/** Largest sort number. */
export const RELATION_KIND_ORDER_MAX = 100_000;
/** Most kinds kept (a picker, not a dictionary of thousands). */
export const RELATION_KINDS_MAX = 200;

/** A 关联类型 as the API answers it. */
export interface RelationKindRow {
  id: number;
  /** Code of a built-in kind, null for added ones. */
  code: string | null;
  /** The name shown: the administrator's, else the catalogue's in the caller's language. */
  name: string;
  /** The name an administrator gave, null: the catalogue name. */
  customName: string | null;
  orderBy: number;
  builtin: boolean;
  /** How many links use it. */
  used: number;
  updatedAt: number;
  /** Raised by every edit (migration 0046). */
  version: number;
}

/** Who changes kinds (audit row). */
export interface KindCaller {
  userId: number;
  username: string;
  ip: string;
  locale: Locale;
}

type Db = Kysely<DB> | Transaction<DB>;

function nameOf(locale: Locale, r: { code: string | null; name: string | null }): string {
  return r.name ?? (r.code ? translate(locale, `document.relationKind.${r.code}`) : '');
}

/** Every 关联类型 by sort number (then id), `keyword` on the shown name. */
export async function relationKinds(db: Db, locale: Locale, keyword?: string): Promise<RelationKindRow[]> {
  const rows = await db.selectFrom('doc_relation_kinds').selectAll().orderBy('order_by').orderBy('id').limit(RELATION_KINDS_MAX).execute();
  const counts = await db
    .selectFrom('doc_relations')
    .select(['kind_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind_id', 'is not', null)
    .groupBy('kind_id')
    .execute();
  const used = new Map(counts.map((c) => [Number(c.kind_id), Number(c.n)]));
  const out = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: nameOf(locale, r),
    customName: r.name,
    orderBy: r.order_by,
    builtin: r.code != null,
    used: used.get(r.id) ?? 0,
    updatedAt: Number(r.updated_at),
    version: Number(r.version),
  }));
  const k = keyword?.trim();
  return k ? out.filter((r) => r.name.includes(k)) : out;
}

/** The largest sort number of the kinds (0 when there are none). */
export async function lastKindOrder(db: Db): Promise<number> {
  const r = await db
    .selectFrom('doc_relation_kinds')
    .select((eb) => eb.fn.max('order_by').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** Whether kind `id` exists. */
export async function kindExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('doc_relation_kinds').select('id').where('id', '=', id).executeTakeFirst());
}

/** Why a change of kinds was refused. */
export type KindRefusal = 'notFound' | 'nameTaken' | 'nameRequired' | 'inUse' | 'full' | 'stale';

/** Whether `name` is the name (zh-CN or `locale`) of a kind other than `exceptId`. */
async function nameTaken(trx: Transaction<DB>, locale: Locale, name: string, exceptId?: number): Promise<boolean> {
  const rows = await trx.selectFrom('doc_relation_kinds').select(['id', 'code', 'name']).execute();
  return rows.some((r) => r.id !== exceptId && (nameOf('zh-CN', r) === name || nameOf(locale, r) === name));
}

async function record(trx: Transaction<DB>, dialect: Dialect, c: KindCaller, action: string, id: number, before: unknown, after: unknown): Promise<void> {
  await audit(trx, dialect, {
    userId: c.userId,
    username: c.username,
    ip: c.ip,
    event: `document.relationKind.${action}`,
    object: `doc_relation_kind:${id}`,
    result: 'success',
    detail: { before, after },
  });
}

/** Adds a kind named `name` (sort number `orderBy`, default the last + 1) in one transaction; answers its id. */
export async function addKind(db: Kysely<DB>, dialect: Dialect, c: KindCaller, input: { name: string; orderBy?: number }): Promise<number | KindRefusal> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, c.locale, input.name)) return 'nameTaken' as const;
    const n = await trx
      .selectFrom('doc_relation_kinds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= RELATION_KINDS_MAX) return 'full' as const;
    const at = now();
    const orderBy = input.orderBy ?? Math.min(RELATION_KIND_ORDER_MAX, (await lastKindOrder(trx)) + 1);
    const row = await trx
      .insertInto('doc_relation_kinds')
      .values({ code: null, name: input.name, order_by: orderBy, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await record(trx, dialect, c, 'add', id, null, { name: input.name, orderBy });
    return id;
  });
}

/**
 * Renames (`name`; null gives a built-in kind its catalogue name back) and/or reorders kind `id` in one
 * transaction; `version`, when given, must be the stored one ('stale' otherwise). Raises the version.
 */
export async function editKind(
  db: Kysely<DB>,
  dialect: Dialect,
  c: KindCaller,
  id: number,
  input: { name?: string | null; orderBy?: number; version?: number },
): Promise<true | KindRefusal> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('doc_relation_kinds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return 'notFound' as const;
    if (input.version !== undefined && input.version !== Number(row.version)) return 'stale' as const;
    const patch: { name?: string | null; order_by?: number; updated_at: number; version: number } = { updated_at: now(), version: Number(row.version) + 1 };
    if (input.name !== undefined) {
      if (input.name === null && row.code == null) return 'nameRequired' as const;
      if (input.name !== null && (await nameTaken(trx, c.locale, input.name, id))) return 'nameTaken' as const;
      patch.name = input.name;
    }
    if (input.orderBy !== undefined) patch.order_by = input.orderBy;
    await trx.updateTable('doc_relation_kinds').set(patch).where('id', '=', id).execute();
    await record(
      trx,
      dialect,
      c,
      'edit',
      id,
      { name: row.name, orderBy: row.order_by },
      { name: patch.name === undefined ? row.name : patch.name, orderBy: patch.order_by ?? row.order_by },
    );
    return true as const;
  });
}

/** Deletes kind `id` in one transaction, unless a link still uses it. */
export async function deleteKind(db: Kysely<DB>, dialect: Dialect, c: KindCaller, id: number): Promise<true | KindRefusal> {
  return deleteKinds(db, dialect, c, [id]);
}

/** Deletes the kinds `ids`, all or none in one transaction: refused when one is unknown or used by a link. */
export async function deleteKinds(db: Kysely<DB>, dialect: Dialect, c: KindCaller, ids: number[]): Promise<true | KindRefusal> {
  const refused = new Error('refused');
  let why: KindRefusal = 'notFound';
  try {
    return await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const row = await trx.selectFrom('doc_relation_kinds').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw ((why = 'notFound'), refused);
        if (await trx.selectFrom('doc_relations').select('id').where('kind_id', '=', id).limit(1).executeTakeFirst()) throw ((why = 'inUse'), refused);
        await trx.deleteFrom('doc_relation_kinds').where('id', '=', id).execute();
        await record(trx, dialect, c, 'del', id, { code: row.code, name: row.name, orderBy: row.order_by }, null);
      }
      return true as const;
    });
  } catch (e) {
    if (e === refused) return why;
    throw e;
  }
}
