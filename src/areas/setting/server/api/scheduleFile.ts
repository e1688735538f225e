/**
 * The 调休 schedule file of `holiday/importSchedule` (/setting/holiday 导入调休安排): UTF-8 text, one day or span a
 * line, cells separated by a comma (`,` or `，`) or a tab:
 *
 * ```
 * # 2027 年部分节假日安排（as the State Council announced it）
 * 日期,类型,名称,备注
 * 2027-01-01,放假,元旦
 * 2027-02-05~2027-02-11,放假,春节
 * 2027-02-20,上班,春节调休
 * ```
 *
 * - 日期: `YYYY-MM-DD`, or a span `YYYY-MM-DD~YYYY-MM-DD` (also `至`) of at most MAX_SPAN_DAYS days;
 * - 类型: `放假` (or `休`, `off`) for a day off, `上班` (or `班`, `work`) for a 调休 working day;
 * - 名称 (required, at most 50 characters), 备注 (optional, at most 500);
 * - blank lines and lines starting with `#` are skipped; a first line whose first cell is not a date is the header.
 * At most MAX_FILE_DAYS dates; a date may appear once. Parsing is pure: the caller stores the days.
 */

/** Longest span one line may give (days). */
export const MAX_SPAN_DAYS = 31;
/** Most dates one file may give. */
export const MAX_FILE_DAYS = 1000;

/** One day of the file: 'YYYY-MM-DD', off or work, its name and remark, and the line (1-based) it came from. */
export interface ScheduleDay {
  date: string;
  dayKind: 'off' | 'work';
  name: string;
  remark: string | null;
  line: number;
}

/** A problem of the file: a message key of src/server/i18n (`holiday.file.*`) with its parameters; `line` when one line is at fault. */
export interface ScheduleFileError {
  line?: number;
  key: string;
  params?: Record<string, string | number>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const KINDS: Record<string, 'off' | 'work'> = { 放假: 'off', 休: 'off', 休息: 'off', off: 'off', 上班: 'work', 班: 'work', 调休上班: 'work', work: 'work' };

/** Day number of a real 'YYYY-MM-DD' date (days since 1970-01-01), else null. */
function dayOf(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms / 86_400_000 : null;
}

/** The days of a schedule file, or its first problem (see the module comment). */
export function parseScheduleFile(text: string): { days: ScheduleDay[] } | { error: ScheduleFileError } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const days: ScheduleDay[] = [];
  const seen = new Map<string, number>();
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i].trim();
    if (!raw || raw.startsWith('#')) continue;
    const cells = raw.split(/[,，\t]/).map((c) => c.trim());
    const isHeader = first && !/^\d{4}-/.test(cells[0]);
    first = false;
    if (isHeader) continue;
    const [dates, kind = '', name = '', ...rest] = cells;
    const range = dates.split(/\s*(?:~|～|至)\s*/);
    const from = dayOf(range[0]);
    const to = range.length === 2 ? dayOf(range[1]) : range.length === 1 ? from : null;
    if (from === null || to === null || to < from) return { error: { line, key: 'holiday.file.badDate', params: { value: dates } } };
    if (to - from + 1 > MAX_SPAN_DAYS) return { error: { line, key: 'holiday.file.longSpan', params: { limit: MAX_SPAN_DAYS } } };
    const dayKind = KINDS[kind.toLowerCase()];
    if (!dayKind) return { error: { line, key: 'holiday.file.badKind', params: { value: kind } } };
    if (!name) return { error: { line, key: 'holiday.file.noName' } };
    if ([...name].length > 50) return { error: { line, key: 'holiday.file.longName', params: { limit: 50 } } };
    const remark = rest.join(',').trim() || null;
    if (remark && [...remark].length > 500) return { error: { line, key: 'holiday.file.longRemark', params: { limit: 500 } } };
    for (let d = from; d <= to; d++) {
      const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
      const before = seen.get(date);
      if (before !== undefined) return { error: { line, key: 'holiday.file.twice', params: { date, first: before } } };
      seen.set(date, line);
      days.push({ date, dayKind, name, remark, line });
      if (days.length > MAX_FILE_DAYS) return { error: { line, key: 'holiday.file.tooMany', params: { limit: MAX_FILE_DAYS } } };
    }
  }
  if (!days.length) return { error: { key: 'holiday.file.empty' } };
  return { days };
}
