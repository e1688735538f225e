/**
 * The front-end log (/log, SPEC §2.1): client errors and failed requests captured in this browser, newest
 * first, with a button to clear them.
 */
import { useSyncExternalStore } from 'react';
import { Button, Card, Empty, Popconfirm, Table, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatWith } from '../../../../engine/renderers/time';
import { clearFrontLog, frontLogEntries, subscribeFrontLog, type FrontLogEntry } from '../../services/frontLog';

const KIND_COLOURS: Record<FrontLogEntry['kind'], string> = {
  request: 'orange',
  error: 'red',
  promise: 'magenta',
  render: 'volcano',
  chunk: 'purple',
};

export default function FrontLogPage() {
  const { t } = useTranslation('pages');
  const entries = useSyncExternalStore(subscribeFrontLog, frontLogEntries, frontLogEntries);
  return (
    <Card
      className="oa-page-card"
      title={t('frontLog.title')}
      data-testid="front-log"
      extra={
        <Popconfirm title={t('frontLog.clearConfirm')} onConfirm={clearFrontLog} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')}>
          <Button icon={<DeleteOutlined />} disabled={!entries.length} data-testid="front-log-clear">
            {t('frontLog.clear')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('frontLog.desc')}</Typography.Paragraph>
      <Table<FrontLogEntry>
        rowKey="id"
        size="middle"
        dataSource={entries}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('frontLog.empty')} /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('frontLog.time'), dataIndex: 'time', width: 180, render: (v: string) => formatWith(v, 'YYYY-MM-DD HH:mm:ss') },
          {
            title: t('frontLog.kind'),
            dataIndex: 'kind',
            width: 140,
            render: (k: FrontLogEntry['kind']) => <Tag color={KIND_COLOURS[k]}>{t(`frontLog.kinds.${k}`)}</Tag>,
          },
          { title: t('frontLog.message'), dataIndex: 'message', ellipsis: true },
          { title: t('frontLog.url'), dataIndex: 'url', width: 260, ellipsis: true },
        ]}
        expandable={{
          rowExpandable: (r) => !!r.detail,
          expandedRowRender: (r) => <pre className="oa-log-detail">{r.detail}</pre>,
        }}
      />
    </Card>
  );
}
