/**
 * The message centre (SPEC §3 "Message reminder", §4 "Reminders", §7 /api/Msg/*; tables of migration 0009).
 *
 * Other services add reminders with `addMessages` INSIDE their own transaction (so a reminder exists
 * exactly when the change that caused it was committed), and after the commit push a refresh to the
 * recipients' open websockets with `notifyUsers` (services/messageBus.ts):
 *
 * ```ts
 * const recipients = await db.transaction().execute(async (trx) => {
 *   // … the business change …
 *   return addMessages(trx, dialect, [
 *     { userIds: [assigneeId], type: MESSAGE_TYPES.TASK, title: `待办：${title}`, fromUserId: actorId, affairId },
 *   ]);
 * });
 * await notifyUsers(app, recipients); // or req.server, or app.ctx
 * ```
 *
 * Everything else here serves the Msg API: a user only ever sees, reads, ignores or deletes their own
 * messages; a message id of someone else is "not found". How a stored message is presented — its kind's name, its
 * date, and where a flow reminder leads by its instance's entity — is ./messageView.ts.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import type { Dialect } from '../db/index.js';
import { now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { Translate } from './context.js';
import { preparedInsert, preparedQuery } from '../engine/flow/prepared.js';
import { orgTimeZone } from './orgZone.js';
import { schemaStore } from '../engine/schemaStore.js';
import { present, viewQuery, type MessageView } from './messageView.js';

export { messageDate, typeName, type MessageView } from './messageView.js';

/**
 * Message kinds (`messages.type`). The flow runtime uses 1–6; the kinds 12, 13, 14, 15 and 18 are the ones
 * SPEC §4 "Reminder target by kind" routes by `source_id`.
 */
export const MESSAGE_TYPES = {
  /** 待办: a new approve / handle / sign-for task (also after transfer, delegation, add-sign). */
  TASK: 1,
  /** 退回: the flow came back to the recipient. */
  RETURN: 2,
  /** 催办: someone urges the recipient's open task. */
  URGE: 3,
  /** 抄送 / 传阅: a copy to read. */
  CC: 4,
  /** 办结: the recipient's flow finished (approved). */
  FINISHED: 5,
  /** 不予通过 / 驳回: the recipient's flow was rejected. */
  REJECTED: 6,
  /** 会议 (meeting_id leads to /meeting/conference). */
  MEETING: 10,
  /** 通知公告. */
  NOTICE: 11,
  /** 日程 (source_id → schedule day view). */
  SCHEDULE: 12,
  /** 文件柜共享 (source_id → shared file box). */
  FILE_SHARE: 13,
  /** 公文签收 (source_id → document sign-for detail). */
  DOCUMENT_SIGN: 14,
  /** 邮件 (source_id → mail inbox). */
  MAIL: 15,
  /** 系统公告 (source_id → system notice page). */
  SYSTEM_NOTICE: 18,
} as const;

/** Kinds about a person's open task (待办, 退回, 催办, 抄送/传阅 to read): handling the task makes them stale (readReminders). */
export const TASK_REMINDER_TYPES: number[] = [MESSAGE_TYPES.TASK, MESSAGE_TYPES.RETURN, MESSAGE_TYPES.URGE, MESSAGE_TYPES.CC];

/** Every known kind, in display order (Msg/getTypes). */
export const MESSAGE_TYPE_LIST: number[] = Object.values(MESSAGE_TYPES);

/** Longest stored title; longer titles are cut. */
export const MESSAGE_TITLE_MAX = 500;

/** Most new messages one newMsg answer carries (the client reloads the list when there are more). */
export const NEW_MESSAGES_MAX = 20;

/** Rows per INSERT (SQLite's bound-parameter limit with 12 columns a row). */
const INSERT_CHUNK = 500;

/** One batch of reminders for `addMessages`: the same message to each of `userIds`. */
export interface NewMessages {
  /** Recipients; duplicates and non-positive ids are dropped. */
  userIds: number[];
  /** Kind: one of MESSAGE_TYPES (any positive integer is stored). */
  type: number;
  /** The reminder text shown in the bell (cut to MESSAGE_TITLE_MAX). */
  title: string;
  /** Sender (shown with name and avatar); null or absent: the system. */
  fromUserId?: number | null;
  /** Target: a document flow → /document/show-audit/{flowId}. */
  flowId?: number | null;
  /** Target: an affair → /affair/show-audit/{affairId}. */
  affairId?: number | null;
  /** Target: a meeting → /meeting/conference. */
  meetingId?: number | null;
  /** Target of the kinds 12, 13, 14, 15, 18 (SPEC §4). */
  sourceId?: number | null;
}

/** Per-user message settings (Msg/getSetting, editSetting). */
export interface MessageSetting {
  /** Kinds the user does not want reminders of (addMessages skips them for this user). */
  mute_types: number[];
  /** Show a desktop pop-up for a new reminder (client side). */
  popup: 0 | 1;
  /** Play a sound for a new reminder (client side). */
  sound: 0 | 1;
}

export const DEFAULT_MESSAGE_SETTING: MessageSetting = { mute_types: [], popup: 1, sound: 0 };

