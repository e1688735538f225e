/** Time formatting of the engine's pages and the designers (lists, logs, revisions, design status). */
import dayjs from 'dayjs';

/** Epoch ms as `YYYY-MM-DD HH:mm`; '' when there is no time (the shipped base of a form has none). */
export function formatTime(ms: number | null | undefined): string {
  return ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '';
}
