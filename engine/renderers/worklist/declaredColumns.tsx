/**
 * The cells of a declared work list (./DeclaredWorkList.tsx; engine/schema/worklistDecl.ts): each column's main line
 * with an optional tag before it and smaller secondary lines under it, or the row actions the caller may use.
 * Texts of the definition through `tx`, the generic ones from the `renderer` namespace.
 */
import type { ReactNode } from 'react';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Text } from '../../schema/types';
import type { WorkListCell, WorkListColumn, WorkListRowAction } from '../../schema/worklistDecl';
import { formatDay, formatTime } from '../time';
import { ProvisionalTag } from '../ProvisionalTag';
import { OpenLink, type RowLink } from './OpenLink';

/** A row as the list's call answers it. */
export type DeclaredRow = Record<string, unknown>;

const STATUS_COLOR: Record<string, string> = { draft: 'default', running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'default' };

/** The value at dotted path `path` of `row`; through an array, the values of its items (flattened). */
export function valueAt(row: unknown, path: string): unknown {
  let v: unknown = row;
  for (const key of path.split('.')) {
    if (Array.isArray(v)) v = v.flatMap((x) => (x && typeof x === 'object' ? [(x as Record<string, unknown>)[key]] : []));
    else v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

/** What the cells need besides the rows. */
export interface DeclaredColumnOptions {
  columns: WorkListColumn[];
  actions: WorkListRowAction[];
  t: TFunction;
  /** A definition Text in the page's language. */
  tx: (text: Text | undefined) => string;
  /** How the row's page opens, or null when it has none. */
  linkOf: (row: DeclaredRow) => RowLink | null;
  /** Whether the caller may use `action` on `row`. */
  allowed: (action: WorkListRowAction, row: DeclaredRow) => boolean;
  /** Opens the dialog of `action` on `row`. */
  onAction: (action: WorkListRowAction, row: DeclaredRow) => void;
  /** Whether the actions column stays pinned at the right (false on a phone, where it would cover half the row). */
  pinActions?: boolean;
}

/** The antd columns of a declared list (see the module comment). */
export function declaredColumns(o: DeclaredColumnOptions): ColumnsType<DeclaredRow> {
  const { t, tx } = o;
  const plain = (c: WorkListCell, row: DeclaredRow): ReactNode => {
    if (c.type === 'title') return String(row.title ?? '');
    const v = c.field ? valueAt(row, c.field) : undefined;
    if (isEmpty(v)) return null;
    const text =
      c.type === 'time' || c.type === 'deadline'
        ? formatTime(v as number)
        : c.type === 'day'
          ? formatDay(v)
          : Array.isArray(v)
            ? v.join(t('worklist.separator'))
            : String(v);
    return c.format ? tx(c.format).replace('{{value}}', text) : text;
  };
  const cell = (c: WorkListCell, row: DeclaredRow, testId: string): ReactNode => {
    const v = c.field ? valueAt(row, c.field) : undefined;
    if (c.type !== 'title' && isEmpty(v) && !(c.type === 'deadline' && row.overdue))
      return c.empty ? <Typography.Text type="secondary">{tx(c.empty)}</Typography.Text> : null;
    switch (c.type) {
      case 'title': {
        const link = o.linkOf(row);
        const title = String(row.title ?? '');
        return link ? (
          <OpenLink link={link} title={title}>
            {title}
          </OpenLink>
        ) : (
          <span title={title}>{title}</span>
        );
      }
      case 'status':
        return (
          <Tag color={STATUS_COLOR[String(v)] ?? 'default'} data-testid={testId}>
            {t(`worklist.status.${String(v)}`, { defaultValue: String(v) })}
          </Tag>
        );
      case 'count':
        return <span data-testid={testId}>{String(v)}</span>;
      case 'deadline':
        return (
          <Flex vertical gap={2} align="start" data-testid={testId}>
            {isEmpty(v) ? null : <Typography.Text type={row.overdue ? 'danger' : undefined}>{plain(c, row)}</Typography.Text>}
            {isEmpty(v) ? null : <ProvisionalTag provisional={!!valueAt(row, `${c.field}Provisional`)} />}
            {row.overdue ? (
              <Tag color="error" data-testid="worklist-overdue-tag">
                {t('worklist.overdue')}
              </Tag>
            ) : null}
          </Flex>
        );
      default:
        return <span data-testid={testId}>{plain(c, row)}</span>;
    }
  };
  const secondary = (c: WorkListCell, row: DeclaredRow, testId: string) => {
    const v = c.field ? valueAt(row, c.field) : undefined;
    const text = isEmpty(v) ? (c.empty ? tx(c.empty) : null) : plain(c, row);
    return text == null ? null : (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId}>
        {text}
      </Typography.Text>
    );
  };

  return o.columns.map((c) => ({
    key: c.id,
    title: tx(c.title),
    width: c.width,
    align: c.type === 'count' ? ('center' as const) : undefined,
    fixed: c.actions && o.pinActions !== false ? ('right' as const) : undefined,
    render: (_v: unknown, row: DeclaredRow) => {
      if (c.actions)
        return (
          <Space size={12} wrap>
            {o.actions
              .filter((a) => o.allowed(a, row))
              .map((a) => (
                <Button key={a.id} type="link" size="small" style={{ padding: 0 }} onClick={() => o.onAction(a, row)} data-testid={`worklist-action-${a.id}`}>
                  {tx(a.title)}
                </Button>
              ))}
          </Space>
        );
      const tag = c.tag?.values[String(valueAt(row, c.tag.field))];
      const main = cell(c, row, `worklist-cell-${c.id}`);
      const head = tag ? (
        <Space size={6} align="start">
          <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
            {tx(tag.title)}
          </Tag>
          {main}
        </Space>
      ) : (
        main
      );
      if (!c.below?.length) return head;
      return (
        <Flex vertical gap={2}>
          {head}
          <Space size={12} wrap>
            {c.below.map((b, i) => (
              <span key={i}>{secondary(b, row, `worklist-cell-${c.id}-${i}`)}</span>
            ))}
          </Space>
        </Flex>
      );
    },
  }));
}
