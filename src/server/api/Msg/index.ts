/**
 * API group `Msg` (SPEC §7 "Department, home and messages": /api/Msg/list, tips, ignore, newMsg, del,
 * getTypes, setRead, getSetting, editSetting, socket; SPEC §3 "Message reminder", §4 "Reminders").
 * Every call needs a session (-99 without) and only ever touches the caller's own messages; another
 * user's message id answers -1 "消息不存在". SQL lives in services/messages.ts.
 *
 * - `list` {current?, pageSize? ≤ 100, is_read? 0|1, type?, keyword?} → {list: MessageView[], total,
 *   unread, last_id, current, pageSize} — newest first; `last_id` is the caller's newest message id
 *   whatever the filters (the bell loads `{is_read: 0}`).
 * - `tips` {} → {unread, last_id, rate}: the badge count without the list.
 * - `ignore` {} → {ignored, unread: 0}: "忽略全部", every unread message becomes read.
 * - `newMsg` {last_id} → {has_new, rate, last_id, unread, list}: polling (SPEC §4); `list` holds the
 *   unread messages newer than `last_id` (at most 20), `rate` the next poll delay in ms (5000).
 * - `del` {id | ids} → {deleted, unread}.
 * - `getTypes` {} → [{type, name}].
 * - `setRead` {id | ids | all: 1} → {read, unread}.
 * - `getSetting` {} → MessageSetting; `editSetting` {mute_types?, popup?, sound?} → MessageSetting.
 * - `socket` {} → {enabled, path, uid, keepalive, reconnect}: how to reach the websocket of ./socket.ts
 *   (GET `<base>api/Msg/socket`, upgraded).
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_POLL_RATE_MS, WEBSOCKET_KEEPALIVE_MS, WEBSOCKET_RECONNECT_MS } from '../../../shared/constants.js';
import { ApiError, call } from '../../lib/route.js';
import {
  deleteMessages,
  getMessageSetting,
  ignoreAll,
  lastMessageId,
  listMessages,
  markRead,
  MESSAGE_TYPE_LIST,
  newMessages,
  saveMessageSetting,
  typeName,
  unreadCount,
  type MessageSetting,
} from '../../services/messages.js';
import { registerSocket, SOCKET_PATH } from './socket.js';

/** Largest page of Msg/list. */
export const MSG_MAX_PAGE_SIZE = 100;

const id = { type: 'integer', minimum: 1, title: 'field.msgId' };
const ids = { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 }, title: 'field.msgIds' };
const flag = (title: string) => ({ type: ['integer', 'boolean'], enum: [0, 1, true, false], title });
const toFlag = (v: unknown): 0 | 1 | undefined => (v === undefined ? undefined : v === true || v === 1 ? 1 : 0);

/** The ids of an `{id}` / `{ids}` body, or -1 naming the field when there are none. */
function idsOf(req: { body: { id?: number; ids?: number[] }; t(k: string, p?: Record<string, string | number>): string }): number[] {
  const list = req.body.ids ?? (req.body.id ? [req.body.id] : []);
  if (!list.length) throw new ApiError(req.t('validate.required', { field: req.t('field.msgId') }));
  return list;
}

export async function register(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  call<{ current?: number; pageSize?: number; is_read?: number; type?: number; keyword?: string }>(
    app,
    'Msg/list',
    {
      body: {
        type: 'object',
        properties: {
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: MSG_MAX_PAGE_SIZE, title: 'field.pageSize' },
          is_read: { type: 'integer', enum: [0, 1], title: 'field.isRead' },
          type: { type: 'integer', minimum: 1, maximum: 1000, title: 'field.msgType' },
          keyword: { type: 'string', maxLength: 50, title: 'field.keyword' },
        },
      },
    },
    async (req) =>
      listMessages(db, req.t.bind(req), req.user.userId, {
        current: req.body.current ?? 1,
        pageSize: req.body.pageSize ?? 10,
        is_read: req.body.is_read,
        type: req.body.type,
        keyword: req.body.keyword,
      }),
  );

  call(app, 'Msg/tips', {}, async (req) => {
    const [unread, last] = await Promise.all([unreadCount(db, req.user.userId), lastMessageId(db, req.user.userId)]);
    return { unread, last_id: last, rate: DEFAULT_POLL_RATE_MS };
  });

  call(app, 'Msg/ignore', {}, async (req) => ({ ignored: await ignoreAll(db, req.user.userId), unread: 0 }));

  call<{ last_id: number }>(
    app,
    'Msg/newMsg',
    { body: { type: 'object', required: ['last_id'], properties: { last_id: { type: 'integer', minimum: 0, title: 'field.lastId' } } } },
    async (req) => {
      const uid = req.user.userId;
      const [list, unread, last] = await Promise.all([newMessages(db, req.t.bind(req), uid, req.body.last_id), unreadCount(db, uid), lastMessageId(db, uid)]);
      return { has_new: list.length > 0, rate: DEFAULT_POLL_RATE_MS, last_id: Math.max(last, req.body.last_id), unread, list };
    },
  );

  call<{ id?: number; ids?: number[] }>(app, 'Msg/del', { body: { type: 'object', properties: { id, ids } } }, async (req) => {
    const deleted = await deleteMessages(db, req.t.bind(req), req.user.userId, idsOf(req));
    return { deleted, unread: await unreadCount(db, req.user.userId) };
  });

  call(app, 'Msg/getTypes', {}, async (req) => MESSAGE_TYPE_LIST.map((type) => ({ type, name: typeName(req.t.bind(req), type) })));

  call<{ id?: number; ids?: number[]; all?: number | boolean }>(
    app,
    'Msg/setRead',
    { body: { type: 'object', properties: { id, ids, all: flag('field.readAll') } } },
    async (req) => {
      const all = toFlag(req.body.all) === 1;
      const read = await markRead(db, req.t.bind(req), req.user.userId, all ? { all: true } : { ids: idsOf(req) });
      return { read, unread: await unreadCount(db, req.user.userId) };
    },
  );

  call(app, 'Msg/getSetting', {}, async (req) => getMessageSetting(db, req.user.userId));

  call<{ mute_types?: number[]; popup?: number | boolean; sound?: number | boolean }>(
    app,
    'Msg/editSetting',
    {
      body: {
        type: 'object',
        properties: {
          mute_types: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1 }, title: 'field.muteTypes' },
          popup: flag('field.msgPopup'),
          sound: flag('field.msgSound'),
        },
      },
    },
    async (req) => {
      const mute = req.body.mute_types;
      if (mute?.some((t) => !MESSAGE_TYPE_LIST.includes(t))) throw new ApiError(req.t('validate.enum', { field: req.t('field.muteTypes') }));
      const patch: Partial<MessageSetting> = { mute_types: mute, popup: toFlag(req.body.popup), sound: toFlag(req.body.sound) };
      return saveMessageSetting(db, req.user.userId, patch);
    },
  );

  call(app, 'Msg/socket', {}, async (req) => ({
    enabled: true,
    path: SOCKET_PATH,
    uid: req.user.userId,
    keepalive: WEBSOCKET_KEEPALIVE_MS,
    reconnect: WEBSOCKET_RECONNECT_MS,
  }));

  await registerSocket(app);
}
