/**
 * The message-reminder bell (SPEC §2.4, §4 "Reminders"): unread badge (99+ overflow) and a panel with the
 * reminders, "忽略全部" (ignore all: Msg/ignore, empties the list, unread 0) and "查看全部" (→ /message/index).
 * A click on a reminder marks it read (removed, unread − 1, Msg/setRead) and opens its target.
 * While a user is signed in it loads the unread reminders (Msg/list) and keeps them fresh through the
 * reminder channel: the websocket of Msg/socket when available, else polling Msg/newMsg.
 */
import { useEffect, useState } from 'react';
import { Avatar, Badge, Button, Dropdown, Empty } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BADGE_OVERFLOW } from '@shared/constants';
import { ignoreAllReminders, markReminderRead, noticesAtom, type Reminder } from '../../stores/notices';
import { userAtom } from '../../stores/user';
import { reminderTarget } from './reminderTarget';
import { startReminders } from './startReminders';

export function NoticeBell() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const notices = useAtomValue(noticesAtom);
  const userId = useAtomValue(userAtom)?.id;

  useEffect(() => (userId ? startReminders(userId) : undefined), [userId]);

  const read = (r: Reminder) => {
    void markReminderRead(r.id).catch(() => undefined);
    const to = reminderTarget(r, t('notice.systemNotice'));
    setOpen(false);
    if (to) navigate(to);
  };

  const panel = (
    <div className="oa-notice-panel" data-testid="notice-panel">
      <div className="oa-notice-head">
        <span className="oa-notice-title">{t('notice.title')}</span>
        <span className="oa-notice-count">{t('notice.unread', { count: notices.unread })}</span>
      </div>
      <div className="oa-notice-list">
        {notices.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
        ) : (
          notices.list.map((r) => (
            <button type="button" key={r.id} className="oa-notice-item" data-testid="notice-item" onClick={() => read(r)}>
              <Avatar size={32} src={r.avatar || undefined}>
                {(r.realname ?? '').slice(0, 1)}
              </Avatar>
              <span className="oa-notice-item-body">
                <span className="oa-notice-item-title">{r.title}</span>
                <span className="oa-notice-item-meta">
                  {r.realname} {r.date}
                </span>
              </span>
            </button>
          ))
        )}
      </div>
      <div className="oa-notice-foot">
        <Button
          type="text"
          data-testid="notice-ignore-all"
          disabled={notices.unread === 0 && notices.list.length === 0}
          onClick={() => void ignoreAllReminders().catch(() => undefined)}
        >
          {t('notice.ignoreAll')}
        </Button>
        <Button
          type="text"
          data-testid="notice-view-all"
          onClick={() => {
            setOpen(false);
            navigate('/message/index');
          }}
        >
          {t('notice.viewAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Dropdown open={open} onOpenChange={setOpen} trigger={['click']} placement="bottomRight" popupRender={() => panel}>
      <button
        type="button"
        className="oa-header-action"
        aria-label={notices.unread ? `${t('notice.title')} ${notices.unread > BADGE_OVERFLOW ? `${BADGE_OVERFLOW}+` : notices.unread}` : t('notice.title')}
        data-testid="notice-bell"
      >
        <Badge count={notices.unread} overflowCount={BADGE_OVERFLOW} size="small" offset={[2, -2]}>
          <BellOutlined className="oa-header-bell" />
        </Badge>
      </button>
    </Dropdown>
  );
}
