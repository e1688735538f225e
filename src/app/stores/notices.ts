/** Message reminders of SPEC §3 "Message reminder" and §4 "Reminders" (the message API comes later). */
import { atom } from 'jotai';

/** One reminder in the bell panel. */
export interface Reminder {
  id: number;
  title: string;
  realname?: string;
  date?: string;
  avatar?: string;
  type?: number;
  flow_id?: number;
  affair_id?: number;
  meeting_id?: number;
  source_id?: number;
}

/** Unread count and the reminder list. */
export const noticesAtom = atom<{ unread: number; list: Reminder[]; lastId: number }>({ unread: 0, list: [], lastId: 0 });
