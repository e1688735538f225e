/**
 * A tree beside a list (the `tree` page kind and a list page's `tree`, FORMATS.md "tree"): the nodes of an entity
 * with a parent field (read through its generic list) or the organisation's departments (selector/treeall), a search
 * box (matching nodes with their ancestors), antd Tree's keyboard (arrows, Enter) and 全部 first. Selecting a node
 * hands the list the filter of that node (`filterField` = its id, with `descendants` its subtree) through
 * `children(selection)`; the list is rebuilt per node (`selection.key`). Below 768 px (1200 px beside a list page's
 * table, `framed`) the tree folds into a panel above the list. Calls go through the engine host (engine/host.ts).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Collapse, Input, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListTree } from '../../schema/types';
import type { PublicEntity } from '../../schema/bundle';
import { host } from '../../host';
import { useNarrow } from '../useNarrow';
import { MAX_FILTER_IDS, buildTree, deptTree, findNode, nodeFilter, searchTree, type TreeNode } from './treeModel';

/** Viewport width (px) below which the tree folds above the list; beside a list page's table (framed), wider. */
const FOLD_WIDTH = 768;
const FOLD_WIDTH_FRAMED = 1200;
/** Key of the 全部 node (no filter). */
const ALL = '$all';
/** Most records of a tree entity read (200 a page). */
const MAX_NODES = 2000;

/** What the list beside the tree gets for the selected node. */
export interface TreeSelection {
  /** Changes with the node: the list's React key. */
  key: string;
  /** The node's id, null for 全部. */
  id: number | null;
  /** Filters of the list's requests (none for 全部). */
  filters?: Record<string, unknown>;
  /** Pre-filled values of records added from the list (`{filterField: id}`, none for 全部). */
  initial?: Record<string, unknown>;
}

/** The nodes of `source` (`entity`: the tree entity's public definition, for an entity source). */
async function loadNodes(source: ListTree['source'], entity: PublicEntity | null): Promise<TreeNode[]> {
  if (source.type === 'org') return deptTree(await host().call<Parameters<typeof deptTree>[0]>('selector/treeall'));
  if (!entity) return [];
  const label = source.label ?? entity.titleField ?? 'id';
  const records: Record<string, unknown>[] = [];
  for (let current = 1; records.length < MAX_NODES; current++) {
    const r = await host().call<{ list: Record<string, unknown>[]; total: number }>(`${entity.group}/list`, {
      current,
      pageSize: 200,
      sort: { field: source.sort ?? label, order: 'asc' },
      // the tree's own fields, not the columns of the entity's list page
      fields: [...new Set([label, source.parent, source.sort ?? label])],
    });
    records.push(...r.list);
    if (r.list.length < 200 || records.length >= r.total) break;
  }
  return buildTree(records, source.parent, label);
}

/** Renders the tree and, beside it, `children` for the selected node (see the module comment). */
export function TreeBeside({
  tree,
  entity,
  framed = false,
  children,
}: {
  tree: ListTree;
  entity: PublicEntity | null;
  /** The tree in a card of its own (beside a list page's card), not a bordered column of the page's card. */
  framed?: boolean;
  children: (s: TreeSelection) => ReactNode;
}) {
  const { t } = useTranslation('renderer');
  const narrow = useNarrow(framed ? FOLD_WIDTH_FRAMED : FOLD_WIDTH);
  const [nodes, setNodes] = useState<TreeNode[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const { source } = tree;

  useEffect(() => {
    let live = true;
    setError(null);
    loadNodes(source, entity).then(
      (n) => {
        if (!live) return;
        setNodes(n);
        // The first level opens; deeper levels on demand.
        setExpanded(n.map((x) => x.key));
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [source, entity, attempt]);

  const found = useMemo(() => searchTree(nodes ?? [], keyword), [nodes, keyword]);
  const treeData = useMemo(() => [{ key: ALL, id: 0, title: t('treeView.all'), children: [] as TreeNode[] }, ...found.nodes], [found.nodes, t]);
  const filter = useMemo(() => nodeFilter(tree, nodes ?? [], selected), [tree, nodes, selected]);
  const selectedTitle = selected === null ? t('treeView.all') : (findNode(nodes ?? [], selected)?.title ?? '');

  const panel = (
    <div data-testid="tree-nodes">
      <Input.Search
        allowClear
        placeholder={t('treeView.search')}
        aria-label={t('treeView.search')}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="tree-search"
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('treeView.loadFailed')}
          description={error}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('treeView.retry')}</Button>}
        />
      ) : !nodes ? (
        <Spin />
      ) : (
        <Tree<TreeNode>
          blockNode
          treeData={treeData}
          selectedKeys={[selected === null ? ALL : String(selected)]}
          expandedKeys={keyword.trim() ? found.expand : expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onSelect={(keys) => {
            const k = keys[0];
            if (k === undefined) return;
            setSelected(k === ALL ? null : Number(k));
          }}
          titleRender={(n) => <span data-testid={`tree-node-${n.key}`}>{n.title}</span>}
        />
      )}
    </div>
  );

  const list = (
    <div style={{ flex: 1, minWidth: 0 }} data-testid="tree-list">
      {filter.truncated && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('treeView.tooManyDescendants', { count: MAX_FILTER_IDS })} />}
      {children({
        key: selected === null ? ALL : String(selected),
        id: selected,
        filters: filter.filters,
        initial: selected === null || tree.filterField === 'id' ? undefined : { [tree.filterField]: selected },
      })}
    </div>
  );

  return narrow ? (
    <div className="oa-tree-beside oa-tree-folded" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Collapse
        size="small"
        items={[{ key: 'tree', label: `${t(source.type === 'org' ? 'treeView.org' : 'treeView.tree')} · ${selectedTitle}`, children: panel }]}
      />
      {list}
    </div>
  ) : (
    <div className="oa-tree-beside" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {framed ? (
        <Card
          size="small"
          className="oa-tree-sider"
          style={{ width: 260, flex: 'none', position: 'sticky', top: 0 }}
          styles={{ body: { maxHeight: 'calc(100vh - 160px)', overflow: 'auto' } }}
          data-testid="tree-sider"
        >
          {panel}
        </Card>
      ) : (
        <div style={{ width: 260, flex: 'none', borderRight: '1px solid rgba(5, 5, 5, 0.06)', paddingRight: 12 }}>{panel}</div>
      )}
      {list}
    </div>
  );
}
