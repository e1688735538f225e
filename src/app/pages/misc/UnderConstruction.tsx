/**
 * Placeholder for a route whose area a later issue builds ("Every route … exists"): names the
 * route (title and path) and says it is being built, with the issue number. Props: `node` (route).
 */
import { Button, Card, Tag } from 'antd';
import { ToolOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RouteNode } from '@shared/routes';
import { routeTitle } from '../../i18n';
import { CONSOLE_PATH, sectionOf } from '../../router/routeTable';

export function UnderConstruction({ node }: { node: RouteNode }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section = sectionOf(node);
  const title = routeTitle(t, node.key);
  return (
    <Card className="oa-uc" data-testid="under-construction" data-route={node.key}>
      <div className="oa-uc-inner">
        <div className="oa-uc-icon">
          <ToolOutlined />
        </div>
        <h2 className="oa-uc-title" data-testid="under-construction-title">
          {title}
        </h2>
        <div className="oa-uc-meta">
          {section && section.key !== node.key && <Tag color="blue">{routeTitle(t, section.key)}</Tag>}
          <code className="oa-uc-path" data-testid="under-construction-path">
            {pathname}
          </code>
        </div>
        <p className="oa-uc-text">{t('uc.text', { title })}</p>
        {node.issue ? <p className="oa-uc-issue">{t('uc.issue', { issue: node.issue })}</p> : null}
        <Button icon={<HomeOutlined />} onClick={() => navigate(CONSOLE_PATH)}>
          {t('uc.backHome')}
        </Button>
      </div>
    </Card>
  );
}
