/**
 * The nodes of a tree page (engine/renderers/tree/treeModel.ts): categories linked by their parent field, the
 * organisation's departments, the search keeping matches with their ancestors, and the list filter of a node
 * with or without its descendants.
 */
import { describe, expect, it } from 'vitest';
import type { TreePageDef } from '../../../engine/schema/types';
import { buildTree, deptTree, nodeFilter, searchTree, MAX_FILTER_IDS } from '../../../engine/renderers/tree/treeModel';
import { roomBundle } from './fixture';

const page = roomBundle('roomtest.category.tree').page as TreePageDef;
const categories = [
  { id: 1, name: '制度文件', parent: null },
  { id: 2, name: '人事制度', parent: 1 },
  { id: 3, name: '财务制度', parent: 1 },
  { id: 4, name: '报销细则', parent: 3 },
  { id: 5, name: '会议纪要', parent: null },
  { id: 6, name: '孤儿', parent: 99 },
];
const titles = (nodes: ReturnType<typeof buildTree>): unknown => nodes.map((n) => (n.children.length ? [n.title, titles(n.children)] : n.title));

describe('tree nodes', () => {
  it('links records by their parent; an unknown parent makes a root', () => {
    expect(titles(buildTree(categories, 'parent', 'name'))).toEqual([['制度文件', ['人事制度', ['财务制度', ['报销细则']]]], '会议纪要', '孤儿']);
  });

  it('a cycle does not lose its records', () => {
    const cyc = [
      { id: 1, name: 'A', parent: 2 },
      { id: 2, name: 'B', parent: 1 },
    ];
    const ids = JSON.stringify(buildTree(cyc, 'parent', 'name'));
    expect(ids).toContain('"A"');
    expect(ids).toContain('"B"');
  });

  it('departments of the selector keep their nesting', () => {
    const nodes = deptTree([{ id: 1, title: '市政府办公室', children: [{ id: 3, title: '秘书科' }] }]);
    expect(titles(nodes)).toEqual([['市政府办公室', ['秘书科']]]);
  });

  it('search keeps matches with their ancestors and opens them', () => {
    const r = searchTree(buildTree(categories, 'parent', 'name'), '报销');
    expect(titles(r.nodes)).toEqual([['制度文件', [['财务制度', ['报销细则']]]]]);
    expect(r.expand.sort()).toEqual(['1', '3']);
  });
});

describe('the list filter of a node', () => {
  const nodes = buildTree(categories, 'parent', 'name');
  it('with descendants: the node and everything below it', () => {
    expect(nodeFilter(page, nodes, 1)).toEqual({ filters: { category: { op: 'in', value: [1, 2, 3, 4] } }, truncated: false });
  });
  it('a leaf, or without descendants: the node alone', () => {
    expect(nodeFilter(page, nodes, 4)).toEqual({ filters: { category: 4 }, truncated: false });
    expect(nodeFilter({ ...page, descendants: false }, nodes, 1)).toEqual({ filters: { category: 1 }, truncated: false });
  });
  it('全部: no filter', () => {
    expect(nodeFilter(page, nodes, null)).toEqual({ truncated: false });
  });
  it('a subtree larger than the list’s limit is cut and said so', () => {
    const many = [{ id: 1, name: 'root', parent: null }, ...Array.from({ length: MAX_FILTER_IDS + 5 }, (_, i) => ({ id: i + 2, name: `n${i}`, parent: 1 }))];
    const f = nodeFilter(page, buildTree(many, 'parent', 'name'), 1);
    expect(f.truncated).toBe(true);
    expect((f.filters!.category as { value: number[] }).value).toHaveLength(MAX_FILTER_IDS);
  });
});
