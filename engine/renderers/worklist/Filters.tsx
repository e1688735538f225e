/**
 * The filter bar of a work list (engine/renderers/WorkListPage.tsx), besides the keyword: a date range (the
 * list's date: received, handled, started or saved), the flow when the page lists several (or every) flow,
 * 只看超期 (待办, 督办), read / unread (抄送) and the status (督办). Changes go to the server at once. Tab moves
 * on from the date range and closes its panel: the focus never stays in the picker.
 */
import { Checkbox, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkListKind } from '../../schema/types';

/** The filter values (dates as epoch ms, inclusive). */
export interface WorkListFilters {
  from?: number;
  to?: number;
  flow?: string;
  overdue?: boolean;
  read?: 'read' | 'unread';
  status?: string;
}

/** Props of WorkListFilterBar. */
export interface WorkListFilterBarProps {
  list: WorkListKind;
  value: WorkListFilters;
  onChange: (next: WorkListFilters) => void;
  /** The flows one may pick (id → title); no picker with fewer than two. */
  flows: { id: string; title: string }[];
}

const SUPERVISE_STATUS = ['running', 'finished', 'rejected', 'withdrawn', 'all'];

/** The first element Tab reaches after (`dir` 1) or before (-1) `el` and everything inside it. */
function tabbableBeside(el: HTMLElement, dir: 1 | -1): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (x) => x.tabIndex >= 0 && !(x as HTMLButtonElement).disabled && x.offsetParent !== null,
  );
  const after = all.filter(
    (x) => !el.contains(x) && el.compareDocumentPosition(x) & (dir > 0 ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING),
  );
  return (dir > 0 ? after[0] : after[after.length - 1]) ?? null;
}

/** The filter bar (see the module comment). */
export function WorkListFilterBar({ list, value, onChange, flows }: WorkListFilterBarProps) {
  const { t } = useTranslation('renderer');
  const [rangeOpen, setRangeOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  // Tab (Shift+Tab) leaves the picker, closing its panel: the picker itself sends the focus back to an empty start
  // date, so Tab never reached past it; the end date is picked on the panel.
  const leaveOnTab = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !box.current) return;
    const inputs = [...box.current.querySelectorAll('input')];
    const at = inputs.indexOf(e.target as HTMLInputElement);
    if (at < 0) return;
    e.preventDefault();
    e.stopPropagation();
    setRangeOpen(false);
    tabbableBeside(box.current, e.shiftKey ? -1 : 1)?.focus();
  };
  const range = (d: [Dayjs | null, Dayjs | null] | null) =>
    onChange({ ...value, from: d?.[0] ? d[0].startOf('day').valueOf() : undefined, to: d?.[1] ? d[1].endOf('day').valueOf() : undefined });
  return (
    <>
      <span ref={box} onKeyDownCapture={leaveOnTab} style={{ display: 'inline-flex' }}>
        <DatePicker.RangePicker
          data-testid="worklist-range"
          open={rangeOpen}
          onOpenChange={setRangeOpen}
          aria-label={t(`worklist.filter.date.${list}`)}
          placeholder={[t(`worklist.filter.date.${list}`), t('worklist.filter.dateEnd')]}
          onChange={(d) => range(d as [Dayjs | null, Dayjs | null] | null)}
          style={{ width: 260 }}
        />
      </span>
      {flows.length > 1 && (
        <Select
          data-testid="worklist-flow"
          allowClear
          style={{ width: 180 }}
          placeholder={t('worklist.filter.flow')}
          aria-label={t('worklist.filter.flow')}
          value={value.flow}
          onChange={(flow) => onChange({ ...value, flow })}
          options={flows.map((f) => ({ value: f.id, label: f.title }))}
        />
      )}
      {list === 'cc' && (
        <Select
          data-testid="worklist-read"
          allowClear
          style={{ width: 120 }}
          placeholder={t('worklist.filter.read')}
          aria-label={t('worklist.filter.read')}
          value={value.read}
          onChange={(read) => onChange({ ...value, read })}
          options={[
            { value: 'unread', label: t('worklist.unread') },
            { value: 'read', label: t('worklist.read') },
          ]}
        />
      )}
      {list === 'supervise' && (
        <Select
          data-testid="worklist-status"
          aria-label={t('worklist.col.status')}
          style={{ width: 120 }}
          value={value.status ?? 'running'}
          onChange={(status) => onChange({ ...value, status })}
          options={SUPERVISE_STATUS.map((s) => ({ value: s, label: t(`worklist.status.${s}`) }))}
        />
      )}
      {(list === 'todo' || list === 'supervise') && (
        <Checkbox data-testid="worklist-overdue" checked={!!value.overdue} onChange={(e) => onChange({ ...value, overdue: e.target.checked || undefined })}>
          {t('worklist.filter.overdue')}
        </Checkbox>
      )}
    </>
  );
}
