/**
 * The approval page's diagram model (engine/renderers/approval/graph.ts): a flow with a condition branch and a
 * parallel block becomes one node per definition node plus a join per split, edges along the tree (branch
 * titles on the first edge of each branch), and states from the instance's runs (done, active, skipped, not
 * reached), laid out top to bottom by dagre.
 */
import { describe, expect, it } from 'vitest';
import { flowGraph, layoutGraph } from '../../engine/renderers/approval/graph';
import type { FlowNode } from '../../engine/flow';
import { approve, flow, Harness, text } from './flow/helpers';

const def = flow([
  approve('a1', [11]),
  {
    id: 'b',
    type: 'branch',
    title: text('by urgency'),
    branches: [
      { id: 'b_urgent', title: text('urgent'), condition: { cel: 'urgent == true' }, nodes: [approve('u1', [12])] },
      { id: 'b_normal', title: text('normal'), default: true, nodes: [approve('n1', [13])] },
    ],
  } as FlowNode,
  {
    id: 'p',
    type: 'parallel',
    title: text('together'),
    join: 'all',
    branches: [
      { id: 'l1', title: text('lane 1'), nodes: [approve('x1', [14])] },
      { id: 'l2', title: text('lane 2'), nodes: [approve('x2', [15])] },
    ],
  } as FlowNode,
]);
const tx = (t: { d: string }) => t.d;

describe('approval diagram graph', () => {
  it('has one node per definition node and a join per split, with edges along the tree', () => {
    const g = flowGraph(def, null, tx);
    expect(g.nodes.map((n) => n.id)).toEqual(['start', 'a1', 'b', 'u1', 'n1', 'b/join', 'p', 'x1', 'x2', 'p/join', 'end']);
    expect(g.nodes.every((n) => n.state === 'pending')).toBe(true);
    expect(g.nodes.find((n) => n.id === 'b/join')?.type).toBe('join');
    expect(g.nodes.find((n) => n.id === 'a1')?.title).toBe('a1');
    expect(g.edges.map((e) => `${e.source}->${e.target}`)).toEqual([
      'start->a1',
      'a1->b',
      'b->u1',
      'b->n1',
      'u1->b/join',
      'n1->b/join',
      'b/join->p',
      'p->x1',
      'p->x2',
      'x1->p/join',
      'x2->p/join',
      'p/join->end',
    ]);
    expect(g.edges.find((e) => e.id === 'b->u1')?.label).toBe('urgent');
    expect(g.edges.find((e) => e.id === 'p->x2')?.label).toBe('lane 2');
    expect(g.edges.find((e) => e.id === 'u1->b/join')?.label).toBeUndefined();
  });

  it('colours nodes by the runs: done, active (with holders), the branch not taken skipped, the rest not reached', () => {
    const h = new Harness(def, { initiator: 1, data: { urgent: false } });
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 13 });
    h.act({ type: 'approve', actor: 14 });
    const g = flowGraph(def, h.state, tx);
    const state = Object.fromEntries(g.nodes.map((n) => [n.id, n.state]));
    expect(state).toEqual({
      start: 'done',
      a1: 'done',
      b: 'done',
      u1: 'skipped',
      n1: 'done',
      'b/join': 'done',
      p: 'done',
      x1: 'done',
      x2: 'active',
      'p/join': 'pending',
      end: 'pending',
    });
    expect(g.nodes.find((n) => n.id === 'x2')?.assignees).toEqual([15]);
    expect(g.nodes.find((n) => n.id === 'x1')?.assignees).toEqual([]);
    const taken = g.edges.filter((e) => e.taken).map((e) => e.id);
    expect(taken).toEqual(['start->a1', 'a1->b', 'b->n1', 'n1->b/join', 'b/join->p', 'p->x1', 'p->x2']);
  });

  it('marks a rejected node, and gives an empty branch a point of its own', () => {
    const withEmpty = flow([
      {
        id: 'b',
        type: 'branch',
        title: text('b'),
        branches: [
          { id: 'b_big', title: text('big'), condition: { cel: 'amount > 10' }, nodes: [approve('big', [12])] },
          { id: 'b_else', title: text('else'), default: true, nodes: [] },
        ],
      } as FlowNode,
      approve('last', [11]),
    ]);
    const h = new Harness(withEmpty, { initiator: 1, data: { amount: 20 } });
    h.start();
    h.act({ type: 'reject', actor: 12 });
    const g = flowGraph(withEmpty, h.state, tx);
    expect(g.nodes.map((n) => n.id)).toEqual(['start', 'b', 'big', 'b_else', 'b/join', 'last', 'end']);
    expect(g.nodes.find((n) => n.id === 'b_else')).toMatchObject({ type: 'pass', state: 'skipped' });
    expect(g.edges.find((e) => e.id === 'b->b_else')?.label).toBe('else');
    expect(g.edges.find((e) => e.id === 'b_else->b/join')).toBeTruthy();
    expect(g.nodes.find((n) => n.id === 'big')?.state).toBe('rejected');
    expect(g.nodes.find((n) => n.id === 'last')?.state).toBe('pending');
  });

  it('lays the graph out top to bottom', () => {
    const g = flowGraph(def, null, tx);
    const pos = layoutGraph(g);
    expect(pos.size).toBe(g.nodes.length);
    const y = (id: string) => pos.get(id)!.y;
    expect(y('start')).toBeLessThan(y('a1'));
    expect(y('a1')).toBeLessThan(y('b'));
    expect(y('u1')).toBe(y('n1'));
    expect(pos.get('u1')!.x).not.toBe(pos.get('n1')!.x);
    expect(y('b/join')).toBeLessThan(y('p'));
    expect(y('p/join')).toBeLessThan(y('end'));
  });
});
