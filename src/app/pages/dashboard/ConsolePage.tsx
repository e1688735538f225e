/**
 * The console (/dashboard/console, issue 2): greeting with the real name, current department and date;
 * to-do counts (待办事务 from the approval runtime's counts of the affair area; 待办公文 / 未读邮件 / 待签收 0 until
 * their issues land); shortcuts to the personal
 * menu and common pages; notices and to-do lists (empty states until later issues fill them).
 */
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Card, Col, Empty, Row, Tabs } from 'antd';
import { AuditOutlined, FileTextOutlined, MailOutlined, RightOutlined, VerifiedOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import { departmentsAtom, userAtom } from '../../stores/user';
import { localeAtom } from '../../stores/locale';
import { MenuIcon, iconNameOf } from '../../components/MenuIcon';
import { colourClass } from '../../layouts/menuModel';
import { useOpenDetail } from '../../router/openDetail';
import { greetingKey, shortcutsOf } from './consoleModel';
import { flowApi } from '../../../../engine/data/flow';

const TODOS = [
  { key: 'doc', path: '/document/dbgw', icon: <FileTextOutlined /> },
  { key: 'affair', path: '/affair/dbsw', icon: <AuditOutlined /> },
  { key: 'mail', path: '/mail/inbox', icon: <MailOutlined /> },
  { key: 'sign', path: '/document/gwqs', icon: <VerifiedOutlined /> },
] as const;

export default function ConsolePage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const openDetail = useOpenDetail();
  const user = useAtomValue(userAtom);
  const depts = useAtomValue(departmentsAtom);
  useAtomValue(localeAtom); // re-render the date on language switch
  const shortcuts = useMemo(() => shortcutsOf(user?.menu ?? [], user?.menu_my ?? []), [user]);
  const [counts, setCounts] = useState<Partial<Record<(typeof TODOS)[number]['key'], number>>>({});
  useEffect(() => {
    let live = true;
    flowApi
      .counts('affair')
      .then((c) => live && setCounts((n) => ({ ...n, affair: c.todo })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!user) return null;
  const now = dayjs();
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

      <Row gutter={[16, 16]} className="oa-todo-row">
        {TODOS.map((d, i) => (
          <Col xs={12} lg={6} key={d.key}>
            <button type="button" className={`oa-todo ${colourClass(i)}`} data-testid={`console-todo-${d.key}`} onClick={() => navigate(d.path)}>
              <span className="oa-todo-icon">{d.icon}</span>
              <span className="oa-todo-body">
                <span className="oa-todo-label">{t(`todo.${d.key}`)}</span>
                <span className="oa-todo-count" data-testid={`console-count-${d.key}`}>{counts[d.key] ?? 0}</span>
              </span>
              <RightOutlined className="oa-todo-go" />
            </button>
          </Col>
        ))}
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('shortcuts.title')} className="oa-console-card" data-testid="console-shortcuts">
            {shortcuts.length ? (
              <div className="oa-shortcuts">
                {shortcuts.map((s, i) => (
                  <button type="button" key={s.path} className={`oa-shortcut ${colourClass(i)}`} onClick={() => openDetail(s.path)} data-testid={`shortcut-${s.path}`}>
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
          <Card className="oa-console-card oa-console-tasks" data-testid="console-tasks">
            <Tabs
              items={[
                { key: 'doc', label: t('tasks.doc'), children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> },
                { key: 'affair', label: t('tasks.affair'), children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> },
                { key: 'sign', label: t('tasks.sign'), children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> },
              ]}
            />
          </Card>
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
