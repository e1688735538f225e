/**
 * 流程设置 (custom component `flowset.list`, /flowset/list, SPEC §2.3): the flows with their current
 * published version and a draft marker (Flowset/list, `hasDraft`), and per flow 设计 (/flowset/add),
 * 版本记录 (designer/shared/RevisionsDrawer over ./revisions), 导出 (Flowset/export, downloaded as a JSON file) and 流程图 (/flow/view-flow);
 * 导入 reads a JSON file and sends it (Flowset/import; the server's refusal, e.g. a newer format, is shown);
 * 新建流程 asks for the form and name (./NewFlowModal) and opens the designer on a blank flow.
 */
import { useCallback, useEffect, useState } from 'react';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListToolbar, RowLinks, TitleCell, useSaveExport, type ListKind } from '../../shared/ListParts';
import { RevisionsDrawer } from '../../shared/RevisionsDrawer';
import { formatTime } from '../../../engine/renderers/time';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { flowsetApi, type FlowsetRow } from './api';
import { NewFlowModal, type NewFlow } from './NewFlowModal';
import { flowRevisions } from './revisions';
import { entityTitles } from './useFlowModel';

const KIND: ListKind = { ns: 'flowset', prefix: 'flowset' };

/** The list page (see the module comment). */
export function FlowsetListPage(_props: PageKindProps) {
  const { t } = useTranslation('flowset');
  const saveExport = useSaveExport(KIND.ns);
  const navigate = useNavigate();
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [data, setData] = useState<{ list: FlowsetRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [revisionsOf, setRevisionsOf] = useState<FlowsetRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [formTitles, setFormTitles] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    flowsetApi
      .forms()
      .then(entityTitles)
      .then(setFormTitles, () => undefined);
  }, []);

  const load = useCallback(() => {
    setLoading(true);
    flowsetApi
      .list(query)
      .then(setData)
      .catch(() => setData({ list: [], total: 0 }))
      .finally(() => setLoading(false));
  }, [query]);
  useEffect(load, [load]);

  const exportFlow = async (r: FlowsetRow) => {
    const file = await flowsetApi.exportFile(r.id);
    saveExport(file, `${r.id}.v${file.revision}.flow.json`);
  };

  const openNew = (f: NewFlow) => {
    setCreating(false);
    navigate(`/flowset/add?${new URLSearchParams({ id: f.id, entity: f.entity, title: f.title }).toString()}`);
  };

  const columns: ColumnsType<FlowsetRow> = [
    {
      key: 'title',
      title: t('list.col.title'),
      render: (_v, r) => (
        <TitleCell
          title={r.title.d}
          id={r.id}
          tags={
            r.hasDraft ? (
              <Tag color="orange" data-testid={`flowset-draft-${r.id}`}>
                {t('list.draft')}
              </Tag>
            ) : null
          }
        />
      ),
    },
    {
      key: 'entity',
      title: t('list.col.entity'),
      width: 200,
      render: (_v, r) =>
        r.entity ? (
          <Space orientation="vertical" size={0}>
            <span>{formTitles.get(r.entity) ?? r.entity}</span>
            {formTitles.has(r.entity) ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.entity}
              </Typography.Text>
            ) : null}
          </Space>
        ) : (
          ''
        ),
    },
    {
      key: 'version',
      title: t('list.col.version'),
      width: 150,
      render: (_v, r) => (
        <Space size={4}>
          <Tag color="blue">{t('list.versionTag', { version: r.version })}</Tag>
          <Typography.Text type="secondary">{t(`list.source.${r.source}`, { defaultValue: r.source })}</Typography.Text>
        </Space>
      ),
    },
    { key: 'updated', title: t('list.col.updated'), width: 150, render: (_v, r) => formatTime(r.createdAt) },
    {
      key: 'actions',
      title: t('list.col.actions'),
      width: 260,
      render: (_v, r) => (
        <RowLinks
          {...KIND}
          id={r.id}
          onDesign={() => navigate(`/flowset/add?id=${encodeURIComponent(r.id)}`)}
          onRevisions={() => setRevisionsOf(r)}
          onExport={() => void exportFlow(r)}
        >
          <Typography.Link onClick={() => navigate(`/flow/view-flow?defId=${encodeURIComponent(r.id)}`)}>{t('list.view')}</Typography.Link>
        </RowLinks>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="flowset-list">
      <ListToolbar
        {...KIND}
        onSearch={(keyword) => setQuery((q) => ({ ...q, current: 1, keyword }))}
        onNew={() => setCreating(true)}
        importFile={flowsetApi.importFile}
        onRefresh={load}
      />
      <Table<FlowsetRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
      />
      <RevisionsDrawer
        adapter={flowRevisions}
        id={revisionsOf?.id ?? null}
        name={revisionsOf?.title.d ?? ''}
        onClose={() => setRevisionsOf(null)}
        onChanged={load}
      />
      <NewFlowModal open={creating} taken={data.list.map((r) => r.id)} onOk={openNew} onCancel={() => setCreating(false)} />
    </Card>
  );
}
