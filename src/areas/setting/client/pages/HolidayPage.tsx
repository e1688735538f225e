/**
 * /setting/holiday (节假日设置): the organisation's own calendar, the list page of `setting.holiday` rendered by the
 * page engine, with above it the state of this year's and next year's 调休 schedule (holiday/status: announced by
 * the State Council, entered by the organisation, or provisional — working days by the statutory rule), the
 * warning of CalendarNotice, and 导入调休安排: a UTF-8 CSV / text file (server ../../server/api/scheduleFile.ts:
 * `日期,类型,名称[,备注]`, a date or a span `2027-02-05~2027-02-11`, 放假 or 上班, `#` comments) read in the browser
 * and stored by holiday/importSchedule; a bad line is refused by the server naming it, nothing stored.
 */
import { useRef, useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CalendarNotice } from '../../../../app/components/calendar/CalendarNotice';
import { calendarApi, useCalendarStatus, type YearSchedule } from '../../../../app/components/calendar/calendarStatus';
import { toast } from '../../../../app/services/feedback';
import { EnginePage } from '../../../../../engine/renderers/EnginePage';

const SOURCE_COLOR: Record<YearSchedule['source'], string> = { announced: 'success', organisation: 'processing', provisional: 'warning' };

/** Largest file read (bytes), as the server's limit in characters allows. */
const FILE_MAX = 100_000;

export function HolidayPage() {
  const { t } = useTranslation('setting');
  const [reload, setReload] = useState(0);
  const status = useCalendarStatus(reload);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > FILE_MAX) {
      toast.error(t('calendar.import.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const r = await calendarApi.importSchedule(await file.text());
      toast.success(t('calendar.import.done', { added: r.added, updated: r.updated }));
      setReload((n) => n + 1);
    } catch {
      // the server's message (naming the line) was shown by the http layer
    } finally {
      setBusy(false);
    }
  };

  const year = (y: YearSchedule) => (
    <Space size={6} key={y.year} data-testid={`calendar-year-${y.year}`}>
      <Typography.Text strong>{t('calendar.year', { year: y.year })}</Typography.Text>
      <Tag color={SOURCE_COLOR[y.source]}>{t(`calendar.source.${y.source}`)}</Tag>
    </Space>
  );

  return (
    <div className="oa-holiday-page">
      <CalendarNotice status={status} />
      {status && (
        <Card size="small" style={{ marginBottom: 16 }} data-testid="calendar-schedule">
          <Space direction="vertical" size={8} style={{ width: '100%' }}>
            <Space size={24} wrap>
              {year(status.current)}
              {year(status.next)}
              {status.canEdit && (
                <>
                  <input
                    ref={input}
                    type="file"
                    accept=".csv,.txt,text/csv,text/plain"
                    hidden
                    onChange={(e) => void pick(e.target.files?.[0])}
                    data-testid="calendar-import-file"
                  />
                  <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="calendar-import">
                    {t('calendar.import.button')}
                  </Button>
                </>
              )}
            </Space>
            <Typography.Text type="secondary">{t('calendar.rule')}</Typography.Text>
            {status.canEdit && <Typography.Text type="secondary">{t('calendar.import.help')}</Typography.Text>}
          </Space>
        </Card>
      )}
      <EnginePage id="setting.holiday.list" key={reload} />
    </div>
  );
}
