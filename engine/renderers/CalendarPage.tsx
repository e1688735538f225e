/**
 * The `calendar` page kind (FORMATS.md "calendar"): an entity's records between their start and end fields in a
 * day / week / month view (FullCalendar 6) or a resource timeline (vis-timeline, ./calendar/CalendarTimeline.tsx),
 * switched by buttons above it; below 600 px it shows one day. The records are the entity's list of the visible
 * window (./calendar/useCalendarData.ts). A click on an empty slot or a dragged range opens the page's `form` in a
 * drawer with start and end filled; a click on an event (or Enter on it) opens `open` (a route) or the `detail`
 * page in a drawer; dragging or resizing an event the server lets the caller edit writes its start and end, and a
 * refusal puts it back. Times are the organisation's wall time (./calendar/options.ts), the language the app's.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import type { DatesSetArg, DateSelectArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import type { CalendarPageDef, CalendarView } from '../schema/types';
import type { PublicEntity } from '../schema/bundle';
import { host } from '../host';
import { DefinitionError } from './DefinitionError';
import type { PageKindProps } from './registry';
import { bundleText } from './list/model';
import { RecordDrawer, type DrawerTarget } from './list/RecordDrawer';
import { CalendarTimeline } from './calendar/CalendarTimeline';
import {
  FC_VIEWS,
  PHONE_WIDTH,
  changeOf,
  effectiveView,
  rangeOf,
  slotInitial,
  timelineWindow,
  toEvent,
  wallNow,
  type CalendarContext,
  type CalendarRecord,
} from './calendar/options';
import { MAX_EVENTS, useCalendarData, type CalendarWindow } from './calendar/useCalendarData';
import { useNarrow } from './useNarrow';

/** Renders a calendar page definition (see the module comment). */
export function CalendarPage(props: PageKindProps) {
  const { t } = useTranslation('renderer');
  const page = props.bundle.page;
  if (page.pageKind !== 'calendar' || !props.bundle.entity)
    return <DefinitionError definition={page.id} path="entity" message={t('list.needsResource', { id: page.id })} />;
  return <CalendarBody {...props} page={page} entity={props.bundle.entity} />;
}

