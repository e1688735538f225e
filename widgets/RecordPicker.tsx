/**
 * The picker of a reference field (kind `record`, FORMATS.md "Reference fields"): an antd Select searching the
 * target entity on the server as the person types (debounced), within what the caller may see — the target's
 * `view` permission and data scope (engine/data/records.ts). It shows the record's label (the form's `_refs.records`,
 * else asked once by id), opens on the first page of records, loads the next page when scrolled to the end, and
 * is a plain combobox: arrow keys, Enter and Esc work, and it fills the width on a phone.
 *
 * `RecordSelect` is the control itself (also the list filter's); `RecordWidget` the rjsf widget registered as `record`,
 * which finds its target in the page bundle (`records[<field>]`).
 */
import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { recordLabels, searchRecords, RECORD_PAGE_SIZE, type RecordOption, type RecordTarget } from '../engine/data/records';
import { textOf } from '../engine/schema/text';
import { formContextOf } from './context';

/** Milliseconds the search waits after the last key. */
export const RECORD_SEARCH_DELAY_MS = 300;

/** Props of {@link RecordSelect}. */
export interface RecordSelectProps {
  target: RecordTarget;
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** Labels known by id (shared with the form: picked labels are added to it). */
  labels?: Record<string, string>;
  /** Texts of the page (the target's title in the placeholder). */
  texts?: Record<string, string>;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  invalid?: boolean;
  style?: React.CSSProperties;
}

/** A searchable select of the target's records (see the module comment). */
export function RecordSelect(p: RecordSelectProps) {
  const { t } = useTranslation('form');
  const own = useRef<Record<string, string>>({});
  const labels = p.labels ?? own.current;
  const [, bump] = useState(0);
  const [found, setFound] = useState<RecordOption[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const query = useRef({ keyword: '', page: 1, seq: 0 });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const value = typeof p.value === 'number' && p.value > 0 ? p.value : undefined;

  useEffect(() => () => clearTimeout(timer.current), []);
  // the label of a value the form did not bring (a default, a value set by a rule): asked once
  useEffect(() => {
    if (value === undefined || labels[String(value)] !== undefined) return;
    recordLabels(p.target, [value]).then(
      (r) => {
        Object.assign(labels, r);
        bump((n) => n + 1);
      },
      () => undefined,
    );
  }, [value, p.target]); // eslint-disable-line react-hooks/exhaustive-deps

  const load = (keyword: string, page: number) => {
    const seq = ++query.current.seq;
    query.current = { keyword, page, seq };
    setLoading(true);
    searchRecords(p.target, keyword, page).then(
      (r) => {
        if (seq !== query.current.seq) return;
        setFound((prev) => (page === 1 ? r.options : [...prev, ...r.options.filter((o) => !prev.some((x) => x.value === o.value))]));
        setTotal(r.total);
        setLoading(false);
      },
      () => seq === query.current.seq && (setFound([]), setLoading(false)),
    );
  };
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => load(keyword, 1), RECORD_SEARCH_DELAY_MS);
  };
  const options = [...(value !== undefined && !found.some((o) => o.value === value) ? [{ value, label: labels[String(value)] ?? `#${value}` }] : []), ...found];

  return (
    <Select<number>
      id={p.id}
      style={p.style ?? { width: '100%' }}
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value}
      options={options}
      disabled={p.disabled}
      open={p.readonly ? false : undefined}
      status={p.invalid ? 'error' : undefined}
      placeholder={p.placeholder || t('widget.searchRecord', { entity: textOf(p.target.title, p.texts ?? {}) })}
      notFoundContent={loading ? <Spin size="small" /> : t('widget.noRecords')}
      onOpenChange={(open) => open && !found.length && load('', 1)}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        const more = found.length < total && query.current.page * RECORD_PAGE_SIZE < total;
        if (more && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 16) load(query.current.keyword, query.current.page + 1);
      }}
      onChange={(v) => {
        const picked = found.find((o) => o.value === v);
        if (picked) labels[String(picked.value)] = picked.label;
        p.onChange?.(typeof v === 'number' ? v : undefined);
      }}
      data-testid={p.id ? `record-picker-${p.id}` : 'record-picker'}
    />
  );
}

/** The rjsf widget of kind `record`: the field's target comes from the page bundle, its labels from the record's `_refs`. */
export function RecordWidget(p: WidgetProps) {
  const ctx = formContextOf(p);
  const target = ctx?.bundle.records?.[p.name];
  if (!target) return <Select id={p.id} style={{ width: '100%' }} disabled value={p.value ?? undefined} />;
  const refs = ctx.refs;
  const labels = ((refs.records ??= {})[p.name] ??= {});
  return (
    <RecordSelect
      target={target}
      id={p.id}
      value={typeof p.value === 'number' ? p.value : p.value ? Number(p.value) : undefined}
      labels={labels}
      texts={ctx.bundle.texts}
      placeholder={p.placeholder}
      disabled={p.disabled}
      readonly={p.readonly}
      invalid={!!p.rawErrors?.length}
      onChange={(v) => p.onChange(v)}
    />
  );
}
