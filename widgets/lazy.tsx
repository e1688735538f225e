/**
 * Deferred date and dictionary widgets (form benchmark: 150 fields render in ≤ 300 ms). antd's
 * DatePicker and Select cost 3–4 ms each to mount; a form of many fields mounted them all although the user
 * opens one at a time. Until a field is used, these widgets draw the same markup as antd's closed control
 * (the same classes of the prebuilt antd.css, so the same look and hover) around a real input carrying the
 * field's id; the first focus (Tab, a label click, rjsf's focus on an error) or mouse press mounts the antd
 * control in its place, focused — the picker opens on focus as antd's does, a select pressed with the mouse
 * opens — and the field stays that control. Disabled and read-only fields stay drawn.
 * Text fields are the native input antd's Input draws, with its classes (0.3 ms less per field).
 * The antd class names and component CSS variables come once per form from {@link LazyStyles} (the form's
 * layout template renders it); outside it the widgets are antd's at once. tests/unit/widgets-lazy.test.tsx
 * checks that the drawn classes are antd's.
 */
import { createContext, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ConfigProvider, Tag } from 'antd';
import usePickerStyle from 'antd/es/date-picker/style';
import useInputStyle, { useSharedStyle as useInputSharedStyle } from 'antd/es/input/style';
import useSelectStyle from 'antd/es/select/style';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { DateWidget, DictWidget, TextWidget, dictOptions, type ActivatedProps } from './basic';

/** Class names of antd's input, closed picker and select in the current theme (prefix, hash, CSS-variable scope). */
interface LazyClasses {
  input: { prefix: string; hash: string; vars: string };
  picker: { prefix: string; root: string };
  select: { prefix: string; root: string };
}

const LazyClassesContext = createContext<LazyClasses | null>(null);

/**
 * Registers antd's input, picker and select styles (CSS variables of the theme) once and gives the
 * widgets below their class names. Render it once around a form's fields.
 */
export function LazyStyles({ children }: { children?: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const picker = getPrefixCls('picker');
  const select = getPrefixCls('select');
  const input = getPrefixCls('input');
  // antd's own style hooks of the three components: the same hash and CSS-variable classes their instances carry.
  const [pickerHash, pickerVars] = usePickerStyle(picker, `${picker}-css-var`);
  const [selectHash, selectVars] = useSelectStyle(select, `${select}-css-var`);
  const [inputHash, inputVars] = useInputSharedStyle(input);
  useInputStyle(input, `${input}-css-var`);
  const value = useMemo<LazyClasses>(
    () => ({
      input: { prefix: input, hash: inputHash, vars: [inputVars, `${input}-css-var`].filter(Boolean).join(' ') },
      picker: { prefix: picker, root: [pickerHash, pickerVars, `${picker}-css-var`].filter(Boolean).join(' ') },
      select: { prefix: select, root: [selectVars, `${select}-css-var`, selectHash].filter(Boolean).join(' ') },
    }),
    [input, picker, select, inputHash, inputVars, pickerHash, pickerVars, selectHash, selectVars],
  );
  return <LazyClassesContext.Provider value={value}>{children}</LazyClassesContext.Provider>;
}

/** How a deferred widget was first used: not yet, focused (keyboard, label, script) or pressed with the mouse. */
type Use = null | 'focus' | 'press';

/**
 * The use state of a deferred widget and the handlers that switch it to antd's control: synchronously
 * (flushSync), so the next key already reaches the mounted control.
 */
function useActivation(locked: boolean) {
  const [use, setUse] = useState<Use>(null);
  const onFocus = () => !locked && flushSync(() => setUse('focus'));
  const onMouseDown = (e: MouseEvent) => {
    if (locked || e.button !== 0) return;
    // The drawn input must not take the focus: antd's control, mounted focused, does. It mounts once this
    // press has been handled: antd closes its popup on a press outside it, and this one began outside.
    e.preventDefault();
    setTimeout(() => flushSync(() => setUse('press')), 0);
  };
  return { use, onFocus, onMouseDown };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

const icon = (name: string, d: string, hidden?: boolean) => (
  <span role="img" aria-label={name} aria-hidden={hidden || undefined} className={`anticon anticon-${name}`}>
    <svg viewBox="64 64 896 896" focusable="false" data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <path d={d} />
    </svg>
  </span>
);
// @ant-design/icons CalendarOutlined, DownOutlined, CloseCircleFilled (outlines of antd's closed controls).
const CALENDAR =
  'M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z';
const DOWN =
  'M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z';
const CLOSE_CIRCLE =
  'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z';

/** The clear button of a closed antd control with a value: clears without opening anything. */
function ClearButton({ prefix, onClear }: { prefix: string; onClear: () => void }) {
  return (
    <button
      type="button"
      aria-label="Clear"
      className={`${prefix}-clear`}
      onMouseDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onClear();
      }}
    >
      {icon('close-circle', CLOSE_CIRCLE)}
    </button>
  );
}

