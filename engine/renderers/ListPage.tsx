/**
 * The `list` page kind (DESIGN §4): a table of an entity's records with server paging, sort,
 * views, filters, column renderers, row / bulk / toolbar actions, export, import and per-user column
 * settings — all from the page definition in `bundle`. Add, edit and view open the target page (form or
 * detail) in a drawer; the list reloads after a save, a delete or an action. Buttons follow the user's
 * permission codes and each record's `_actions` (the server decides, the client only hides).
 * `initial` (a related list inside a detail page: `{filterField: parent id}`) filters every request and
 * pre-fills records added from the list; `filters`, when given, filter instead (a tree node and its descendants).
 * A page with a `tree` (not embedded) shows that tree beside the list (./tree/TreeBeside.tsx): a node filters the list.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMeasureRowUntabbable } from './list/measureRow';
import { Alert, Button, Card, Empty, Popconfirm, Segmented, Space, Table } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { ListPageDef, PageAction } from '../schema/types';
import { resource, type EntityRecord } from '../data/api';
import { host } from '../host';
import { callName } from '../schema/entityCalls';
import { DefinitionError } from './DefinitionError';
import type { PageKindProps } from './registry';
import { buildColumns, columnWidth, renderOf, type CellContext } from './list/columns';
import { cardColumn } from './list/cards';
import { useNarrow, useWidth } from './useNarrow';
import { ColumnSettings } from './list/ColumnSettings';
import { FilterBar } from './list/FilterBar';
import { ImportDialog } from './list/ImportDialog';
import { RecordDrawer, type DrawerTarget } from './list/RecordDrawer';
import { RowActions, rowActionsWidth } from './list/RowActions';
import { useListData } from './list/useListData';
import { TreeBeside } from './tree/TreeBeside';
import { currentListQuery, filterValuesOf } from './list/urlQuery';
import {
  arrangeColumns,
  bundleText,
  columnTitle,
  columnsBeyondWidth,
  filterParams,
  hasAccess,
  readColumnSetting,
  rowActionsFor,
  type ColumnSetting,
  type RowAction,
} from './list/model';

/** Renders a list page definition (see the module comment). */
export function ListPage(props: PageKindProps) {
  const { t } = useTranslation('renderer');
  const page = props.bundle.page;
  if (page.pageKind !== 'list' || !props.bundle.entity) {
    return <DefinitionError definition={page.id} path="source" message={t('list.needsResource', { id: page.id })} />;
  }
  const group = props.bundle.entity.group;
  const tree = props.embedded ? undefined : page.tree;
  if (!tree) return <ListTable {...props} page={page} group={group} />;
  return (
    <TreeBeside tree={tree} entity={tree.source.type === 'entity' ? props.bundle.entity : null} framed>
      {(s) => <ListTable key={s.key} {...props} filters={s.filters ?? props.filters} initial={s.initial ?? props.initial} page={page} group={group} />}
    </TreeBeside>
  );
}

