/**
 * 新建流程: choose the form (entity) the flow runs for, its id within the form's area and its name;
 * OK hands the new flow's id, entity and name to the caller, which opens the designer on a blank flow.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowsetApi, type FormTemplate } from './api';
import { entityTitles } from './useFlowModel';

/** What the modal answers: the full flow id (`<area>.<key>`), its entity and name. */
export interface NewFlow {
  id: string;
  entity: string;
  title: string;
}

/** Props of NewFlowModal; `taken` are the ids already in use. */
export interface NewFlowModalProps {
  open: boolean;
  taken: string[];
  onOk: (flow: NewFlow) => void;
  onCancel: () => void;
}

const KEY = /^[a-zA-Z][a-zA-Z0-9_-]*$/;

/** The modal (see the module comment). */
export function NewFlowModal({ open, taken, onOk, onCancel }: NewFlowModalProps) {
  const { t } = useTranslation('flowset');
  const [form] = Form.useForm<{ entity: string; key: string; title: string }>();
  const [forms, setForms] = useState<FormTemplate[]>([]);
  const [titles, setTitles] = useState<Map<string, string>>(new Map());
  const entity = Form.useWatch('entity', form);
  const key = Form.useWatch('key', form);
  useEffect(() => {
    if (!open) return;
    flowsetApi.forms().then(
      (fs) => {
        setForms(fs);
        return entityTitles(fs).then(setTitles);
      },
      () => setForms([]),
    );
  }, [open]);
  const area = entity ? entity.split('.')[0] : '';
  const fullId = area && key ? `${area}.${key}` : '';
  const entities = [...new Map(forms.map((f) => [f.entity, f])).values()];

  const submit = async () => {
    const v = await form.validateFields();
    onOk({ id: `${v.entity.split('.')[0]}.${v.key}`, entity: v.entity, title: v.title.trim() });
  };

  return (
    <Modal
      open={open}
      title={t('new.title')}
      okText={t('new.ok')}
      cancelText={t('new.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="flowset-new"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="entity" label={t('new.entity')} rules={[{ required: true, message: t('new.entityRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={entities.map((f) => ({ value: f.entity, label: t('new.entityOption', { title: titles.get(f.entity) ?? f.title, entity: f.entity }) }))}
            data-testid="flowset-new-entity"
          />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('new.key')}
          extra={fullId ? t('new.keyHelp', { id: fullId }) : undefined}
          rules={[
            { required: true, message: t('new.keyRequired') },
            { pattern: KEY, message: t('new.keyInvalid') },
            { validator: (_r, v: string) => (v && area && taken.includes(`${area}.${v}`) ? Promise.reject(new Error(t('new.keyTaken'))) : Promise.resolve()) },
          ]}
        >
          <Input maxLength={60} data-testid="flowset-new-key" />
        </Form.Item>
        <Form.Item name="title" label={t('new.name')} rules={[{ required: true, whitespace: true, message: t('new.nameRequired') }]}>
          <Input maxLength={60} data-testid="flowset-new-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
