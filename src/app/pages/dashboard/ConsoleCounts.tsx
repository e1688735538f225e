/**
 * The console's four to-do counts (待办公文, 待办事务, 未读邮件, 待签收), each a button to its list page; "–" while a
 * count is not known yet. The numbers come from useConsoleData (the menu badges and document/gwqsCount).
 */
import { Col, Row } from 'antd';
import { AuditOutlined, FileTextOutlined, MailOutlined, RightOutlined, VerifiedOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { colourClass } from '../../layouts/menuModel';
import type { ConsoleData } from './useConsoleData';

const TODOS = [
  { key: 'doc', path: '/document/dbgw', icon: <FileTextOutlined /> },
  { key: 'affair', path: '/affair/dbsw', icon: <AuditOutlined /> },
  { key: 'mail', path: '/mail/inbox', icon: <MailOutlined /> },
  { key: 'sign', path: '/document/gwqs', icon: <VerifiedOutlined /> },
] as const;

/** The row of count buttons (see the module comment). */
export function ConsoleCounts({ counts }: { counts: ConsoleData['counts'] }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  return (
    <Row gutter={[16, 16]} className="oa-todo-row">
      {TODOS.map((d, i) => (
        <Col xs={12} lg={6} key={d.key}>
          <button type="button" className={`oa-todo ${colourClass(i)}`} data-testid={`console-todo-${d.key}`} onClick={() => navigate(d.path)}>
            <span className="oa-todo-icon">{d.icon}</span>
            <span className="oa-todo-body">
              <span className="oa-todo-label">{t(`todo.${d.key}`)}</span>
              <span className="oa-todo-count" data-testid={`console-count-${d.key}`}>
                {counts[d.key] ?? '–'}
              </span>
            </span>
            <RightOutlined className="oa-todo-go" />
          </button>
        </Col>
      ))}
    </Row>
  );
}
