/**
 * The organisation's person picker (widgets/OrgPicker.tsx, widget keys `user` / `users`) outside a form: the
 * same search box and department-tree dialog, with a value of one user id or an array of user ids.
 */
import { useMemo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { RefNames } from '../../data/api';
import { widgetOf } from '../../../widgets';

export interface PersonPickerProps {
  id: string;
  multiple?: boolean;
  value: number | number[] | undefined;
  onChange: (value: number | number[] | undefined) => void;
}

/** One person (or several with `multiple`), picked by search or from the department tree. */
export function PersonPicker({ id, multiple, value, onChange }: PersonPickerProps) {
  const Widget = widgetOf(multiple ? 'users' : 'user');
  const [refs] = useState<RefNames>(() => ({ users: {}, depts: {} }));
  const registry = useMemo(() => ({ formContext: { refs } }), [refs]);
  if (!Widget) return null;
  const props = {
    id,
    name: id,
    value,
    onChange,
    registry,
    options: {},
    schema: {},
    label: '',
    disabled: false,
    readonly: false,
    rawErrors: [],
    onBlur: () => undefined,
    onFocus: () => undefined,
  };
  return <Widget {...(props as unknown as WidgetProps)} />;
}
