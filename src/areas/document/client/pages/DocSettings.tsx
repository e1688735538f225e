/**
 * The three custom tabs of 公文设置 (/document/gwsz, the `tabs` page schemas/document/pages/gwsz.page.json; SPEC §2.3
 * gwsz: 通用设置, 操作设置, 节点权限; its 发文字号 and 关联类型 tabs are generic list pages) over ../data/docSettings,
 * the components `document.settings.general`, `document.settings.actions` and `document.settings.permissions`:
 * - 通用设置: 默认密级, 办理期限默认工作日, 是否允许退回收文 edited and saved together (document/submitSetting, with the
 *   version read, so a concurrent change is refused); 签收后自动登记 shown as a fixed behaviour;
 * - 操作设置: each step of the document flows with the actions it offers (tags, labels of `approval:action.*`);
 * - 节点权限: each step with the R/W/H of every field (rows expand; fields set by the step are marked).
 * The last two are read-only views of the current flow definitions: a note links to the flow designer (/flowset/list),
 * where they are changed. A refusal (no `document:setting`) is shown in the tab.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { docSettingsApi, type ActionSettingRow, type DocSettings as Settings, type FieldPermissionRow } from '../data/docSettings';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { host } from '../../../../../engine/host';

const PERM_COLOR: Record<string, string> = { W: 'green', R: 'blue', H: 'default' };
const LEVELS = [0, 1, 2, 3];

/** 通用设置 (see the module comment). */
export function DocGeneralSettings(_props: PageKindProps) {
  const { t } = useTranslation('docsettings');
  const [form] = Form.useForm();
  const [data, setData] = useState<Settings | null>(null);
  const [saving, setSaving] = useState(false);
  const load = useCallback(() => {
    docSettingsApi
      .get()
      .then((d) => {
        setData(d);
        form.setFieldsValue({ defaultSecretLevel: d.defaultSecretLevel, handleDays: d.handleDays, allowReceiptReturn: d.allowReceiptReturn === '1' });
      })
      .catch(() => undefined);
  }, [form]);
  useEffect(load, [load]);

  const save = async () => {
    if (!data) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      await docSettingsApi.submit({
        version: data.version,
        defaultSecretLevel: v.defaultSecretLevel,
        handleDays: v.handleDays,
        allowReceiptReturn: v.allowReceiptReturn ? '1' : '0',
      });
      host().notify.success(t('saved'));
      load();
    } catch {
      // The HTTP layer has shown the refusal.
    } finally {
      setSaving(false);
    }
  };

  const titleOf = (field: string) => data?.items.find((x) => x.field === field)?.title ?? t(`field.${field}`);
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 12 }} disabled={!data} data-testid="docsettings-general">
      <Form.Item name="defaultSecretLevel" label={titleOf('defaultSecretLevel')} rules={[{ required: true }]}>
        <Select options={LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }))} data-testid="docsettings-level" />
      </Form.Item>
      <Form.Item name="handleDays" label={titleOf('handleDays')} extra={t('handleDaysHelp')} rules={[{ required: true }]}>
        <InputNumber min={0} max={365} precision={0} aria-label={titleOf('handleDays')} data-testid="docsettings-days" />
      </Form.Item>
      <Form.Item name="allowReceiptReturn" label={titleOf('allowReceiptReturn')} valuePropName="checked">
        <Switch data-testid="docsettings-return" />
      </Form.Item>
      <Form.Item label={titleOf('autoRegister')} extra={t('autoRegisterHelp')}>
        <Switch checked disabled data-testid="docsettings-autoregister" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 6 }}>
        <Button type="primary" onClick={save} loading={saving} data-testid="docsettings-save">
          {t('save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Rows of one read-only view, or the refusal. */
function useRows<T>(load: () => Promise<{ list: T[] }>) {
  const [state, setState] = useState<{ rows: T[]; error: string | null; loading: boolean }>({ rows: [], error: null, loading: true });
  useEffect(() => {
    let live = true;
    load()
      .then((r) => live && setState({ rows: r.list, error: null, loading: false }))
      .catch((e: Error) => live && setState({ rows: [], error: e.message, loading: false }));
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

/** The note over the read-only tabs: changes are made in the flow designer. */
function DesignerNote() {
  const { t } = useTranslation('docsettings');
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={
        <span>
          {t('designerNote')} <Link to="/flowset/list">{t('designerLink')}</Link>
        </span>
      }
    />
  );
}

/** 操作设置 (see the module comment). */
export function DocActionSettings(_props: PageKindProps) {
  const { t } = useTranslation('docsettings');
  const { t: ta } = useTranslation('approval');
  const { rows, error, loading } = useRows<ActionSettingRow>(docSettingsApi.actions);
  const columns: ColumnsType<ActionSettingRow> = [
    { title: t('col.flow'), dataIndex: 'flowTitle', width: 140 },
    { title: t('col.step'), dataIndex: 'step', width: 160 },
    { title: t('col.actions'), dataIndex: 'actions', render: (a: string[]) => a.map((x) => <Tag key={x}>{ta(`action.${x}`)}</Tag>) },
  ];
  return (
    <>
      <DesignerNote />
      {error ? (
        <Alert type="error" title={error} data-testid="docsettings-error" />
      ) : (
        <Table rowKey="id" size="small" loading={loading} pagination={false} columns={columns} dataSource={rows} data-testid="docsettings-actions" />
      )}
    </>
  );
}

/** 节点权限 (see the module comment). */
export function DocFieldPermissions(_props: PageKindProps) {
  const { t } = useTranslation('docsettings');
  const { rows, error, loading } = useRows<FieldPermissionRow>(docSettingsApi.fieldPermissions);
  const columns: ColumnsType<FieldPermissionRow> = [
    { title: t('col.flow'), dataIndex: 'flowTitle', width: 140 },
    { title: t('col.step'), dataIndex: 'step', width: 160 },
    {
      title: t('col.writable'),
      render: (_: unknown, r) =>
        r.fields
          .filter((f) => f.permission === 'W')
          .map((f) => f.title)
          .join(t('listSeparator')) || t('none'),
    },
    { title: t('col.fallback'), dataIndex: 'fallback', width: 120, render: (p: string) => <Tag color={PERM_COLOR[p]}>{t(`perm.${p}`)}</Tag> },
  ];
  return (
    <>
      <DesignerNote />
      {error ? (
        <Alert type="error" title={error} data-testid="docsettings-error" />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={loading}
          pagination={false}
          columns={columns}
          dataSource={rows}
          data-testid="docsettings-permissions"
          expandable={{
            expandedRowRender: (r) => (
              <Space wrap>
                {r.fields.map((f) => (
                  <Tag key={f.field} color={PERM_COLOR[f.permission]} bordered={f.explicit}>
                    {t('fieldPermission', { field: f.title, permission: t(`perm.${f.permission}`) })}
                  </Tag>
                ))}
              </Space>
            ),
          }}
        />
      )}
    </>
  );
}