function ListTable({ bundle, embedded, initial, filters, page, group }: PageKindProps & { page: ListPageDef; group: string }) {
  const { t } = useTranslation('renderer');
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const user = host().useIdentity();
  const setUser = host().useSetIdentity();
  const codes = user?.access ?? [];
  // A route opened with ?filters=…&keyword=… (a chart's drill-down) starts filtered, the filter form showing it.
  const start = useMemo(() => (embedded ? {} : currentListQuery()), [embedded]);
  const data = useListData(page, group, filters ?? initial, undefined, start, bundle.entity);
  const { query, update, reload } = data;
  const [selected, setSelected] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const listWidth = useWidth(tableBox);
  const narrow = useNarrow(600);
  useMeasureRowUntabbable(() => tableBox.current?.parentElement);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const entity = bundle.entity;
  const api$ = useMemo(() => resource(group, entity), [group, entity]);
  // An entity without an `info` call: the drawer's page shows and edits the row itself.
  const rowRecord = (record: EntityRecord) => (callName(entity, 'info') ? undefined : record);

  // Column settings: remembered per user under the page id (Person/saveListSetting → user info list_settings).
  const [setting, setSetting] = useState<ColumnSetting | null>(() => readColumnSetting(user?.list_settings?.[page.id]));
  const saveSetting = (next: ColumnSetting | null) => {
    setSetting(next);
    void host()
      .call('Person/saveListSetting', { key: page.id, setting: next ?? '' })
      .then(
        () => {
          if (!user) return;
          const all = { ...user.list_settings };
          if (next) all[page.id] = next;
          else delete all[page.id];
          setUser({ ...user, list_settings: all });
        },
        () => undefined,
      );
  };

  const viewAction = page.rowActions?.find((a) => a.type === 'view' && a.target);
  // A link cell's href: this list's route with ?view=<id>, which opens that record's drawer (needs the entity's info call).
  const linkable = !!viewAction && !embedded && !!callName(entity, 'info');
  const hrefOf = linkable ? (r: EntityRecord) => host().href(`${host().location().pathname}?view=${r.id}`) : undefined;
  const openRecord = (a: Pick<PageAction, 'target' | 'label' | 'type'>, record: EntityRecord) => {
    if (!a.target) return;
    const title = tx(a.label, t(`list.action.${a.type}`));
    const name = bundle.entity?.titleField ? record[bundle.entity.titleField] : undefined;
    setDrawer({
      page: a.target,
      recordId: record.id,
      record: rowRecord(record),
      mode: a.type === 'edit' ? 'edit' : 'view',
      title: name ? `${title} · ${String(name)}` : title,
    });
  };

  // opened from a link cell's href (a new browser tab): the record's drawer, once
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !linkable) return;
    viewed.current = true;
    const id = Number(new URLSearchParams(host().location().search).get('view'));
    if (Number.isInteger(id) && id > 0) openRecord(viewAction!, { id });
  });

  const runRow = async (a: RowAction, record: EntityRecord) => {
    try {
      if (a.type === 'navigate' && a.target?.startsWith('/')) return host().navigate(`${a.target}?${a.param ?? 'id'}=${record.id}`);
      if (a.type === 'view' || a.type === 'edit' || a.type === 'open' || a.type === 'navigate') return openRecord(a, record);
      if (a.type === 'delete') {
        await api$.del([record.id]);
        host().notify.success(t('list.deleted', { count: 1 }));
      } else if (a.type === 'call' && a.target) {
        await api$.action(a.target, record.id, record.version);
        host().notify.success(t('list.actionDone', { action: tx(a.label, a.target) }));
      } else return;
      setSelected((s) => s.filter((id) => id !== record.id));
      reload();
    } catch {
      /* the HTTP layer showed the message */
    }
  };

  const bulkDelete = async () => {
    try {
      const r = await api$.del(selected);
      host().notify.success(t('list.deleted', { count: r?.deleted ?? selected.length }));
      setSelected([]);
      reload();
    } catch {
      /* shown by the HTTP layer */
    }
  };

  const exportRows = async () => {
    setExporting(true);
    try {
      const { current: _c, pageSize: _p, ...rest } = data.params;
      host().saveFile(await api$.exportXlsx(rest));
    } catch {
      /* shown by the HTTP layer */
    } finally {
      setExporting(false);
    }
  };

  const runToolbar = (a: PageAction) => {
    if (a.type === 'add' && a.target) setDrawer({ page: a.target, mode: 'add', title: tx(a.label, t('list.action.add')), initial });
    else if (a.type === 'export') void exportRows();
    else if (a.type === 'import') setImporting(true);
    else if (a.type === 'navigate' && a.target?.startsWith('/')) host().navigate(a.target);
    else if ((a.type === 'open' || a.type === 'navigate') && a.target) setDrawer({ page: a.target, mode: 'view', title: tx(a.label, a.target) });
  };

  const toolbar = (page.toolbar ?? []).filter((a) => hasAccess(a.access, codes));
  const bulk = (page.bulkActions ?? []).filter((a) => hasAccess(a.access, codes));
  // Without the user's own arrangement, the columns that fit the card's width (the 操作 column and the checkbox
  // aside); the column settings show the rest.
  // the 操作 column as wide as the actions a row may offer need (at least 260 px; English labels are longer)
  const offered = rowActionsFor(
    page,
    entity,
    { id: 0, _actions: ['edit', 'delete', ...(entity?.actions ?? []).map((a) => a.id), ...(page.rowActions ?? []).map((a) => a.target ?? '')] },
    codes,
  );
  const actionsWidth = rowActionsWidth(
    offered.map((a) => tx(a.label, t(`list.action.${a.type}`))),
    t('list.more'),
  );
  const spare = listWidth - (page.rowActions?.length || entity?.actions?.length ? actionsWidth : 0) - (bulk.length ? 48 : 0);
  const fitted = setting ?? { order: [], hidden: columnsBeyondWidth(page.columns, (c) => columnWidth(c, bundle, tx), spare) };
  const arranged = arrangeColumns(page.columns, fitted);
  // the table as wide as its columns need (never wider than they fit, so the fixed 操作 column covers none);
  // wider than the card only when the user chose more columns, then it scrolls
  const tableWidth = arranged.filter((c) => c.visible).reduce((sum, c) => sum + columnWidth(c.column, bundle, tx), 0) + (listWidth - spare) || 'max-content';
  const ctx: CellContext = { bundle, refs: data.refs, tx, t, onOpen: viewAction ? (r) => openRecord(viewAction, r) : undefined, hrefOf };
  const columns = buildColumns(
    arranged.filter((c) => c.visible).map((c) => c.column),
    ctx,
    query.sort,
  );
  const statusKeys = arranged.filter((c) => ['status', 'dict'].includes(renderOf(c.column, bundle))).map((c) => c.column.id);
  const hasRowActions = !!page.rowActions?.length || !!bundle.entity?.actions?.length;
  if (hasRowActions) {
    columns.push({
      key: '$actions',
      title: t('list.actions'),
      fixed: 'right',
      width: actionsWidth,
      render: (_: unknown, record: EntityRecord) => (
        <RowActions actions={rowActionsFor(page, bundle.entity, record, codes)} record={record} tx={tx} onRun={runRow} />
      ),
    });
  }

  const icon = (a: PageAction) =>
    a.type === 'add' ? <PlusOutlined /> : a.type === 'export' ? <DownloadOutlined /> : a.type === 'import' ? <UploadOutlined /> : undefined;

  return (
    <Card
      className="oa-list-page"
      data-testid="list-page"
      data-page={page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="list-title">{tx(page.title)}</span>}
    >
      <FilterBar bundle={bundle} tx={tx} initial={filterValuesOf(page.filters, start)} onSearch={(values) => update(queryOfFilters(page.filters, values))} />
      <div className="oa-list-toolbar" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', margin: '16px 0 12px' }}>
        <div>
          {page.views && page.views.length > 1 && (
            <Segmented
              data-testid="list-views"
              value={query.view}
              onChange={(v) => update({ view: String(v) })}
              options={page.views.map((v) => ({ value: v.id, label: <span data-testid={`list-view-${v.id}`}>{tx(v.label)}</span> }))}
            />
          )}
        </div>
        <Space wrap>
          {toolbar.map((a) => (
            <Button
              key={a.id}
              type={a.type === 'add' ? 'primary' : 'default'}
              icon={icon(a)}
              loading={a.type === 'export' && exporting}
              data-testid={`list-toolbar-${a.id}`}
              onClick={() => runToolbar(a)}
            >
              {tx(a.label, t(`list.action.${a.type}`))}
            </Button>
          ))}
          {bulk.map((a) => (
            <Popconfirm
              key={a.id}
              disabled={!selected.length}
              title={a.confirm ? tx(a.confirm) : t('list.bulkDeleteConfirm', { count: selected.length })}
              okText={t('list.ok')}
              cancelText={t('list.cancel')}
              onConfirm={bulkDelete}
            >
              <Button danger disabled={!selected.length} data-testid={`list-bulk-${a.id}`}>
                {tx(a.label, t('list.action.delete'))}
                {selected.length > 0 ? ` (${selected.length})` : ''}
              </Button>
            </Popconfirm>
          ))}
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('list.reload')} title={t('list.reload')} data-testid="list-reload" />
          <ColumnSettings columns={page.columns} setting={fitted} titleOf={(c) => columnTitle(c, bundle.entity, tx)} onChange={saveSetting} />
        </Space>
      </div>
      {data.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="list-error"
          title={t('list.loadFailed')}
          description={data.error}
          action={
            <Button size="small" onClick={reload}>
              {t('list.retry')}
            </Button>
          }
        />
      )}
      <div ref={tableBox} />
      <Table<EntityRecord>
        data-testid="list-table"
        rowKey="id"
        size="middle"
        loading={data.loading}
        columns={narrow ? [cardColumn(columns, statusKeys)] : columns}
        showHeader={!narrow}
        dataSource={data.rows}
        scroll={narrow ? undefined : { x: tableWidth }}
        rowSelection={bulk.length ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          showTotal: (n) => (data.totalEstimated ? t('list.totalEstimated', { amount: n.toLocaleString() }) : t('list.total', { count: n })),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<EntityRecord>;
            const col = page.columns.find((c) => c.id === s.columnKey);
            update({ sort: s.order && col ? { field: col.field, order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined });
          } else if (extra.action === 'paginate') {
            if (pagination.pageSize !== query.pageSize) update({ pageSize: pagination.pageSize ?? query.pageSize });
            else data.goTo(pagination.current ?? 1);
          }
        }}
      />
      <RecordDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        onDone={() => {
          setDrawer(null);
          reload();
        }}
      />
      {toolbar.some((a) => a.type === 'import') && (
        <ImportDialog
          open={importing}
          group={group}
          pageId={page.id}
          title={tx(toolbar.find((a) => a.type === 'import')!.label, t('list.action.import'))}
          onImported={() => reload()}
          onClose={() => setImporting(false)}
        />
      )}
    </Card>
  );
}

/** Keyword and filters of the form's values; both keys always present, so a cleared form widens the list. */
function queryOfFilters(filters: ListPageDef['filters'], values: Record<string, unknown>) {
  const p = filterParams(filters, values);
  return { keyword: p.keyword, filters: p.filters };
}
