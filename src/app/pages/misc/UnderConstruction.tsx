/**
 * The page of a route whose area is not built yet (reached by its address only: its menu is hidden,
 * router/routeOpens.ts): names the page and its section and says it is not available yet, with a way home.
 * No development details (paths, work items). Props: `node` (route).
 */
import { Button, Card, Tag } from 'antd';
import { ToolOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RouteNode } from '@shared/routes';
import { routeTitle } from '../../i18n';
import { CONSOLE_PATH, sectionOf } from '../../router/routeTable';

export function UnderConstruction({ node }: { node: RouteNode }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
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
        {section && section.key !== node.key && (
          <div className="oa-uc-meta">
            <Tag color="blue">{routeTitle(t, section.key)}</Tag>
          </div>
        )}
        <p className="oa-uc-text">{t('uc.text', { title })}</p>
        <Button icon={<HomeOutlined />} onClick={() => navigate(CONSOLE_PATH)}>
          {t('uc.backHome')}
        </Button>
      </div>
    </Card>
  );
}
