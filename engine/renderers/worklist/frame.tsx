/**
 * What every work list draws the same way (engine/renderers/WorkListPage.tsx, ./DeclaredWorkList.tsx): the heading
 * — the page title with the total — and the server paging of the table. Texts from the `renderer` namespace.
 */
import type { Dispatch, SetStateAction } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** A work list's query: the page (1-based), its size and the keyword. */
export interface WorkListQuery {
  current: number;
  pageSize: number;
  keyword: string;
}

/** The page title and the total (`worklist-total`). */
export function WorkListHeading({ title, total }: { title: string; total: number }) {
  const { t } = useTranslation('renderer');
  return (
    <Space align="baseline" style={{ marginBottom: 8 }}>
      <Typography.Title level={4} data-testid="list-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Tag data-testid="worklist-total">{t('list.total', { count: total })}</Tag>
    </Space>
  );
}

/** The table's paging over `total` rows, moving `query`. */
export function workListPagination<Q extends WorkListQuery>(
  query: Q,
  total: number,
  setQuery: Dispatch<SetStateAction<Q>>,
  t: TFunction,
): TablePaginationConfig {
  return {
    current: query.current,
    pageSize: query.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (n) => t('list.total', { count: n }),
    onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
  };
}
