/**
 * The inspector's choice of a reference field's target (kind `record`, `x-record`): the entity it points at and
 * the text field that labels its records, among what the server knows (Template/entities: entities stored in a
 * table, each with the fields that may label a record). The list is read once per page load.
 */
import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { host } from '../../engine/host';
import type { RecordRef } from '../../engine/schema/types';

/** One choice of Template/entities. */
export interface RecordTargetChoice {
  id: string;
  title: string;
  labels: { field: string; label: string }[];
}

let choices: Promise<RecordTargetChoice[]> | null = null;
/** Template/entities, asked once (a failure is asked again next time). */
function loadChoices(): Promise<RecordTargetChoice[]> {
  choices ??= host()
    .call<RecordTargetChoice[]>('Template/entities', {})
    .catch((e: unknown) => {
      choices = null;
      throw e;
    });
  return choices;
}

/**
 * Entity and label field of a reference field. `value` the current `x-record`; `onChange` gets the new target once
 * both are known (choosing another entity takes its first label field).
 */
export function RecordTargetInput({ value, onChange }: { value: RecordRef | undefined; onChange: (target: { entity: string; label: string }) => void }) {
  const { t } = useTranslation('designer');
  const [list, setList] = useState<RecordTargetChoice[] | null>(null);
  useEffect(() => {
    let live = true;
    loadChoices().then(
      (l) => live && setList(l),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const current = list?.find((c) => c.id === value?.entity);
  return (
    <>
      <Form.Item label={t('inspector.recordEntity')} style={{ marginBottom: 10 }}>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          loading={!list}
          placeholder={list ? undefined : t('inspector.recordLoading')}
          data-testid="inspector-record-entity"
          value={value?.entity}
          options={(list ?? []).map((c) => ({ value: c.id, label: `${c.title} (${c.id})` }))}
          onChange={(entity: string) => {
            const first = list?.find((c) => c.id === entity)?.labels[0];
            if (first) onChange({ entity, label: first.field });
          }}
        />
      </Form.Item>
      <Form.Item label={t('inspector.recordLabel')} style={{ marginBottom: 10 }}>
        <Select
          style={{ width: '100%' }}
          disabled={!current}
          data-testid="inspector-record-label"
          value={value?.label}
          options={(current?.labels ?? []).map((l) => ({ value: l.field, label: l.label }))}
          onChange={(label: string) => value?.entity && onChange({ entity: value.entity, label })}
        />
      </Form.Item>
    </>
  );
}
