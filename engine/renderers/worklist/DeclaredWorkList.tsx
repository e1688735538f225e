/**
 * A declared work list (the `worklist` page kind with `source`; engine/schema/worklistDecl.ts): the rows of the
 * page's call, newest first as the call answers them, as an antd Table with server paging, a keyword on the title, the
 * declared toggles (e.g. 只看超期) and the declared columns (./declaredColumns.tsx); the header shows the total. A
 * title opens the page's `open`, else the row's `open` route, with the row's id (`source.idField`), in a new browser
 * tab from a list page (SPEC §2.2). Row actions open the registered dialogs they name (engine/renderers/registry.ts
 * registerRowDialog: the engine's `urge` 催办, an area's own); after one the list and the menu badges reload. The
 * list also reloads when the window regains focus and when a reminder arrives (./useReload.ts). Below 600 px each
 * row is a card (../list/cards.tsx).
 */
import { routeWithId } from '../../../src/shared/routes';
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Input, Space, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { host } from '../../host';
import type { WorkListPageDef } from '../../schema/types';
import type { WorkListRowAction, WorkListSource } from '../../schema/worklistDecl';
import { registerRowDialog, rowDialogComponent, type PageKindProps } from '../registry';
import { UrgeRowDialog } from './dialogs';
import { bundleText } from '../text';
import { declaredColumns, type DeclaredRow } from './declaredColumns';
import { useWorkListReload } from './useReload';
import { WorkListHeading, workListPagination } from './frame';
import { useNarrow } from '../useNarrow';
import { cardColumn } from '../list/cards';

// The engine's own row dialog (module state survives hot reloads: register once).
if (!rowDialogComponent('urge')) registerRowDialog('urge', UrgeRowDialog);

/** Renders declared work list `page` (see the module comment). */
export function DeclaredWorkList({ bundle, embedded, page, source }: PageKindProps & { page: WorkListPageDef; source: WorkListSource }) {
  const { t } = useTranslation('renderer');
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const openDetail = host().useOpenRecord();
  const user = host().useIdentity();
  const idField = source.idField ?? 'instanceId';
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [toggles, setToggles] = useState<Record<string, true>>({});
  const [data, setData] = useState<{ list: DeclaredRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [acting, setActing] = useState<{ action: WorkListRowAction; row: DeclaredRow } | null>(null);
  const { round, reload, afterAction } = useWorkListReload();

  useEffect(() => {
    let live = true;
    setLoading(true);
    host()
      .call<{ list: DeclaredRow[]; total: number }>(source.call, {
        current: query.current,
        pageSize: query.pageSize,
        ...(query.keyword ? { keyword: query.keyword } : {}),
        ...toggles,
      })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [source.call, query, toggles, round]);

  // below 600 px (a phone) each row is a card, its actions at the foot
  const narrow = useNarrow(600);
  const columns = useMemo(() => {
    const access = new Set(user?.access ?? []);
    return declaredColumns({
      columns: page.columns ?? [],
      actions: page.rowActions ?? [],
      t,
      tx,
      linkOf: (row) => {
        const route = page.open ?? (typeof row.open === 'string' ? row.open : null);
        const id = row[idField];
        if (!route || id == null) return null;
        const path = routeWithId(route, id as number);
        return { href: host().href(path), open: () => openDetail(path) };
      },
      allowed: (a, row) =>
        (!a.access?.length && !a.self && !a.flag) ||
        !!a.access?.some((code) => access.has(code)) ||
        (!!a.self && user != null && row[a.self] === user.id) ||
        (!!a.flag && row[a.flag] === true),
      onAction: (action, row) => setActing({ action, row }),
      pinActions: !narrow,
    });
  }, [page.columns, page.rowActions, page.open, t, tx, idField, openDetail, user, narrow]);

  const statusKeys = (page.columns ?? []).filter((c) => c.type === 'status').map((c) => c.id);
  const dialogs = [...new Set((page.rowActions ?? []).map((a) => a.dialog))];
  return (
    <div className="oa-list-page" data-testid={`worklist-${page.id}`}>
      {!embedded && <WorkListHeading title={tx(page.title)} total={data.total} />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          maxLength={100}
          placeholder={t('list.filter.keyword')}
          onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))}
          style={{ width: 260 }}
          data-testid="worklist-keyword"
        />
        {(page.toggles ?? []).map((g) => (
          <Checkbox
            key={g.param}
            checked={!!toggles[g.param]}
            onChange={(e) => {
              setToggles(({ [g.param]: _drop, ...rest }) => (e.target.checked ? { ...rest, [g.param]: true } : rest));
              setQuery((q) => ({ ...q, current: 1 }));
            }}
            data-testid={`worklist-toggle-${g.param}`}
          >
            {tx(g.title)}
          </Checkbox>
        ))}
        <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('list.reload')} data-testid="worklist-reload" />
      </Space>
      <Table<DeclaredRow>
        rowKey={(r) => String(r[idField])}
        size="middle"
        scroll={narrow ? undefined : { x: 'max-content' }}
        loading={loading}
        columns={narrow ? [cardColumn(columns, statusKeys)] : columns}
        showHeader={!narrow}
        dataSource={data.list}
        locale={{ emptyText: t('list.empty') }}
        pagination={workListPagination(query, data.total, setQuery, t)}
        data-testid="worklist-table"
      />
      {dialogs.map((key) => {
        const Dialog = rowDialogComponent(key);
        const row = acting?.action.dialog === key ? acting.row : null;
        return Dialog ? <Dialog key={key} row={row} onClose={() => setActing(null)} onDone={afterAction} /> : null;
      })}
    </div>
  );
}
