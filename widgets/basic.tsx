/**
 * Basic widgets of engine forms (issue: form renderer): text, textarea, integer, number, money (2 decimals
 * and 人民币大写 below), boolean (Switch), date / datetime / daterange (stored 'YYYY-MM-DD', ISO 8601,
 * ['YYYY-MM-DD', 'YYYY-MM-DD']) and dict (a select over the bundle's dictionary named by `x-dict`, with the
 * items' colours). Values follow FieldKind in engine/schema/types.ts; empty input stores undefined.
 */
import { DatePicker, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import { fromPickerValue, toPickerValue } from '../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import type { CSSProperties } from 'react';
import { upperMoney } from '../engine/expr';
import { textOf } from '../engine/schema/text';
import { formContextOf, type FieldOptions } from './context';

const DATE = 'YYYY-MM-DD';
const blank = (v: unknown) => v === undefined || v === null || v === '';
const idOf = (p: WidgetProps) => p.id;

/** Single-line text (antd Input). */
export function TextWidget(p: WidgetProps) {
  const max = p.schema.maxLength as number | undefined;
  return (
    <Input
      id={idOf(p)}
      value={(p.value as string | undefined) ?? ''}
      disabled={p.disabled}
      readOnly={p.readonly}
      placeholder={p.placeholder}
      maxLength={max}
      status={p.rawErrors?.length ? 'error' : undefined}
      onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

/** CSS `field-sizing: content` with 2 to 8 lines (Chromium ≥ 123; elsewhere a 2-line box that scrolls). */
const GROWING = { fieldSizing: 'content', minHeight: '4.4em', maxHeight: '14em' } as CSSProperties;

/** Multi-line text (antd TextArea, grows with its content). */
export function TextareaWidget(p: WidgetProps) {
  const max = p.schema.maxLength as number | undefined;
  return (
    <Input.TextArea
      id={idOf(p)}
      value={(p.value as string | undefined) ?? ''}
      disabled={p.disabled}
      readOnly={p.readonly}
      placeholder={p.placeholder}
      maxLength={max}
      showCount={!!max && max <= 1000}
      rows={2}
      // Grows with its content in CSS (no per-render measuring: a form of many text areas stays fast).
      style={GROWING}
      status={p.rawErrors?.length ? 'error' : undefined}
      onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

function numberInput(p: WidgetProps, precision?: number) {
  return (
    <InputNumber
      id={idOf(p)}
      style={{ width: '100%' }}
      value={blank(p.value) ? null : (p.value as number)}
      disabled={p.disabled}
      readOnly={p.readonly}
      placeholder={p.placeholder}
      precision={precision}
      min={p.schema.minimum as number | undefined}
      max={p.schema.maximum as number | undefined}
      status={p.rawErrors?.length ? 'error' : undefined}
      onChange={(v) => p.onChange(v === null || v === undefined ? undefined : Number(v))}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

/** Whole numbers (InputNumber, precision 0). */
export function IntegerWidget(p: WidgetProps) {
  return numberInput(p, 0);
}

/** Decimal numbers (InputNumber). */
export function NumberWidget(p: WidgetProps) {
  return numberInput(p);
}

/** 人民币大写 of an amount, or '' when it cannot be written (not a number, out of range). */
export function upperOf(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  try {
    return upperMoney(v);
  } catch {
    return '';
  }
}

/** Money in 元: InputNumber with 2 decimals, the amount in words (人民币大写) below. */
export function MoneyWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const upper = upperOf(p.value);
  return (
    <div className="oa-money-widget">
      {numberInput(p, 2)}
      {upper && (
        <Typography.Text type="secondary" data-testid="money-upper" style={{ fontSize: 12 }}>
          {t('widget.upper', { text: upper })}
        </Typography.Text>
      )}
    </div>
  );
}

/** Yes / no (antd Switch). */
export function BooleanWidget(p: WidgetProps) {
  return <Switch id={idOf(p)} checked={!!p.value} disabled={p.disabled || p.readonly} onChange={(v) => p.onChange(v)} />;
}

const day = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v) : null);

/** Widget props of a control mounted on its first use (./lazy.tsx): focused, a select open when pressed. */
export type ActivatedProps = WidgetProps & { autoFocus?: boolean; defaultOpen?: boolean };

/** A date, stored 'YYYY-MM-DD'. */
export function DateWidget(p: ActivatedProps) {
  return (
    <DatePicker
      id={idOf(p)}
      autoFocus={p.autoFocus}
      defaultOpen={p.readonly ? undefined : p.defaultOpen}
      style={{ width: '100%' }}
      value={day(p.value)}
      disabled={p.disabled}
      inputReadOnly={p.readonly}
      open={p.readonly ? false : undefined}
      placeholder={p.placeholder}
      status={p.rawErrors?.length ? 'error' : undefined}
      onChange={(d) => p.onChange(d ? d.format(DATE) : undefined)}
    />
  );
}

/** A date and time, stored ISO 8601 (UTC); shown and picked in the organisation's zone (engine/renderers/time.ts). */
export function DateTimeWidget(p: WidgetProps) {
  return (
    <DatePicker
      id={idOf(p)}
      showTime
      style={{ width: '100%' }}
      value={toPickerValue(p.value)}
      disabled={p.disabled}
      open={p.readonly ? false : undefined}
      placeholder={p.placeholder}
      onChange={(d) => p.onChange(d ? fromPickerValue(d) : undefined)}
    />
  );
}

/** A date range, stored ['YYYY-MM-DD', 'YYYY-MM-DD']. */
export function DateRangeWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const v = Array.isArray(p.value) ? (p.value as unknown[]) : [];
  return (
    <DatePicker.RangePicker
      id={idOf(p)}
      style={{ width: '100%' }}
      value={[day(v[0]), day(v[1])]}
      disabled={p.disabled}
      open={p.readonly ? false : undefined}
      placeholder={[t('widget.from'), t('widget.to')]}
      onChange={(r) => p.onChange(r && r[0] && r[1] ? [r[0].format(DATE), r[1].format(DATE)] : undefined)}
    />
  );
}

/** Options of the dictionary named by the field's `x-dict` (label in the bundle's locale, colour). */
export function dictOptions(p: WidgetProps): { value: string; label: string; color?: string; disabled?: boolean }[] {
  const ctx = formContextOf(p);
  const code = (p.options as FieldOptions).dict;
  const dict = ctx?.bundle.dicts.find((d) => d.id === code);
  if (dict) return dict.items.map((i) => ({ value: i.value, label: textOf(i.label, ctx?.bundle.texts), color: i.color, disabled: i.disabled }));
  const en = (p.schema.enum as unknown[] | undefined) ?? [];
  return en.map((v) => ({ value: String(v), label: String(v) }));
}

/** A dictionary value (antd Select; multiple when the field is an array). */
export function DictWidget(p: ActivatedProps) {
  const { t } = useTranslation('form');
  const options = dictOptions(p);
  const multiple = p.schema.type === 'array';
  return (
    <Select
      id={idOf(p)}
      autoFocus={p.autoFocus}
      defaultOpen={p.defaultOpen}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      value={blank(p.value) ? undefined : p.value}
      disabled={p.disabled}
      open={p.readonly ? false : undefined}
      placeholder={p.placeholder || t('widget.choose')}
      status={p.rawErrors?.length ? 'error' : undefined}
      options={options.map((o) => ({ value: o.value, disabled: o.disabled, label: o.color ? <Tag color={o.color}>{o.label}</Tag> : o.label, title: o.label }))}
      optionFilterProp="title"
      onChange={(v) => p.onChange(v === undefined || (Array.isArray(v) && !v.length) ? undefined : v)}
    />
  );
}
