/**
 * 授权查询 (custom component `document.authQuery`, /document/authquery; SPEC §2.3): the 委托 in force for document
 * flows (document/authQuery) — those the caller gave or received, every one for holders of `document:setting` —
 * as a table: 委托人, 受托人, 范围 (one document flow or 全部流程), 起止时间, 说明. 委托 are made on the 委托 settings page (component flow.settings).
 */
import { useEffect, useState } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { docSettingsApi, type AuthorizationRow } from '../data/docSettings';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { formatTime as time } from '../../../../../engine/renderers/time';

/** The page (see the module comment). */
export function DocAuthQuery(_props: PageKindProps) {
  const { t } = useTranslation('docsettings');
  const [rows, setRows] = useState<AuthorizationRow[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    docSettingsApi
      .authorizations()
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  const columns: ColumnsType<AuthorizationRow> = [
    { title: t('auth.user'), dataIndex: 'userName' },
    { title: t('auth.delegate'), dataIndex: 'delegateName' },
    {
      title: t('auth.scope'),
      dataIndex: 'defId',
      render: (d: string | null) => <Tag>{d ? t(`auth.flow.${d}`, { defaultValue: d }) : t('auth.allFlows')}</Tag>,
    },
    { title: t('auth.period'), render: (_: unknown, r) => `${time(r.start)} ~ ${time(r.end)}` },
    { title: t('auth.remark'), dataIndex: 'remark' },
  ];
  return (
    <Card data-testid="doc-authquery">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.title')}
      </Typography.Title>
      <Table rowKey="id" size="middle" loading={loading} columns={columns} dataSource={rows} locale={{ emptyText: t('auth.empty') }} />
    </Card>
  );
}
