/**
 * The message centre (/message/index, SPEC §2.3, §3 "Message reminder"): all of the user's messages,
 * newest first, filtered by read state, kind and title keyword; mark read (one, the selected, all),
 * delete (one or the selected) and paging. A click on a title marks the message read and opens its target
 * (SPEC §4 "Reminder target by kind"). Calls Msg/list, getTypes, setRead, del; every change reloads the bell.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { loadReminders, msgApi, type MsgPage, type MsgQuery, type Reminder } from '../../stores/notices';
import { reminderTarget } from '../../components/header/reminderTarget';
import { toast } from '../../services/feedback';

type ReadFilter = 'all' | 'unread' | 'read';

/** The Msg/list query of the page's filters. */
export function queryOf(f: { read: ReadFilter; type?: number; keyword: string; current: number; pageSize: number }): MsgQuery {
  const q: MsgQuery = { current: f.current, pageSize: f.pageSize };
  if (f.read !== 'all') q.is_read = f.read === 'read' ? 1 : 0;
  if (f.type) q.type = f.type;
  if (f.keyword.trim()) q.keyword = f.keyword.trim();
  return q;
}

export default function MessagePage() {
  const { t } = useTranslation('message');
  const { t: tl } = useTranslation('layout');
  const navigate = useNavigate();
  const [read, setRead] = useState<ReadFilter>('all');
  const [type, setType] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState<MsgPage | null>(null);
  const [types, setTypes] = useState<Array<{ type: number; name: string }>>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await msgApi.list(queryOf({ read, type, keyword, current, pageSize }));
      // The last rows of a later page were deleted or read away: show the page before.
      if (!r.list.length && current > 1) setCurrent(Math.max(1, Math.ceil(r.total / pageSize)));
      setPage(r);
    } catch {
      /* shown by the http layer */
    } finally {
      setLoading(false);
    }
  }, [read, type, keyword, current, pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    void msgApi
      .getTypes()
      .then(setTypes)
      .catch(() => undefined);
  }, []);

  /** Runs a change, then reloads the page and the bell. */
  const change = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
      setSelected([]);
      await load();
      void loadReminders().catch(() => undefined);
    } catch {
      /* shown by the http layer */
    }
  };

  const open = (r: Reminder) => {
    if (!r.is_read)
      void msgApi
        .setRead({ ids: [r.id] })
        .then(() => loadReminders())
        .catch(() => undefined);
    const to = reminderTarget(r, tl('notice.systemNotice'));
    if (to) navigate(to);
    else void load();
  };

  const columns: ColumnsType<Reminder> = [
    {
      title: t('col.title'),
      dataIndex: 'title',
      render: (_, r) => (
        <Typography.Link strong={!r.is_read} onClick={() => open(r)} data-testid="message-title">
          {r.title}
        </Typography.Link>
      ),
    },
    { title: t('col.type'), dataIndex: 'type_name', width: 120, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('col.from'), dataIndex: 'realname', width: 120, render: (v: string) => v || t('system') },
    { title: t('col.date'), dataIndex: 'date', width: 160 },
    {
      title: t('col.status'),
      dataIndex: 'is_read',
      width: 90,
      render: (v: number) => (v ? <Tag>{t('status.read')}</Tag> : <Tag color="blue">{t('status.unread')}</Tag>),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space size="small">
          {!r.is_read && (
            <Button type="link" size="small" onClick={() => void change(() => msgApi.setRead({ ids: [r.id] }), t('done.read'))}>
              {t('action.markRead')}
            </Button>
          )}
          <Popconfirm title={t('confirm.deleteOne')} onConfirm={() => change(() => msgApi.del([r.id]), t('done.deleted'))}>
            <Button type="link" size="small" danger data-testid="message-delete">
              {t('action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="message-page">
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Segmented<ReadFilter>
            value={read}
            onChange={(v) => {
              setRead(v);
              setCurrent(1);
            }}
            options={[
              { value: 'all', label: t('filter.all') },
              { value: 'unread', label: t('filter.unread') },
              { value: 'read', label: t('filter.read') },
            ]}
            data-testid="message-read-filter"
          />
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('filter.type')}
            value={type}
            onChange={(v?: number) => {
              setType(v);
              setCurrent(1);
            }}
            options={types.map((x) => ({ value: x.type, label: x.name }))}
            data-testid="message-type-filter"
          />
          <Input.Search
            allowClear
            style={{ width: 220 }}
            placeholder={t('filter.keyword')}
            onSearch={(v) => {
              setKeyword(v);
              setCurrent(1);
            }}
          />
        </Space>
        <Space wrap>
          <Typography.Text type="secondary">{t('unreadCount', { count: page?.unread ?? 0 })}</Typography.Text>
          <Button disabled={!selected.length} onClick={() => void change(() => msgApi.setRead({ ids: selected }), t('done.read'))}>
            {t('action.markSelectedRead')}
          </Button>
          <Popconfirm
            title={t('confirm.delete', { count: selected.length })}
            disabled={!selected.length}
            onConfirm={() => change(() => msgApi.del(selected), t('done.deleted'))}
          >
            <Button danger disabled={!selected.length}>
              {t('action.deleteSelected')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            disabled={!page?.unread}
            onClick={() => void change(() => msgApi.setRead({ all: 1 }), t('done.read'))}
            data-testid="message-read-all"
          >
            {t('action.markAllRead')}
          </Button>
        </Space>
      </Flex>
      <Table<Reminder>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page?.list ?? []}
        locale={{ emptyText: t('empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current,
          pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (c, s) => {
            setCurrent(s !== pageSize ? 1 : c);
            setPageSize(s);
          },
        }}
      />
    </Card>
  );
}
