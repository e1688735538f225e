/**
 * 事务设置 (custom component `flow.settings`, /affair/swsz), two tabs:
 * - 委托设置: the caller's 委托 during absence (flow/delegations): who, from when to when (whole days), which
 *   flow (one of the page's `flows`, or all), remark; 新增委托 (person picker, date range, optional flow and
 *   remark → flow/delegate) and 删除 (asks first → flow/undelegate);
 * - 常用语: the caller's phrases and the public ones (Words/getUserWord); 添加 (Words/save) and 删除 of one's own.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, List, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { formatDay, orgDayBound, orgNow } from '../time';
import { useTranslation } from 'react-i18next';
import type { CustomPageDef, Text } from '../../schema/types';
import { flowPagesApi, type Delegation } from '../../data/flowpages';
import { wordsApi, type UserWord } from '../approval/words';
import { PersonPicker } from '../approval/PersonPicker';
import type { PageKindProps } from '../registry';
import { bundleText } from '../text';
import { host } from '../../host';

const day = (ms: number) => formatDay(ms);
/** Most characters of a phrase (words.word content). */
const WORD_MAX = 200;

/** The 委托 tab. */
function Delegations({ flows, flowTitle }: { flows: { id: string; title: string }[]; flowTitle: (id: string | null) => string }) {
  const { t } = useTranslation('flowpages');
  const [rows, setRows] = useState<Delegation[]>([]);
  const [loading, setLoading] = useState(true);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ delegateId?: number; range?: [Dayjs, Dayjs]; defId?: string; remark?: string }>();
  const load = useCallback(() => {
    setLoading(true);
    flowPagesApi
      .delegations()
      .then(
        (r) => setRows(Array.isArray(r) ? r : []),
        () => setRows([]),
      )
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const add = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !v.delegateId || !v.range) return;
    setBusy(true);
    try {
      await flowPagesApi.delegate({
        delegateId: v.delegateId,
        start: orgDayBound(v.range[0]),
        end: orgDayBound(v.range[1], true),
        ...(v.defId ? { defId: v.defId } : {}),
        ...(v.remark?.trim() ? { remark: v.remark.trim() } : {}),
      });
      host().notify.success(t('swsz.delegation.added'));
      setAdding(false);
      form.resetFields();
      load();
    } catch {
      // the refusal was toasted; the dialog stays open with the input
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await flowPagesApi.undelegate(id);
      host().notify.success(t('swsz.delegation.removed'));
      load();
    } catch {
      // toasted
    }
  };
  const now = Date.now();
  const columns: ColumnsType<Delegation> = [
    { key: 'delegate', title: t('swsz.delegation.col.delegate'), render: (_v, r) => r.delegateName ?? String(r.delegateId) },
    { key: 'range', title: t('swsz.delegation.col.range'), render: (_v, r) => t('swsz.delegation.rangeText', { start: day(r.start), end: day(r.end) }) },
    { key: 'flow', title: t('swsz.delegation.col.flow'), render: (_v, r) => flowTitle(r.defId) },
    {
      key: 'state',
      title: t('swsz.delegation.col.state'),
      width: 100,
      render: (_v, r) =>
        r.end < now ? (
          <Tag>{t('swsz.delegation.state.past')}</Tag>
        ) : r.start > now ? (
          <Tag color="blue">{t('swsz.delegation.state.future')}</Tag>
        ) : (
          <Tag color="green">{t('swsz.delegation.state.active')}</Tag>
        ),
    },
    { key: 'remark', title: t('swsz.delegation.col.remark'), render: (_v, r) => r.remark ?? '' },
    {
      key: 'op',
      title: t('swsz.delegation.col.op'),
      width: 90,
      render: (_v, r) => (
        <Popconfirm title={t('swsz.delegation.confirmRemove')} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => remove(r.id)}>
          <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid={`delegation-remove-${r.id}`}>
            {t('common.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <div data-testid="swsz-delegations">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="delegation-add">
          {t('swsz.delegation.add')}
        </Button>
        <Typography.Text type="secondary">{t('swsz.delegation.hint')}</Typography.Text>
      </Space>
      <Table<Delegation>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('swsz.delegation.empty') }}
      />
      <Modal
        open={adding}
        title={t('swsz.delegation.add')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="delegation-form">
          <Form.Item name="delegateId" label={t('swsz.delegation.col.delegate')} rules={[{ required: true, message: t('swsz.delegation.needDelegate') }]}>
            <PersonPicker id="delegation-person" value={undefined} onChange={() => undefined} />
          </Form.Item>
          <Form.Item name="range" label={t('swsz.delegation.col.range')} rules={[{ required: true, message: t('swsz.delegation.needRange') }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < orgNow().format('YYYY-MM-DD')} />
          </Form.Item>
          <Form.Item name="defId" label={t('swsz.delegation.col.flow')}>
            <Select allowClear placeholder={t('swsz.delegation.allFlows')} options={flows.map((f) => ({ value: f.id, label: f.title }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('swsz.delegation.col.remark')}>
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** The 常用语 tab. */
function Words() {
  const { t } = useTranslation('flowpages');
  const [words, setWords] = useState<UserWord[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    wordsApi.list().then(
      (r) => setWords(Array.isArray(r) ? r : []),
      () => setWords([]),
    );
  }, []);
  useEffect(load, [load]);
  const add = async () => {
    const content = text.trim();
    if (!content) {
      host().notify.warning(t('swsz.words.needText'));
      return;
    }
    if (words?.some((w) => w.content === content)) {
      host().notify.warning(t('swsz.words.exists'));
      return;
    }
    setBusy(true);
    try {
      await wordsApi.add(content);
      setText('');
      host().notify.success(t('swsz.words.added'));
      load();
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await flowPagesApi.deleteWord(id);
      host().notify.success(t('swsz.words.removed'));
      load();
    } catch {
      // toasted
    }
  };
  return (
    <div data-testid="swsz-words">
      <Space.Compact style={{ width: '100%', maxWidth: 640, marginBottom: 12 }}>
        <Input
          value={text}
          maxLength={WORD_MAX}
          placeholder={t('swsz.words.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => void add()}
          data-testid="word-input"
        />
        <Button type="primary" icon={<PlusOutlined />} loading={busy} onClick={() => void add()} data-testid="word-add">
          {t('swsz.words.add')}
        </Button>
      </Space.Compact>
      <List
        bordered
        loading={words === null}
        dataSource={words ?? []}
        locale={{ emptyText: t('swsz.words.empty') }}
        renderItem={(w) => (
          <List.Item
            data-testid={`word-${w.id}`}
            actions={
              w.mine
                ? [
                    <Popconfirm
                      key="rm"
                      title={t('swsz.words.confirmRemove')}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove(w.id)}
                    >
                      <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid={`word-remove-${w.id}`}>
                        {t('common.remove')}
                      </Button>
                    </Popconfirm>,
                  ]
                : [<Tag key="pub">{t('swsz.words.public')}</Tag>]
            }
          >
            {w.content}
          </List.Item>
        )}
      />
    </div>
  );
}

/** The page (see the module comment). */
export function SettingsPage({ bundle }: PageKindProps) {
  const { t } = useTranslation('flowpages');
  const page = bundle.page as CustomPageDef;
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const [all, setAll] = useState<{ id: string; title: Text }[]>([]);
  useEffect(() => {
    flowPagesApi.flows().then(
      (r) => setAll(Array.isArray(r) ? r : []),
      () => undefined,
    );
  }, []);
  const flows = useMemo(
    () => all.filter((f) => !page.flows || page.flows.includes(f.id)).map((f) => ({ id: f.id, title: tx(f.title) })),
    [all, page.flows, tx],
  );
  const flowTitle = useCallback(
    (id: string | null) => (id ? (flows.find((f) => f.id === id)?.title ?? tx(all.find((f) => f.id === id)?.title, id)) : t('swsz.delegation.allFlows')),
    [flows, all, tx, t],
  );
  return (
    <Card size="small" data-testid="swsz-page">
      <Tabs
        items={[
          { key: 'delegation', label: t('swsz.tab.delegation'), children: <Delegations flows={flows} flowTitle={flowTitle} /> },
          { key: 'words', label: t('swsz.tab.words'), children: <Words /> },
        ]}
      />
    </Card>
  );
}
