/**
 * The console's data: the shell's three to-do counts and the first items of its two to-do lists, and the data of
 * the panels areas register (engine/renderers/registry.ts registerConsolePanel; 公文 adds 待签收).
 *
 * - 待办公文, 待办事务 and 未读邮件 are the menu badge counts (stores/badges.ts, flow/badges: the same numbers the
 *   menu shows on /document/dbgw, /affair/dbsw and /mail/inbox), read from badgesAtom — no request of their own.
 * - The lists are the calls of their list pages: flow/todo of the area `document` / `affair`, the first
 *   CONSOLE_LIST_SIZE items each; a registered panel reads its own count and list (its `useData` hook).
 *
 * - The 三员 (sysadmin, secadmin, auditor) do no business (DESIGN §7; the server refuses them these calls): for them
 *   the console asks none of the lists, and `business` is false so that the page leaves the counts and lists out.
 *
 * The shell reloads the badge counts after sign-in, when a reminder arrives, when the window regains focus and
 * on every route change; the lists and the panels are read again each time they were, so all the console's numbers
 * and lists move together. A hidden (kept-alive) console runs no effects, and reads everything again when shown.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { badgesAtom } from '../../stores/badges';
import { userAtom } from '../../stores/user';
import { flowApi, type TaskRow, type WorkListParams } from '../../../../engine/data/flow';
import { consolePanels, type ConsolePanel, type ConsolePanelData } from '../../../../engine/renderers/registry';

/** How many items each to-do tab shows. */
export const CONSOLE_LIST_SIZE = 6;

/** The keys of the shell's three counts, in display order. */
export type CountKey = 'doc' | 'affair' | 'mail';

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
  /** The registered panels with their data, in order. */
  panels: { panel: ConsolePanel; data: ConsolePanelData }[];
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

  useEffect(() => {
    let live = true;
    const keep =
      <T>(set: (v: T) => void) =>
      (v: T) => {
        if (live) set(v);
      };
    if (!business) return;
    todoOf('document').then(keep(setDoc), () => undefined);
    todoOf('affair').then(keep(setAffair), () => undefined);
    return () => {
      live = false;
    };
  }, [badges, business]);
  // The registered panels are fixed once the area modules are loaded: their hooks run in the same order each render.
  const panels = consolePanels().map((panel) => ({ panel, data: panel.useData(CONSOLE_LIST_SIZE, badges, business) }));

  return {
    counts: {
      doc: badges?.db?.count,
      affair: badges?.dbsw?.db,
      mail: badges?.mail?.sjwd,
    },
    doc,
    affair,
    panels,
    business,
  };
}
