/**
 * The mark of a provisional deadline (暂定): a deadline counted through a year whose 调休 schedule is neither
 * announced nor entered (engine/calendar; the server's `deadlineProvisional` on list rows), with a tooltip saying
 * why. Generic: every page that shows a flow deadline puts it next to the time. Texts: `renderer` `calendar.*`.
 */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The 暂定 tag when `provisional`, else nothing. */
export function ProvisionalTag({ provisional }: { provisional?: boolean }) {
  const { t } = useTranslation('renderer');
  if (!provisional) return null;
  return (
    <Tooltip title={t('calendar.provisionalTip')}>
      <Tag color="warning" data-testid="deadline-provisional" style={{ marginInlineEnd: 0 }}>
        {t('calendar.provisional')}
      </Tag>
    </Tooltip>
  );
}
