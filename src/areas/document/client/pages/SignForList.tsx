/**
 * 公文签收 (custom component `document.signFor`, /document/gwqs "Distribution: 主送/抄送 units receive the
 * document as a sign-for task (gwqs); 签收 or 退回 with a reason; counts"): the sign-for items of the caller's
 * unit(s) (document/gwqsList) in three tabs — 待签收 / 已签收 / 已退回, each with its count — searchable by title or
 * 发文字号. A row shows 标题, 发文字号, 来文单位, 密级 and 紧急程度 as coloured tags of their dictionaries (the page's
 * entity, document.send), 送达时间 and 主送/抄送. 签收 asks first, registers the 收文 (document/gwqsSign) and opens its
 * approval page (/document/show/:flowId, a new browser tab from here: openDetail); 退回 asks the reason (required).
 *
 * With a `recordId` (/document/gwqsshow/:id, the target of a sign-for reminder) the page shows that one item:
 * its details and the same two actions while it is pending.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Modal, Result, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { documentApi, type SignForItem } from '../data/document';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { dictLabel, fieldDict } from '../../../../../engine/renderers/text';
import './signFor.css';
import { formatTime as time } from '../../../../../engine/renderers/time';
import { host } from '../../../../../engine/host';

/** The tabs, in order: the `status` of document/gwqsList. */
export const SIGN_FOR_STATUSES = ['pending', 'signed', 'returned'] as const;
type Status = (typeof SIGN_FOR_STATUSES)[number];
/** Longest 退回 reason (services/document/receipts.ts RETURN_REASON_MAX). */
const REASON_MAX = 500;
const STATUS_COLOR: Record<Status, string> = { pending: 'processing', signed: 'success', returned: 'error' };

/** The list page (the detail's way back). */
const LIST_PATH = '/document/gwqs';
/** The approval page of a 收文 instance. */
export const receivePath = (flowId: number) => `/document/show/${flowId}`;

