/**
 * The console's to-do tabs: 待办公文 and 待办事务, then the registered panels' (engine/renderers/registry.ts
 * registerConsolePanel; 公文's 待签收公文), each with its count and the first items of its list (title with its tags,
 * who, what, the time received; 超期 on overdue tasks). An item opens as on its list page (a new browser tab for
 * detail pages, SPEC §2.2): a to-do task its approval page, a panel's item what the panel says; 更多 goes to the
 * full list.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Card, Empty, Spin, Tabs, Tag } from 'antd';
import { orgNow, orgTime } from '../../../../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routeWithId } from '@shared/routes';
import { useOpenDetail } from '../../router/openDetail';
import type { ConsoleItem } from '../../../../engine/renderers/registry';
import type { ConsoleData, ListState, TodoRow } from './useConsoleData';
import './console-lists.css';

/** The tabs: their list page and, for flow lists, the approval route the list page opens (else the row's `open`). */
const TABS = [
  { key: 'doc', path: '/document/dbgw' },
  { key: 'affair', path: '/affair/dbsw', open: '/affair/show-audit/:id' },
] as const;

const when = (ms: number) => {
  const d = orgTime(ms);
  if (!d) return '';
  return d.format('YYYY-MM-DD') === orgNow().format('YYYY-MM-DD') ? d.format('HH:mm') : d.format('MM-DD HH:mm');
};

/** One line of a list. */
type Item = ConsoleItem;

/** A list's lines: a spinner while not loaded, the empty state when empty. */
function ItemList({ tab, items }: { tab: string; items: Item[] | null }) {
  const { t } = useTranslation('console');
  if (!items) return <Spin className="oa-console-list-loading" />;
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} data-testid={`console-empty-${tab}`} />;
  return (
    <ul className="oa-console-list" data-testid={`console-list-${tab}`}>
      {items.map((it) => (
        <li key={it.key}>
          <button
            type="button"
            className="oa-console-item"
            disabled={!it.open}
            onClick={() => it.open?.()}
            data-testid={`console-item-${tab}`}
            title={it.title}
          >
            <span className="oa-console-item-main">
              <span className="oa-console-item-title">{it.title}</span>
              {it.tags}
            </span>
            <span className="oa-console-item-who">{it.who}</span>
            <span className="oa-console-item-what">{it.what}</span>
            <span className="oa-console-item-at">{when(it.at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The to-do tabs of the console (see the module comment). */
export function ConsoleTasks({ data }: { data: ConsoleData }) {
  const { t, i18n } = useTranslation('console');
  const openDetail = useOpenDetail();
  const [active, setActive] = useState<string>('doc');

  const todoItems = (rows: TodoRow[], fixed?: string): Item[] =>
    rows.map((r) => {
      const route = fixed ?? r.open ?? null;
      return {
        key: r.taskId,
        title: r.title,
        tags: r.overdue ? <Tag color="red">{t('tasks.overdue')}</Tag> : null,
        who: r.initiatorName ?? '',
        what: r.nodeTitle,
        at: r.createdAt,
        open: route ? () => openDetail(routeWithId(route, r.instanceId)) : null,
      };
    });
  const todoList = (state: ListState<TodoRow> | null, fixed?: string) => (state ? todoItems(state.list, fixed) : null);
  const tabs: { key: string; path: string; label: ReactNode; count?: number; items: Item[] | null }[] = [
    { ...TABS[0], label: t('tasks.doc'), count: data.counts.doc, items: todoList(data.doc) },
    { ...TABS[1], label: t('tasks.affair'), count: data.counts.affair, items: todoList(data.affair, TABS[1].open) },
    ...data.panels.map(({ panel, data: d }) => ({
      key: panel.key,
      path: panel.path,
      label: i18n.t(panel.labels.tab, { ns: panel.labels.ns }),
      count: d.count,
      items: d.items,
    })),
  ];
  const more = (tabs.find((x) => x.key === active) ?? tabs[0]).path;

  return (
    <Card className="oa-console-card oa-console-tasks" data-testid="console-tasks">
      {/* beside the tab strip, not inside it: a tablist holds tabs only */}
      <Link to={more} className="oa-console-tasks-more" data-testid="console-tasks-more">
        {t('tasks.more')}
      </Link>
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={tabs.map((x) => ({
          key: x.key,
          label: (
            <span data-testid={`console-tab-${x.key}`}>
              {x.label}
              <Badge count={x.count ?? 0} overflowCount={99} size="small" className="oa-console-tab-badge" />
            </span>
          ),
          children: <ItemList tab={x.key} items={x.items} />,
        }))}
      />
    </Card>
  );
}
