/**
 * The sub-table field of engine forms (layout node `subtable`, kind subtable): an editable antd Table with
 * the node's columns (title = the column's own, else the item property's `x-title`), an editor per item
 * property kind (numbers / money → InputNumber, date → DatePicker, dict → Select, boolean → Switch, else
 * Input), add / remove row, and a 合计 row summing the `totals` columns (money with 2 decimals).
 * The value is an array of row objects.
 */
import { Button, DatePicker, Input, InputNumber, Select, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ModelProperty } from '../../schema/types';
import type { FormContext } from '../../../widgets/context';
import { bundleText } from '../text';

type Row = Record<string, unknown>;
interface Column {
  id: string;
  field: string;
  title?: { t: string; d: string };
}

/** Sum of `field` over `rows` (non-numbers count 0), rounded to 2 decimals. */
export function columnTotal(rows: Row[], field: string): number {
  const s = rows.reduce((acc, r) => acc + (typeof r[field] === 'number' ? (r[field] as number) : 0), 0);
  return Math.round(s * 100) / 100;
}

/** The sub-table field (see the module comment). */
export function SubtableField(props: FieldProps) {
  const { t } = useTranslation('form');
  const ctx = props.registry.formContext as FormContext;
  const tx = bundleText(ctx.bundle);
  const opts = (props.uiSchema?.['ui:options'] ?? {}) as { columns?: Column[]; totals?: string[]; nodeId?: string };
  const fieldKey = String(props.fieldPathId.path[props.fieldPathId.path.length - 1] ?? props.name);
  const model = ctx.bundle.entity?.model.properties[fieldKey];
  const itemProps = ((model?.items as { properties?: Record<string, ModelProperty> } | undefined)?.properties ?? {}) as Record<string, ModelProperty>;
  const rows: Row[] = Array.isArray(props.formData) ? (props.formData as Row[]) : [];
  const locked = props.readonly || props.disabled;
  const columns: Column[] = opts.columns ?? Object.keys(itemProps).map((f) => ({ id: f, field: f }));
  const set = (next: Row[]) => props.onChange(next, props.fieldPathId.path);
  const setCell = (i: number, field: string, v: unknown) => set(rows.map((r, j) => (j === i ? { ...r, [field]: v } : r)));

  const editor = (p: ModelProperty | undefined, row: Row, i: number, field: string) => {
    const v = row[field];
    const kind = p?.['x-kind'] ?? (p?.type === 'integer' ? 'integer' : p?.type === 'number' ? 'number' : p?.type === 'boolean' ? 'boolean' : 'text');
    const common = { disabled: locked, 'aria-label': tx(p?.['x-title'], field) };
    switch (kind) {
      case 'integer':
      case 'number':
      case 'money':
        return (
          <InputNumber
            {...common}
            style={{ width: '100%' }}
            precision={kind === 'money' ? 2 : kind === 'integer' ? 0 : undefined}
            value={typeof v === 'number' ? v : null}
            onChange={(x) => setCell(i, field, x ?? undefined)}
          />
        );
      case 'date':
        return (
          <DatePicker
            {...common}
            value={typeof v === 'string' && v ? dayjs(v) : null}
            onChange={(d) => setCell(i, field, d ? d.format('YYYY-MM-DD') : undefined)}
          />
        );
      case 'boolean':
        return <Switch disabled={locked} checked={!!v} onChange={(x) => setCell(i, field, x)} />;
      case 'dict': {
        const dict = ctx.bundle.dicts.find((d) => d.id === p?.['x-dict']);
        return (
          <Select
            {...common}
            style={{ width: '100%' }}
            allowClear
            value={v ?? undefined}
            options={(dict?.items ?? []).map((it) => ({ value: it.value, label: tx(it.label) }))}
            onChange={(x) => setCell(i, field, x)}
          />
        );
      }
      default:
        return <Input {...common} value={(v as string | undefined) ?? ''} onChange={(e) => setCell(i, field, e.target.value || undefined)} />;
    }
  };

  const totals = opts.totals ?? [];
  return (
    <div className="oa-subtable" data-testid={`subtable-${fieldKey}`}>
      <Typography.Text strong>{props.schema.title}</Typography.Text>
      <Table<Row & { __i: number }>
        size="small"
        pagination={false}
        rowKey="__i"
        dataSource={rows.map((r, i) => ({ ...r, __i: i }))}
        columns={[
          ...columns.map((c) => ({
            key: c.id,
            title: tx(c.title ?? itemProps[c.field]?.['x-title'], c.field),
            render: (_: unknown, r: Row & { __i: number }) => editor(itemProps[c.field], r, r.__i, c.field),
          })),
          ...(locked
            ? []
            : [
                {
                  key: '__ops',
                  width: 60,
                  title: '',
                  render: (_: unknown, r: Row & { __i: number }) => (
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('widget.removeRow')}
                      onClick={() => set(rows.filter((_, j) => j !== r.__i))}
                    />
                  ),
                },
              ]),
        ]}
        summary={
          totals.length && rows.length
            ? () => (
                <Table.Summary.Row>
                  {columns.map((c, idx) => (
                    <Table.Summary.Cell key={c.id} index={idx}>
                      {totals.includes(c.field) ? (
                        <span data-testid={`total-${c.field}`}>{columnTotal(rows, c.field).toFixed(itemProps[c.field]?.['x-kind'] === 'money' ? 2 : 0)}</span>
                      ) : idx === 0 ? (
                        t('form.total')
                      ) : null}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
      {!locked && (
        <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => set([...rows, {}])}>
          {t('widget.addRow')}
        </Button>
      )}
      {props.rawErrors && props.rawErrors.length > 0 && <Typography.Text type="danger">{props.rawErrors.join('; ')}</Typography.Text>}
    </div>
  );
}
