/**
 * The console's to-do counts — the shell's 待办公文, 待办事务, 未读邮件, then the registered panels' (公文's 待签收) —
 * each a button to its list page (none for an area not built yet); "–" while a count is not known yet. The numbers come from useConsoleData (the menu
 * badges, the panels' own calls).
 */
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { AuditOutlined, FileTextOutlined, MailOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { colourClass } from '../../layouts/menuModel';
import { routeOpens } from '../../router/routeOpens';
import type { ConsoleData } from './useConsoleData';

const TODOS = [
  { key: 'doc', path: '/document/dbgw', icon: <FileTextOutlined /> },
  { key: 'affair', path: '/affair/dbsw', icon: <AuditOutlined /> },
  { key: 'mail', path: '/mail/inbox', icon: <MailOutlined /> },
] as const;

/** The row of count buttons (see the module comment). */
export function ConsoleCounts({ counts, panels }: Pick<ConsoleData, 'counts' | 'panels'>) {
  const { t, i18n } = useTranslation('console');
  const navigate = useNavigate();
  const buttons: { key: string; path: string; icon: ReactNode; label: string; count?: number }[] = [
    ...TODOS.filter((d) => routeOpens(d.path)).map((d) => ({ ...d, label: t(`todo.${d.key}`), count: counts[d.key] })),
    ...panels.map(({ panel, data }) => ({
      key: panel.key,
      path: panel.path,
      icon: panel.icon,
      label: i18n.t(panel.labels.count, { ns: panel.labels.ns }),
      count: data.count,
    })),
  ];
  return (
    <Row gutter={[16, 16]} className="oa-todo-row">
      {buttons.map((d, i) => (
        <Col xs={12} lg={6} key={d.key}>
          <button type="button" className={`oa-todo ${colourClass(i)}`} data-testid={`console-todo-${d.key}`} onClick={() => navigate(d.path)}>
            <span className="oa-todo-icon">{d.icon}</span>
            <span className="oa-todo-body">
              <span className="oa-todo-label">{d.label}</span>
              <span className="oa-todo-count" data-testid={`console-count-${d.key}`}>
                {d.count ?? '–'}
              </span>
            </span>
            <RightOutlined className="oa-todo-go" />
          </button>
        </Col>
      ))}
    </Row>
  );
}
