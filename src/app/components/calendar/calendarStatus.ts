/**
 * The working-day calendar's state for administrators (server holiday/status, engine/calendar calendarStatus):
 * this year's and next year's 调休 schedule (announced | organisation | provisional, the statutory holidays not
 * entered yet) and the years to warn about; `holiday/importSchedule` stores a schedule file.
 */
import { useEffect, useState } from 'react';
import { post } from '../../services/http';

/** One year's schedule as the server answers it. */
export interface YearSchedule {
  year: number;
  source: 'announced' | 'organisation' | 'provisional';
  missing: string[];
}

/** The answer of holiday/status. */
export interface CalendarStatus {
  today: string;
  current: YearSchedule;
  next: YearSchedule;
  warn: number[];
  canEdit: boolean;
}

/** The answer of holiday/importSchedule. */
export interface ImportedSchedule {
  added: number;
  updated: number;
  years: YearSchedule[];
}

export const calendarApi = {
  status: () => post<CalendarStatus>('holiday/status', {}, { silent: true }),
  importSchedule: (text: string) => post<ImportedSchedule>('holiday/importSchedule', { text }),
};

/** holiday/status, read again whenever `reload` changes; null until known, when the call failed or while not `enabled`. */
export function useCalendarStatus(reload = 0, enabled = true): CalendarStatus | null {
  const [status, setStatus] = useState<CalendarStatus | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    calendarApi.status().then(
      (s) => live && setStatus(s),
      () => live && setStatus(null),
    );
    return () => {
      live = false;
    };
  }, [reload, enabled]);
  return status;
}
