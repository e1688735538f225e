/**
 * From a calendar page definition and records to what FullCalendar and vis-timeline are given, and back: the
 * events, the list request of the visible window, the values a drag or a resize writes and the values a new record
 * starts with. Pure functions (no React), tested in tests/unit/calendar-options.test.ts.
 *
 * Times: both libraries work in UTC here and are given the ORGANISATION's wall time as if it were UTC
 * ("2026-11-27T09:00:00" for 09:00 in Asia/Shanghai), so that they draw the organisation's hours whatever the
 * browser's zone (engine/renderers/time.ts); what they answer is read back the same way. Date fields are calendar
 * dates ('YYYY-MM-DD'); a date end is the last day (inclusive) while FullCalendar's all-day end is exclusive.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { CalendarPageDef, CalendarView, DictDef, ModelProperty } from '../../schema/types';
import type { PublicEntity } from '../../schema/bundle';
import { envFromModel, evaluateExpression, type ExprEnv } from '../../expr/index';
import { displayTimeZone, orgNow, orgTime } from '../time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A record as the list answers it. */
export type CalendarRecord = { id: number; version?: number; _actions?: string[]; [field: string]: unknown };
/** Names of referenced people and departments (list answer `refs`). */
export interface CalendarRefs {
  users: Record<string, string>;
  depts: Record<string, string>;
}
/** Text of a definition text in the reader's locale (the bundle's texts). */
export type TextFn = (text: { t: string; d: string } | undefined) => string;

/** What the mapping needs besides the page: the entity, its dictionaries, the names of references and texts. */
export interface CalendarContext {
  entity: PublicEntity;
  dicts: DictDef[];
  refs: CalendarRefs;
  tx: TextFn;
}

/** FullCalendar view names of the page's views (the timeline is vis-timeline's). */
export const FC_VIEWS: Record<Exclude<CalendarView, 'timeline'>, string> = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' };

/** Below this width (px) the calendar shows one day (a phone). */
export const PHONE_WIDTH = 600;

/** The view shown: the chosen one, or the day view on a phone screen when it offers one. */
export function effectiveView(chosen: CalendarView, views: CalendarView[], width: number): CalendarView {
  if (width < PHONE_WIDTH && chosen !== 'day' && views.includes('day')) return 'day';
  return chosen;
}

/** The kind (date or datetime) of the page's start field; datetime unless the model says date. */
export function timeKind(page: CalendarPageDef, entity: PublicEntity): 'date' | 'datetime' {
  const p: ModelProperty | undefined = entity.model.properties[page.start];
  const kind = p?.['x-kind'] ?? (p?.format === 'date' ? 'date' : 'datetime');
  return kind === 'date' ? 'date' : 'datetime';
}

const WALL = 'YYYY-MM-DDTHH:mm:ss';

/** A stored instant as the organisation's wall time text without zone ('2026-11-27T09:00:00'); null when blank. */
export function wallText(v: unknown): string | null {
  return orgTime(v)?.format(WALL) ?? null;
}

/** A library's Date (the wall time in UTC fields) as the instant it means in the organisation's zone (ISO, UTC). */
export function instantOfWall(d: Date): string {
  return dayjs.tz(dayjs.utc(d).format(WALL), displayTimeZone()).toISOString();
}

/** A library's Date as the calendar date of its wall time. */
export function dateOfWall(d: Date): string {
  return dayjs.utc(d).format('YYYY-MM-DD');
}

/** The day after a 'YYYY-MM-DD' date (or, with `days`, that many days later). */
function addDays(date: string, days = 1): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** Now as the organisation's wall time, the `now` of FullCalendar (its today and now line). */
export function wallNow(): string {
  return orgNow().format(WALL);
}

/** The `range` of the list request for the window a view shows ([start, end) in wall time). */
export function rangeOf(page: CalendarPageDef, entity: PublicEntity, start: Date, end: Date): { start: string; end: string; from: string; to: string } {
  const date = timeKind(page, entity) === 'date';
  return { start: page.start, end: page.end, from: date ? dateOfWall(start) : instantOfWall(start), to: date ? dateOfWall(end) : instantOfWall(end) };
}

/** The text of one field of a record: a dictionary's label, a person's or department's name, else the value. */
export function fieldText(ctx: CalendarContext, field: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  const p = ctx.entity.model.properties[field];
  const kind = p?.['x-kind'];
  if (kind === 'dict') {
    const item = ctx.dicts.find((d) => d.id === p?.['x-dict'])?.items.find((i) => i.value === v);
    return item ? ctx.tx(item.label) : String(v);
  }
  if (kind === 'user') return ctx.refs.users[String(v)] ?? String(v);
  if (kind === 'dept') return ctx.refs.depts[String(v)] ?? String(v);
  return String(v);
}

