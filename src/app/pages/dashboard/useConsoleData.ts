/**
 * The console's data (console, filled by issues 4 and 5): the four to-do counts and the first items of
 * the three to-do lists.
 *
 * - 待办公文, 待办事务 and 未读邮件 are the menu badge counts (stores/badges.ts, flow/badges: the same numbers the
 *   menu shows on /document/dbgw, /affair/dbsw and /mail/inbox), read from badgesAtom — no request of their own.
 * - 待签收 is document/gwqsCount (pending), the number of the 待签收 tab of /document/gwqs.
 * - The lists are the calls of their list pages: flow/todo of the area `document` / `affair` and
 *   document/gwqsList (status pending), the first CONSOLE_LIST_SIZE items each.
 *
 * - The 三员 (sysadmin, secadmin, auditor) do no business (DESIGN §7; the server refuses them these calls): for them
 *   the console asks none of the lists, and `business` is false so that the page leaves the counts and lists out.
 *
 * The shell reloads the badge counts after sign-in, when a reminder arrives, when the window regains focus and
 * on every route change; the lists and 待签收 are read again each time they were, so all the console's numbers
 * and lists move together. A hidden (kept-alive) console runs no effects, and reads everything again when shown.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { badgesAtom } from '../../stores/badges';
import { userAtom } from '../../stores/user';
import { flowApi, type TaskRow, type WorkListParams } from '../../../../engine/data/flow';
import { documentApi, type SignForItem } from '../../../areas/document/client/data/document';

/** How many items each to-do tab shows. */
export const CONSOLE_LIST_SIZE = 6;

/** The keys of the four counts, in display order. */
export type CountKey = 'doc' | 'affair' | 'mail' | 'sign';

/** A row of a flow to-do list, with the approval route the server names for it. */
export type TodoRow = TaskRow & { open?: string | null };

/** One list: its first items and its total; null while not loaded (or when the call failed). */
export interface ListState<T> {
  list: T[];
  total: number;
}

/** What the console shows besides the greeting and shortcuts. */
export interface ConsoleData {
  /** A count per key; undefined while not known yet. */
  counts: Partial<Record<CountKey, number>>;
  doc: ListState<TodoRow> | null;
  affair: ListState<TodoRow> | null;
  sign: ListState<SignForItem> | null;
  /** False for the 三员, who do no business: the console shows them no to-do counts or lists. */
  business: boolean;
}

/** The first items of the flow to-do list of `area` (as /document/dbgw and /affair/dbsw, area-wide as the badges). */
function todoOf(area: string): Promise<ListState<TodoRow>> {
  const params = { current: 1, pageSize: CONSOLE_LIST_SIZE, area } as WorkListParams;
  return flowApi.list('todo', params) as Promise<ListState<TodoRow>>;
}

/** Role codes of the 三员, who hold no business (src/server/lib/business.ts). */
const SANYUAN_ROLES = ['sysadmin', 'secadmin', 'auditor'];

/** Loads the console's counts and lists (see the module comment). */
export function useConsoleData(): ConsoleData {
  const badges = useAtomValue(badgesAtom);
  const roles = useAtomValue(userAtom)?.roles;
  const business = !(roles ?? []).some((r) => SANYUAN_ROLES.includes(r));
  const [doc, setDoc] = useState<ConsoleData['doc']>(null);
  const [affair, setAffair] = useState<ConsoleData['affair']>(null);
  const [sign, setSign] = useState<ConsoleData['sign']>(null);
  const [pending, setPending] = useState<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const keep = <T,>(set: (v: T) => void) => (v: T) => {
      if (live) set(v);
    };
    if (!business) return;
    todoOf('document').then(keep(setDoc), () => undefined);
    todoOf('affair').then(keep(setAffair), () => undefined);
    documentApi.gwqsList({ status: 'pending', current: 1, pageSize: CONSOLE_LIST_SIZE }).then(keep(setSign), () => undefined);
    documentApi.gwqsCount().then(
      keep((r: { pending: number }) => setPending(r.pending)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [badges, business]);

  return {
    counts: {
      doc: badges?.db?.count,
      affair: badges?.dbsw?.db,
      mail: badges?.mail?.sjwd,
      sign: pending,
    },
    doc,
    affair,
    sign,
    business,
  };
}