type Db = Kysely<DB> | Transaction<DB>;

/** The setting of one user (addMessages with one recipient, e.g. the next approver: compiled once bench). */
const settingOf = preparedQuery<{ user: number }, { user_id: number; setting: string | null }>((db, p) =>
  db.selectFrom('message_settings').select(['user_id', 'setting']).where('user_id', '=', p.user),
);
/** Rows of `messages` (prepared per row count up to PREPARED_ROWS_MAX, else the query builder). */
const insertMessages = preparedInsert('messages', [
  'user_id',
  'type',
  'title',
  'from_user_id',
  'flow_id',
  'affair_id',
  'meeting_id',
  'source_id',
  'created_at',
  'read_at',
]);

function idOrNull(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

/** The stored setting of `row` merged over the defaults (unknown or broken values are ignored). */
function parseSetting(text: string | null | undefined): MessageSetting {
  let raw: Partial<MessageSetting> = {};
  try {
    raw = text ? (JSON.parse(text) as Partial<MessageSetting>) : {};
  } catch {
    raw = {};
  }
  return {
    mute_types: Array.isArray(raw.mute_types) ? raw.mute_types.filter((n) => Number.isInteger(n) && n > 0) : [],
    popup: raw.popup === 0 ? 0 : 1,
    sound: raw.sound === 1 ? 1 : 0,
  };
}

/**
 * Stores reminders; call it inside the transaction of the change that causes them (`trx`), then
 * `notifyUsers(app, recipients)` after the commit.
 *
 * @param trx     the caller's transaction (or the database handle outside one)
 * @param dialect 'sqlite' | 'pg'
 * @param msgs    batches `{userIds, type, title, fromUserId?, flowId?, affairId?, meetingId?, sourceId?}`
 * @returns the distinct recipients that got at least one message (users who muted a kind get none)
 * @throws Error on a blank title or a non-positive type (a programming error of the caller)
 */
export async function addMessages(trx: Db, dialect: Dialect, msgs: NewMessages[]): Promise<number[]> {
  const all = new Set<number>();
  for (const m of msgs) {
    if (!Number.isInteger(m.type) || m.type <= 0) throw new Error(`addMessages: bad type ${m.type}`);
    if (!m.title?.trim()) throw new Error('addMessages: blank title');
    for (const u of m.userIds) if (Number.isInteger(u) && u > 0) all.add(u);
  }
  if (!all.size) return [];
  const muted = new Map<number, Set<number>>();
  const ids = [...all];
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const rows =
      ids.length === 1
        ? (await settingOf(trx, { user: ids[0] })).rows
        : await trx
            .selectFrom('message_settings')
            .select(['user_id', 'setting'])
            .where('user_id', 'in', ids.slice(i, i + INSERT_CHUNK))
            .execute();
    for (const r of rows) {
      const s = parseSetting(r.setting);
      if (s.mute_types.length) muted.set(r.user_id, new Set(s.mute_types));
    }
  }
  const t = now();
  const values: Array<Omit<DB['messages'], 'id' | 'is_read' | 'ignored'>> = [];
  const recipients = new Set<number>();
  for (const m of msgs) {
    const title = m.title.trim().slice(0, MESSAGE_TITLE_MAX);
    for (const u of new Set(m.userIds)) {
      if (!Number.isInteger(u) || u <= 0 || muted.get(u)?.has(m.type)) continue;
      recipients.add(u);
      values.push({
        user_id: u,
        type: m.type,
        title,
        from_user_id: idOrNull(m.fromUserId),
        flow_id: idOrNull(m.flowId),
        affair_id: idOrNull(m.affairId),
        meeting_id: idOrNull(m.meetingId),
        source_id: idOrNull(m.sourceId),
        created_at: t,
        read_at: null,
      });
    }
  }
  // Both dialects take multi-row VALUES; SQLite limits bound parameters, so insert in chunks.
  const chunk = dialect === 'sqlite' ? INSERT_CHUNK : INSERT_CHUNK * 4;
  for (let i = 0; i < values.length; i += chunk) await insertMessages(trx, values.slice(i, i + chunk));
  return [...recipients];
}

