/**
 * A list on a phone (below 600 px, SPEC §2.4 mobile): each row as a card instead of a table row — the first
 * column's cell as its title, the status (tag) columns beside it, the other columns as label : value lines (empty
 * ones left out) and the actions at the foot. Made as the one column of the same antd Table (header hidden), so
 * paging, loading and selection stay the table's own. Used by the generic list and the work lists.
 */
import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';

/** Whether a column holds the row's actions (drawn at the card's foot). */
const isActions = (c: { key?: unknown; fixed?: unknown }) => c.key === '$actions' || c.key === 'actions' || c.fixed === 'right';

/** The cell of column `c` for `row` (its own render, else the value at its dataIndex). */
function cellOf<T extends object>(c: ColumnType<T>, row: T, index: number): ReactNode {
  const value = typeof c.dataIndex === 'string' ? (row as Record<string, unknown>)[c.dataIndex] : undefined;
  const out = c.render ? c.render(value, row, index) : value;
  return (out && typeof out === 'object' && 'children' in out && !('$$typeof' in out) ? (out as { children: ReactNode }).children : out) as ReactNode;
}

const empty = (n: ReactNode) => n === null || n === undefined || n === '' || (Array.isArray(n) && n.length === 0);

/**
 * The single column drawing each row of `columns` as a card (see the module comment); `statusKeys` are the keys of
 * the columns shown beside the title (status tags).
 */
export function cardColumn<T extends object>(columns: ColumnType<T>[], statusKeys: readonly string[] = []): ColumnType<T> {
  const [first, ...rest] = columns.filter((c) => !isActions(c));
  const actions = columns.filter((c) => isActions(c));
  const status = rest.filter((c) => statusKeys.includes(String(c.key)));
  const fields = rest.filter((c) => !statusKeys.includes(String(c.key)));
  return {
    key: '$card',
    render: (_v: unknown, row: T, index: number) => (
      <div className="oa-list-card" data-testid="list-card">
        <div className="oa-list-card-head">
          <div className="oa-list-card-title">{first ? cellOf(first, row, index) : null}</div>
          {status.map((c) => (
            <div key={String(c.key)}>{cellOf(c, row, index)}</div>
          ))}
        </div>
        <dl className="oa-list-card-fields">
          {fields.map((c) => {
            const cell = cellOf(c, row, index);
            return empty(cell) ? null : (
              <div key={String(c.key)}>
                <dt>{c.title as ReactNode}</dt>
                <dd>{cell}</dd>
              </div>
            );
          })}
        </dl>
        {actions.map((c) => (
          <div key={String(c.key)} className="oa-list-card-actions">
            {cellOf(c, row, index)}
          </div>
        ))}
      </div>
    ),
  };
}