const envs = new WeakMap<object, ExprEnv>();

/** The event text of a record: the title field's text, or the CEL template's value (the record's id when it fails). */
export function eventTitle(page: CalendarPageDef, ctx: CalendarContext, record: CalendarRecord): string {
  const t = page.eventTitle;
  if ('field' in t) return fieldText(ctx, t.field, record[t.field]) || `#${record.id}`;
  let env = envs.get(ctx.entity.model);
  if (!env) envs.set(ctx.entity.model, (env = envFromModel(ctx.entity.model, {}, { record: true, user: true, fields: false })));
  try {
    const v = evaluateExpression(t.cel, env, { record });
    return typeof v === 'string' && v ? v : `#${record.id}`;
  } catch {
    return `#${record.id}`;
  }
}

/** Antd's preset colour names (dictionary item colours) as CSS colours. */
const PRESETS: Record<string, string> = {
  blue: '#1677ff',
  green: '#52c41a',
  red: '#f5222d',
  orange: '#fa8c16',
  gold: '#faad14',
  purple: '#722ed1',
  cyan: '#13c2c2',
  magenta: '#eb2f96',
  volcano: '#fa541c',
  lime: '#a0d911',
  geekblue: '#2f54eb',
  default: '#8c8c8c',
};

/** The colour of a record: its `color` field's dictionary item colour (a preset name or a CSS colour), else none. */
export function colorOf(page: CalendarPageDef, ctx: CalendarContext, record: CalendarRecord): string | undefined {
  if (!page.color) return undefined;
  const p = ctx.entity.model.properties[page.color];
  const c = ctx.dicts.find((d) => d.id === p?.['x-dict'])?.items.find((i) => i.value === record[page.color!])?.color;
  return c ? (PRESETS[c] ?? c) : undefined;
}

/** One event as FullCalendar takes it (a subset of its EventInput). */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end?: string;
  allDay: boolean;
  editable: boolean;
  backgroundColor?: string;
  borderColor?: string;
  /** The resource row (timeline), as text. */
  resourceId?: string;
  extendedProps: { record: CalendarRecord };
}

/** Whether a record is shown as taking whole days. */
function isAllDay(page: CalendarPageDef, kind: 'date' | 'datetime', record: CalendarRecord): boolean {
  if (kind === 'date') return true;
  return !!page.allDay && record[page.allDay] === true;
}

/**
 * The FullCalendar event of a record, or null when it has no start. Editable (drag, resize) when the server
 * lists `edit` among the record's `_actions`.
 */
export function toEvent(page: CalendarPageDef, ctx: CalendarContext, record: CalendarRecord): CalendarEvent | null {
  const kind = timeKind(page, ctx.entity);
  const rawStart = record[page.start];
  const rawEnd = record[page.end];
  if (rawStart === null || rawStart === undefined || rawStart === '') return null;
  const allDay = isAllDay(page, kind, record);
  let start: string | null;
  let end: string | null = null;
  if (kind === 'date') {
    start = typeof rawStart === 'string' ? rawStart.slice(0, 10) : null;
    if (typeof rawEnd === 'string' && rawEnd) end = addDays(rawEnd.slice(0, 10));
  } else if (allDay) {
    start = orgTime(rawStart)?.format('YYYY-MM-DD') ?? null;
    const e = orgTime(rawEnd);
    // An exclusive end at midnight stays on that day; any later time covers its day.
    if (e) end = addDays(e.subtract(1, 'millisecond').format('YYYY-MM-DD'));
  } else {
    start = wallText(rawStart);
    end = wallText(rawEnd);
  }
  if (!start) return null;
  if (end && end <= start) end = null;
  const color = colorOf(page, ctx, record);
  return {
    id: String(record.id),
    title: eventTitle(page, ctx, record),
    start,
    ...(end ? { end } : {}),
    allDay,
    editable: !!record._actions?.includes('edit'),
    ...(color ? { backgroundColor: color, borderColor: color } : {}),
    ...(page.resource ? { resourceId: resourceKey(record[page.resource.field]) } : {}),
    extendedProps: { record },
  };
}

