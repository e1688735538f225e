/**
 * Organisation option widgets (organisation administration): `roles` (several role ids, options from
 * role/list) and `position` (one position id, options from selector/position). Both are plain antd Selects
 * filtered by name; the options load once per mount. Values are ids, as the user entity stores them.
 */
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resource, selector } from '../engine/data/api';

type Option = { value: number; label: string };

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** Largest number of roles offered (role/list page size). */
const MAX_ROLES = 200;

/** An antd Select over options loaded once per mount (`load`), one id or several (`multiple`). */
export function OptionsSelect({ p, load, multiple }: { p: WidgetProps; load: () => Promise<Option[]>; multiple: boolean }) {
  const { t } = useTranslation('form');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    load().then(
      (o) => live && (setOptions(o), setLoading(false)),
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Select
      id={p.id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      loading={loading}
      value={blank(p.value) ? undefined : p.value}
      disabled={p.disabled}
      open={p.readonly ? false : undefined}
      placeholder={p.placeholder || t('widget.choose')}
      status={p.rawErrors?.length ? 'error' : undefined}
      options={options}
      optionFilterProp="label"
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v) => p.onChange(blank(v) ? undefined : v)}
    />
  );
}

/** Roles of a person: several role ids (role/list, enabled roles first as the server sorts them). */
export function RolesWidget(p: WidgetProps) {
  const load = async () =>
    (await resource('role').list({ current: 1, pageSize: MAX_ROLES })).list.map((r) => ({ value: r.id, label: String(r.name ?? r.code ?? r.id) }));
  return <OptionsSelect p={p} load={load} multiple />;
}

/** The position of a person: one position id (selector/position). */
export function PositionWidget(p: WidgetProps) {
  const load = async () => (await selector.position()).map((r) => ({ value: r.id, label: r.name }));
  return <OptionsSelect p={p} load={load} multiple={false} />;
}
