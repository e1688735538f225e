/**
 * 版本记录 of one form (issue 6 "Revisions"): the published revisions newest first with author, time and
 * comment, the shipped base last (Template/revisions); ticking two shows the semantic diff between them as
 * sentences in the reader's language (Template/diff, rendered here with engine/schema renderChange and the
 * `revisions` namespace); 恢复 publishes an old revision as a new one after a confirmation (Template/restore).
 * Overlay conflicts the server reports are listed. `onChanged` is called after a restore.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { renderChange } from '../../../engine/schema/diffText';
import { formsetApi, type FormChange, type FormRevisionRow, type FormRevisions } from './api';

/** Props of FormRevisionsDrawer: the form (`id` null = closed) and its display name. */
export interface FormRevisionsDrawerProps {
  id: string | null;
  name: string;
  onClose: () => void;
  onChanged?: () => void;
}

const time = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/** The drawer (see the module comment). */
export function FormRevisionsDrawer({ id, name, onClose, onChanged }: FormRevisionsDrawerProps) {
  const { t } = useTranslation('formset');
  const { t: tr } = useTranslation('revisions');
  const { modal, message } = App.useApp();
  const [data, setData] = useState<FormRevisions | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: FormChange[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!id) return;
    setBusy(true);
    formsetApi
      .revisions(id)
      .then(setData)
      .catch(() => setData(null))
      .finally(() => setBusy(false));
  }, [id]);
  useEffect(() => {
    setData(null);
    setPicked([]);
    setDiff(null);
    load();
  }, [load]);

  const sentence = (c: FormChange) => renderChange(c, (k, p) => tr(k, p ?? {})) || c.text || '';

  const compare = async () => {
    if (!id || picked.length !== 2) return;
    const [from, to] = [...picked].sort((a, b) => a - b);
    const r = await formsetApi.diff(id, from, to);
    setDiff({ from, to, changes: r.changes });
  };

  const restore = (r: FormRevisionRow) => {
    if (!id) return;
    modal.confirm({
      title: t('rev.restore'),
      content: t('rev.restoreConfirm', { revision: r.revision }),
      okText: t('rev.ok'),
      cancelText: t('rev.cancel'),
      onOk: async () => {
        const out = await formsetApi.restore(id, r.revision);
        void message.success(t('rev.restored', { revision: out.revision }));
        setPicked([]);
        setDiff(null);
        load();
        onChanged?.();
      },
    });
  };

  const label = (n: number) => (n === 0 ? t('rev.base') : t('rev.revisionTag', { revision: n }));
  const columns: ColumnsType<FormRevisionRow> = [
    {
      key: 'revision',
      title: t('rev.col.revision'),
      width: 130,
      render: (_v, r) => (
        <Space size={4}>
          <span>{label(r.revision)}</span>
          {r.revision === data?.current ? <Tag color="blue">{t('rev.current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'author', title: t('rev.col.author'), width: 100, render: (_v, r) => r.author ?? (r.base ? t('rev.shipped') : '') },
    { key: 'time', title: t('rev.col.time'), width: 140, render: (_v, r) => time(r.createdAt) },
    {
      key: 'comment',
      title: t('rev.col.comment'),
      render: (_v, r) => r.comment || (r.restoredFrom != null ? t('rev.restoredFrom', { revision: r.restoredFrom }) : t('rev.noComment')),
    },
    {
      key: 'actions',
      title: t('rev.col.actions'),
      width: 80,
      render: (_v, r) =>
        r.revision === data?.current ? null : (
          <Typography.Link onClick={() => restore(r)} data-testid={`form-rev-restore-${r.revision}`}>
            {t('rev.restore')}
          </Typography.Link>
        ),
    },
  ];

  return (
    <Drawer open={!!id} onClose={onClose} title={t('rev.title', { name })} size={760} destroyOnHidden data-testid="form-revisions">
      {data?.draft ? (
        <Tag color="orange" style={{ marginBottom: 12 }}>
          {t('rev.draft', { time: time(data.draft.updatedAt) })}
        </Tag>
      ) : null}
      {data?.conflicts?.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('rev.conflicts', { count: data.conflicts.length })}
          description={<List size="small" dataSource={data.conflicts} renderItem={(c) => <List.Item>{c.message ?? `${c.targetKind} ${c.targetId}`}</List.Item>} />}
        />
      ) : null}
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('rev.pickHint')}</Typography.Text>
        <Button type="primary" size="small" disabled={picked.length !== 2} onClick={() => void compare()} data-testid="form-rev-compare">
          {t('rev.compare')}
        </Button>
      </Space>
      <Table<FormRevisionRow>
        rowKey="revision"
        size="small"
        loading={busy}
        columns={columns}
        dataSource={data?.list ?? []}
        pagination={false}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => {
            setPicked((keys as number[]).slice(-2));
            setDiff(null);
          },
          getCheckboxProps: (r) => ({ 'aria-label': label(r.revision) }),
        }}
      />
      {diff ? (
        <div style={{ marginTop: 16 }} data-testid="form-rev-diff">
          <Typography.Title level={5}>{t('rev.diffTitle', { from: label(diff.from), to: label(diff.to) })}</Typography.Title>
          {diff.changes.length ? (
            <List size="small" bordered dataSource={diff.changes} renderItem={(c) => <List.Item>{sentence(c)}</List.Item>} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rev.noChanges')} />
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
