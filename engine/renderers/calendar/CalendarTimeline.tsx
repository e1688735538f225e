/**
 * The resource timeline of a calendar page: one row per resource (./options.ts timelineGroups), the records of
 * the week as bars (vis-timeline, Apache-2.0 / MIT). Its axis is in UTC and holds the organisation's wall time
 * (see ./options.ts), labelled with the app language's patterns. Every bar is a button reachable by Tab (Enter
 * opens the record like a click); a click on an empty place of a row asks for a new record there (an hour,
 * the row's resource filled); dragging or stretching a bar the caller may edit asks `onMove`, and the bar goes
 * back when it answers false.
 */
import { useEffect, useRef } from 'react';
import * as visStandalone from 'vis-timeline/standalone';
import type { Timeline } from 'vis-timeline/standalone';
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CalendarPageDef } from '../../schema/types';
import { changeOf, timelineGroups, timelineOptions, toTimelineItem, type CalendarContext, type CalendarRecord, type TimelineItem } from './options';

/** The standalone build's own DataSet and moment (its type declarations leave them out). */
interface VisDataSet<T> {
  add(items: T[]): void;
  clear(): void;
}
const vis = visStandalone as unknown as {
  Timeline: new (el: HTMLElement, items: VisDataSet<unknown>, groups: VisDataSet<unknown>, options: object) => Timeline;
  DataSet: new <T>() => VisDataSet<T>;
  moment: (d: Date) => { utc(): unknown };
};

/** Props of {@link CalendarTimeline}. */
export interface CalendarTimelineProps {
  page: CalendarPageDef;
  ctx: CalendarContext;
  records: CalendarRecord[];
  /** The shown window, wall time in UTC Dates. */
  window: { start: Date; end: Date };
  zh: boolean;
  /** Name of the row of records without a resource. */
  noneLabel: string;
  onOpen: (record: CalendarRecord) => void;
  /** A new record's initial values from a clicked place (absent: adding is not offered). */
  onSlot?: (initial: Record<string, unknown>) => void;
  /** Writes a moved or stretched record (new wall-time bounds); resolves false when refused. */
  onMove: (record: CalendarRecord, start: Date, end: Date) => Promise<boolean>;
}

/** The resource timeline (see the module comment). */
export function CalendarTimeline(props: CalendarTimelineProps) {
  const { t } = useTranslation('renderer');
  const box = useRef<HTMLDivElement>(null);
  const tl = useRef<{ timeline: Timeline; items: VisDataSet<TimelineItem>; groups: VisDataSet<{ id: string; content: string; order: number }> } | null>(null);
  // The callbacks change every render; the timeline keeps calling the latest through this ref.
  const live = useRef(props);
  live.current = props;

  useEffect(() => {
    if (!box.current) return;
    const items = new vis.DataSet<TimelineItem>();
    const groups = new vis.DataSet<{ id: string; content: string; order: number }>();
    const lang = () => (live.current.zh ? 'zh-cn' : 'en');
    const fmt = (date: { valueOf(): number }, key: string) =>
      dayjs
        .utc(date.valueOf())
        .locale(lang())
        .format(t(`calendarView.axis.${key}`));
    const byId = (id: unknown) => live.current.records.find((r) => r.id === Number(id));
    const timeline = new vis.Timeline(box.current, items, groups, {
      ...timelineOptions(props.window, true),
      // Its clock in UTC, so that the axis shows the wall time it is given.
      moment: (d: Date) => vis.moment(d).utc(),
      format: {
        minorLabels: (date: { valueOf(): number }, scale: string) =>
          fmt(date, scale === 'hour' || scale === 'minute' ? 'hour' : scale === 'month' || scale === 'year' ? 'month' : 'day'),
        majorLabels: (date: { valueOf(): number }, scale: string) => fmt(date, scale === 'hour' || scale === 'minute' ? 'majorHour' : 'majorDay'),
      },
      template: (item: TimelineItem) => {
        const el = document.createElement('span');
        el.textContent = item.content;
        el.tabIndex = 0;
        el.setAttribute('role', 'button');
        el.setAttribute('data-testid', `calendar-item-${item.id}`);
        el.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          const r = byId(item.id);
          if (r) live.current.onOpen(r);
        });
        return el;
      },
      onMove: (item: TimelineItem, callback: (item: TimelineItem | null) => void) => {
        const r = byId(item.id);
        if (!r || !item.end) return callback(null);
        void live.current.onMove(r, new Date(item.start), new Date(item.end)).then((ok) => callback(ok ? item : null));
      },
    });
    timeline.on('click', (p: { item: number | null; what?: string; group?: string | null; time?: Date }) => {
      const cur = live.current;
      if (p.item != null) {
        const r = byId(p.item);
        if (r) cur.onOpen(r);
        return;
      }
      if (!cur.onSlot || p.what !== 'background' || p.group == null || !p.time) return;
      const start = dayjs.utc(p.time).startOf('hour').toDate();
      const end = dayjs.utc(start).add(1, 'hour').toDate();
      const initial = changeOf(cur.page, cur.ctx.entity, start, end, false);
      if (cur.page.resource && p.group !== '') initial[cur.page.resource.field] = p.group;
      cur.onSlot(initial);
    });
    tl.current = { timeline, items, groups };
    return () => {
      timeline.destroy();
      tl.current = null;
    };
    // The timeline is built once; data and window changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    tl.current?.timeline.setWindow(props.window.start, props.window.end, { animation: false });
  }, [props.window.start, props.window.end]);

  useEffect(() => {
    const cur = tl.current;
    if (!cur) return;
    const rows = timelineGroups(props.page, props.ctx, props.records, props.noneLabel).map((g, i) => ({ ...g, order: i }));
    cur.groups.clear();
    cur.groups.add(rows);
    cur.items.clear();
    const list = props.records.map((r) => toTimelineItem(props.page, props.ctx, r)).filter((x): x is TimelineItem => !!x);
    cur.items.add(list.map((x) => ({ ...x, group: rows.some((g) => g.id === x.group) ? x.group : '' })));
  }, [props.records, props.page, props.ctx, props.noneLabel]);

  return <div ref={box} className="oa-calendar-timeline" data-testid="calendar-timeline" />;
}
