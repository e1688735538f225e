/**
 * The `worklist` page kind ("Approval page and lists"): one of the approval runtime's work lists
 * (待办 todo, 已办 done, 抄送我 cc, 已发 sent, 待发 drafts, 督办 supervise) limited to the page's `flows` (every
 * flow's items without), as an antd Table with server paging, a keyword on the title and the filters of
 * ./worklist/Filters.tsx; the header shows the total. Columns per list in ./worklist/columns.tsx; the title
 * opens `open` (else the approval page the server names for the row) with the instance id, in a new browser
 * tab from a list page per SPEC §2.2. 待办 rows can be selected and approved together (批量同意); 督办 rows
 * offer 催办 where the caller may urge (./worklist/dialogs.tsx). The list reloads when the window regains
 * focus (an item handled in the other tab) and when a reminder arrives (a new task, return or urge). A page with
 * Below 600 px the rows are cards (./list/cards.tsx). A page with
 * `source` is a declared list instead (./worklist/DeclaredWorkList.tsx: an area's call, declared columns, toggles and
 * row actions opening registered dialogs).
 */
import { routeWithId } from '../../src/shared/routes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Space, Table, Tabs } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { host } from '../host';
import { flowApi, type SuperviseRow, type TaskRow } from '../data/flow';
import type { WorkListPageDef, WorkListView } from '../schema/types';
import type { PageKindProps } from './registry';
import { bundleText } from './text';
import { workListColumns, type WorkRow } from './worklist/columns';
import { WorkListFilterBar, type WorkListFilters } from './worklist/Filters';
import { BatchApproveDialog, UrgeDialog } from './worklist/dialogs';
import { useWorkListReload } from './worklist/useReload';
import { WorkListHeading, workListPagination } from './worklist/frame';
import { DeclaredWorkList } from './worklist/DeclaredWorkList';
import { cardColumn } from './list/cards';
import { useNarrow } from './useNarrow';
import { useMeasureRowUntabbable } from './list/measureRow';

const rowKey = (r: WorkRow) => ('taskId' in r ? r.taskId : String(r.instanceId));

/**
 * Renders a work list page definition (see the module comment); a page with `views` shows them as tabs, opened
 * on the view the URL's `list_type` names (SPEC §3 "Document list query"), else the view of the current route,
 * else the first; a tab change puts its id in `list_type`.
 */
export function WorkListPage(props: PageKindProps) {
  const page = props.bundle.page as WorkListPageDef;
  if (page.source) return <DeclaredWorkList {...props} page={page} source={page.source} />;
  return page.views?.length ? <WorkListViews {...props} page={page} views={page.views} /> : <WorkList {...props} page={page} />;
}

/** The tabs of a page with `views` (see WorkListPage). */
function WorkListViews({ page, views, ...props }: PageKindProps & { page: WorkListPageDef; views: WorkListView[] }) {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('list_type');
  const active = views.find((v) => v.id === wanted) ?? views.find((v) => v.route === pathname) ?? views[0];
  const tx = bundleText(props.bundle);
  return (
    <Tabs
      activeKey={active.id}
      onChange={(id) => setParams((p) => ({ ...Object.fromEntries(p), list_type: id }), { replace: true })}
      data-testid="worklist-views"
      items={views.map((v) => ({
        key: v.id,
        label: <span data-testid={`worklist-view-${v.id}`}>{tx(v.title)}</span>,
        children:
          v.id === active.id ? <WorkList key={v.id} {...props} page={{ ...page, list: v.list, flows: v.flows ?? page.flows }} preset={v.filters} /> : null,
      }))}
    />
  );
}

