/**
 * 流程图 (custom component `flow.diagram`, /flow/view-flow): `?defId=` draws the newest published version of a
 * flow definition read-only (Flowset/getInfo), `?id=` an instance's diagram with its progress (flow/info: done,
 * current and future steps, who holds them). Node titles in the reader's language come from the texts of the
 * flow's area (the bundle of the form that starts it), else the definition's defaults.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FlowDef } from '../../flow';
import { textOf } from '../../schema/text';
import type { Text } from '../../schema/types';
import { loadPage } from '../../data/api';
import { flowPagesApi } from '../../data/flowpages';
import { FlowDiagram } from '../approval/FlowDiagram';
import type { PageKindProps } from '../registry';
import { positiveId, useInstance } from './instance';
import '../approval/approval.css';

/** Texts of the area of flow `defId` (empty until loaded, or when no startable form names it). */
function useAreaTexts(defId: string | undefined): Record<string, string> {
  const [texts, setTexts] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!defId) return;
    let live = true;
    flowPagesApi
      .tree()
      .then((flows) => {
        const route = flows.find((f) => f.id === defId)?.route;
        return route ? loadPage({ route }).then((b) => live && setTexts(b.texts)) : undefined;
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [defId]);
  return texts;
}

/** The chart of a definition (defId) or an instance (id). */
export function FlowChartPage(_props: PageKindProps) {
  const { t } = useTranslation('flowpages');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const defId = id ? undefined : (params.get('defId') ?? undefined);
  const inst = useInstance(id, t('common.loadFailed'));
  const [def, setDef] = useState<{ definition: FlowDef; version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDef(null);
    setError(null);
    if (!defId) return;
    flowPagesApi.definition(defId).then(
      (r) => setDef({ definition: r.definition, version: r.version }),
      (e: unknown) => setError(e instanceof Error && e.message ? e.message : t('common.loadFailed')),
    );
  }, [defId, t]);
  const texts = useAreaTexts(defId ?? inst.view?.defId);
  const tx = useMemo(() => (x: Text) => textOf(x, texts), [texts]);

  const toTree = (
    <Button onClick={() => navigate('/flow/tree')} data-testid="chart-to-tree">
      {t('chart.toTree')}
    </Button>
  );
  if (!id && !defId) return <Result status="info" title={t('chart.none')} extra={toTree} data-testid="chart-none" />;
  const failed = error ?? inst.error;
  if (failed) return <Result status="warning" title={t('common.refused')} subTitle={failed} extra={toTree} data-testid="chart-refused" />;
  const definition = id ? inst.view?.definition : def?.definition;
  if (!definition) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  const version = id ? inst.view?.defVersion : def?.version;
  return (
    <Card
      size="small"
      data-testid="chart-page"
      title={
        <Space wrap>
          <span>{id && inst.view ? inst.view.title : tx(definition.title)}</span>
          {id && <Typography.Text type="secondary">{tx(definition.title)}</Typography.Text>}
          <Tag>{t('chart.version', { version })}</Tag>
        </Space>
      }
      extra={toTree}
    >
      {!id && definition.description && <Typography.Paragraph type="secondary">{tx(definition.description)}</Typography.Paragraph>}
      <FlowDiagram definition={definition} state={id ? (inst.view?.state ?? null) : null} text={tx} userName={inst.userName} />
    </Card>
  );
}
