/**
 * The warning that a year's 调休 schedule is not known (the console and /setting/holiday): shown to holders of
 * setting:edit when holiday/status names years to warn about (a provisional current year; the next one from
 * 11-01). It names the statutory holidays not entered, says that working days and deadlines of those years are
 * provisional (statutory days by rule, no 补休 for a weekend one, no 调休 working weekends) and, with `link`,
 * leads to /setting/holiday. Texts: `setting` namespace, `calendar.*`.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CalendarStatus } from './calendarStatus';

export interface CalendarNoticeProps {
  status: CalendarStatus | null;
  /** Show the button to /setting/holiday. */
  onOpen?: () => void;
}

/** The warning of the module comment, or nothing. */
export function CalendarNotice({ status, onOpen }: CalendarNoticeProps) {
  const { t } = useTranslation('setting');
  if (!status?.canEdit || !status.warn.length) return null;
  const sep = t('calendar.sep');
  const years = status.warn.map((y) => (y === status.current.year ? status.current : status.next));
  const missing = years
    .map((y) => t('calendar.missing', { year: y.year, holidays: y.missing.map((h) => t(`calendar.holiday.${h}`)).join(sep) }))
    .join(t('calendar.yearSep'));
  return (
    <Alert
      type="warning"
      showIcon
      className="oa-calendar-notice"
      data-testid="calendar-notice"
      message={t('calendar.warnTitle', { years: status.warn.join(sep) })}
      description={
        <>
          <div>{missing}</div>
          <div>{t('calendar.warnBody')}</div>
        </>
      }
      action={
        onOpen ? (
          <Button size="small" type="primary" onClick={onOpen} data-testid="calendar-notice-open">
            {t('calendar.open')}
          </Button>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}
