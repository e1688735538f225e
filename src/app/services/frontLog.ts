/**
 * The front-end log (SPEC §2.1 utility route /log): client errors captured by the error handlers and
 * failed requests (label "data request exception", SPEC §8), kept in memory and localStorage.
 */
export interface FrontLogEntry {
  id: string;
  time: string;
  /** Kind of entry: an i18n key below `frontLog:kind.` (request, error, promise, render, chunk). */
  kind: 'request' | 'error' | 'promise' | 'render' | 'chunk';
  message: string;
  /** Route or request URL. */
  url?: string;
  detail?: string;
}

const STORAGE_KEY = 'oa_front_log';
const LIMIT = 200;
const listeners = new Set<() => void>();
let entries: FrontLogEntry[] = load();

function load(): FrontLogEntry[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(v) ? (v as FrontLogEntry[]) : [];
  } catch {
    return [];
  }
}

function persist(): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    /* storage full or unavailable: memory only */
  }
  listeners.forEach((l) => l());
}

/** Appends an entry (newest first, at most 200 kept). */
export function logFront(entry: Omit<FrontLogEntry, 'id' | 'time'>): void {
  const e: FrontLogEntry = { ...entry, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, time: new Date().toISOString() };
  entries = [e, ...entries].slice(0, LIMIT);
  persist();
}

/** The entries, newest first. */
export function frontLogEntries(): FrontLogEntry[] {
  return entries;
}

/** Empties the log. */
export function clearFrontLog(): void {
  entries = [];
  persist();
}

/** Subscribes to changes; returns the unsubscribe function (for useSyncExternalStore). */
export function subscribeFrontLog(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Installs the global error handlers (window error, unhandled rejection). Idempotent. */
export function installErrorHandlers(): void {
  const w = window as Window & { __oaErrorHandlers?: boolean };
  if (w.__oaErrorHandlers) return;
  w.__oaErrorHandlers = true;
  window.addEventListener('error', (ev) => {
    logFront({ kind: 'error', message: ev.message || String(ev.error), url: window.location.pathname, detail: ev.error?.stack });
  });
  window.addEventListener('unhandledrejection', (ev) => {
    const r = ev.reason as { name?: string; message?: string; stack?: string } | undefined;
    if (r?.name === 'ApiError') return; // already logged or shown by the http layer
    logFront({ kind: 'promise', message: r?.message ?? String(ev.reason), url: window.location.pathname, detail: r?.stack });
  });
}
