/**
 * What a user sees of a calendar whose 调休 schedule is not known: a deadline counted through such a year carries
 * the 暂定 tag (with its tooltip) on the 待办 and 督办 lists and on 公文督办; the warning of CalendarNotice names
 * the year and the holidays not entered, for holders of setting:edit only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '@app/i18n';
import { ProvisionalTag } from '../../engine/renderers/ProvisionalTag';
import { workListColumns, type WorkRow } from '../../engine/renderers/worklist/columns';
import { CalendarNotice } from '../../src/app/components/calendar/CalendarNotice';
import type { CalendarStatus } from '../../src/app/components/calendar/calendarStatus';
import { i18n } from '../../src/app/i18n';

afterEach(cleanup);

const deadline = Date.parse('2027-01-05T10:00:00+08:00');
const row = (extra: Record<string, unknown>) =>
  ({
    taskId: 'a',
    instanceId: 1,
    title: '关于甲的请示',
    createdAt: deadline - 5 * 86_400_000,
    actedAt: null,
    deadline,
    overdue: false,
    ...extra,
  }) as unknown as WorkRow;

/** The deadline cell of the 待办 list for `r`. */
function deadlineCell(r: WorkRow) {
  const cols = workListColumns({ list: 'todo', t: i18n.getFixedT('zh-CN', 'renderer'), linkOf: () => null, onUrge: () => {} });
  const col = cols.find((c) => c.key === 'deadline')!;
  return render(<>{(col as any).render(null, r, 0)}</>);
}

describe('暂定 deadlines', () => {
  it('the 待办 deadline counted through an unknown year shows 暂定 with a tooltip; a known one does not', async () => {
    deadlineCell(row({ deadlineProvisional: true }));
    const tag = screen.getByTestId('deadline-provisional');
    expect(tag.textContent).toBe('暂定');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText(/调休安排尚未公布或录入/)).toBeTruthy();
    cleanup();
    deadlineCell(row({ deadlineProvisional: false }));
    expect(screen.queryByTestId('deadline-provisional')).toBeNull();
  });

  it('speaks English too', () => {
    void i18n.changeLanguage('en-US');
    try {
      render(<ProvisionalTag provisional />);
      expect(screen.getByTestId('deadline-provisional').textContent).toBe('Provisional');
    } finally {
      void i18n.changeLanguage('zh-CN');
    }
  });
});

const status = (extra: Partial<CalendarStatus>): CalendarStatus => ({
  today: '2026-11-27',
  current: { year: 2026, source: 'announced', missing: [] },
  next: { year: 2027, source: 'provisional', missing: ['newYear', 'springFestival', 'qingming', 'labourDay', 'dragonBoat', 'midAutumn', 'nationalDay'] },
  warn: [2027],
  canEdit: true,
  ...extra,
});

describe('CalendarNotice', () => {
  it('warns an administrator about 2027, names the holidays not entered and leads to /setting/holiday', () => {
    let opened = 0;
    render(<CalendarNotice status={status({})} onOpen={() => (opened += 1)} />);
    const notice = screen.getByTestId('calendar-notice');
    expect(notice.textContent).toContain('2027 年的调休安排尚未公布或录入');
    expect(notice.textContent).toContain('元旦、春节、清明节、劳动节、端午节、中秋节、国庆节');
    expect(notice.textContent).toContain('暂定');
    fireEvent.click(screen.getByTestId('calendar-notice-open'));
    expect(opened).toBe(1);
  });

  it('says nothing to staff, nor when no year is to be warned about', () => {
    render(<CalendarNotice status={status({ canEdit: false })} />);
    render(<CalendarNotice status={status({ warn: [] })} />);
    render(<CalendarNotice status={null} />);
    expect(screen.queryByTestId('calendar-notice')).toBeNull();
  });
});