function CalendarBody({ bundle, page, entity, embedded }: PageKindProps & { page: CalendarPageDef; entity: PublicEntity }) {
  const { t, i18n } = useTranslation('renderer');
  const zh = i18n.language !== 'en-US';
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const user = host().useIdentity();
  const codes = user?.access ?? [];
  const canAdd = !!page.form && (!entity.permissions?.add || codes.includes(entity.permissions.add));
  const narrow = useNarrow(PHONE_WIDTH);
  const [chosen, setChosen] = useState<CalendarView>(page.defaultView);
  const view = effectiveView(chosen, page.views, narrow ? 0 : PHONE_WIDTH);
  const [cursor, setCursor] = useState<Date>(() => dayjs.utc(wallNow()).toDate());
  const [window, setWindow] = useState<CalendarWindow | null>(null);
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const fc = useRef<FullCalendar>(null);
  // the events' start, end, title (a field or a CEL template over the record), colour and resource: the model's fields
  const fields = useMemo(() => Object.keys(entity.model.properties), [entity]);
  const data = useCalendarData(entity.group, window, fields);
  const ctx: CalendarContext = useMemo(() => ({ entity, dicts: bundle.dicts, refs: data.refs, tx }), [entity, bundle.dicts, data.refs, tx]);
  const events = useMemo(() => data.records.map((r) => toEvent(page, ctx, r)).filter((e) => !!e), [data.records, page, ctx]);

  const timeline = view === 'timeline';
  const tlWindow = useMemo(() => timelineWindow(cursor), [cursor]);
  // The timeline's window is its week; FullCalendar reports its own through datesSet.
  const tlKey = timeline ? JSON.stringify(rangeOf(page, entity, tlWindow.start, tlWindow.end)) : '';
  useEffect(() => {
    if (tlKey) setWindow(JSON.parse(tlKey) as CalendarWindow);
  }, [tlKey]);

  const openRecord = useCallback(
    (record: CalendarRecord) => {
      if (page.open) return host().openRecord(page.open.replace(':id', String(record.id)));
      if (!page.detail) return;
      const name = entity.titleField ? record[entity.titleField] : undefined;
      setDrawer({
        page: page.detail,
        recordId: record.id,
        mode: 'view',
        title: name ? `${t('calendarView.view_record')} · ${String(name)}` : t('calendarView.view_record'),
      });
    },
    [page, entity, t],
  );
  const openForm = useCallback(
    (initial: Record<string, unknown>) => {
      if (canAdd && page.form) setDrawer({ page: page.form, mode: 'add', title: `${t('calendarView.add')} · ${tx(entity.title)}`, initial });
    },
    [canAdd, page.form, t, tx, entity.title],
  );
  /** Writes a moved or resized record; false when the server refused (the caller puts it back). */
  const save = useCallback(
    async (record: CalendarRecord, change: Record<string, unknown>): Promise<boolean> => {
      try {
        const next = await host().call<CalendarRecord>(`${entity.group}/edit`, { id: record.id, version: record.version, ...change });
        data.replace({ ...record, ...change, ...next });
        return true;
      } catch {
        return false;
      }
    },
    [entity.group, data],
  );

  const onDates = (arg: DatesSetArg) => {
    setWindow(rangeOf(page, entity, arg.view.activeStart, arg.view.activeEnd));
    setCursor(arg.view.currentStart);
  };
  const onMove = (arg: EventDropArg | EventResizeDoneArg) => {
    const record = arg.event.extendedProps.record as CalendarRecord;
    void save(record, changeOf(page, entity, arg.event.start!, arg.event.end, arg.event.allDay)).then((ok) => ok || arg.revert());
  };
  const shift = (dir: -1 | 0 | 1) => {
    if (!timeline) {
      const api = fc.current?.getApi();
      if (dir === 0) api?.today();
      else if (dir < 0) api?.prev();
      else api?.next();
      return;
    }
    setCursor(
      dir === 0
        ? dayjs.utc(wallNow()).toDate()
        : dayjs
            .utc(cursor)
            .add(dir * 7, 'day')
            .toDate(),
    );
  };
  const choose = (v: CalendarView) => {
    setChosen(v);
    if (v !== 'timeline') fc.current?.getApi().changeView(FC_VIEWS[v]);
  };

  const title = titleOf(view, timeline ? tlWindow.start : cursor, zh, t);
  return (
    <Card
      className="oa-calendar-page"
      data-testid="calendar-page"
      data-page={page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="calendar-title">{tx(page.title)}</span>}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('calendarView.prev')}
            title={t('calendarView.prev')}
            onClick={() => shift(-1)}
            data-testid="calendar-prev"
          />
          <Button onClick={() => shift(0)} data-testid="calendar-today">
            {t('calendarView.today')}
          </Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t('calendarView.next')}
            title={t('calendarView.next')}
            onClick={() => shift(1)}
            data-testid="calendar-next"
          />
          <Typography.Text strong data-testid="calendar-range">
            {title}
          </Typography.Text>
          {data.loading && <Spin size="small" />}
        </Space>
        <Space.Compact role="group" aria-label={t('calendarView.views')}>
          {page.views.map((v) => (
            <Button key={v} type={v === view ? 'primary' : 'default'} aria-pressed={v === view} onClick={() => choose(v)} data-testid={`calendar-view-${v}`}>
              {t(`calendarView.view.${v}`)}
            </Button>
          ))}
        </Space.Compact>
      </div>
      {data.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('calendarView.loadFailed')}
          description={data.error}
          action={<Button onClick={data.reload}>{t('calendarView.retry')}</Button>}
        />
      )}
      {data.truncated && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('calendarView.truncated', { count: MAX_EVENTS })} />}
      {timeline ? (
        <CalendarTimeline
          page={page}
          ctx={ctx}
          records={data.records}
          window={tlWindow}
          zh={zh}
          noneLabel={t('calendarView.noResource')}
          onOpen={openRecord}
          onSlot={canAdd ? openForm : undefined}
          onMove={(record, start, end) => save(record, changeOf(page, entity, start, end, false))}
        />
      ) : (
        <div data-testid="calendar-fc">
          <FullCalendar
            key={narrow ? 'narrow' : 'wide'}
            ref={fc}
            plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView={FC_VIEWS[view as Exclude<CalendarView, 'timeline'>]}
            initialDate={cursor}
            headerToolbar={false}
            timeZone="UTC"
            now={wallNow}
            locale={zh ? zhCnLocale : 'en'}
            firstDay={1}
            height={narrow ? 'auto' : 680}
            scrollTime="08:00:00"
            nowIndicator
            dayMaxEvents
            eventInteractive
            editable
            selectable={canAdd}
            selectMirror
            events={events}
            datesSet={onDates}
            select={(arg: DateSelectArg) => {
              openForm(slotInitial(page, entity, arg.start, arg.end, arg.allDay));
              arg.view.calendar.unselect();
            }}
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault();
              openRecord(arg.event.extendedProps.record as CalendarRecord);
            }}
            eventDrop={onMove}
            eventResize={onMove}
            eventDidMount={(arg) => arg.el.setAttribute('data-testid', `calendar-event-${arg.event.id}`)}
          />
        </div>
      )}
      <RecordDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        onDone={() => {
          setDrawer(null);
          data.reload();
        }}
      />
    </Card>
  );
}

/** The toolbar's text for the shown period: the day, the week's Monday, or the month (patterns from the locale). */
function titleOf(view: CalendarView, at: Date, zh: boolean, t: (k: string) => string): string {
  const d = dayjs.utc(at).locale(zh ? 'zh-cn' : 'en');
  if (view === 'day') return d.format(t('calendarView.title.day'));
  if (view === 'month') return d.format(t('calendarView.title.month'));
  const monday = d.subtract((d.day() + 6) % 7, 'day');
  return `${monday.format(t('calendarView.title.week'))} – ${monday.add(6, 'day').format(t('calendarView.title.week'))}`;
}
