/**
 * Leaving a page that holds unsaved work ("unsaved-changes guard"): a container that can close a
 * page by itself (the record drawer's ×, its mask, Esc) provides a LeaveGuard; the form page inside sets
 * `current` to a check that resolves true when leaving is fine — at once when nothing changed, else after
 * the person confirms. Pure React context, no DOM.
 */
import { createContext } from 'react';

/** The check a page registers; null when the page has nothing to guard. */
export interface LeaveGuard {
  current: (() => Promise<boolean>) | null;
}

/** Provided by containers that close pages (RecordDrawer); null elsewhere. */
export const LeaveGuardContext = createContext<LeaveGuard | null>(null);
