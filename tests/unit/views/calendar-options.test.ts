/**
 * From a calendar definition to FullCalendar's events and vis-timeline's rows and items, and back
 * (engine/renderers/calendar/options.ts), on the roomtest fixture: the organisation's wall time whatever the
 * browser's zone, dictionary colours and labels, the title template, the list window, the values a drag writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarPageDef } from '../../../engine/schema/types';
import type { PublicEntity } from '../../../engine/schema/bundle';
import { setDisplayTimeZone } from '../../../engine/renderers/time';
import {
  changeOf,
  effectiveView,
  rangeOf,
  slotInitial,
  timelineGroups,
  timelineWindow,
  toEvent,
  toTimelineItem,
  type CalendarContext,
} from '../../../engine/renderers/calendar/options';
import { roomBundle } from './fixture';

const bundle = roomBundle('roomtest.booking.calendar');
const page = bundle.page as CalendarPageDef;
const entity = bundle.entity as PublicEntity;
const tx = (t: { t: string; d: string } | undefined) => (t ? (bundle.texts[t.t] ?? t.d) : '');
const ctx: CalendarContext = { entity, dicts: bundle.dicts, refs: { users: { '7': '张伟' }, depts: {} }, tx };
const wall = (s: string) => new Date(`${s}Z`);

beforeAll(() => setDisplayTimeZone('Asia/Shanghai'));
afterAll(() => setDisplayTimeZone(null));

const meeting = {
  id: 3,
  version: 2,
  subject: '周例会',
  room: 'r2',
  start: '2026-11-27T01:00:00.000Z',
  end: '2026-11-27T02:30:00.000Z',
  allDay: false,
  host: 7,
  _actions: ['edit'],
};

describe('calendar events', () => {
  it('shows a booking at the organisation’s wall time, coloured by its room, editable when the server allows it', () => {
    expect(toEvent(page, ctx, meeting)).toMatchObject({
      id: '3',
      title: '周例会',
      start: '2026-11-27T09:00:00',
      end: '2026-11-27T10:30:00',
      allDay: false,
      editable: true,
      backgroundColor: '#52c41a',
      resourceId: 'r2',
    });
    expect(toEvent(page, ctx, { ...meeting, _actions: [] })?.editable).toBe(false);
  });

  it('an all-day booking covers its days, the end day included', () => {
    const e = toEvent(page, ctx, { ...meeting, allDay: true, start: '2026-11-26T16:00:00.000Z', end: '2026-11-28T16:00:00.000Z' });
    expect(e).toMatchObject({ start: '2026-11-27', end: '2026-11-29', allDay: true });
  });

  it('a title template joins fields; a field title shows the dictionary label', () => {
    const cel = { ...page, eventTitle: { cel: 'record.subject + "（" + record.room + "）"' } };
    expect(toEvent(cel, ctx, meeting)?.title).toBe('周例会（r2）');
    expect(toEvent({ ...page, eventTitle: { field: 'room' } }, ctx, meeting)?.title).toBe('第二会议室');
    expect(toEvent({ ...page, eventTitle: { field: 'host' } }, ctx, meeting)?.title).toBe('张伟');
  });

  it('a record without a start is not shown', () => {
    expect(toEvent(page, ctx, { ...meeting, start: null })).toBeNull();
  });
});

describe('the window and the values written back', () => {
  it('asks the list for the records meeting the visible week, as instants', () => {
    expect(rangeOf(page, entity, wall('2026-11-23T00:00:00'), wall('2026-11-30T00:00:00'))).toEqual({
      start: 'start',
      end: 'end',
      from: '2026-11-22T16:00:00.000Z',
      to: '2026-11-29T16:00:00.000Z',
    });
  });

  it('a drag writes the new wall time as instants and clears the all-day flag', () => {
    expect(changeOf(page, entity, wall('2026-11-28T14:00:00'), wall('2026-11-28T15:00:00'), false)).toEqual({
      start: '2026-11-28T06:00:00.000Z',
      end: '2026-11-28T07:00:00.000Z',
      allDay: false,
    });
  });

  it('a dragged range of days starts a new all-day booking', () => {
    expect(slotInitial(page, entity, wall('2026-12-01T00:00:00'), wall('2026-12-03T00:00:00'), true)).toEqual({
      start: '2026-11-30T16:00:00.000Z',
      end: '2026-12-02T16:00:00.000Z',
      allDay: true,
    });
  });

  it('date fields: the window and a drag use dates, the end day inclusive', () => {
    const dated = {
      ...entity,
      model: {
        ...entity.model,
        properties: {
          ...entity.model.properties,
          start: { ...entity.model.properties.start, 'x-kind': 'date' as const },
          end: { ...entity.model.properties.end, 'x-kind': 'date' as const },
        },
      },
    };
    expect(rangeOf(page, dated, wall('2026-11-01T00:00:00'), wall('2026-12-07T00:00:00'))).toMatchObject({ from: '2026-11-01', to: '2026-12-07' });
    expect(changeOf(page, dated, wall('2026-11-02T00:00:00'), wall('2026-11-05T00:00:00'), true)).toEqual({ start: '2026-11-02', end: '2026-11-04' });
    expect(toEvent(page, { ...ctx, entity: dated }, { ...meeting, start: '2026-11-02', end: '2026-11-04' })).toMatchObject({
      start: '2026-11-02',
      end: '2026-11-05',
      allDay: true,
    });
  });

  it('a phone shows the day view', () => {
    expect(effectiveView('month', page.views, 390)).toBe('day');
    expect(effectiveView('month', page.views, 1280)).toBe('month');
  });
});

describe('resource timeline', () => {
  it('has one row per room in the dictionary’s order, and a row for bookings without one', () => {
    expect(timelineGroups(page, ctx, [meeting], '未指定')).toEqual([
      { id: 'r1', content: '第一会议室' },
      { id: 'r2', content: '第二会议室' },
      { id: 'hall', content: '多功能厅' },
    ]);
    expect(timelineGroups(page, ctx, [{ ...meeting, room: null }], '未指定').at(-1)).toEqual({ id: '', content: '未指定' });
  });

  it('a booking is a bar in its room’s row at wall time', () => {
    const item = toTimelineItem(page, ctx, meeting)!;
    expect(item).toMatchObject({ id: 3, group: 'r2', content: '周例会', editable: true });
    expect(item.start.toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(item.end?.toISOString()).toBe('2026-11-27T10:30:00.000Z');
    expect(item.style).toContain('#52c41a');
  });

  it('shows the week (Monday first) around a date', () => {
    const w = timelineWindow(wall('2026-11-27T09:00:00'));
    expect([w.start.toISOString(), w.end.toISOString()]).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
  });
});