/** 签收 and 退回 of one item; `done` after either succeeded. */
function useDecide(done: () => void) {
  const { t } = useTranslation('signfor');
  const [modal, holder] = Modal.useModal();
  const [returning, setReturning] = useState<SignForItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const sign = (item: SignForItem) =>
    modal.confirm({
      title: t('sign.title'),
      content: t('sign.content', { title: item.title }),
      okText: t('sign.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { ...({ 'data-testid': 'signfor-sign-ok' } as object) },
      onOk: async () => {
        // the tab is taken while the click still counts as the user's: the call may outlast it
        const open = host().reserveRecordTab(receivePath(0));
        try {
          const r = await documentApi.gwqsSign(item.id);
          host().notify.success(t('sign.done'));
          done();
          open(receivePath(r.flowId));
        } catch {
          // the HTTP layer has shown the refusal (e.g. another clerk signed it meanwhile)
          open(null);
          done();
        }
      },
    });

  const submitReturn = async () => {
    if (!returning) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await documentApi.gwqsDelete(returning.id, reason.trim());
      host().notify.success(t('return.done'));
      setReturning(null);
      form.resetFields();
      done();
    } catch {
      // shown by the HTTP layer; the reason is kept
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal
      open={!!returning}
      title={t('return.title')}
      okText={t('return.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy, ...({ 'data-testid': 'signfor-return-ok' } as object) }}
      onOk={() => void submitReturn().catch(() => undefined)}
      onCancel={() => {
        setReturning(null);
        form.resetFields();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{returning?.title}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('return.reason')} rules={[{ required: true, whitespace: true, message: t('return.reasonRequired') }]}>
          <Input.TextArea rows={4} maxLength={REASON_MAX} showCount placeholder={t('return.placeholder')} data-testid="signfor-return-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return {
    sign,
    startReturn: setReturning,
    holder: (
      <>
        {holder}
        {dialog}
      </>
    ),
  };
}

/** The two actions of a pending item, or the link to the registered 收文 of a signed one. */
function RowActions({ item, onSign, onReturn }: { item: SignForItem; onSign: (i: SignForItem) => void; onReturn: (i: SignForItem) => void }) {
  const { t } = useTranslation('signfor');
  if (item.status === 'pending') {
    return (
      <Space size="small">
        <Button type="primary" size="small" onClick={() => onSign(item)} data-testid="signfor-sign">
          {t('action.sign')}
        </Button>
        <Button danger size="small" onClick={() => onReturn(item)} data-testid="signfor-return">
          {t('action.return')}
        </Button>
      </Space>
    );
  }
  if (item.status === 'signed' && item.receive_flow_id) {
    const flowId = item.receive_flow_id;
    return (
      <Typography.Link onClick={() => host().openRecord(receivePath(flowId))} data-testid="signfor-open-receive">
        {t('action.openReceive')}
      </Typography.Link>
    );
  }
  return null;
}

/** The tag of a dictionary value of the page's entity (密级, 紧急程度). */
function useDictTag(bundle: PageKindProps['bundle']) {
  return useCallback(
    (field: 'secretLevel' | 'urgency', value: string) => {
      const { label, color } = dictLabel(bundle, fieldDict(bundle, field), value);
      return <Tag color={color}>{label}</Tag>;
    },
    [bundle],
  );
}

/** The list of the module comment. */
function SignForTable({ bundle }: PageKindProps) {
  const { t } = useTranslation('signfor');
  const dictTag = useDictTag(bundle);
  const [status, setStatus] = useState<Status>('pending');
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [data, setData] = useState<{ list: SignForItem[]; total: number }>({ list: [], total: 0 });
  const [counts, setCounts] = useState<Partial<Record<Status, number>>>({});
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const { sign, startReturn, holder } = useDecide(reload);

  useEffect(() => {
    let live = true;
    setLoading(true);
    documentApi
      .gwqsList({ status, current: query.current, pageSize: query.pageSize, keyword: query.keyword || undefined })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [status, query, round]);

  // The counts of the tabs (under the same keyword).
  useEffect(() => {
    let live = true;
    Promise.all(
      SIGN_FOR_STATUSES.map((s) => documentApi.gwqsList({ status: s, pageSize: 1, keyword: query.keyword || undefined }).then((r) => [s, r.total] as const)),
    ).then(
      (pairs) => live && setCounts(Object.fromEntries(pairs)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [query.keyword, round]);

  const columns = useMemo<ColumnsType<SignForItem>>(() => {
    const cols: ColumnsType<SignForItem> = [
      {
        key: 'title',
        title: t('col.title'),
        width: 240,
        render: (_v, r) => (
          <span className="oa-signfor-title" title={r.title} data-testid="signfor-title">
            {r.title}
          </span>
        ),
      },
      { key: 'docNumber', title: t('col.docNumber'), width: 150, render: (_v, r) => r.doc_number ?? '' },
      { key: 'fromUnit', title: t('col.fromUnit'), width: 130, ellipsis: true, render: (_v, r) => r.from_unit },
      { key: 'secretLevel', title: t('col.secretLevel'), width: 96, render: (_v, r) => dictTag('secretLevel', r.secret_level) },
      { key: 'urgency', title: t('col.urgency'), width: 96, render: (_v, r) => dictTag('urgency', r.urgency) },
      {
        key: 'role',
        title: t('col.role'),
        width: 130,
        ellipsis: true,
        render: (_v, r) => (
          <span title={r.unit_name}>
            <Tag color={r.role === 'main' ? 'blue' : 'default'}>{t(`role.${r.role}`)}</Tag>
            {r.unit_name}
          </span>
        ),
      },
    ];
    // 送达时间 while pending; then who decided and when.
    if (status === 'pending') cols.push({ key: 'sentAt', title: t('col.sentAt'), width: 136, render: (_v, r) => time(r.sent_at) });
    if (status === 'signed') {
      cols.push(
        { key: 'signedBy', title: t('col.signedBy'), width: 90, render: (_v, r) => r.signed_by_name ?? '' },
        { key: 'signedAt', title: t('col.signedAt'), width: 136, render: (_v, r) => time(r.signed_at) },
      );
    }
    if (status === 'returned') {
      cols.push(
        { key: 'returnedBy', title: t('col.returnedBy'), width: 90, render: (_v, r) => r.signed_by_name ?? '' },
        { key: 'returnedAt', title: t('col.returnedAt'), width: 136, render: (_v, r) => time(r.signed_at) },
        { key: 'reason', title: t('col.reason'), width: 200, ellipsis: true, render: (_v, r) => <span title={r.reason ?? ''}>{r.reason ?? ''}</span> },
      );
    }
    if (status !== 'returned') {
      cols.push({
        key: 'actions',
        title: t('col.actions'),
        width: status === 'pending' ? 160 : 110,
        fixed: 'right',
        render: (_v, r) => <RowActions item={r} onSign={sign} onReturn={startReturn} />,
      });
    }
    return cols;
  }, [t, status, dictTag, sign, startReturn]);

  return (
    <Card size="small" className="oa-signfor" data-testid="signfor-list">
      {holder}
      <div className="oa-signfor-bar">
        <Tabs
          activeKey={status}
          onChange={(k) => {
            setStatus(k as Status);
            setQuery((q) => ({ ...q, current: 1 }));
          }}
          items={SIGN_FOR_STATUSES.map((s) => ({
            key: s,
            label: (
              <span data-testid={`signfor-tab-${s}`}>
                {t(`status.${s}`)}
                <span className="oa-signfor-count" data-testid={`signfor-count-${s}`}>
                  {counts[s] ?? 0}
                </span>
              </span>
            ),
          }))}
        />
        <Space>
          <Input.Search
            allowClear
            placeholder={t('search')}
            onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))}
            style={{ width: 280 }}
            data-testid="signfor-search"
          />
          <Button onClick={reload} data-testid="signfor-reload">
            {t('reload')}
          </Button>
        </Space>
      </div>
      <Table<SignForItem>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: columns.reduce((n, c) => n + Number(c.width ?? 0), 0) }}
        locale={{ emptyText: t(`empty.${status}`) }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          showTotal: (n) => t('total', { count: n }),
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
        data-testid="signfor-table"
      />
    </Card>
  );
}

/** One item (/document/gwqsshow/:id): found among the caller's items (pending first, then the latest 100). */
function SignForDetail({ bundle, id }: { bundle: PageKindProps['bundle']; id: number }) {
  const { t } = useTranslation('signfor');
  const dictTag = useDictTag(bundle);
  const [item, setItem] = useState<SignForItem | null | undefined>(undefined);
  const [round, setRound] = useState(0);
  const { sign, startReturn, holder } = useDecide(() => setRound((n) => n + 1));
  useEffect(() => {
    let live = true;
    const find = (r: { list: SignForItem[] }) => r.list.find((x) => x.id === id);
    documentApi
      .gwqsList({ status: 'pending', pageSize: 100 })
      .then(async (r) => find(r) ?? find(await documentApi.gwqsList({ pageSize: 100 })) ?? null)
      .then(
        (x) => live && setItem(x),
        () => live && setItem(null),
      );
    return () => {
      live = false;
    };
  }, [id, round]);
  if (item === undefined) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (!item)
    return (
      <Result
        status="warning"
        title={t('detail.notFound')}
        extra={<Button href={host().href(LIST_PATH)}>{t('detail.toList')}</Button>}
        data-testid="signfor-notfound"
      />
    );
  const items = [
    { key: 'docNumber', label: t('col.docNumber'), children: item.doc_number ?? '' },
    { key: 'fromUnit', label: t('col.fromUnit'), children: item.from_unit },
    { key: 'secretLevel', label: t('col.secretLevel'), children: dictTag('secretLevel', item.secret_level) },
    { key: 'urgency', label: t('col.urgency'), children: dictTag('urgency', item.urgency) },
    { key: 'sentAt', label: t('col.sentAt'), children: time(item.sent_at) },
    { key: 'role', label: t('col.role'), children: `${t(`role.${item.role}`)} · ${item.unit_name}` },
    ...(item.status !== 'pending'
      ? [
          {
            key: 'by',
            label: t(item.status === 'signed' ? 'col.signedBy' : 'col.returnedBy'),
            children: `${item.signed_by_name ?? ''} ${time(item.signed_at)}`,
          },
        ]
      : []),
    ...(item.reason ? [{ key: 'reason', label: t('col.reason'), children: item.reason }] : []),
  ];
  return (
    <Card size="small" className="oa-signfor oa-signfor-detail" data-testid="signfor-detail">
      {holder}
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {item.title}
        </Typography.Title>
        <Tag color={STATUS_COLOR[item.status]}>{t(`status.${item.status}`)}</Tag>
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />
      <div style={{ marginTop: 16 }}>
        <RowActions item={item} onSign={sign} onReturn={startReturn} />
      </div>
    </Card>
  );
}

/** The page (see the module comment). */
export function SignForList(props: PageKindProps) {
  if (props.recordId) return <SignForDetail bundle={props.bundle} id={props.recordId} />;
  return <SignForTable {...props} />;
}
