/**
 * The records of a calendar page's window: the entity's generic list (`<group>/list`, src/server/engine) with the
 * window as `range` (the records whose span meets it), sorted by start, read page by page (200 a page) up to
 * {@link MAX_EVENTS}, with the fields the page's events read. Calls go through the engine host (engine/host.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { host } from '../../host';
import type { CalendarRecord, CalendarRefs } from './options';

/** Most records one window shows; `truncated` says when there were more. */
export const MAX_EVENTS = 1000;
const PAGE = 200;

/** The window's request: the list `range` ({start, end, from, to}, ./options.ts rangeOf). */
export interface CalendarWindow {
  start: string;
  end: string;
  from: string;
  to: string;
}

/** What {@link useCalendarData} answers. */
export interface CalendarData {
  records: CalendarRecord[];
  refs: CalendarRefs;
  loading: boolean;
  error: string | null;
  truncated: boolean;
  reload: () => void;
  /** Replaces one record in place (after an edit) without a reload. */
  replace: (record: CalendarRecord) => void;
}

const NO_REFS: CalendarRefs = { users: {}, depts: {} };

/**
 * Loads the records of API group `group` in `window` (none while `window` is null); again on `reload`. `fields`: the
 * fields the events read (the list answers only its list page's columns unless asked, src/server/engine/listPage.ts).
 */
export function useCalendarData(group: string, window: CalendarWindow | null, fields: readonly string[]): CalendarData {
  const [state, setState] = useState<{ records: CalendarRecord[]; refs: CalendarRefs; truncated: boolean }>({ records: [], refs: NO_REFS, truncated: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const key = window ? JSON.stringify(window) : '';
  const asked = fields.join(',');

  useEffect(() => {
    if (!key) return;
    const range = JSON.parse(key) as CalendarWindow;
    const n = ++seq.current;
    setLoading(true);
    (async () => {
      const records: CalendarRecord[] = [];
      const refs: CalendarRefs = { users: {}, depts: {} };
      let total = 0;
      for (let current = 1; records.length < MAX_EVENTS; current++) {
        const r = await host().call<{ list: CalendarRecord[]; total: number; refs?: CalendarRefs }>(`${group}/list`, {
          current,
          pageSize: PAGE,
          range,
          sort: { field: range.start, order: 'asc' },
          fields: asked ? asked.split(',') : [],
        });
        records.push(...r.list);
        Object.assign(refs.users, r.refs?.users);
        Object.assign(refs.depts, r.refs?.depts);
        total = r.total;
        if (r.list.length < PAGE || records.length >= total) break;
      }
      return { records: records.slice(0, MAX_EVENTS), refs, truncated: total > MAX_EVENTS };
    })().then(
      (next) => {
        if (n !== seq.current) return;
        setState(next);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (n !== seq.current) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
  }, [group, key, asked, tick]);

  const reload = useCallback(() => setTick((x) => x + 1), []);
  const replace = useCallback(
    (record: CalendarRecord) => setState((s) => ({ ...s, records: s.records.map((r) => (r.id === record.id ? { ...r, ...record } : r)) })),
    [],
  );
  return { ...state, loading, error, reload, replace };
}
