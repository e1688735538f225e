/**
 * 收藏公文 (custom component `document.favorites`, /document/scgw; SPEC §2.3 scgw "Favourites (scgw)"): the
 * caller's favourite documents (document/favorites — only those they may still see), newest first, searchable by
 * title: 标题 (opens the document's approval page, the server's `open` route), 流程, 状态, 收藏时间 and 取消收藏
 * (asks first).
 */
import { routeWithId } from '../../../../shared/routes';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '../../../../../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import { docExtrasApi, type FavoriteItem } from '../data/docExtras';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { host } from '../../../../../engine/host';

const STATUS_COLOR: Record<string, string> = { running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'default', draft: 'default' };

/** The approval page of `item`, or null when its flow has none. */
export function favoriteHref(item: Pick<FavoriteItem, 'id' | 'open'>): string | null {
  return item.open ? routeWithId(item.open, item.id) : null;
}

/** The page (see the module comment). */
export function FavoriteList(_props: PageKindProps) {
  const { t } = useTranslation('docextras');
  const [modal, holder] = Modal.useModal();
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [data, setData] = useState<{ list: FavoriteItem[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    docExtrasApi
      .favorites({ current: query.current, pageSize: query.pageSize, keyword: query.keyword || undefined })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, round]);

  const remove = useCallback(
    (item: FavoriteItem) =>
      modal.confirm({
        title: t('favorite.removeTitle'),
        content: t('favorite.removeContent', { title: item.title }),
        okText: t('favorite.remove'),
        cancelText: t('cancel'),
        okButtonProps: { ...({ 'data-testid': 'favorite-remove-ok' } as object) },
        onOk: async () => {
          try {
            await docExtrasApi.unfavorite(item.id);
            host().notify.success(t('favorite.removed'));
          } finally {
            reload();
          }
        },
      }),
    [modal, t, reload],
  );

  const columns = useMemo<ColumnsType<FavoriteItem>>(
    () => [
      {
        key: 'title',
        title: t('col.title'),
        render: (_v, r) => {
          const href = favoriteHref(r);
          return href ? (
            <Typography.Link onClick={() => host().openRecord(href)} title={r.title} data-testid="favorite-title">
              {r.title}
            </Typography.Link>
          ) : (
            <span title={r.title} data-testid="favorite-title">
              {r.title}
            </span>
          );
        },
      },
      { key: 'flow', title: t('col.flow'), width: 160, ellipsis: true, render: (_v, r) => r.flowTitle },
      { key: 'status', title: t('col.status'), width: 100, render: (_v, r) => <Tag color={STATUS_COLOR[r.status] ?? 'default'}>{t(`status.${r.status}`, { defaultValue: r.status })}</Tag> },
      { key: 'favoritedAt', title: t('col.favoritedAt'), width: 160, render: (_v, r) => formatTime(r.favoritedAt) },
      {
        key: 'actions',
        title: t('col.actions'),
        width: 110,
        render: (_v, r) => (
          <Typography.Link onClick={() => remove(r)} data-testid="favorite-remove">
            {t('favorite.remove')}
          </Typography.Link>
        ),
      },
    ],
    [t, remove],
  );

  return (
    <Card size="small" title={t('favorite.title')} data-testid="favorite-list">
      {holder}
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('search')} onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))} style={{ width: 280 }} data-testid="favorite-search" />
        <Button onClick={reload} data-testid="favorite-reload">
          {t('reload')}
        </Button>
      </Space>
      <Table<FavoriteItem>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        locale={{ emptyText: t('favorite.empty') }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          showTotal: (n) => t('total', { count: n }),
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
        data-testid="favorite-table"
      />
    </Card>
  );
}
