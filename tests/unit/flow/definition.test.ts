/**
 * The flow definition format (DESIGN §4, §5): validateFlow's structural problems, the meta schema
 * `schemas/_meta/flow.schema.json` through the loader (kind `flow`), and the lint of flow files.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFlow, predecessors, indexFlow, type FlowDef, type FlowNode } from '../../../engine/flow';
import { buildRegistry } from '../../../engine/schema/loader';
import { lintRegistry } from '../../../engine/schema/lint';
import { readSchemaDir, ROOT } from '../schema/helpers';
import { approve, flow, text } from './helpers';

const branch = (branches: unknown[]): FlowNode => ({ id: 'br', type: 'branch', title: text('br'), branches }) as FlowNode;
const lane = (id: string, nodes: FlowNode[] = [], extra = {}) => ({ id, title: text(id), nodes, ...extra });

describe('validateFlow', () => {
  it('a valid flow has no problems', () => {
    const def = flow([
      approve('a', [1], { mode: 'vote', ratio: 0.6 }),
      branch([lane('b1', [approve('x', [2])], { condition: { cel: 'amount > 1' } }), lane('b2', [], { default: true })]),
      { id: 'par', type: 'parallel', title: text('par'), join: 'any', branches: [lane('p1', [approve('y', [3])]), lane('p2')] },
      { id: 'd', type: 'delay', title: text('d'), duration: { hours: 1 } },
      { id: 's', type: 'service', title: text('s'), action: 'docNumber' },
    ]);
    expect(validateFlow(def)).toEqual([]);
    expect(validateFlow(def, { services: ['seal'] }).map((p) => p.key)).toEqual(['flow.problem.unknownService']);
  });

  const cases: [string, FlowDef, string, string][] = [
    [
      'no default branch',
      flow([branch([lane('b1', [], { condition: { cel: 'a' } }), lane('b2', [], { condition: { cel: 'b' } })])]),
      'flow.problem.oneDefault',
      'br',
    ],
    ['two defaults', flow([branch([lane('b1', [], { default: true }), lane('b2', [], { default: true })])]), 'flow.problem.oneDefault', 'br'],
    ['a conditionless branch', flow([branch([lane('b1'), lane('b2', [], { default: true })])]), 'flow.problem.noCondition', 'b1'],
    ['one branch only', flow([branch([lane('b2', [], { default: true })])]), 'flow.problem.fewBranches', 'br'],
    ['no assignee rule', flow([approve('a', [])]), 'flow.problem.noAssigneeRule', 'a'],
    ['vote without ratio', flow([approve('a', [1], { mode: 'vote' })]), 'flow.problem.voteRatio', 'a'],
    ['ratio without vote', flow([approve('a', [1], { ratio: 0.5 })]), 'flow.problem.ratioWithoutVote', 'a'],
    ['handleKind on approve', flow([approve('a', [1], { handleKind: 'seal' })]), 'flow.problem.handleKind', 'a'],
    ['handle node rejecting', flow([approve('a', [1], { type: 'handle', actions: ['approve', 'reject'] })]), 'flow.problem.handleReject', 'a'],
    ['no completing action', flow([approve('a', [1], { actions: ['comment'] })]), 'flow.problem.noCompletion', 'a'],
    ['duplicate ids', flow([approve('a', [1]), approve('a', [2])]), 'flow.problem.duplicateId', 'a'],
    [
      'branch id reusing a node id',
      flow([approve('b1', [1]), branch([lane('b1', [], { condition: { cel: 'x' } }), lane('b2', [], { default: true })])]),
      'flow.problem.duplicateId',
      'b1',
    ],
    ['no end', { ...flow([]), nodes: [flow([]).nodes[0], approve('a', [1])] }, 'flow.problem.endLast', ''],
    ['no start', { ...flow([]), nodes: [approve('a', [1]), flow([]).nodes[1]] }, 'flow.problem.startFirst', ''],
    [
      'end inside a branch',
      flow([branch([lane('b1', [{ id: 'e2', type: 'end', title: text('e') }], { condition: { cel: 'x' } }), lane('b2', [], { default: true })])]),
      'flow.problem.startEndPlace',
      'e2',
    ],
    [
      'parallel with one lane',
      flow([{ id: 'par', type: 'parallel', title: text('p'), join: 'all', branches: [lane('p1')] }]),
      'flow.problem.fewBranches',
      'par',
    ],
    ['delay without duration', flow([{ id: 'd', type: 'delay', title: text('d'), duration: {} }]), 'flow.problem.duration', 'd'],
  ];
  it.each(cases)('%s', (_, def, key, nodeId) => {
    const problems = validateFlow(def);
    expect(problems.map((p) => [p.key, p.nodeId])).toContainEqual([key, nodeId]);
    expect(problems.every((p) => typeof p.message === 'string' && p.path.startsWith('/'))).toBe(true);
  });
});

describe('tree order', () => {
  it('predecessors are the nodes before on the path, not sibling lanes', () => {
    const def = flow([
      approve('a', [1]),
      {
        id: 'par',
        type: 'parallel',
        title: text('par'),
        join: 'all',
        branches: [lane('p1', [approve('x', [2]), approve('x2', [2])]), lane('p2', [approve('y', [3])])],
      },
      approve('z', [4]),
    ]);
    const ix = indexFlow(def);
    expect([...predecessors(ix, 'x2')].sort()).toEqual(['a', 'start', 'x']);
    expect([...predecessors(ix, 'y')].sort()).toEqual(['a', 'start']);
    expect([...predecessors(ix, 'z')].sort()).toEqual(['a', 'par', 'start', 'x', 'x2', 'y']);
  });
});

/** A flow file over the receptions entity, as it would sit in schemas/receptions/flows/. */
function flowFile(patch: (d: Record<string, unknown>) => void = () => {}) {
  const data: Record<string, unknown> = {
    $schema: '../../_meta/flow.schema.json',
    schemaVersion: 1,
    id: 'receptions.approval',
    kind: 'flow',
    title: { t: 'receptions.reception.title', d: '接待', cel: 'record.title' },
    entity: 'receptions.reception',
    resubmit: 'returner',
    nodes: [
      { id: 'start', type: 'start', title: { t: 'receptions.reception.title', d: '接待' }, fieldPermissions: { status: 'R' } },
      {
        id: 'costBranch',
        type: 'branch',
        title: { t: 'receptions.reception.title', d: '接待' },
        branches: [
          {
            id: 'big',
            title: { t: 'receptions.reception.title', d: '接待' },
            condition: { cel: 'cost > 5000.0' },
            nodes: [
              {
                id: 'leader',
                type: 'approve',
                title: { t: 'receptions.reception.title', d: '接待' },
                assignees: [{ kind: 'leader', level: 1, of: { field: 'dept' } }],
                mode: 'all',
                deadline: { workdays: 2 },
              },
            ],
          },
          { id: 'small', title: { t: 'receptions.reception.title', d: '接待' }, default: true, nodes: [] },
        ],
      },
      {
        id: 'office',
        type: 'handle',
        handleKind: 'seal',
        title: { t: 'receptions.reception.title', d: '接待' },
        assignees: [
          { kind: 'roles', roles: ['office'] },
          { kind: 'formField', field: 'contact' },
        ],
        fieldPermissions: { remark: 'W' },
        ccOnDone: [{ kind: 'initiator' }],
      },
      { id: 'end', type: 'end', title: { t: 'receptions.reception.title', d: '接待' } },
    ],
  };
  patch(data);
  return { path: 'schemas/receptions/flows/approval.flow.json', data };
}

