/**
 * 公文督办 (custom component `document.supervise`, /document/gwdb; SPEC §2.3 gwdb, §7 gwdbList…dbUpdateDbr
 * "督办 with deadlines and urging"): the running 发文 and 收文 the caller follows up (document/gwdbList — holders of
 * `document:supervise` those of their data scope, others those they started), newest first, with server paging, a
 * title search and 只看超期. Columns: 标题 (opens the document's approval page, a new browser tab from here per SPEC
 * §2.2) with 发文 / 收文, 文号, 当前环节, 当前办理人, 办理期限 (the earliest deadline of the open steps; red and 已超期 when
 * overdue; 暂定 when counted through a year whose 调休 schedule is unknown), 督办人 (未督办 before the first 督办), 督办期限, 催办次数, 发起时间. Row actions: 督办 (holders of the right and the drafter, ./DocSuperviseDialogs),
 * 催办 where the server allows it (the work lists' UrgeDialog, flow/act urge), 督办记录 (./DocSuperviseHistory) and
 * 更换督办人 (holders of `document:supervise` only — the user's access codes; the server decides again). The list
 * reloads after an action and when the window regains focus. Texts from the `docsupervise` namespace.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { documentApi, type GwdbItem } from '../data/document';
import type { SuperviseRow } from '../../../../../engine/data/flow';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { UrgeDialog } from '../../../../../engine/renderers/worklist/dialogs';
import { approvalPath } from './docSuperviseModel';
import { ReassignDialog, SuperviseDialog } from './DocSuperviseDialogs';
import { HistoryDrawer } from './DocSuperviseHistory';
import { formatDay, formatTime as time } from '../../../../../engine/renderers/time';
import { ProvisionalTag } from '../../../../../engine/renderers/ProvisionalTag';
import { host } from '../../../../../engine/host';

/** The permission of 督办 over documents (schemas/document/area.json). */
export const DOC_SUPERVISE_CODE = 'document:supervise';

const kindOf = (defId: string) => defId.slice(defId.indexOf('.') + 1);

