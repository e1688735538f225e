/**
 * 表单管理 (custom component `form.list`, /form/list; issue 6, SPEC §2.3): the form templates (Template/list)
 * with title, entity, current revision, time of that revision and a draft marker (Template/revisions per row
 * shown), designer-made forms first, marked 自建 with their status; per form 设计 (/form/new?id=), 版本记录
 * (./FormRevisionsDrawer), 导出 (Template/export, downloaded as a JSON file), 填写 (/form/add?id=, published
 * designer-made forms) and 删除 (designer-made forms no record uses, Template/delete); 导入 reads a JSON file and
 * publishes it (Template/importform; the server's refusal, e.g. a newer format, is shown); 新建表单 asks for a
 * title, creates the form (Template/add) and opens the designer on it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { jsonFileText, saveJsonFile } from '../../shared/definitionFile';
import { useOpenDetail } from '../../../src/app/router/openDetail';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { formsetApi, type FormRevisions, type FormRow } from './api';
import { FormRevisionsDrawer } from './FormRevisionsDrawer';

const time = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');
const PAGE_SIZE = 20;

/** The list page (see the module comment). */
export function FormListPage(_props: PageKindProps) {
  const { t } = useTranslation('formset');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const openDetail = useOpenDetail();
  const [rows, setRows] = useState<FormRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [info, setInfo] = useState<Record<string, FormRevisions | null>>({});
  const [loading, setLoading] = useState(false);
  const [revisionsOf, setRevisionsOf] = useState<FormRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [form] = Form.useForm<{ title: string }>();

  const load = useCallback(() => {
    setLoading(true);
    formsetApi
      .list()
      .then((list) => {
        // designer-made forms first (the ones administrators made), then the shipped ones, each in server order
        setRows([...list.filter((r) => r.designed), ...list.filter((r) => !r.designed)]);
        setInfo({});
      })
      .catch(() => setRows([]))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const shown = useMemo(() => {
    const k = keyword.toLowerCase();
    return k ? rows.filter((r) => r.title.toLowerCase().includes(k) || r.id.toLowerCase().includes(k) || r.entity.toLowerCase().includes(k)) : rows;
  }, [rows, keyword]);
  const visible = useMemo(() => shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), [shown, page]);

  // Revision, time and draft of the rows on screen (one call each, fetched once per load).
  useEffect(() => {
    const missing = visible.filter((r) => !(r.id in info));
    if (!missing.length) return;
    let live = true;
    void Promise.all(missing.map((r) => formsetApi.revisions(r.id).then((x) => [r.id, x] as const, () => [r.id, null] as const))).then(
      (pairs) => live && setInfo((old) => ({ ...old, ...Object.fromEntries(pairs) })),
    );
    return () => {
      live = false;
    };
  }, [visible, info]);

  const exportForm = async (r: FormRow) => {
    const file = await formsetApi.exportFile(r.id);
    const filename = `${r.id}.r${file.revision}.form.json`;
    saveJsonFile(file, filename);
    void message.success(t('list.exported', { name: filename }));
  };

  const importForm = async (file: File) => {
    setImportError(null);
    const text = await jsonFileText(file);
    if (text === null) {
      setImportError(t('list.badFile'));
      return;
    }
    try {
      const out = await formsetApi.importFile(text);
      void message.success(out.draft ? t('list.importedDraft', { id: out.id }) : t('list.imported', { id: out.id, revision: out.revision ?? '' }));
      load();
    } catch (e) {
      setImportError(t('list.importFailed', { message: (e as Error).message }));
    }
  };

  const create = async () => {
    const v = await form.validateFields();
    setCreateError(null);
    try {
      const out = await formsetApi.add(v.title.trim());
      setCreating(false);
      navigate(`/form/new?id=${encodeURIComponent(out.id)}`);
    } catch (e) {
      setCreateError((e as Error).message);
    }
  };

  const remove = (r: FormRow) =>
    modal.confirm({
      title: t('list.delete'),
      content: t('list.deleteConfirm', { name: r.title }),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('new.cancel'),
      onOk: async () => {
        await formsetApi.remove(r.id);
        void message.success(t('list.deleted', { name: r.title }));
        load();
      },
    });

  const columns: ColumnsType<FormRow> = [
    {
      key: 'title',
      title: t('list.col.title'),
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          <Space size={6} wrap>
            <Typography.Text strong>{r.title}</Typography.Text>
            {r.designed ? <Tag color="purple">{t('list.designed')}</Tag> : null}
            {r.designed && r.status !== 'published' ? <Tag>{t('list.unpublished')}</Tag> : null}
            {info[r.id]?.draft ? (
              <Tag color="orange" data-testid={`form-draft-${r.id}`}>
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
    { key: 'entity', title: t('list.col.entity'), width: 200, render: (_v, r) => r.entity },
    {
      key: 'revision',
      title: t('list.col.revision'),
      width: 120,
      render: (_v, r) => {
        const x = info[r.id];
        if (!x) return null;
        return x.current ? <Tag color="blue">{t('list.revisionTag', { revision: x.current })}</Tag> : <Typography.Text type="secondary">{r.designed ? t('list.unpublished') : t('list.base')}</Typography.Text>;
      },
    },
    { key: 'updated', title: t('list.col.updated'), width: 150, render: (_v, r) => time(info[r.id]?.list.find((x) => x.revision === info[r.id]?.current)?.createdAt) },
    {
      key: 'actions',
      title: t('list.col.actions'),
      width: 280,
      render: (_v, r) => (
        <Space size={12} wrap>
          <Typography.Link onClick={() => navigate(`/form/new?id=${encodeURIComponent(r.id)}`)} data-testid={`form-design-${r.id}`}>
            {t('list.design')}
          </Typography.Link>
          <Typography.Link onClick={() => setRevisionsOf(r)} data-testid={`form-revisions-${r.id}`}>
            {t('list.revisions')}
          </Typography.Link>
          <Typography.Link onClick={() => void exportForm(r)} data-testid={`form-export-${r.id}`}>
            {t('list.export')}
          </Typography.Link>
          {r.designed && r.status === 'published' ? (
            <Typography.Link onClick={() => openDetail(`/form/add?id=${encodeURIComponent(r.id)}`)}>{t('list.fill')}</Typography.Link>
          ) : null}
          {r.designed ? (
            <Typography.Link type="danger" onClick={() => remove(r)} data-testid={`form-delete-${r.id}`}>
              {t('list.delete')}
            </Typography.Link>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="form-list">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          style={{ width: 260 }}
          data-testid="form-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setCreateError(null);
            setCreating(true);
          }}
          data-testid="form-new-open"
        >
          {t('list.new')}
        </Button>
        <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(f) => (void importForm(f), false)}>
          <Button icon={<ImportOutlined />} data-testid="form-import">
            {t('list.import')}
          </Button>
        </Upload>
        <Button icon={<ReloadOutlined />} onClick={load} aria-label={t('list.refresh')} />
      </Space>
      {importError ? <Alert type="error" showIcon closable title={importError} onClose={() => setImportError(null)} style={{ marginBottom: 12 }} data-testid="form-import-error" /> : null}
      <Table<FormRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: shown.length, onChange: setPage, showSizeChanger: false }}
      />
      <FormRevisionsDrawer id={revisionsOf?.id ?? null} name={revisionsOf?.title ?? ''} onClose={() => setRevisionsOf(null)} onChanged={load} />
      <Modal open={creating} title={t('new.title')} okText={t('new.ok')} cancelText={t('new.cancel')} onOk={() => void create()} onCancel={() => setCreating(false)} destroyOnHidden data-testid="form-new">
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="title" label={t('new.name')} extra={t('new.help')} rules={[{ required: true, whitespace: true, message: t('new.nameRequired') }]}>
            <Input maxLength={100} data-testid="form-new-title" />
          </Form.Item>
        </Form>
        {createError ? <Alert type="error" showIcon title={createError} data-testid="form-new-error" /> : null}
      </Modal>
    </Card>
  );
}
