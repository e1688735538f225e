/**
 * Node types and assignees (DESIGN §5): branch on a CEL condition, parallel join all / any, cc nodes, delay
 * timers, services, assignee rules, empty-assignee policies, same-person dedupe, 委托 by date range, deadlines
 * over the 2026 国庆 holiday and automatic urging.
 */
import { describe, expect, it } from 'vitest';
import type { AssigneeRule, FlowNode, UserId } from '../../../engine/flow';
import { addDuration } from '../../../engine/flow';
import { approve, flow, Harness, T0, text } from './helpers';

const branchNode = (): FlowNode => ({
  id: 'amountBranch',
  type: 'branch',
  title: text('amount'),
  branches: [
    { id: 'big', title: text('big'), condition: { cel: 'amount > 5000' }, nodes: [approve('chief', [30])] },
    { id: 'urgent', title: text('urgent'), condition: { cel: 'urgency == "urgent" || amount > 1000' }, nodes: [approve('deputy', [20])] },
    { id: 'other', title: text('other'), default: true, nodes: [] },
  ],
});

describe('branch', () => {
  it.each([
    [{ amount: 9000, urgency: 'normal' }, ['chief'], 'big'],
    [{ amount: 2000, urgency: 'normal' }, ['deputy'], 'urgent'],
    [{ amount: 10, urgency: 'urgent' }, ['deputy'], 'urgent'],
    [{ amount: 10, urgency: 'normal' }, ['last'], 'other'],
  ])('data %j → %j (first match by order, else default)', (data, active, branch) => {
    const h = new Harness(flow([branchNode(), approve('last', [40])]), { data });
    h.start();
    expect(h.activeNodes()).toEqual(active);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'amountBranch')!.chosenBranch).toBe(branch);
    expect(h.effects.events).toContainEqual(expect.objectContaining({ type: 'branch', detail: { branch } }));
  });

  it('after the branch, the flow continues after the branch node; an injected evaluator is used', () => {
    const seen: string[] = [];
    const h = new Harness(flow([branchNode(), approve('last', [40])]), {
      data: { amount: 1 },
      ctx: { evaluate: (cel) => (seen.push(cel), cel.startsWith('amount > 5000')) },
    });
    h.start();
    expect(seen).toEqual(['amount > 5000']);
    h.act({ type: 'approve', actor: 30 });
    expect(h.activeNodes()).toEqual(['last']);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'amountBranch')).toMatchObject({ status: 'done', result: 'taken' });
  });
});

const parallel = (join: 'all' | 'any'): FlowNode => ({
  id: 'par',
  type: 'parallel',
  title: text('par'),
  join,
  branches: [
    { id: 'finance', title: text('finance'), nodes: [approve('fin1', [51]), approve('fin2', [52])] },
    { id: 'office', title: text('office'), nodes: [approve('off', [61])] },
  ],
});

describe('parallel', () => {
  it('join all: both lanes must finish', () => {
    const h = new Harness(flow([parallel('all'), approve('after', [70])]));
    h.start();
    expect(h.activeNodes().sort()).toEqual(['fin1', 'off']);
    h.act({ type: 'approve', actor: 61 });
    expect(h.activeNodes()).toEqual(['fin1']);
    h.act({ type: 'approve', actor: 51 });
    expect(h.activeNodes()).toEqual(['fin2']);
    h.act({ type: 'approve', actor: 52 });
    expect(h.activeNodes()).toEqual(['after']);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'par')).toMatchObject({
      status: 'done',
      result: 'joined',
      lanes: [
        { branchId: 'finance', status: 'done' },
        { branchId: 'office', status: 'done' },
      ],
    });
  });

  it('join any: the first lane to finish cancels the others', () => {
    const h = new Harness(flow([parallel('any'), approve('after', [70])]));
    h.start();
    h.act({ type: 'approve', actor: 61 });
    expect(h.activeNodes()).toEqual(['after']);
    expect(h.state.tasks.find((t) => t.assignee === 51)!.status).toBe('cancelled');
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'fin1')!.status).toBe('cancelled');
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'par')!.lanes!.map((l) => l.status)).toEqual(['cancelled', 'done']);
  });

  it('a rejection in one lane rejects the instance and cancels the other lane', () => {
    const h = new Harness(flow([parallel('all')]));
    h.start();
    h.act({ type: 'reject', actor: 51 });
    expect(h.state.status).toBe('rejected');
    expect(h.open()).toEqual([]);
  });

  it('a return inside a lane re-enters that lane only; the other lane keeps its task', () => {
    const h = new Harness(flow([parallel('all')]));
    h.start();
    h.act({ type: 'approve', actor: 51 });
    h.act({ type: 'return', actor: 52, target: 'previous' });
    expect(h.activeNodes().sort()).toEqual(['fin1', 'off']);
    expect(h.state.tasks.find((t) => t.assignee === 61)!.status).toBe('pending');
    h.act({ type: 'approve', actor: 51 });
    h.act({ type: 'approve', actor: 52 });
    h.act({ type: 'approve', actor: 61 });
    expect(h.state.status).toBe('finished');
  });
});

