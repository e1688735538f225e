/**
 * The `tree` page kind (FORMATS.md "tree"): a tree beside a list. The tree is an entity's records linked by a
 * parent field (categories, folders; read through its generic list) or the organisation's departments (selector
 * /treeall); the list is a list page definition (`list`) rendered by EnginePage. Selecting a node filters the list
 * by `filterField` = the node's id (with `descendants`, the ids of its subtree) and pre-fills that field in records
 * added from the list; 全部 shows everything. The tree itself (search, keyboard, folding below 768 px) is
 * ./tree/TreeBeside.tsx, which a list page with a `tree` uses too.
 */
import { useMemo } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreePageDef } from '../schema/types';
import { DefinitionError } from './DefinitionError';
import { EnginePage } from './EnginePage';
import type { PageKindProps } from './registry';
import { bundleText } from './list/model';
import { TreeBeside } from './tree/TreeBeside';

/** Renders a tree page definition (see the module comment). */
export function TreePage(props: PageKindProps) {
  const { t } = useTranslation('renderer');
  const page = props.bundle.page;
  if (page.pageKind !== 'tree' || (page.source.type === 'entity' && !props.bundle.entity)) {
    return <DefinitionError definition={page.id} path="source" message={t('list.needsResource', { id: page.id })} />;
  }
  return <TreeBody {...props} page={page} />;
}

function TreeBody({ bundle, page, embedded }: PageKindProps & { page: TreePageDef }) {
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  return (
    <Card
      className="oa-tree-page"
      data-testid="tree-page"
      data-page={page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="tree-title">{tx(page.title)}</span>}
    >
      <TreeBeside tree={page} entity={bundle.entity}>
        {(s) => <EnginePage key={s.key} id={page.list} embedded initial={s.initial} filters={s.filters} />}
      </TreeBeside>
    </Card>
  );
}
