/**
 * The console's to-do tabs: 待办公文, 待办事务 and 待签收公文, each with its count and the first items of its list
 * (title, initiator or sending unit, the step, the time received; 超期 on overdue tasks, the 紧急程度 of a sign-for
 * item when above 一般). An item opens as on its list page (a new browser tab for detail pages, SPEC §2.2):
 * a to-do task its approval page, a sign-for item /document/gwqsshow/:id; 更多 goes to the full list.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Card, Empty, Spin, Tabs, Tag } from 'antd';
import { orgNow, orgTime } from '../../../../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { routeWithId } from '@shared/routes';
import { useOpenDetail } from '../../router/openDetail';
import type { SignForItem } from '../../../areas/document/client/data/document';
import type { ConsoleData, ListState, TodoRow } from './useConsoleData';
import './console-lists.css';

/** The tabs: their list page and, for flow lists, the approval route the list page opens (else the row's `open`). */
const TABS = [
  { key: 'doc', path: '/document/dbgw' },
  { key: 'affair', path: '/affair/dbsw', open: '/affair/show-audit/:id' },
  { key: 'sign', path: '/document/gwqs' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Colours of the 紧急程度 dictionary (schemas/common/dicts/document_urgency.json), by value. */
const URGENCY_COLOR: Record<string, string> = { '1': 'blue', '2': 'orange', '3': 'red' };

const when = (ms: number) => {
  const d = orgTime(ms);
  if (!d) return '';
  return d.format('YYYY-MM-DD') === orgNow().format('YYYY-MM-DD') ? d.format('HH:mm') : d.format('MM-DD HH:mm');
};

/** One line of a list. */
interface Item {
  key: string;
  title: string;
  tags: ReactNode;
  who: string;
  what: string;
  at: number;
  open: (() => void) | null;
}

/** A list's lines: a spinner while not loaded, the empty state when empty. */
function ItemList({ tab, state, items }: { tab: TabKey; state: ListState<unknown> | null; items: Item[] }) {
  const { t } = useTranslation('console');
  if (!state) return <Spin className="oa-console-list-loading" />;
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} data-testid={`console-empty-${tab}`} />;
  return (
    <ul className="oa-console-list" data-testid={`console-list-${tab}`}>
      {items.map((it) => (
        <li key={it.key}>
          <button type="button" className="oa-console-item" disabled={!it.open} onClick={() => it.open?.()} data-testid={`console-item-${tab}`} title={it.title}>
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
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const openDetail = useOpenDetail();
  const [active, setActive] = useState<TabKey>('doc');

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
  const signItems = (rows: SignForItem[]): Item[] =>
    rows.map((r) => ({
      key: String(r.id),
      title: r.title,
      tags: URGENCY_COLOR[r.urgency] ? <Tag color={URGENCY_COLOR[r.urgency]}>{t(`tasks.urgency.${r.urgency}`)}</Tag> : null,
      who: r.from_unit,
      what: r.doc_number ?? '',
      at: r.sent_at,
      open: () => openDetail(`/document/gwqsshow/${r.id}`),
    }));

  const lists: Record<TabKey, { state: ListState<unknown> | null; items: Item[] }> = {
    doc: { state: data.doc, items: todoItems(data.doc?.list ?? []) },
    affair: { state: data.affair, items: todoItems(data.affair?.list ?? [], TABS[1].open) },
    sign: { state: data.sign, items: signItems(data.sign?.list ?? []) },
  };
  const more = TABS.find((x) => x.key === active)!.path;

  return (
    <Card className="oa-console-card oa-console-tasks" data-testid="console-tasks">
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as TabKey)}
        tabBarExtraContent={
          <a onClick={() => navigate(more)} role="link" data-testid="console-tasks-more">
            {t('tasks.more')}
          </a>
        }
        items={TABS.map((x) => ({
          key: x.key,
          label: (
            <span data-testid={`console-tab-${x.key}`}>
              {t(`tasks.${x.key}`)}
              <Badge count={data.counts[x.key] ?? 0} overflowCount={99} size="small" className="oa-console-tab-badge" />
            </span>
          ),
          children: <ItemList tab={x.key} state={lists[x.key].state} items={lists[x.key].items} />,
        }))}
      />
    </Card>
  );
}
