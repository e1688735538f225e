/**
 * The filter bar of a work list (engine/renderers/WorkListPage.tsx), besides the keyword: a date range (the
 * list's date: received, handled, started or saved), the flow when the page lists several (or every) flow,
 * 只看超期 (待办, 督办), read / unread (抄送) and the status (督办). Changes go to the server at once. Tab moves
 * on from the end date (or back from the start) and closes the date panel: the focus never stays in the picker.
 */
import { Checkbox, DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
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

/** The filter bar (see the module comment). */
export function WorkListFilterBar({ list, value, onChange, flows }: WorkListFilterBarProps) {
  const { t } = useTranslation('renderer');
  const [rangeOpen, setRangeOpen] = useState(false);
  const range = (d: [Dayjs | null, Dayjs | null] | null) =>
    onChange({ ...value, from: d?.[0] ? d[0].startOf('day').valueOf() : undefined, to: d?.[1] ? d[1].endOf('day').valueOf() : undefined });
  return (
    <>
      <DatePicker.RangePicker
        data-testid="worklist-range"
        open={rangeOpen}
        onOpenChange={setRangeOpen}
        onKeyDown={(e) => {
          // Tab leaves the picker (its panel would otherwise take the focus back to the first date)
          if (e.key === 'Tab' && (e.shiftKey || (e.target as HTMLElement).closest('.ant-picker-input:last-of-type'))) setRangeOpen(false);
        }}
        aria-label={t(`worklist.filter.date.${list}`)}
        placeholder={[t(`worklist.filter.date.${list}`), t('worklist.filter.dateEnd')]}
        onChange={(d) => range(d as [Dayjs | null, Dayjs | null] | null)}
        style={{ width: 260 }}
      />
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
