/**
 * 发起申请 (custom component `flow.tree`, /flow/tree): the flows the caller may start (flow/tree), grouped by
 * area, each a card with its title and description; 发起 opens the area's form that starts it (its route, a
 * new browser tab for standalone forms per SPEC §2.2), 查看流程图 the read-only chart (/flow/view-flow?defId=).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { ApartmentOutlined, FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { flowPagesApi, type StartableFlow } from '../../data/flowpages';
import type { PageKindProps } from '../registry';
import './flowpages.css';
import { host } from '../../host';

/** The route of the chart of flow `defId`. */
export const chartRoute = (defId: string) => `/flow/view-flow?defId=${encodeURIComponent(defId)}`;

/** The page (see the module comment). */
export function FlowTreePage(_props: PageKindProps) {
  const { t } = useTranslation('flowpages');
  const openRecord = host().useOpenRecord();
  const navigate = useNavigate();
  const [flows, setFlows] = useState<StartableFlow[] | null>(null);
  useEffect(() => {
    flowPagesApi.tree().then(
      (r) => setFlows(Array.isArray(r) ? r : []),
      () => setFlows([]),
    );
  }, []);
  const areas = useMemo(() => {
    const out = new Map<string, { title: string; flows: StartableFlow[] }>();
    for (const f of flows ?? []) {
      if (!out.has(f.area)) out.set(f.area, { title: f.areaTitle, flows: [] });
      out.get(f.area)!.flows.push(f);
    }
    return [...out];
  }, [flows]);
  if (flows === null) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (!flows.length) return <Empty description={t('tree.empty')} data-testid="tree-empty" />;
  return (
    <div data-testid="tree-page">
      {areas.map(([area, g]) => (
        <section key={area} style={{ marginBottom: 24 }} data-testid={`tree-area-${area}`}>
          <Typography.Title level={5}>{g.title}</Typography.Title>
          <Row gutter={[16, 16]} className="oa-flowpages-cards">
            {g.flows.map((f) => (
              <Col key={f.id} xs={24} sm={12} lg={8} xxl={6}>
                <Card
                  size="small"
                  title={f.title}
                  data-testid={`tree-card-${f.id}`}
                  actions={[
                    <Button key="start" type="link" icon={<FormOutlined />} onClick={() => openRecord(f.route)} data-testid={`tree-start-${f.id}`}>
                      {t('tree.start')}
                    </Button>,
                    <Button key="chart" type="link" icon={<ApartmentOutlined />} onClick={() => navigate(chartRoute(f.id))} data-testid={`tree-chart-${f.id}`}>
                      {t('tree.chart')}
                    </Button>,
                  ]}
                >
                  <div className="oa-flowpages-card-desc">{f.description || t('tree.noDescription')}</div>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
