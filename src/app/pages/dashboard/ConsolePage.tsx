/**
 * The console (/dashboard/console): greeting with the real name, current department and date; the to-do counts
 * (ConsoleCounts: the shell's three, then the panels areas register — engine/renderers/registry.ts
 * registerConsolePanel, 公文's 待签收); shortcuts to the personal menu and common pages; the to-do tabs (ConsoleTasks,
 * the same panels); 通知公告 and 今日日程, empty until the notice and schedule areas
 * exist (no server calls for them yet). Counts and lists come from useConsoleData. Holders of setting:edit are
 * warned above the counts when a year's 调休 schedule is not known (CalendarNotice, holiday/status).
 */
import { useMemo } from 'react';
import { Avatar, Card, Col, Empty, Row } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { orgNow } from '../../../../engine/renderers/time';
import { departmentsAtom, userAtom } from '../../stores/user';
import { localeAtom } from '../../stores/locale';
import { MenuIcon, iconNameOf } from '../../components/MenuIcon';
import { colourClass } from '../../layouts/menuModel';
import { useOpenDetail } from '../../router/openDetail';
import { greetingKey, shortcutsOf } from './consoleModel';
import { routeOpens } from '../../router/routeOpens';
import { useConsoleData } from './useConsoleData';
import { ConsoleCounts } from './ConsoleCounts';
import { ConsoleTasks } from './ConsoleTasks';
import { CalendarNotice } from '../../components/calendar/CalendarNotice';
import { useCalendarStatus } from '../../components/calendar/calendarStatus';

/** The permission of /setting/holiday: its holders are the ones warned about the calendar. */
const CALENDAR_PERMISSION = 'setting:edit';

export default function ConsolePage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const openDetail = useOpenDetail();
  const user = useAtomValue(userAtom);
  const depts = useAtomValue(departmentsAtom);
  useAtomValue(localeAtom); // re-render the date on language switch
  const shortcuts = useMemo(() => shortcutsOf(user?.menu ?? [], user?.menu_my ?? [], undefined, routeOpens), [user]);
  const data = useConsoleData();
  const calendar = useCalendarStatus(0, !!user?.access?.includes(CALENDAR_PERMISSION));
  if (!user) return null;
  const now = orgNow();
  const dept = depts?.current?.title ?? user.dept;

  return (
    <div className="oa-console">
      <section className="oa-welcome" data-testid="console-greeting">
        <Avatar size={64} src={user.avatar || undefined} className="oa-welcome-avatar">
          {user.realname.slice(0, 1)}
        </Avatar>
        <div className="oa-welcome-text">
          <h2>{t(`greeting.${greetingKey(now.hour())}`, { name: user.realname })}</h2>
          <p>
            <span className="oa-welcome-dept">{dept}</span>
            {user.positions?.[0] ? <span className="oa-welcome-pos">{user.positions[0]}</span> : null}
          </p>
        </div>
        <div className="oa-welcome-date">
          <div className="oa-welcome-day">{now.format('DD')}</div>
          <div>
            <div>{now.format(t('monthFormat'))}</div>
            <div className="oa-welcome-week">{now.format('dddd')}</div>
          </div>
        </div>
      </section>

      <CalendarNotice status={calendar} onOpen={() => navigate('/setting/holiday')} />

      {data.business && <ConsoleCounts counts={data.counts} panels={data.panels} />}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('shortcuts.title')} className="oa-console-card" data-testid="console-shortcuts">
            {shortcuts.length ? (
              <div className="oa-shortcuts">
                {shortcuts.map((s, i) => (
                  <button
                    type="button"
                    key={s.path}
                    className={`oa-shortcut ${colourClass(i)}`}
                    onClick={() => openDetail(s.path)}
                    data-testid={`shortcut-${s.path}`}
                  >
                    <span className="oa-shortcut-icon">
                      <MenuIcon name={iconNameOf(s.path, s.icon)} />
                    </span>
                    <span className="oa-shortcut-text">{t(s.i18nKey, { ns: 'route', keySeparator: false, defaultValue: s.header })}</span>
                  </button>
                ))}
              </div>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shortcuts.empty')} />
            )}
          </Card>
          {data.business && <ConsoleTasks data={data} />}
        </Col>
        <Col xs={24} xl={8}>
          <Card
            title={t('notices.title')}
            className="oa-console-card"
            data-testid="console-notices"
            extra={
              <a onClick={() => navigate('/notice/list')} role="link">
                {t('notices.more')}
              </a>
            }
          >
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
          </Card>
          <Card title={t('schedule.title')} className="oa-console-card" data-testid="console-schedule">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.empty')} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
