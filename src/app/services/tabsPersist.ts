/**
 * Saving the open tabs per user through Person/saveTabs (SPEC §2.4), debounced by 1000 ms (SPEC §9).
 */
import { DEBOUNCE_MS } from '@shared/constants';
import type { OpenedTab } from '@shared/types';
import { serialiseTabs } from '../components/tabs/tabsModel';
import { api } from './api';
import { basePath } from '../utils/basePath';

let timer: ReturnType<typeof setTimeout> | null = null;
let pending: string | null = null;
let lastSaved: string | null = null;

async function send(): Promise<void> {
  timer = null;
  const value = pending;
  pending = null;
  if (value === null || value === lastSaved) return;
  try {
    await api.saveTabs(value);
    lastSaved = value;
  } catch {
    /* logged by the http layer; the next change retries */
  }
}

/** Schedules a save of `tabs` (debounced). */
export function scheduleTabsSave(tabs: OpenedTab[]): void {
  const value = serialiseTabs(tabs);
  if (value === lastSaved && pending === null) return;
  pending = value;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void send(), DEBOUNCE_MS);
}

/** Sends a pending save now (before logout or a reload). */
export async function flushTabsSave(): Promise<void> {
  if (timer) clearTimeout(timer);
  if (pending !== null) await send();
}

/** Forgets what was last saved (a new user signed in). */
export function resetTabsSave(tabs?: OpenedTab[]): void {
  if (timer) clearTimeout(timer);
  timer = null;
  pending = null;
  lastSaved = tabs ? serialiseTabs(tabs) : null;
}

/**
 * Sends a pending save when the page goes away (reload, close), so the tabs are restored next time.
 * Uses `navigator.sendBeacon`; the session travels in the admin- cookies. Idempotent.
 */
export function installTabsUnloadFlush(): void {
  const w = window as Window & { __oaTabsFlush?: boolean };
  if (w.__oaTabsFlush || typeof navigator.sendBeacon !== 'function') return;
  w.__oaTabsFlush = true;
  window.addEventListener('pagehide', () => {
    if (pending === null || pending === lastSaved) return;
    const body = new Blob([JSON.stringify({ tabs: pending })], { type: 'application/json' });
    if (navigator.sendBeacon(`${basePath()}api/Person/saveTabs`, body)) {
      lastSaved = pending;
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
    }
  });
}
