/**
 * The `tree` page kind (FORMATS.md "tree"): a tree beside a list. The tree is an entity's records linked by a
 * parent field (categories, folders; read through its generic list) or the organisation's departments (selector
 * /treeall); the list is a list page definition (`list`) rendered by EnginePage. Selecting a node filters the list
 * by `filterField` = the node's id (with `descendants`, the ids of its subtree) and pre-fills that field in records
 * added from the list; 全部 shows everything. The tree has a search box (matching nodes with their ancestors) and
 * antd Tree's keyboard (arrows, Enter). Below 768 px it folds into a panel above the list. Calls go through the
 * engine host (engine/host.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Collapse, Input, Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreePageDef } from '../schema/types';
import type { PublicEntity } from '../schema/bundle';
import { host } from '../host';
import { DefinitionError } from './DefinitionError';
import { EnginePage } from './EnginePage';
import type { PageKindProps } from './registry';
import { bundleText } from './list/model';
import { MAX_FILTER_IDS, buildTree, deptTree, findNode, nodeFilter, searchTree, type TreeNode } from './tree/treeModel';
import { useNarrow } from './useNarrow';

/** Width (px) below which the tree folds above the list. */
const FOLD_WIDTH = 768;
/** Key of the 全部 node (no filter). */
const ALL = '$all';
/** Most records of a tree entity read (200 a page). */
const MAX_NODES = 2000;

/** Renders a tree page definition (see the module comment). */
export function TreePage(props: PageKindProps) {
  const { t } = useTranslation('renderer');
  const page = props.bundle.page;
  if (page.pageKind !== 'tree' || (page.source.type === 'entity' && !props.bundle.entity)) {
    return <DefinitionError definition={page.id} path="source" message={t('list.needsResource', { id: page.id })} />;
  }
  return <TreeBody {...props} page={page} />;
}

/** The nodes of the page's source. */
async function loadNodes(page: TreePageDef, entity: PublicEntity | null): Promise<TreeNode[]> {
  const src = page.source;
  if (src.type === 'org') return deptTree(await host().call<Parameters<typeof deptTree>[0]>('selector/treeall'));
  const label = src.label ?? entity?.titleField ?? 'id';
  const records: Record<string, unknown>[] = [];
  for (let current = 1; records.length < MAX_NODES; current++) {
    const r = await host().call<{ list: Record<string, unknown>[]; total: number }>(`${entity!.group}/list`, {
      current,
      pageSize: 200,
      sort: { field: src.sort ?? label, order: 'asc' },
    });
    records.push(...r.list);
    if (r.list.length < 200 || records.length >= r.total) break;
  }
  return buildTree(records, src.parent, label);
}

function TreeBody({ bundle, page, embedded }: PageKindProps & { page: TreePageDef }) {
  const { t } = useTranslation('renderer');
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const narrow = useNarrow(FOLD_WIDTH);
  const [nodes, setNodes] = useState<TreeNode[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    setError(null);
    loadNodes(page, bundle.entity).then(
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
  }, [page, bundle.entity, attempt]);

  const found = useMemo(() => searchTree(nodes ?? [], keyword), [nodes, keyword]);
  const treeData = useMemo(() => [{ key: ALL, id: 0, title: t('treeView.all'), children: [] as TreeNode[] }, ...found.nodes], [found.nodes, t]);
  const filter = useMemo(() => nodeFilter(page, nodes ?? [], selected), [page, nodes, selected]);
  const selectedTitle = selected === null ? t('treeView.all') : (findNode(nodes ?? [], selected)?.title ?? '');

  const tree = (
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
      <EnginePage
        key={selected ?? ALL}
        id={page.list}
        embedded
        initial={selected === null ? undefined : { [page.filterField]: selected }}
        filters={filter.filters}
      />
    </div>
  );

  return (
    <Card
      className="oa-tree-page"
      data-testid="tree-page"
      data-page={page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="tree-title">{tx(page.title)}</span>}
    >
      {narrow ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Collapse size="small" items={[{ key: 'tree', label: `${t('treeView.tree')} · ${selectedTitle}`, children: tree }]} />
          {list}
        </div>
      ) : (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <div style={{ width: 260, flex: 'none', borderRight: '1px solid rgba(5, 5, 5, 0.06)', paddingRight: 12 }}>{tree}</div>
          {list}
        </div>
      )}
    </Card>
  );
}