/** The row key of a resource value ('' for none). */
export function resourceKey(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

/**
 * The values a move or resize writes: start and end from the library's new wall-time bounds (`end` null: the
 * event kept no end, so it ends where it starts), and the all-day flag when the page has one.
 */
export function changeOf(page: CalendarPageDef, entity: PublicEntity, start: Date, end: Date | null, allDay: boolean): Record<string, unknown> {
  const kind = timeKind(page, entity);
  const out: Record<string, unknown> = {};
  if (kind === 'date') {
    out[page.start] = dateOfWall(start);
    out[page.end] = end ? addDays(dateOfWall(end), -1) : dateOfWall(start);
  } else {
    out[page.start] = instantOfWall(start);
    out[page.end] = instantOfWall(end ?? (allDay ? new Date(start.getTime() + 86_400_000) : start));
    if (page.allDay) out[page.allDay] = allDay;
  }
  return out;
}

/** The values a new record starts with from a clicked slot or a dragged range (FullCalendar's `select`). */
export function slotInitial(page: CalendarPageDef, entity: PublicEntity, start: Date, end: Date, allDay: boolean): Record<string, unknown> {
  return changeOf(page, entity, start, end, allDay);
}

/** One row of the resource timeline. */
export interface TimelineGroup {
  id: string;
  content: string;
}

/**
 * The rows of the resource timeline: a dictionary's items in order (disabled ones only when a record uses
 * them), else one per value the records hold, named by the references (people, departments) and sorted by name;
 * a last row `noneLabel` holds the records without one.
 */
export function timelineGroups(page: CalendarPageDef, ctx: CalendarContext, records: CalendarRecord[], noneLabel: string): TimelineGroup[] {
  if (!page.resource) return [];
  const field = page.resource.field;
  const used = new Set(records.map((r) => resourceKey(r[field])));
  const p = ctx.entity.model.properties[field];
  const dict = p?.['x-kind'] === 'dict' ? ctx.dicts.find((d) => d.id === p['x-dict']) : undefined;
  const rows: TimelineGroup[] = dict
    ? dict.items.filter((i) => !i.disabled || used.has(i.value)).map((i) => ({ id: i.value, content: ctx.tx(i.label) }))
    : [...used]
        .filter((k) => k !== '')
        .map((k) => ({ id: k, content: fieldText(ctx, field, k) }))
        .sort((a, b) => a.content.localeCompare(b.content, 'zh-CN'));
  if (used.has('') || records.some((r) => !rows.some((g) => g.id === resourceKey(r[field])))) rows.push({ id: '', content: noneLabel });
  return rows;
}

/** One item of the resource timeline (vis-timeline's DataItem): bounds are wall time as UTC Dates. */
export interface TimelineItem {
  id: number;
  group: string;
  content: string;
  start: Date;
  end?: Date;
  editable: boolean;
  style?: string;
  title: string;
}

/** The timeline item of a record (from its FullCalendar event), or null without a start. */
export function toTimelineItem(page: CalendarPageDef, ctx: CalendarContext, record: CalendarRecord): TimelineItem | null {
  const e = toEvent(page, ctx, record);
  if (!e) return null;
  const at = (s: string) => dayjs.utc(s).toDate();
  const start = at(e.start);
  const end = e.end ? at(e.end) : e.allDay ? dayjs.utc(e.start).add(1, 'day').toDate() : undefined;
  return {
    id: record.id,
    group: e.resourceId ?? '',
    content: e.title,
    start,
    ...(end ? { end } : {}),
    editable: e.editable,
    ...(e.backgroundColor ? { style: `background-color: ${e.backgroundColor}; border-color: ${e.backgroundColor}; color: #fff;` } : {}),
    title: e.title,
  };
}

/** The window a timeline shows around a wall-time date: the whole week (Monday first) of `at`. */
export function timelineWindow(at: Date): { start: Date; end: Date } {
  const d = dayjs.utc(at).startOf('day');
  const monday = d.subtract((d.day() + 6) % 7, 'day');
  return { start: monday.toDate(), end: monday.add(7, 'day').toDate() };
}

/** The options of vis-timeline for the page (the axis labels are formatted by `label`, see CalendarTimeline). */
export function timelineOptions(window: { start: Date; end: Date }, editable: boolean) {
  return {
    start: window.start,
    end: window.end,
    stack: true,
    orientation: 'top' as const,
    zoomable: false,
    horizontalScroll: false,
    moveable: false,
    selectable: true,
    showCurrentTime: false,
    groupOrder: (a: { order?: number }, b: { order?: number }) => (a.order ?? 0) - (b.order ?? 0),
    editable: editable ? { add: false, remove: false, updateGroup: false, updateTime: true, overrideItems: false } : false,
    snap: (date: Date) => {
      const step = 15 * 60_000;
      return new Date(Math.round(date.getTime() / step) * step);
    },
    margin: { item: { horizontal: 2, vertical: 4 } },
    // The night (20:00–07:00 wall time) is folded away so that a day's meetings are wide enough to read.
    hiddenDates: [{ start: new Date(Date.UTC(2020, 0, 1, 20)), end: new Date(Date.UTC(2020, 0, 2, 7)), repeat: 'daily' as const }],
  };
}
