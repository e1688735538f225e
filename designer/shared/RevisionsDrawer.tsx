/**
 * 版本记录 of one form or flow ("Revisions"), shared by the form and flow list pages: the published
 * revisions newest first with author, time and comment; ticking two shows the semantic diff between them as
 * sentences; 恢复 publishes an old revision as a new one after a confirmation. Overlay conflicts the server
 * reports are listed. What differs between forms and flows (the calls, how a revision is named and numbered,
 * the texts' namespace and the test ids) comes from a RevisionsAdapter. `onChanged` is called after a restore.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../engine/renderers/time';

/** The revisions answer as the drawer reads it: `current` the revision served, newest first. */
export interface RevisionList<R> {
  current: number;
  draft: { updatedAt: number } | null;
  list: R[];
  conflicts?: { targetKind: string; targetId: string; message?: string }[];
}

/** A revision row: at least its author, time and comment. */
export interface RevisionRowBase {
  author: string | null;
  comment: string | null;
  createdAt: number | null;
}

/**
 * What a kind of definition tells the drawer. Texts are read from `ns` under `rev.*`; `unit` names the number
 * in them (`{{version}}` or `{{revision}}`) and the number column (`rev.col.<unit>`).
 */
export interface RevisionsAdapter<R extends RevisionRowBase, C> {
  ns: 'flowset' | 'formset';
  unit: 'version' | 'revision';
  /** data-testid of the drawer; `prefix` starts those of its controls (`<prefix>-compare`, `-diff`, `-restore-<n>`). */
  testid: string;
  prefix: string;
  width: number;
  numberWidth: number;
  revisions(id: string): Promise<RevisionList<R>>;
  number(r: R): number;
  /** The name of revision `n` (`v3`, `第 3 版`, `内置版本`). */
  label(n: number, t: TFunction): string;
  /** The author column when the row has no author. */
  noAuthor(r: R, t: TFunction): string;
  /** The comment column when the row has no comment. */
  noComment(r: R, t: TFunction): string;
  diff(id: string, from: number, to: number): Promise<C[]>;
  /** One change as a sentence in the reader's language. */
  sentence(c: C, t: TFunction): string;
  /** Publishes revision `n` again; answers the new revision's number. */
  restore(id: string, n: number): Promise<number>;
}

/** Props of RevisionsDrawer: the definition (`id` null = closed), its display name and its adapter. */
export interface RevisionsDrawerProps<R extends RevisionRowBase, C> {
  adapter: RevisionsAdapter<R, C>;
  id: string | null;
  name: string;
  onClose: () => void;
  onChanged?: () => void;
}

/** The drawer (see the module comment). */
export function RevisionsDrawer<R extends RevisionRowBase, C>({ adapter: a, id, name, onClose, onChanged }: RevisionsDrawerProps<R, C>) {
  const { t } = useTranslation(a.ns);
  const { modal, message } = App.useApp();
  const [data, setData] = useState<RevisionList<R> | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [diff, setDiff] = useState<{ from: number; to: number; changes: C[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!id) return;
    setBusy(true);
    a.revisions(id)
      .then(setData)
      .catch(() => setData(null))
      .finally(() => setBusy(false));
  }, [id, a]);
  useEffect(() => {
    setData(null);
    setPicked([]);
    setDiff(null);
    load();
  }, [load]);

  const compare = async () => {
    if (!id || picked.length !== 2) return;
    const [from, to] = [...picked].sort((x, y) => x - y);
    setDiff({ from, to, changes: await a.diff(id, from, to) });
  };

  const restore = (n: number) => {
    if (!id) return;
    modal.confirm({
      title: t('rev.restore'),
      content: t('rev.restoreConfirm', { [a.unit]: n }),
      okText: t('rev.ok'),
      cancelText: t('rev.cancel'),
      onOk: async () => {
        const made = await a.restore(id, n);
        void message.success(t('rev.restored', { [a.unit]: made }));
        setPicked([]);
        setDiff(null);
        load();
        onChanged?.();
      },
    });
  };

  const columns: ColumnsType<R> = [
    {
      key: a.unit,
      title: t(`rev.col.${a.unit}`),
      width: a.numberWidth,
      render: (_v, r) => (
        <Space size={4}>
          <span>{a.label(a.number(r), t)}</span>
          {a.number(r) === data?.current ? <Tag color="blue">{t('rev.current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'author', title: t('rev.col.author'), width: 100, render: (_v, r) => r.author ?? a.noAuthor(r, t) },
    { key: 'time', title: t('rev.col.time'), width: 140, render: (_v, r) => formatTime(r.createdAt) },
    { key: 'comment', title: t('rev.col.comment'), render: (_v, r) => r.comment || a.noComment(r, t) },
    {
      key: 'actions',
      title: t('rev.col.actions'),
      width: 80,
      render: (_v, r) =>
        a.number(r) === data?.current ? null : (
          <Typography.Link onClick={() => restore(a.number(r))} data-testid={`${a.prefix}-restore-${a.number(r)}`}>
            {t('rev.restore')}
          </Typography.Link>
        ),
    },
  ];

  return (
    <Drawer open={!!id} onClose={onClose} title={t('rev.title', { name })} size={a.width} destroyOnHidden data-testid={a.testid}>
      {data?.draft ? (
        <Tag color="orange" style={{ marginBottom: 12 }}>
          {t('rev.draft', { time: formatTime(data.draft.updatedAt) })}
        </Tag>
      ) : null}
      {data?.conflicts?.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('rev.conflicts', { count: data.conflicts.length })}
          description={
            <List size="small" dataSource={data.conflicts} renderItem={(c) => <List.Item>{c.message ?? `${c.targetKind} ${c.targetId}`}</List.Item>} />
          }
        />
      ) : null}
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('rev.pickHint')}</Typography.Text>
        <Button type="primary" size="small" disabled={picked.length !== 2} onClick={() => void compare()} data-testid={`${a.prefix}-compare`}>
          {t('rev.compare')}
        </Button>
      </Space>
      <Table<R>
        rowKey={(r) => a.number(r)}
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
          getCheckboxProps: (r) => ({ 'aria-label': a.label(a.number(r), t) }),
        }}
      />
      {diff ? (
        <div style={{ marginTop: 16 }} data-testid={`${a.prefix}-diff`}>
          <Typography.Title level={5}>{t('rev.diffTitle', { from: a.label(diff.from, t), to: a.label(diff.to, t) })}</Typography.Title>
          {diff.changes.length ? (
            <List size="small" bordered dataSource={diff.changes} renderItem={(c) => <List.Item>{a.sentence(c, t)}</List.Item>} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rev.noChanges')} />
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
