/**
 * 流程设置 (custom component `flowset.list`, /flowset/list; issue 6, SPEC §2.3): the flows with their current
 * published version and a draft marker (Flowset/list, `hasDraft`), and per flow 设计 (/flowset/add),
 * 版本记录 (./RevisionsDrawer), 导出 (Flowset/export, downloaded as a JSON file) and 流程图 (/flow/view-flow);
 * 导入 reads a JSON file and sends it (Flowset/import; the server's refusal, e.g. a newer format, is shown);
 * 新建流程 asks for the form and name (./NewFlowModal) and opens the designer on a blank flow.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Input, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { jsonFileText, saveJsonFile } from '../../shared/definitionFile';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { flowsetApi, type FlowsetRow } from './api';
import { NewFlowModal, type NewFlow } from './NewFlowModal';
import { RevisionsDrawer } from './RevisionsDrawer';
import { entityTitles } from './useFlowModel';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** The list page (see the module comment). */
export function FlowsetListPage(_props: PageKindProps) {
  const { t } = useTranslation('flowset');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [data, setData] = useState<{ list: FlowsetRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [revisionsOf, setRevisionsOf] = useState<FlowsetRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const [formTitles, setFormTitles] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    flowsetApi.forms().then(entityTitles).then(setFormTitles, () => undefined);
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
    const filename = `${r.id}.v${file.revision}.flow.json`;
    saveJsonFile(file, filename);
    void message.success(t('list.exported', { name: filename }));
  };

  const importFlow = async (file: File) => {
    setImportError(null);
    const text = await jsonFileText(file);
    if (text === null) {
      setImportError(t('list.badFile'));
      return;
    }
    try {
      const out = await flowsetApi.importFile(text);
      void message.success(out.draft ? t('list.importedDraft', { id: out.id }) : t('list.imported', { id: out.id }));
      load();
    } catch (e) {
      setImportError(t('list.importFailed', { message: (e as Error).message }));
    }
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
        <Space direction="vertical" size={0}>
          <Space size={6}>
            <Typography.Text strong>{r.title.d}</Typography.Text>
            {r.hasDraft ? (
              <Tag color="orange" data-testid={`flowset-draft-${r.id}`}>
                {t('list.draft')}
              </Tag>
            ) : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.id}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'entity',
      title: t('list.col.entity'),
      width: 200,
      render: (_v, r) =>
        r.entity ? (
          <Space direction="vertical" size={0}>
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
    { key: 'updated', title: t('list.col.updated'), width: 150, render: (_v, r) => time(r.createdAt) },
    {
      key: 'actions',
      title: t('list.col.actions'),
      width: 260,
      render: (_v, r) => (
        <Space size={12} wrap>
          <Typography.Link onClick={() => navigate(`/flowset/add?id=${encodeURIComponent(r.id)}`)} data-testid={`flowset-design-${r.id}`}>
            {t('list.design')}
          </Typography.Link>
          <Typography.Link onClick={() => setRevisionsOf(r)} data-testid={`flowset-revisions-${r.id}`}>
            {t('list.revisions')}
          </Typography.Link>
          <Typography.Link onClick={() => void exportFlow(r)} data-testid={`flowset-export-${r.id}`}>
            {t('list.export')}
          </Typography.Link>
          <Typography.Link onClick={() => navigate(`/flow/view-flow?defId=${encodeURIComponent(r.id)}`)}>{t('list.view')}</Typography.Link>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="flowset-list">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))}
          style={{ width: 260 }}
          data-testid="flowset-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="flowset-new-open">
          {t('list.new')}
        </Button>
        <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(f) => (void importFlow(f), false)}>
          <Button icon={<ImportOutlined />} data-testid="flowset-import">
            {t('list.import')}
          </Button>
        </Upload>
        <Button icon={<ReloadOutlined />} onClick={load} aria-label={t('list.refresh')} />
      </Space>
      {importError ? <Alert type="error" showIcon closable message={importError} onClose={() => setImportError(null)} style={{ marginBottom: 12 }} data-testid="flowset-import-error" /> : null}
      <Table<FlowsetRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        pagination={{ current: query.current, pageSize: query.pageSize, total: data.total, onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })) }}
      />
      <RevisionsDrawer id={revisionsOf?.id ?? null} name={revisionsOf?.title.d ?? ''} onClose={() => setRevisionsOf(null)} onChanged={load} />
      <NewFlowModal open={creating} taken={data.list.map((r) => r.id)} onOk={openNew} onCancel={() => setCreating(false)} />
    </Card>
  );
}
