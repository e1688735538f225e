/**
 * 表单管理 (custom component `form.list`, /form/list, SPEC §2.3): the form templates (Template/list)
 * with title, entity, current revision, time of that revision and a draft marker (Template/revisions per row
 * shown), designer-made forms first, marked 自建 with their status; per form 设计 (/form/new?id=), 版本记录
 * (designer/shared/RevisionsDrawer over ./revisions), 导出 (Template/export, downloaded as a JSON file), 填写 (/form/add?id=, published
 * designer-made forms) and 删除 (designer-made forms no record uses, Template/delete); 导入 reads a JSON file and
 * publishes it (Template/importform; the server's refusal, e.g. a newer format, is shown); 新建表单 asks for a
 * title, creates the form (Template/add) and opens the designer on it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Card, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ListToolbar, RowLinks, TitleCell, useSaveExport, type ListKind } from '../../shared/ListParts';
import { RevisionsDrawer } from '../../shared/RevisionsDrawer';
import { formatTime } from '../../../engine/renderers/time';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { host } from '../../../engine/host';
import { formsetApi, type FormRevisions, type FormRow } from './api';
import { formRevisions } from './revisions';

const KIND: ListKind = { ns: 'formset', prefix: 'form' };
const PAGE_SIZE = 20;

/** The list page (see the module comment). */
export function FormListPage(_props: PageKindProps) {
  const { t } = useTranslation('formset');
  const { message, modal } = App.useApp();
  const saveExport = useSaveExport(KIND.ns);
  const navigate = useNavigate();
  const openDetail = host().useOpenRecord();
  const [rows, setRows] = useState<FormRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [info, setInfo] = useState<Record<string, FormRevisions | null>>({});
  const [loading, setLoading] = useState(false);
  const [revisionsOf, setRevisionsOf] = useState<FormRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
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
    void Promise.all(
      missing.map((r) =>
        formsetApi.revisions(r.id).then(
          (x) => [r.id, x] as const,
          () => [r.id, null] as const,
        ),
      ),
    ).then((pairs) => live && setInfo((old) => ({ ...old, ...Object.fromEntries(pairs) })));
    return () => {
      live = false;
    };
  }, [visible, info]);

  const exportForm = async (r: FormRow) => {
    const file = await formsetApi.exportFile(r.id);
    saveExport(file, `${r.id}.r${file.revision}.form.json`);
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
        <TitleCell
          title={r.title}
          id={r.id}
          tags={
            <>
              {r.designed ? <Tag color="purple">{t('list.designed')}</Tag> : null}
              {r.designed && r.status !== 'published' ? <Tag>{t('list.unpublished')}</Tag> : null}
              {info[r.id]?.draft ? (
                <Tag color="orange" data-testid={`form-draft-${r.id}`}>
                  {t('list.draft')}
                </Tag>
              ) : null}
            </>
          }
        />
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
        return x.current ? (
          <Tag color="blue">{t('list.revisionTag', { revision: x.current })}</Tag>
        ) : (
          <Typography.Text type="secondary">{r.designed ? t('list.unpublished') : t('list.base')}</Typography.Text>
        );
      },
    },
    {
      key: 'updated',
      title: t('list.col.updated'),
      width: 150,
      render: (_v, r) => formatTime(info[r.id]?.list.find((x) => x.revision === info[r.id]?.current)?.createdAt),
    },
    {
      key: 'actions',
      title: t('list.col.actions'),
      width: 280,
      render: (_v, r) => (
        <RowLinks
          {...KIND}
          id={r.id}
          onDesign={() => navigate(`/form/new?id=${encodeURIComponent(r.id)}`)}
          onRevisions={() => setRevisionsOf(r)}
          onExport={() => void exportForm(r)}
        >
          {r.designed && r.status === 'published' ? (
            <Typography.Link onClick={() => openDetail(`/form/add?id=${encodeURIComponent(r.id)}`)}>{t('list.fill')}</Typography.Link>
          ) : null}
          {r.designed ? (
            <Typography.Link type="danger" onClick={() => remove(r)} data-testid={`form-delete-${r.id}`}>
              {t('list.delete')}
            </Typography.Link>
          ) : null}
        </RowLinks>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="form-list">
      <ListToolbar
        {...KIND}
        onSearch={(k) => {
          setKeyword(k);
          setPage(1);
        }}
        onNew={() => {
          setCreateError(null);
          setCreating(true);
        }}
        importFile={formsetApi.importFile}
        onRefresh={load}
      />
      <Table<FormRow>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: shown.length, onChange: setPage, showSizeChanger: false }}
      />
      <RevisionsDrawer
        adapter={formRevisions}
        id={revisionsOf?.id ?? null}
        name={revisionsOf?.title ?? ''}
        onClose={() => setRevisionsOf(null)}
        onChanged={load}
      />
      <Modal
        open={creating}
        title={t('new.title')}
        okText={t('new.ok')}
        cancelText={t('new.cancel')}
        onOk={() => void create()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
        data-testid="form-new"
      >
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
