/**
 * Column settings of a list page: a popover listing the page's columns to show or hide and
 * to move up or down; "reset" goes back to the definition's columns. Each change is handed to
 * `onChange` (the list page saves it per user under the page id). Props: `columns` (definition order),
 * `setting` (the current one or null), `titleOf(column)`, `onChange(setting | null)`.
 */
import { Button, Checkbox, Popover, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../schema/types';
import { arrangeColumns, type ColumnSetting } from './model';

/** Props of {@link ColumnSettings}. */
export interface ColumnSettingsProps {
  columns: ListColumn[];
  setting: ColumnSetting | null;
  titleOf: (c: ListColumn) => string;
  onChange: (setting: ColumnSetting | null) => void;
}

/** The column-settings button and its popover. */
export function ColumnSettings({ columns, setting, titleOf, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation('renderer');
  const rows = arrangeColumns(columns, setting);
  const order = rows.map((r) => r.column.id);
  const hidden = rows.filter((r) => !r.visible).map((r) => r.column.id);

  const toggle = (id: string, show: boolean) => {
    const next = show ? hidden.filter((h) => h !== id) : [...hidden, id];
    // Keep at least one column on screen.
    if (next.length >= order.length) return;
    onChange({ order, hidden: next });
  };
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j], next[i]];
    onChange({ order: next, hidden });
  };

  const content = (
    <div data-testid="column-settings" style={{ minWidth: 240, maxHeight: 400, overflowY: 'auto' }}>
      {rows.map(({ column, visible }, i) => (
        <div key={column.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '2px 0' }}>
          <Checkbox checked={visible} onChange={(e) => toggle(column.id, e.target.checked)} data-testid={`column-toggle-${column.id}`} style={{ flex: 1 }}>
            {titleOf(column)}
          </Checkbox>
          <Space size={0}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('list.columns.up')} onClick={() => move(i, -1)} />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === rows.length - 1}
              aria-label={t('list.columns.down')}
              onClick={() => move(i, 1)}
            />
          </Space>
        </div>
      ))}
      <div style={{ borderTop: '1px solid rgba(5,5,5,0.06)', marginTop: 8, paddingTop: 8, textAlign: 'right' }}>
        <Button size="small" type="link" onClick={() => onChange(null)} data-testid="column-settings-reset">
          {t('list.columns.reset')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={t('list.columns.title')} content={content}>
      <Button icon={<SettingOutlined />} aria-label={t('list.columns.title')} title={t('list.columns.title')} data-testid="column-settings-trigger" />
    </Popover>
  );
}