const statusCls = (prefix: string, p: WidgetProps) => (p.rawErrors?.length ? ` ${prefix}-status-error` : '');

/** A date (stored 'YYYY-MM-DD'): drawn until first used, then antd's DatePicker (./basic DateWidget). */
export function LazyDateWidget(p: WidgetProps) {
  const classes = useContext(LazyClassesContext);
  const locked = !!(p.disabled || p.readonly);
  const { use, onFocus, onMouseDown } = useActivation(locked);
  const { locale } = useContext(ConfigProvider.ConfigContext);
  if (!classes || use) return <DateWidget {...(p as ActivatedProps)} autoFocus={!!use} defaultOpen={use === 'press'} />;
  const { prefix, root } = classes.picker;
  const value = typeof p.value === 'string' ? p.value : '';
  const placeholder = p.placeholder ?? locale?.DatePicker?.lang.placeholder ?? '';
  return (
    <div
      className={`${prefix}${p.disabled ? ` ${prefix}-disabled` : ''} ${prefix}-outlined${statusCls(prefix, p)} ${root}`}
      style={{ width: '100%' }}
      onMouseDown={onMouseDown}
    >
      <div className={`${prefix}-input`}>
        <input
          aria-invalid="false"
          autoComplete="off"
          size={12}
          id={p.id}
          placeholder={placeholder}
          disabled={p.disabled}
          readOnly={p.readonly}
          value={value}
          onChange={() => undefined}
          onFocus={onFocus}
        />
        <span className={`${prefix}-suffix`}>{icon('calendar', CALENDAR, true)}</span>
        {value && !locked && <ClearButton prefix={prefix} onClear={() => p.onChange(undefined)} />}
      </div>
    </div>
  );
}

/**
 * A dictionary value: drawn until first used, then antd's Select (./basic DictWidget); several values
 * (an array field) are antd's Select at once.
 */
export function LazyDictWidget(p: WidgetProps) {
  const classes = useContext(LazyClassesContext);
  const locked = !!(p.disabled || p.readonly);
  const { use, onFocus, onMouseDown } = useActivation(locked);
  const { t } = useTranslation('form');
  if (!classes || use || p.schema.type === 'array') return <DictWidget {...(p as ActivatedProps)} autoFocus={!!use} defaultOpen={use === 'press'} />;
  const { prefix, root } = classes.select;
  const has = !blank(p.value);
  const chosen = has ? dictOptions(p).find((o) => o.value === String(p.value)) : undefined;
  const label = chosen ? chosen.label : has ? String(p.value) : '';
  return (
    <div
      className={`${prefix} ${prefix}-outlined${statusCls(prefix, p)} ${root} ${prefix}-single${has && !locked ? ` ${prefix}-allow-clear` : ''} ${prefix}-show-arrow${p.disabled ? ` ${prefix}-disabled` : ''}`}
      style={{ width: '100%' }}
      onMouseDown={onMouseDown}
    >
      <div className={has ? `${prefix}-content ${prefix}-content-has-value` : `${prefix}-content`} title={has ? label : undefined}>
        {has ? (
          chosen?.color ? (
            <Tag color={chosen.color}>{label}</Tag>
          ) : (
            label
          )
        ) : (
          <div className={`${prefix}-placeholder`}>{p.placeholder || t('widget.choose')}</div>
        )}
        <input
          id={p.id}
          readOnly
          autoComplete="new-password"
          className={`${prefix}-input`}
          disabled={p.disabled}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          onFocus={onFocus}
        />
      </div>
      <div className={`${prefix}-suffix`}>{icon('down', DOWN)}</div>
      {has && !locked && <ClearButton prefix={prefix} onClear={() => p.onChange(undefined)} />}
    </div>
  );
}

/**
 * Single-line text: the input antd's Input draws (same classes, attributes and behaviour: a native input
 * needs no antd control behind it), without antd's per-instance hooks. Outside {@link LazyStyles}, antd's Input.
 */
export function PlainTextWidget(p: WidgetProps) {
  const classes = useContext(LazyClassesContext);
  if (!classes) return <TextWidget {...p} />;
  const { prefix, hash, vars } = classes.input;
  return (
    <input
      id={p.id}
      placeholder={p.placeholder}
      maxLength={p.schema.maxLength as number | undefined}
      className={`${prefix}${hash ? ` ${hash}` : ''} ${prefix}-outlined${statusCls(prefix, p)}${p.disabled ? ` ${prefix}-disabled` : ''} ${vars}`}
      type="text"
      value={(p.value as string | undefined) ?? ''}
      disabled={p.disabled}
      readOnly={p.readonly}
      onChange={(e) => p.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}
