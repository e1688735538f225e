/**
 * 流程日志 (custom component `flow.log`, /affair/flow-log): without `?id`, the instances of the page's `flows`
 * the caller took part in (started or held a task of; flow/involved), newest first, searchable by title;
 * choosing one sets `?id=`. With `?id=` the instance's full flow log (FlowLog) beside its read-only diagram
 * (FlowDiagram: done, current and future steps). An instance the caller may not see shows the server's refusal.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Input, Result, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CustomPageDef } from '../../schema/types';
import type { InstanceRow } from '../../data/flow';
import { flowPagesApi } from '../../data/flowpages';
import { FlowLog } from '../approval/FlowLog';
import { eventLabel } from '../approval/labels';
import { FlowDiagram } from '../approval/FlowDiagram';
import type { PageKindProps } from '../registry';
import { bundleText } from '../text';
import { nodeTitles, positiveId, useInstance } from './instance';
import '../approval/approval.css';
import { formatTime as time } from '../time';

const STATUS_COLOR: Record<string, string> = { draft: 'default', running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'warning' };

/** The involved instances, searchable; `onOpen` with the chosen one's id. */
function InvolvedList({ flows, onOpen }: { flows?: string[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('flowpages');
  const { t: ta } = useTranslation('approval');
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [data, setData] = useState<{ list: InstanceRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    flowPagesApi
      .involved({ current: query.current, pageSize: query.pageSize, keyword: query.keyword || undefined, flows })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, flows]);
  const columns: ColumnsType<InstanceRow> = [
    {
      key: 'title',
      title: t('log.col.title'),
      render: (_v, r) => (
        <Typography.Link onClick={() => onOpen(r.instanceId)} data-testid="flowlog-open">
          {r.title}
        </Typography.Link>
      ),
    },
    { key: 'flow', title: t('log.col.flow'), width: 160, render: (_v, r) => r.flowTitle },
    { key: 'initiator', title: t('log.col.initiator'), width: 110, render: (_v, r) => r.initiatorName ?? '' },
    { key: 'startedAt', title: t('log.col.startedAt'), width: 150, render: (_v, r) => time(r.startedAt ?? r.createdAt) },
    {
      key: 'status',
      title: t('log.col.status'),
      width: 100,
      render: (_v, r) => <Tag color={STATUS_COLOR[r.status]}>{ta(`status.${r.status}`, { defaultValue: r.status })}</Tag>,
    },
  ];
  return (
    <Card size="small" data-testid="flowlog-list">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('log.search')}
          onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))}
          style={{ width: 280 }}
          data-testid="flowlog-search"
        />
      </Space>
      <Table<InstanceRow>
        rowKey="instanceId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        locale={{ emptyText: t('log.empty') }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
      />
    </Card>
  );
}

/** The log and diagram of one instance. */
function InstanceLog({ id, bundle, onBack }: { id: number; bundle: PageKindProps['bundle']; onBack: () => void }) {
  const { t } = useTranslation('flowpages');
  const { t: ta } = useTranslation('approval');
  const { view, log, error, loading, reload, userName } = useInstance(id, t('common.loadFailed'));
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const titles = useMemo(() => (view ? nodeTitles(view.definition, (x) => tx(x)) : new Map<string, string>()), [view, tx]);
  const nodeTitle = useCallback((n: string) => titles.get(n) ?? n, [titles]);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="flowlog-back">
      {t('log.back')}
    </Button>
  );
  if (error)
    return (
      <Result
        status="warning"
        title={t('common.refused')}
        subTitle={error}
        extra={
          <Space>
            {back}
            <Button onClick={reload}>{t('common.retry')}</Button>
          </Space>
        }
        data-testid="flowlog-refused"
      />
    );
  if (loading || !view) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <div data-testid="flowlog-instance">
      <Space style={{ marginBottom: 12 }} wrap>
        {back}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {view.title}
        </Typography.Title>
        <Tag color={STATUS_COLOR[view.status]}>{ta(`status.${view.status}`, { defaultValue: view.status })}</Tag>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={11}>
          <Card size="small" title={ta('panel.log')}>
            <FlowLog entries={log} nodeTitle={nodeTitle} userName={userName} label={(e) => eventLabel(view.definition, e, (x) => tx(x), ta)} />
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          <Card size="small" title={ta('panel.diagram')}>
            <FlowDiagram definition={view.definition} state={view.state} text={(x) => tx(x)} userName={userName} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** The page (see the module comment). */
export function FlowLogPage({ bundle }: PageKindProps) {
  const page = bundle.page as CustomPageDef;
  const [params, setParams] = useSearchParams();
  const id = positiveId(params.get('id'));
  if (id) return <InstanceLog id={id} bundle={bundle} onBack={() => setParams({})} />;
  return <InvolvedList flows={page.flows} onOpen={(n) => setParams({ id: String(n) })} />;
}