/** The page (see the module comment). */
export function DocSupervise(_props: PageKindProps) {
  const { t } = useTranslation('docsupervise');
  const openRecord = host().useOpenRecord();
  const user = host().useIdentity();
  const holder = !!user?.access?.includes(DOC_SUPERVISE_CODE);
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '', overdue: false });
  const [data, setData] = useState<{ list: GwdbItem[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const [supervising, setSupervising] = useState<GwdbItem | null>(null);
  const [urging, setUrging] = useState<GwdbItem | null>(null);
  const [viewing, setViewing] = useState<GwdbItem | null>(null);
  const [reassigning, setReassigning] = useState<GwdbItem | null>(null);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  /** After one's own 督办, 催办 or change: the list and the menu badges (no reminder refreshes them then). */
  const afterAction = useCallback(() => {
    reload();
    host().refreshBadges().catch(() => undefined);
  }, [reload]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    documentApi
      .gwdbList({ current: query.current, pageSize: query.pageSize, keyword: query.keyword || undefined, overdue: query.overdue || undefined })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, round]);

  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  const columns = useMemo<ColumnsType<GwdbItem>>(() => {
    const sep = t('separator');
    const second = (children: ReactNode, testId?: string) => (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
        {children}
      </Typography.Text>
    );
    return [
      {
        key: 'title',
        title: t('col.title'),
        render: (_v, r) => {
          const href = approvalPath(r.defId, r.instanceId);
          return (
            <Flex vertical gap={2}>
              <Space size={6} align="start">
                <Tag color={kindOf(r.defId) === 'send' ? 'red' : 'blue'} style={{ marginInlineEnd: 0 }}>
                  {t(`kind.${kindOf(r.defId)}`, { defaultValue: r.defId })}
                </Tag>
                {href ? (
                  <Typography.Link onClick={() => openRecord(href)} title={r.title} data-testid="docsupervise-open">
                    {r.title}
                  </Typography.Link>
                ) : (
                  <span title={r.title}>{r.title}</span>
                )}
              </Space>
              <Space size={12} wrap>
                {r.docNumber ? second(r.docNumber, 'docsupervise-number') : second(t('noNumber'))}
                {r.startedAt ? second(t('startedOn', { date: formatDay(r.startedAt) })) : null}
              </Space>
            </Flex>
          );
        },
      },
      {
        key: 'node',
        title: t('col.node'),
        width: 170,
        render: (_v, r) => (
          <Flex vertical gap={2}>
            <span>{r.nodes.map((n) => n.title).join(sep)}</span>
            {r.handlers.length ? second(r.handlers.join(sep)) : null}
          </Flex>
        ),
      },
      {
        key: 'deadline',
        title: t('col.deadline'),
        width: 150,
        render: (_v, r) =>
          r.deadline == null && !r.overdue ? (
            <Typography.Text type="secondary">{t('noDeadline')}</Typography.Text>
          ) : (
            <Flex vertical gap={2} align="start" data-testid={r.overdue ? 'docsupervise-overdue' : undefined}>
              <Typography.Text type={r.overdue ? 'danger' : undefined}>{time(r.deadline)}</Typography.Text>
              <ProvisionalTag provisional={r.deadlineProvisional} />
              {r.overdue && <Tag color="error">{t('overdue')}</Tag>}
            </Flex>
          ),
      },
      {
        key: 'supervision',
        title: t('col.supervision'),
        width: 150,
        render: (_v, r) =>
          r.supervisorId == null ? (
            <Typography.Text type="secondary">{t('unsupervised')}</Typography.Text>
          ) : (
            <Flex vertical gap={2}>
              <span data-testid="docsupervise-supervisor">{r.supervisorName ?? t('someone')}</span>
              {r.supervisionDeadline == null ? null : second(t('supervisionDue', { time: time(r.supervisionDeadline) }), 'docsupervise-supervision-deadline')}
            </Flex>
          ),
      },
      { key: 'urged', title: t('col.urged'), width: 90, align: 'center', render: (_v, r) => <span data-testid="docsupervise-urged">{r.urgeCount}</span> },
      {
        key: 'actions',
        title: t('col.actions'),
        fixed: 'right',
        width: holder ? 200 : 150,
        render: (_v, r) => (
          <Space size={12} wrap>
            {(holder || r.initiator === user?.id) && (
              <Typography.Link onClick={() => setSupervising(r)} data-testid="docsupervise-supervise">
                {t('action.supervise')}
              </Typography.Link>
            )}
            {r.mayUrge && (
              <Typography.Link onClick={() => setUrging(r)} data-testid="docsupervise-urge">
                {t('action.urge')}
              </Typography.Link>
            )}
            <Typography.Link onClick={() => setViewing(r)} data-testid="docsupervise-history-open">
              {t('action.history')}
            </Typography.Link>
            {holder && (
              <Typography.Link onClick={() => setReassigning(r)} data-testid="docsupervise-reassign">
                {t('action.reassign')}
              </Typography.Link>
            )}
          </Space>
        ),
      },
    ];
  }, [t, openRecord, holder, user?.id]);

  // The work lists' 催办 dialog wants a work-list row; it reads the title and the handlers only.
  const urgeRow = urging ? ({ ...urging, flowTitle: t(`kind.${kindOf(urging.defId)}`), initiatorName: null } as SuperviseRow) : null;

  return (
    <Card
      size="small"
      title={
        <Space>
          {t('title')}
          <Tag data-testid="docsupervise-total">{t('total', { count: data.total })}</Tag>
        </Space>
      }
      data-testid="docsupervise"
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={t('search')} maxLength={100} onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))} style={{ width: 280 }} data-testid="docsupervise-search" />
        <Checkbox checked={query.overdue} onChange={(e) => setQuery((q) => ({ ...q, current: 1, overdue: e.target.checked }))} data-testid="docsupervise-overdue-only">
          {t('overdueOnly')}
        </Checkbox>
        <Button icon={<ReloadOutlined />} onClick={reload} data-testid="docsupervise-reload">
          {t('reload')}
        </Button>
      </Space>
      <Table<GwdbItem>
        rowKey="instanceId"
        size="middle"
        scroll={{ x: 1000 }}
        loading={loading}
        columns={columns}
        dataSource={data.list}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          showTotal: (n) => t('total', { count: n }),
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
        data-testid="docsupervise-table"
      />
      <SuperviseDialog row={supervising} onClose={() => setSupervising(null)} onDone={afterAction} />
      <UrgeDialog row={urgeRow} onClose={() => setUrging(null)} onDone={afterAction} />
      <HistoryDrawer row={viewing} onClose={() => setViewing(null)} />
      <ReassignDialog row={reassigning} onClose={() => setReassigning(null)} onDone={afterAction} />
    </Card>
  );
}
