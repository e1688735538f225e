/**
 * 版本记录 of one flow (issue 6 "Revisions"): the published versions newest first with author, time and
 * comment (Flowset/revisions); ticking two shows the semantic diff between them as sentences (Flowset/diff,
 * rendered by the server with engine/schema renderChange); 恢复 publishes an old version as a new one after a
 * confirmation (Flowset/restore). `onChanged` is called after a restore so the list can refresh.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { flowsetApi, type FlowChange, type FlowRevisions } from './api';

type Revision = FlowRevisions['list'][number];

/** Props of RevisionsDrawer: the flow (`id` null = closed) and its display name. */
export interface RevisionsDrawerProps {
  id: string | null;
  name: string;
  onClose: () => void;
  onChanged?: () => void;
}

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** The drawer (see the module comment). */
export function RevisionsDrawer({ id, name, onClose, onChanged }: RevisionsDrawerProps) {
  const { t } = useTranslation('flowset');
  const { modal, message } = App.useApp();
  const [data, setData] = useState<FlowRevisions | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: FlowChange[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!id) return;
    setBusy(true);
    flowsetApi
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

  const compare = async () => {
    if (!id || picked.length !== 2) return;
    const [from, to] = [...picked].sort((a, b) => a - b);
    const r = await flowsetApi.diff(id, from, to);
    setDiff({ from, to, changes: r.changes });
  };

  const restore = (r: Revision) => {
    if (!id) return;
    modal.confirm({
      title: t('rev.restore'),
      content: t('rev.restoreConfirm', { version: r.version }),
      okText: t('rev.ok'),
      cancelText: t('rev.cancel'),
      onOk: async () => {
        const out = await flowsetApi.restore(id, r.version);
        void message.success(t('rev.restored', { version: out.version }));
        setPicked([]);
        setDiff(null);
        load();
        onChanged?.();
      },
    });
  };

  const columns: ColumnsType<Revision> = [
    {
      key: 'version',
      title: t('rev.col.version'),
      width: 110,
      render: (_v, r) => (
        <Space size={4}>
          <span>v{r.version}</span>
          {r.version === data?.current ? <Tag color="blue">{t('rev.current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'author', title: t('rev.col.author'), width: 100, render: (_v, r) => r.author ?? t(`list.source.${r.source}`, { defaultValue: r.source }) },
    { key: 'time', title: t('rev.col.time'), width: 140, render: (_v, r) => time(r.createdAt) },
    { key: 'comment', title: t('rev.col.comment'), render: (_v, r) => r.comment || t('rev.noComment') },
    {
      key: 'actions',
      title: t('rev.col.actions'),
      width: 80,
      render: (_v, r) =>
        r.version === data?.current ? null : (
          <Typography.Link onClick={() => restore(r)} data-testid={`rev-restore-${r.version}`}>
            {t('rev.restore')}
          </Typography.Link>
        ),
    },
  ];

  return (
    <Drawer open={!!id} onClose={onClose} title={t('rev.title', { name })} size={720} destroyOnHidden data-testid="flowset-revisions">
      {data?.draft ? (
        <Tag color="orange" style={{ marginBottom: 12 }}>
          {t('rev.draft', { time: time(data.draft.updatedAt) })}
        </Tag>
      ) : null}
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('rev.pickHint')}</Typography.Text>
        <Button type="primary" size="small" disabled={picked.length !== 2} onClick={() => void compare()} data-testid="rev-compare">
          {t('rev.compare')}
        </Button>
      </Space>
      <Table<Revision>
        rowKey="version"
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
          getCheckboxProps: (r) => ({ 'aria-label': `v${r.version}` }),
        }}
      />
      {diff ? (
        <div style={{ marginTop: 16 }} data-testid="rev-diff">
          <Typography.Title level={5}>{t('rev.diffTitle', { from: diff.from, to: diff.to })}</Typography.Title>
          {diff.changes.length ? (
            <List size="small" bordered dataSource={diff.changes} renderItem={(c) => <List.Item>{c.text}</List.Item>} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rev.noChanges')} />
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
