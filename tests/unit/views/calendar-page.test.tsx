/**
 * The calendar page (engine/renderers/CalendarPage.tsx) over the roomtest fixture with a test host: the week's
 * bookings at the organisation's wall time with their titles, the window asked of the list, the view buttons, a
 * booking opening its record, and a move the server refuses going back.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import { i18n } from '@app/i18n';
import { setDisplayTimeZone } from '../../../engine/renderers/time';
import { CalendarPage } from '../../../engine/renderers/CalendarPage';
import { renderWithUser } from '../list-fixture';
import { roomBundle } from './fixture';
import { hostUser, installHost } from './testHost';

vi.mock('../../../engine/data/api', async (orig) => ({
  ...(await orig<object>()),
  loadPage: () => new Promise(() => undefined),
  loadRecordPage: () => new Promise(() => undefined),
}));

const NOW = new Date('2026-11-25T02:00:00.000Z'); // Wednesday 10:00 in Asia/Shanghai
const records = [
  { id: 1, version: 1, subject: '周例会', room: 'r1', start: '2026-11-23T01:00:00.000Z', end: '2026-11-23T02:00:00.000Z', allDay: false, _actions: ['edit'] },
  { id: 2, version: 4, subject: '党委学习', room: 'hall', start: '2026-11-26T06:00:00.000Z', end: '2026-11-26T08:00:00.000Z', allDay: false, _actions: [] },
];

beforeAll(async () => {
  setDisplayTimeZone('Asia/Shanghai');
  await i18n.changeLanguage('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCalendar(overrides: Record<string, unknown> = {}, handler?: (api: string, body: Record<string, any>) => unknown) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  const log = installHost(handler ?? ((api) => (api.endsWith('/list') ? { list: records, total: records.length, refs: { users: {}, depts: {} } } : {})), [
    'roomtest:view',
    'roomtest:edit',
  ]);
  const bundle = roomBundle('roomtest.booking.calendar');
  const view = renderWithUser(
    <CalendarPage bundle={{ ...bundle, page: { ...bundle.page, ...overrides } as typeof bundle.page }} />,
    hostUser(['roomtest:view', 'roomtest:edit']),
  );
  return { log, view };
}

describe('calendar page', { timeout: 30_000 }, () => {
  it('shows the week’s bookings with their titles and times, and asks the list for that week', async () => {
    const { log } = renderCalendar();
    expect(await screen.findByText('周例会')).toBeTruthy();
    expect(screen.getByText('党委学习')).toBeTruthy();
    expect(screen.getByText('会议室日程')).toBeTruthy();
    // 09:00 – 10:00 in Shanghai, not the browser's zone
    expect(screen.getByTestId('calendar-event-1').textContent).toContain('9:00 - 10:00');
    const list = log.calls.find((c) => c.api === 'roomtestBookings/list')!;
    expect(list.body.range).toEqual({ start: 'start', end: 'end', from: '2026-11-22T16:00:00.000Z', to: '2026-11-29T16:00:00.000Z' });
    expect(screen.getByTestId('calendar-range').textContent).toContain('2026年11月23日');
  });

  it('offers the views as buttons; the month view asks for the month', async () => {
    const { log } = renderCalendar();
    await screen.findByText('周例会');
    const month = screen.getByRole('button', { name: '月' });
    expect(month.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '周' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(month);
    await waitFor(() => expect(log.calls.some((c) => c.body.range?.from === '2026-10-25T16:00:00.000Z')).toBe(true));
    expect(screen.getByRole('button', { name: '月' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a booking is reachable by Tab and opens its record', async () => {
    const { log } = renderCalendar({ open: '/meeting/room/:id' });
    const ev = await screen.findByTestId('calendar-event-2');
    const focusable = ev.matches('[tabindex="0"], a[href]') || !!ev.querySelector('[tabindex="0"]');
    expect(focusable).toBe(true);
    fireEvent.click(ev);
    expect(log.opened).toEqual(['/meeting/room/2']);
  });

  it('without a route, a booking opens its detail page in a drawer', async () => {
    renderCalendar();
    fireEvent.click(await screen.findByTestId('calendar-event-1'));
    expect(await screen.findByTestId('record-drawer-view')).toBeTruthy();
  });

  it('in English the buttons and the range follow the language', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    try {
      renderCalendar();
      await screen.findByText('周例会');
      expect(screen.getByRole('button', { name: 'Month' })).toBeTruthy();
      expect(screen.getByTestId('calendar-range').textContent).toContain('23 Nov 2026');
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
  it('the resource view shows a row per room and asks for the week', async () => {
    const { log } = renderCalendar({ defaultView: 'timeline' });
    expect(await screen.findByTestId('calendar-timeline')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('第一会议室').length).toBeGreaterThan(0));
    expect(screen.getAllByText('多功能厅').length).toBeGreaterThan(0);
    // (happy-dom lays nothing out, so vis-timeline draws no bars here: the bars are checked in Chromium)
    expect(log.calls.find((c) => c.api === 'roomtestBookings/list')!.body.range.from).toBe('2026-11-22T16:00:00.000Z');
    expect(screen.getByTestId('calendar-view-timeline').getAttribute('aria-pressed')).toBe('true');
  });
});