describe('cc, delay and service nodes', () => {
  it('a cc node sends cc tasks and goes on at once', () => {
    const h = new Harness(flow([{ id: 'tell', type: 'cc', title: text('tell'), assignees: [{ kind: 'roles', roles: ['office'] }] }, approve('a', [11])]));
    h.start();
    expect(h.state.tasks.map((t) => [t.assignee, t.kind])).toEqual([
      [31, 'cc'],
      [32, 'cc'],
      [11, 'approve'],
    ]);
    expect(h.effects.notify).toContainEqual({ kind: 'cc', to: [31], taskId: expect.any(String) });
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'tell')!.status).toBe('done');
  });

  it('a delay node waits for its timer (working days), then the flow goes on', () => {
    const h = new Harness(flow([{ id: 'wait', type: 'delay', title: text('wait'), duration: { workdays: 1, hours: 2 } }, approve('a', [11])]));
    h.start();
    expect(h.activeNodes()).toEqual(['wait']);
    const [timer] = h.state.pendingTimers;
    expect(timer).toMatchObject({ kind: 'delay', at: Date.parse('2026-10-08T12:00:00+08:00') });
    expect(h.effects.timers).toEqual([timer]);
    h.now = timer.at;
    h.act({ type: 'timer', timerId: timer.id });
    expect(h.activeNodes()).toEqual(['a']);
    expect(h.state.pendingTimers).toEqual([]);
    expect(h.eventTypes()).toContain('delayElapsed');
    h.refuse({ type: 'timer', timerId: timer.id }, 'flow.noSuchTimer');
  });
});

