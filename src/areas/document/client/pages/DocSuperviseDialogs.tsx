/**
 * Row dialogs of the 公文督办 list (schemas/document/pages/supervise.page.json, a declared work list; registered by
 * ../index.ts as `document.supervise` and `document.reassignSupervisor`), texts from the `docsupervise` namespace:
 * - SuperviseDialog (督办): 督办期限 (a date, optional; kept as the end of that day) and 督办意见 (required, ≤ 1000)
 *   → document/saveDb; a toast, then `onDone`;
 * - ReassignDialog (更换督办人): shows the current 督办人 (from document/dbHistory; a document without a 督办 entry
 *   cannot change it and says so), a person picker for the new one and an optional 变更原因 → document/dbUpdateDbr;
 *   a toast naming the new 督办人, then `onDone`.
 * Refusals are shown by the HTTP layer; the dialog stays open with what was typed.
 */
import { useEffect, useState } from 'react';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { documentApi, type GwdbItem } from '../data/document';
import type { RowDialogProps } from '../../../../../engine/renderers/registry';
import { useDialogSubmit } from '../../../../../engine/renderers/worklist/useDialogSubmit';
import { PersonPicker } from '../../../../../engine/renderers/approval/PersonPicker';
import { currentSupervisor } from './docSuperviseModel';
import { host } from '../../../../../engine/host';

/** Longest 督办意见 and 变更原因 (server SUPERVISION_REMARK_MAX). */
export const SUPERVISION_REMARK_MAX = 1000;

/** 督办 (see the module comment). */
export function SuperviseDialog({ row: item, onClose, onDone }: RowDialogProps) {
  const row = item as GwdbItem | null;
  const { t } = useTranslation('docsupervise');
  const [form] = Form.useForm<{ deadline?: Dayjs | null; remark: string }>();
  const { busy, run } = useDialogSubmit(onClose, onDone);
  const submit = async () => {
    if (!row) return;
    let v: { deadline?: Dayjs | null; remark: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    await run(async () => {
      await documentApi.saveDb(row.instanceId, v.remark.trim(), v.deadline ? v.deadline.endOf('day').valueOf() : null);
      host().notify.success(t('supervise.done', { title: row.title }));
      form.resetFields();
    });
  };
  return (
    <Modal
      open={!!row}
      title={t('supervise.title')}
      okText={t('supervise.ok')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ ...({ 'data-testid': 'docsupervise-save' } as object) }}
      destroyOnHidden
      width={560}
    >
      {row && (
        <Form form={form} layout="vertical" preserve={false} data-testid="docsupervise-form">
          <Form.Item label={t('supervise.document')}>{row.title}</Form.Item>
          <Form.Item name="deadline" label={t('supervise.deadline')}>
            <DatePicker
              style={{ width: '100%' }}
              placeholder={t('supervise.deadlinePlaceholder')}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              data-testid="docsupervise-deadline"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('supervise.remark')} rules={[{ required: true, whitespace: true, message: t('supervise.needRemark') }]}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={SUPERVISION_REMARK_MAX}
              showCount
              placeholder={t('supervise.remarkPlaceholder')}
              data-testid="docsupervise-remark"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 更换督办人 (see the module comment). */
export function ReassignDialog({ row: item, onClose, onDone }: RowDialogProps) {
  const row = item as GwdbItem | null;
  const { t } = useTranslation('docsupervise');
  const [form] = Form.useForm<{ userId?: number; remark?: string }>();
  const { busy, run } = useDialogSubmit(onClose, onDone);
  /** The current 督办人: undefined while loading, null when the document has no 督办 entry. */
  const [current, setCurrent] = useState<{ id: number; name: string | null } | null | undefined>(undefined);
  const id = row?.instanceId;

  useEffect(() => {
    if (id == null) return;
    let live = true;
    setCurrent(undefined);
    documentApi.dbHistory(id).then(
      (h) => live && setCurrent(currentSupervisor(h)),
      () => live && setCurrent(null),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const submit = async () => {
    if (!row) return;
    let v: { userId?: number; remark?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await run(async () => {
      const r = await documentApi.dbUpdateDbr(row.instanceId, v.userId!, v.remark?.trim() || undefined);
      host().notify.success(t('reassign.done', { name: r?.supervisorName ?? '' }));
      form.resetFields();
    });
  };
  const blocked = current === null;
  return (
    <Modal
      open={!!row}
      title={t('reassign.title')}
      okText={t('reassign.ok')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: current === undefined || blocked, ...({ 'data-testid': 'docsupervise-reassign-ok' } as object) }}
      destroyOnHidden
      width={560}
    >
      {row && current === undefined && <Spin />}
      {row && blocked && <Alert type="warning" showIcon title={t('reassign.notSupervised')} data-testid="docsupervise-reassign-blocked" />}
      {row && current && (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('supervise.document')}>{row.title}</Descriptions.Item>
            <Descriptions.Item label={t('reassign.current')}>
              <span data-testid="docsupervise-reassign-current">{current.name ?? t('reassign.unknown')}</span>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" preserve={false} data-testid="docsupervise-reassign-form">
            <Form.Item name="userId" label={t('reassign.person')} rules={[{ required: true, message: t('reassign.needPerson') }]}>
              <PersonPicker id="docsupervise-person" value={undefined} onChange={() => undefined} />
            </Form.Item>
            <Form.Item name="remark" label={t('reassign.remark')}>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={SUPERVISION_REMARK_MAX}
                showCount
                placeholder={t('reassign.remarkPlaceholder')}
                data-testid="docsupervise-reassign-remark"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