function lintWith(file: ReturnType<typeof flowFile>) {
  const { files, locales } = readSchemaDir(join(ROOT, 'schemas'));
  const registry = buildRegistry([...files, file]);
  return { registry, issues: lintRegistry(registry, locales).filter((i) => i.file === file.path) };
}

describe('flow files (schemas/<area>/flows/*.flow.json)', () => {
  it('load as kind "flow" and lint clean', () => {
    const { registry, issues } = lintWith(flowFile());
    expect(registry.errors.filter((e) => e.file.endsWith('.flow.json'))).toEqual([]);
    expect(issues).toEqual([]);
    expect(registry.get('flow', 'receptions.approval')?.nodes).toHaveLength(4);
  });

  it.each<[string, (d: Record<string, unknown>) => void, string, RegExp]>([
    ['an unknown node type', (d) => ((d.nodes as Record<string, unknown>[])[2].type = 'magic'), '/nodes/2/type', /must be equal to one of the allowed values/],
    ['an unknown property on a node', (d) => ((d.nodes as Record<string, unknown>[])[2].colour = 'red'), '/nodes/2/colour', /unknown property/],
    [
      'a bad assignee rule',
      (d) => ((d.nodes as Record<string, unknown>[])[2].assignees = [{ kind: 'leader', level: 0, of: 'initiator' }]),
      '/nodes/2/assignees/0/level',
      /must be >= 1/,
    ],
    [
      'a bad field permission',
      (d) => ((d.nodes as Record<string, unknown>[])[2].fieldPermissions = { remark: 'X' }),
      '/nodes/2/fieldPermissions/remark',
      /allowed values/,
    ],
    ['a missing title', (d) => delete d.title, '', /required property 'title'/],
    [
      'a branch without nodes',
      (d) => delete ((d.nodes as Record<string, unknown>[])[1].branches as Record<string, unknown>[])[1].nodes,
      '/nodes/1/branches/1',
      /required property 'nodes'/,
    ],
  ])('the meta schema refuses %s', (_, patch, path, message) => {
    const file = flowFile(patch);
    const { registry } = lintWith(file);
    const errs = registry.errors.filter((e) => e.file === file.path);
    expect(
      errs.some((e) => e.path === path && message.test(e.message)),
      JSON.stringify(errs),
    ).toBe(true);
    expect(registry.get('flow', 'receptions.approval')).toBeUndefined();
  });

  it.each<[string, (d: Record<string, unknown>) => void, string, RegExp]>([
    [
      'a condition that does not type-check',
      (d) => ((((d.nodes as Record<string, unknown>[])[1].branches as Record<string, unknown>[])[0].condition as { cel: string }).cel = 'cost > "a"'),
      '/nodes/1/branches/0/condition/cel',
      /does not type-check/,
    ],
    [
      'an unknown field permission',
      (d) => ((d.nodes as Record<string, unknown>[])[2].fieldPermissions = { nope: 'W' }),
      '/nodes/2/fieldPermissions/nope',
      /unknown field "nope"/,
    ],
    ['an unknown entity', (d) => (d.entity = 'receptions.none'), '/entity', /unknown entity/],
    [
      'a structural problem (validateFlow)',
      (d) => ((d.nodes as Record<string, unknown>[])[2].assignees = []),
      '/nodes/2/assignees',
      /at least one assignee rule/,
    ],
  ])('the lint reports %s', (_, patch, path, message) => {
    const { issues } = lintWith(flowFile(patch));
    expect(
      issues.some((i) => i.path === path && message.test(i.message)),
      JSON.stringify(issues),
    ).toBe(true);
  });
});