/** Unread messages of `userId`. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The newest message id of `userId` (0 when none): the client polls with it. */
export async function lastMessageId(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Filters and page of Msg/list. */
export interface ListQuery {
  current: number;
  pageSize: number;
  /** 0 unread only, 1 read only, absent all. */
  is_read?: number;
  type?: number;
  keyword?: string;
}

/** One page of the caller's messages, newest first, with the total, unread count and last_id. */
export async function listMessages(
  db: Kysely<DB>,
  t: Translate,
  userId: number,
  q: ListQuery,
): Promise<{ list: MessageView[]; total: number; unread: number; last_id: number; current: number; pageSize: number }> {
  let base = viewQuery(db, userId);
  if (q.is_read === 0 || q.is_read === 1) base = base.where('m.is_read', '=', q.is_read);
  if (q.type) base = base.where('m.type', '=', q.type);
  const kw = q.keyword?.trim().toLowerCase();
  if (kw) base = base.where(sql<boolean>`lower(m.title) like ${`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  const [count, rows, unread, last, zone] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    base
      .orderBy('m.id', 'desc')
      .limit(q.pageSize)
      .offset((q.current - 1) * q.pageSize)
      .execute(),
    unreadCount(db, userId),
    lastMessageId(db, userId),
    orgTimeZone(db),
  ]);
  const { registry } = await schemaStore(db);
  return {
    list: rows.map((r) => present(t, r, zone, registry)),
    total: Number(count?.n ?? 0),
    unread,
    last_id: last,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** Unread messages of `userId` newer than `lastId`, newest first, at most NEW_MESSAGES_MAX. */
export async function newMessages(db: Kysely<DB>, t: Translate, userId: number, lastId: number): Promise<MessageView[]> {
  const [rows, zone, { registry }] = await Promise.all([
    viewQuery(db, userId).where('m.id', '>', lastId).where('m.is_read', '=', 0).orderBy('m.id', 'desc').limit(NEW_MESSAGES_MAX).execute(),
    orgTimeZone(db),
    schemaStore(db),
  ]);
  return rows.map((r) => present(t, r, zone, registry));
}

/** "忽略全部": every unread message of `userId` becomes read (ignored). Returns how many. */
export async function ignoreAll(db: Kysely<DB>, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('messages')
      .set({ is_read: 1, ignored: 1, read_at: now() })
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}

/** Checks that every id in `ids` is a message of `userId`; -1 "消息不存在" otherwise (all or none). */
async function ensureOwn(trx: Transaction<DB>, t: Translate, userId: number, ids: number[]): Promise<void> {
  const rows = await trx.selectFrom('messages').select('id').where('id', 'in', ids).where('user_id', '=', userId).execute();
  if (rows.length !== ids.length) throw new ApiError(t('msg.notFound'));
}

/** Marks the messages `ids` (or, with `all`, every message) of `userId` read. */
export async function markRead(db: Kysely<DB>, t: Translate, userId: number, target: { ids: number[] } | { all: true }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let q = trx.updateTable('messages').set({ is_read: 1, read_at: now() }).where('user_id', '=', userId).where('is_read', '=', 0);
    if ('ids' in target) {
      const ids = [...new Set(target.ids)];
      await ensureOwn(trx, t, userId, ids);
      q = q.where('id', 'in', ids);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}

/** Where reminders lead (one of): an instance of a document flow, an affair, or a `source_id` (SPEC §4). */
export type ReminderTarget = { flowId: number } | { affairId: number } | { sourceId: number };

/**
 * Marks read (not ignored) the unread reminders of kinds `types` leading to `target` of each of `userIds`, inside
 * the caller's transaction `trx` — call it in the transaction of the action that handled the task they were about.
 * Answers the users whose unread reminders changed (push them a refresh, type 1, after the commit).
 */
export async function readReminders(trx: Db, userIds: number[], target: ReminderTarget, types: number[]): Promise<number[]> {
  const users = [...new Set(userIds.filter((u) => Number.isInteger(u) && u > 0))];
  if (!users.length || !types.length) return [];
  const column = 'flowId' in target ? 'flow_id' : 'affairId' in target ? 'affair_id' : 'source_id';
  const value = 'flowId' in target ? target.flowId : 'affairId' in target ? target.affairId : target.sourceId;
  const rows = await trx
    .selectFrom('messages')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', users)
    .where('is_read', '=', 0)
    .where('type', 'in', types)
    .where(column, '=', value)
    .execute();
  if (!rows.length) return [];
  await trx
    .updateTable('messages')
    .set({ is_read: 1, read_at: now() })
    .where('user_id', 'in', users)
    .where('is_read', '=', 0)
    .where('type', 'in', types)
    .where(column, '=', value)
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** Deletes the messages `ids` of `userId` (all or none). Returns how many. */
export async function deleteMessages(db: Kysely<DB>, t: Translate, userId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    await ensureOwn(trx, t, userId, unique);
    const r = await trx.deleteFrom('messages').where('user_id', '=', userId).where('id', 'in', unique).executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}

/** The message settings of `userId` (defaults when never saved). */
export async function getMessageSetting(db: Db, userId: number): Promise<MessageSetting> {
  const r = await db.selectFrom('message_settings').select('setting').where('user_id', '=', userId).executeTakeFirst();
  return parseSetting(r?.setting);
}

/** Changes the given fields of `userId`'s message settings; answers the whole setting. */
export async function saveMessageSetting(db: Kysely<DB>, userId: number, patch: Partial<MessageSetting>): Promise<MessageSetting> {
  return db.transaction().execute(async (trx) => {
    const old = await getMessageSetting(trx, userId);
    const next: MessageSetting = {
      mute_types: patch.mute_types ? [...new Set(patch.mute_types)].sort((a, b) => a - b) : old.mute_types,
      popup: patch.popup ?? old.popup,
      sound: patch.sound ?? old.sound,
    };
    const t = now();
    const text = JSON.stringify(next);
    const updated = await trx.updateTable('message_settings').set({ setting: text, updated_at: t }).where('user_id', '=', userId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('message_settings').values({ user_id: userId, setting: text, updated_at: t }).execute();
    return next;
  });
}