describe('assignees', () => {
  const one = (rule: AssigneeRule, data: Record<string, unknown> = {}, picks?: Record<string, UserId[]>) => {
    const h = new Harness(flow([approve('a', [rule], { mode: 'all' })]), { initiator: 7, data });
    h.start(undefined, picks);
    return h.pending();
  };
  it.each<[string, AssigneeRule, UserId[], Record<string, unknown>?, Record<string, UserId[]>?]>([
    ['users', { kind: 'users', users: [3, 2, 3] }, [2, 3]],
    ['roles', { kind: 'roles', roles: ['office', 'finance'] }, [31, 32, 41]],
    ['positions', { kind: 'positions', positions: [7] }, [71]],
    ['leader of the initiator, level 2', { kind: 'leader', level: 2, of: 'initiator' }, [207]],
    ['leader of a form field department', { kind: 'leader', level: 1, of: { field: 'dept' } }, [509], { dept: 9 }],
    ['leader chain up to 3', { kind: 'leaderChain', upTo: 3 }, [107, 207, 307]],
    ['initiator picks', { kind: 'initiatorPicks' }, [44, 45], {}, { a: [45, 44] }],
    ['form field (users list as JSON text)', { kind: 'formField', field: 'reviewers' }, [8, 9], { reviewers: '[9, 8]' }],
    ['form field (one user)', { kind: 'formField', field: 'reviewer' }, [8], { reviewer: 8 }],
    ['initiator', { kind: 'initiator' }, [7]],
  ])('%s', (_, rule, expected, data, picks) => {
    expect(one(rule, data, picks)).toEqual(expected);
  });

  it('empty assignee: skip (default), toAdmin, error', () => {
    const empty: AssigneeRule = { kind: 'formField', field: 'nobody' };
    const skip = new Harness(flow([approve('a', [empty]), approve('b', [12])]));
    skip.start();
    expect(skip.state.nodeRuns.find((r) => r.nodeId === 'a')).toMatchObject({ status: 'skipped', result: 'skipped' });
    expect(skip.pending()).toEqual([12]);
    const admin = new Harness(flow([approve('a', [empty], { emptyAssignee: 'toAdmin' })]), { ctx: { admins: () => [900] } });
    admin.start();
    expect(admin.pending()).toEqual([900]);
    const err = new Harness(flow([approve('a', [empty], { emptyAssignee: 'error' })]));
    err.refuse({ type: 'start', actor: 1 }, 'flow.noAssignee');
  });

  it.each([
    ['none', ['a', 'b', 'c']],
    ['adjacent', ['a', 'c']],
    ['any', ['a']],
  ] as const)('same-person dedupe %s', (dedupe, asked) => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [11]), approve('mid', [12], { dedupe: false }), approve('c', [11, 12])], { dedupe }));
    h.start();
    const seen: string[] = [];
    for (let i = 0; i < 6 && h.state.status === 'running'; i++) {
      const t = h.open()[0];
      if (t.assignee === 11) seen.push(t.nodeId);
      h.act({ type: 'approve', actor: t.assignee });
    }
    expect(h.state.status).toBe('finished');
    expect(seen).toEqual(asked);
  });

  it('委托: during the delegation range the delegate gets the task on behalf of the absent user', () => {
    const from = Date.parse('2026-10-09T00:00:00+08:00');
    const to = Date.parse('2026-10-16T00:00:00+08:00');
    const delegateOf = (u: UserId, at: number) => (u === 11 && at >= from && at < to ? 19 : null);
    const h = new Harness(flow([approve('a', [11]), approve('b', [11])]), { ctx: { delegateOf } });
    h.start();
    expect(h.state.tasks[0]).toMatchObject({ assignee: 11 });
    expect(h.state.tasks[0].onBehalfOf).toBeUndefined();
    h.now = Date.parse('2026-10-12T09:00:00+08:00');
    h.act({ type: 'approve', actor: 11 });
    expect(h.state.tasks[1]).toMatchObject({ assignee: 19, onBehalfOf: 11 });
    expect(h.effects.notify).toContainEqual(expect.objectContaining({ kind: 'task', to: [19] }));
    h.refuse({ type: 'approve', actor: 11, taskId: h.state.tasks[1].id }, 'flow.notYourTask');
    h.act({ type: 'approve', actor: 19 });
    expect(h.effects.events[0]).toMatchObject({ type: 'approve', actor: 19, detail: { onBehalfOf: 11 } });
  });
});

describe('deadlines', () => {
  it('a 2-working-day deadline set on 2026-09-30 skips the 国庆 holiday: due 2026-10-09 10:00', () => {
    const h = new Harness(flow([approve('a', [11], { deadline: { workdays: 2 } })]));
    h.start();
    const due = Date.parse('2026-10-09T10:00:00+08:00');
    expect(h.state.tasks[0].deadline).toBe(due);
    expect(h.effects.timers).toEqual([expect.objectContaining({ kind: 'deadline', at: due, taskId: h.state.tasks[0].id })]);
  });

  it('the holiday override of the context wins over the calendar', () => {
    expect(addDuration(T0, { workdays: 1 }, { addWorkdays: (d, n) => (d === '2026-09-30' && n === 1 ? '2026-10-01' : 'x') })).toBe(
      Date.parse('2026-10-01T10:00:00+08:00'),
    );
    expect(addDuration(T0, { hours: 30 }, {})).toBe(T0 + 30 * 3_600_000);
  });

  it('when the deadline passes the holder is urged automatically, again every urgeEvery; done tasks drop their timers', () => {
    const h = new Harness(flow([approve('a', [11], { deadline: { hours: 4 } })], { urgeEvery: { workdays: 1 } }));
    h.start();
    const [deadline] = h.state.pendingTimers;
    h.now = deadline.at;
    h.act({ type: 'timer', timerId: deadline.id });
    expect(h.state.tasks[0].overdue).toBe(true);
    expect(h.effects.notify).toEqual([{ kind: 'urge', to: [11], taskId: h.state.tasks[0].id }]);
    expect(h.effects.events).toEqual([expect.objectContaining({ type: 'overdue', actor: null })]);
    const [again] = h.state.pendingTimers;
    expect(again).toMatchObject({ kind: 'urge', at: Date.parse('2026-10-08T14:00:00+08:00') });
    h.act({ type: 'approve', actor: 11 });
    expect(h.state.pendingTimers).toEqual([]);
    expect(h.effects.timersCleared).toContain(again.id);
  });
});
