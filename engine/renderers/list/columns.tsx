/**
 * Table columns of a list page: one antd column per visible definition column, its cell drawn
 * by the column's `render` (text, date, datetime, dict, user, dept, status, money, link, tags, boolean),
 * server sort on sortable columns, and the names of users and departments from the answer's `refs`; a reference
 * field (kind record) shows its record's label (`refs.records`) as a link opening that record (../RecordLink.tsx);
 * a link cell is an `<a href>` (the list route with `?view=<id>`, which opens that record's drawer) that a plain
 * click opens in the app (../linkClick.ts).
 */
import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { PageBundle } from '../../schema/bundle';
import type { ColumnRender, ListColumn } from '../../schema/types';
import type { EntityRecord, RefNames } from '../../data/api';
import { columnTitle, dictOf, fieldOf, formatDate, formatMoney, type TextFn } from './model';
import { RecordLink } from '../RecordLink';
import { inAppClick } from '../linkClick';

/** What drawing the cells needs besides the record. */
export interface CellContext {
  bundle: PageBundle;
  refs: RefNames;
  tx: TextFn;
  t: TFunction;
  /** Opens the record's detail (link cells); absent when the page has no view action. */
  onOpen?: (record: EntityRecord) => void;
  /** The href of a record's link cell (opens the record in a new browser tab); without it the cell is a button. */
  hrefOf?: (record: EntityRecord) => string;
}

/** The renderer of a column: its own `render`, else one that fits the field's kind. */
export function renderOf(col: ListColumn, bundle: PageBundle): ColumnRender {
  if (col.render) return col.render;
  const kind = fieldOf(bundle.entity, col.field)?.['x-kind'];
  switch (kind) {
    case 'date':
    case 'datetime':
    case 'dict':
    case 'user':
    case 'dept':
    case 'money':
    case 'boolean':
    case 'record':
      return kind;
    case 'users':
      return 'user';
    case 'depts':
      return 'dept';
    default:
      return 'text';
  }
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]);

function names(v: unknown, map: Record<string, string>): string {
  return asList(v)
    .map((id) => map[String(id)] ?? String(id))
    .join(', ');
}

function dictTags(col: ListColumn, v: unknown, ctx: CellContext): ReactNode {
  const dict = dictOf(ctx.bundle, col.field);
  return asList(v).map((value) => {
    const item = dict?.items.find((i) => i.value === String(value));
    return (
      <Tag key={String(value)} color={item?.color} data-testid="cell-dict">
        {item ? ctx.tx(item.label) : String(value)}
      </Tag>
    );
  });
}

/** The cell of `col` for `record`. */
export function renderCell(col: ListColumn, record: EntityRecord, ctx: CellContext): ReactNode {
  const v = record[col.field];
  switch (renderOf(col, ctx.bundle)) {
    case 'date':
      return formatDate(v);
    case 'datetime':
      return formatDate(v, true);
    case 'dict':
    case 'status':
      return dictOf(ctx.bundle, col.field) ? dictTags(col, v, ctx) : v === null || v === undefined ? '' : <Tag>{String(v)}</Tag>;
    case 'user':
      return names(v, ctx.refs.users);
    case 'dept':
      return names(v, ctx.refs.depts);
    case 'money':
      return <span className="oa-list-money">{formatMoney(v)}</span>;
    case 'boolean':
      return v === null || v === undefined ? '' : ctx.t(v ? 'list.yes' : 'list.no');
    case 'record':
      return Number.isInteger(v) ? (
        <RecordLink target={ctx.bundle.records?.[col.field]} id={v as number} label={ctx.refs.records?.[col.field]?.[String(v)]} />
      ) : (
        ''
      );
    case 'tags':
      return asList(v).map((x) => <Tag key={String(x)}>{String(x)}</Tag>);
    case 'link': {
      const text = v === null || v === undefined ? '' : String(v);
      if (!ctx.onOpen) return text;
      return (
        <Typography.Link
          data-testid="cell-link"
          {...(ctx.hrefOf ? { href: ctx.hrefOf(record) } : { role: 'button', tabIndex: 0, onKeyDown: (e) => e.key === 'Enter' && ctx.onOpen!(record) })}
          onClick={inAppClick(() => ctx.onOpen!(record))}
        >
          {text}
        </Typography.Link>
      );
    }
    default:
      if (v === null || v === undefined) return '';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/** Sort state of the table (server sort). */
export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** Width a header needs on one line: wide (CJK) characters ~14 px, others ~8 px, cell padding, sort icon. */
export function headerWidth(title: string, sortable: boolean): number {
  let w = 0;
  for (const ch of title) w += /[\u2e80-\uffef]/.test(ch) ? 14 : 8;
  return Math.ceil(w + 34 + (sortable ? 22 : 0));
}

/**
 * The width column `col` takes: its own (never below its header on one line), else its header's, at least 100 px
 * (160 for text, which shortens with an ellipsis): six columns beside five row actions fit a 1440 px screen.
 */
export function columnWidth(col: ListColumn, bundle: PageBundle, tx: TextFn): number {
  const header = headerWidth(columnTitle(col, bundle.entity, tx), !!col.sortable);
  const text = ['text', 'link', 'record'].includes(renderOf(col, bundle));
  return col.width ? Math.max(col.width, header) : Math.max(text ? 160 : 100, header);
}

/** antd columns for the visible definition columns, sorted per `sort`. */
export function buildColumns(columns: ListColumn[], ctx: CellContext, sort: SortState | undefined): ColumnType<EntityRecord>[] {
  return columns.map((col) => {
    const render = renderOf(col, ctx.bundle);
    const title = columnTitle(col, ctx.bundle.entity, ctx.tx);
    return {
      key: col.id,
      dataIndex: col.field,
      title,
      width: col.width ? Math.max(col.width, headerWidth(title, !!col.sortable)) : undefined,
      // a header stays on one line (never a letter per line in a narrow column)
      minWidth: headerWidth(title, !!col.sortable),
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      align: render === 'money' ? 'right' : undefined,
      ellipsis: render === 'text' || render === 'link' || render === 'record' ? { showTitle: true } : undefined,
      sorter: col.sortable ? true : undefined,
      sortOrder: col.sortable && sort?.field === col.field ? (sort.order === 'asc' ? 'ascend' : 'descend') : col.sortable ? null : undefined,
      render: (_: unknown, record: EntityRecord) => renderCell(col, record, ctx),
    };
  });
}