/** One work list: the page's `list` and `flows`, starting with the `preset` filters. */
function WorkList({ bundle, embedded, page: def, preset }: PageKindProps & { page: WorkListPageDef; preset?: WorkListFilters }) {
  const page = { ...def, list: def.list ?? 'todo' };
  const { t } = useTranslation('renderer');
  const openDetail = host().useOpenRecord();
  const [query, setQuery] = useState({ current: 1, pageSize: 20, keyword: '' });
  const [filters, setFilters] = useState<WorkListFilters>(preset ?? {});
  const [typed, setTyped] = useState('');
  const [data, setData] = useState<{ list: WorkRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<TaskRow[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [urging, setUrging] = useState<SuperviseRow | null>(null);
  const seenFlows = useRef(new Map<string, string>());
  const box = useRef<HTMLDivElement>(null);
  useMeasureRowUntabbable(() => box.current);
  const { round: attempt, reload, afterAction } = useWorkListReload();

  useEffect(() => {
    let live = true;
    setLoading(true);
    const { flow, ...rest } = filters;
    const flows = flow ? [flow] : page.flows;
    flowApi
      .list(page.list, { current: query.current, pageSize: query.pageSize, keyword: query.keyword || undefined, flows, ...rest })
      .then((r) => {
        if (!live) return;
        for (const row of r.list as WorkRow[]) seenFlows.current.set(row.defId, row.flowTitle);
        setData(r as { list: WorkRow[]; total: number });
        setSelected([]);
      })
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page.list, page.flows, query, filters, attempt]);

  const columns = useMemo(() => {
    const target = (r: WorkRow) => page.open ?? r.open ?? null;
    return workListColumns({
      list: page.list,
      t,
      linkOf: (r) => {
        const route = target(r);
        if (!route) return null;
        const path = routeWithId(route, r.instanceId);
        return { href: host().href(path), open: () => openDetail(path) };
      },
      onUrge: setUrging,
    });
  }, [page.list, page.open, openDetail, t]);

  const narrow = useNarrow(600);
  const flowChoices = (page.flows?.length ? page.flows : [...seenFlows.current.keys()]).map((id) => ({ id, title: seenFlows.current.get(id) ?? id }));
  const batch = page.list === 'todo';
  return (
    <div ref={box} className="oa-list-page" data-testid={`worklist-${page.id}`}>
      {!embedded && <WorkListHeading title={bundleText(bundle)(page.title)} total={data.total} />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('list.filter.keyword')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => setQuery((q) => ({ ...q, current: 1, keyword: v.trim() }))}
          style={{ width: 260 }}
          data-testid="worklist-keyword"
        />
        <WorkListFilterBar
          list={page.list}
          value={filters}
          flows={flowChoices}
          onChange={(next) => {
            setFilters(next);
            setQuery((q) => ({ ...q, current: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('list.reload')} data-testid="worklist-reload" />
        {batch && (
          <Button type="primary" icon={<CheckOutlined />} disabled={!selected.length} onClick={() => setBatchOpen(true)} data-testid="worklist-batch">
            {selected.length ? t('worklist.batch.buttonCount', { count: selected.length }) : t('worklist.batch.button')}
          </Button>
        )}
      </Space>
      <Table<WorkRow>
        rowKey={rowKey}
        size="middle"
        loading={loading}
        columns={narrow ? [cardColumn(columns, ['status', 'read'])] : columns}
        showHeader={!narrow}
        scroll={narrow ? undefined : { x: columns.reduce((w, c) => w + (Number(c.width) || Number(c.minWidth) || 0), batch ? 48 : 0) }}
        dataSource={data.list}
        locale={{ emptyText: t('list.empty') }}
        rowSelection={
          batch && !narrow
            ? {
                selectedRowKeys: selected.map((r) => r.taskId),
                onChange: (_keys, rows) => setSelected(rows as TaskRow[]),
                getCheckboxProps: (r) => ({ disabled: (r as TaskRow).kind === 'signfor', 'aria-label': r.title }) as object,
              }
            : undefined
        }
        pagination={workListPagination(query, data.total, setQuery, t)}
      />
      {batch && <BatchApproveDialog rows={selected} open={batchOpen} onClose={() => setBatchOpen(false)} onDone={afterAction} />}
      <UrgeDialog row={urging} onClose={() => setUrging(null)} onDone={afterAction} />
    </div>
  );
}
