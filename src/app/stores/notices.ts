/**
 * Message reminders of SPEC §3 "Message reminder" and §4 "Reminders": the bell's state, the Msg calls of
 * SPEC §7 and the actions on them (load, ignore all, mark read). The live channel (websocket or polling)
 * is components/header/reminderChannel.ts; the message centre page uses `msgApi` directly.
 */
import { atom } from 'jotai';
import { post } from '../services/http';
import { appStore } from './store';
import { userAtom } from './user';

/** One reminder in the bell panel and the message centre (Msg/list rows). */
export interface Reminder {
  id: number;
  title: string;
  realname?: string;
  date?: string;
  avatar?: string;
  type?: number;
  type_name?: string;
  is_read?: number;
  created_at?: number;
  read_at?: number | null;
  flow_id?: number | null;
  affair_id?: number | null;
  meeting_id?: number | null;
  source_id?: number | null;
  /** The server's path for a flow reminder: the approval page of the instance's entity. */
  open?: string | null;
}

/** Unread count and the reminder list. */
export const noticesAtom = atom<{ unread: number; list: Reminder[]; lastId: number }>({ unread: 0, list: [], lastId: 0 });

/** Reminders the bell shows. */
export const BELL_PAGE_SIZE = 10;

/** A page of Msg/list. */
export interface MsgPage {
  list: Reminder[];
  total: number;
  unread: number;
  last_id: number;
  current: number;
  pageSize: number;
}

/** Filters of Msg/list. */
export interface MsgQuery {
  current?: number;
  pageSize?: number;
  is_read?: 0 | 1;
  type?: number;
  keyword?: string;
}

/** Per-user message settings (Msg/getSetting). */
export interface MsgSetting {
  mute_types: number[];
  popup: 0 | 1;
  sound: 0 | 1;
}

/** The Msg calls of SPEC §7 (all POST, session required). */
export const msgApi = {
  list: (q: MsgQuery = {}) => post<MsgPage>('Msg/list', q, { silent: true }),
  tips: () => post<{ unread: number; last_id: number; rate: number }>('Msg/tips', {}, { silent: true }),
  ignore: () => post<{ ignored: number; unread: number }>('Msg/ignore'),
  newMsg: (last_id: number) =>
    post<{ has_new: boolean; rate: number; last_id: number; unread: number; list: Reminder[] }>('Msg/newMsg', { last_id }, { silent: true }),
  del: (ids: number[]) => post<{ deleted: number; unread: number }>('Msg/del', { ids }),
  getTypes: () => post<Array<{ type: number; name: string }>>('Msg/getTypes', {}, { silent: true }),
  setRead: (target: { ids: number[] } | { all: 1 }) => post<{ read: number; unread: number }>('Msg/setRead', target),
  getSetting: () => post<MsgSetting>('Msg/getSetting'),
  editSetting: (s: Partial<MsgSetting>) => post<MsgSetting>('Msg/editSetting', s),
  socket: () => post<{ enabled: boolean; path: string; uid: number; keepalive: number; reconnect: number }>('Msg/socket', {}, { silent: true }),
};

/** Loads the unread reminders into the bell (sign-in, pushes, polls that say has_new). */
export async function loadReminders(): Promise<void> {
  const page = await msgApi.list({ is_read: 0, pageSize: BELL_PAGE_SIZE });
  appStore.set(noticesAtom, { unread: page.unread, list: page.list, lastId: page.last_id });
}

/** "忽略全部": empties the list and sets unread to 0 (SPEC §4). */
export async function ignoreAllReminders(): Promise<void> {
  await msgApi.ignore();
  appStore.set(noticesAtom, (n) => ({ ...n, list: [], unread: 0 }));
}

/** A click on a reminder: removed from the list, unread − 1 at once, then marked read on the server. */
export async function markReminderRead(id: number): Promise<void> {
  const before = appStore.get(noticesAtom);
  const wasListed = before.list.some((x) => x.id === id);
  appStore.set(noticesAtom, (n) => ({ ...n, list: n.list.filter((x) => x.id !== id), unread: wasListed ? Math.max(0, n.unread - 1) : n.unread }));
  const r = await msgApi.setRead({ ids: [id] });
  appStore.set(noticesAtom, (n) => ({ ...n, unread: r.unread }));
}

/** Type 3 push (SPEC §4): the print parameters go onto the user info. */
export function setPrintParameters(data: unknown): void {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  appStore.set(userAtom, (u) => (u ? { ...u, document_print: value } : u));
}

/** Forgets the reminders (sign-out). */
export function clearReminders(): void {
  appStore.set(noticesAtom, { unread: 0, list: [], lastId: 0 });
}
