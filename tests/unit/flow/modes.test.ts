/**
 * Approval modes (DESIGN §5): 依次 sequential, 会签 all, 或签 any, 票签 vote — table-driven over
 * mode × sequences of approve/reject by the three assignees, plus the scenarios.
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalMode, UserId } from '../../../engine/flow';
import { approve, flow, Harness } from './helpers';

type Step = [UserId, 'approve' | 'reject'];
interface Row {
  mode: ApprovalMode;
  ratio?: number;
  steps: Step[];
  /** Instance status after the steps. */
  status: 'running' | 'rejected' | 'finished';
  /** Users with pending tasks at n1 after the steps. */
  pendingN1: UserId[];
  /** Whether the flow reached n2 (user 21 has a task). */
  atN2: boolean;
}

const ROWS: Row[] = [
  // sequential: one at a time, in order
  { mode: 'sequential', steps: [], status: 'running', pendingN1: [11], atN2: false },
  { mode: 'sequential', steps: [[11, 'approve']], status: 'running', pendingN1: [12], atN2: false },
  {
    mode: 'sequential',
    steps: [
      [11, 'approve'],
      [12, 'approve'],
    ],
    status: 'running',
    pendingN1: [13],
    atN2: false,
  },
  {
    mode: 'sequential',
    steps: [
      [11, 'approve'],
      [12, 'approve'],
      [13, 'approve'],
    ],
    status: 'running',
    pendingN1: [],
    atN2: true,
  },
  {
    mode: 'sequential',
    steps: [
      [11, 'approve'],
      [12, 'reject'],
    ],
    status: 'rejected',
    pendingN1: [],
    atN2: false,
  },
  // all (会签): every one approves; any reject rejects
  { mode: 'all', steps: [], status: 'running', pendingN1: [11, 12, 13], atN2: false },
  { mode: 'all', steps: [[12, 'approve']], status: 'running', pendingN1: [11, 13], atN2: false },
  {
    mode: 'all',
    steps: [
      [12, 'approve'],
      [11, 'approve'],
      [13, 'approve'],
    ],
    status: 'running',
    pendingN1: [],
    atN2: true,
  },
  {
    mode: 'all',
    steps: [
      [12, 'approve'],
      [13, 'reject'],
    ],
    status: 'rejected',
    pendingN1: [],
    atN2: false,
  },
  // any (或签): the first decides, the others are cancelled
  { mode: 'any', steps: [[13, 'approve']], status: 'running', pendingN1: [], atN2: true },
  { mode: 'any', steps: [[12, 'reject']], status: 'rejected', pendingN1: [], atN2: false },
  // vote (票签) 0.6 of 3: two approvals pass; two rejections fail; one of each stays open
  { mode: 'vote', ratio: 0.6, steps: [[11, 'approve']], status: 'running', pendingN1: [12, 13], atN2: false },
  {
    mode: 'vote',
    ratio: 0.6,
    steps: [
      [11, 'approve'],
      [13, 'approve'],
    ],
    status: 'running',
    pendingN1: [],
    atN2: true,
  },
  { mode: 'vote', ratio: 0.6, steps: [[11, 'reject']], status: 'running', pendingN1: [12, 13], atN2: false },
  {
    mode: 'vote',
    ratio: 0.6,
    steps: [
      [11, 'reject'],
      [12, 'approve'],
    ],
    status: 'running',
    pendingN1: [13],
    atN2: false,
  },
  {
    mode: 'vote',
    ratio: 0.6,
    steps: [
      [11, 'reject'],
      [12, 'approve'],
      [13, 'approve'],
    ],
    status: 'running',
    pendingN1: [],
    atN2: true,
  },
  {
    mode: 'vote',
    ratio: 0.6,
    steps: [
      [11, 'reject'],
      [12, 'reject'],
    ],
    status: 'rejected',
    pendingN1: [],
    atN2: false,
  },
  // vote 1.0 behaves as all; a tiny ratio as any
  {
    mode: 'vote',
    ratio: 1,
    steps: [
      [11, 'approve'],
      [12, 'reject'],
    ],
    status: 'rejected',
    pendingN1: [],
    atN2: false,
  },
  { mode: 'vote', ratio: 0.3, steps: [[12, 'approve']], status: 'running', pendingN1: [], atN2: true },
];

describe('modes × approve/reject sequences', () => {
  it.each(ROWS.map((r) => [`${r.mode}${r.ratio ? ' ' + r.ratio : ''}: ${r.steps.map((s) => s.join(' ')).join(', ') || '(started)'}`, r] as const))(
    '%s',
    (_, row) => {
      const def = flow([approve('n1', [11, 12, 13], { mode: row.mode, ...(row.ratio ? { ratio: row.ratio } : {}) }), approve('n2', [21])]);
      const h = new Harness(def);
      h.start();
      for (const [user, type] of row.steps) h.act({ type, actor: user, opinion: `${type} by ${user}` });
      expect(h.state.status).toBe(row.status);
      expect(h.pending('n1')).toEqual(row.pendingN1);
      expect(h.pending('n2')).toEqual(row.atN2 ? [21] : []);
      const run = h.state.nodeRuns.find((r) => r.nodeId === 'n1')!;
      expect(run.mode).toBe(row.mode);
      if (row.status === 'rejected') {
        expect(run.result).toBe('rejected');
        expect(h.open()).toEqual([]);
        expect(h.effects.notify).toContainEqual({ kind: 'finished', to: [1], result: 'rejected' });
      }
      if (row.atN2) expect(run).toMatchObject({ status: 'done', result: 'approved' });
    },
  );
});

describe('scenarios', () => {
  it('会签 of three: all approve in any order, then the flow finishes with every opinion logged', () => {
    const h = new Harness(flow([approve('countersign', [11, 12, 13], { mode: 'all' })]));
    h.start();
    expect(
      h.effects.notify
        .filter((n) => n.kind === 'task')
        .flatMap((n) => n.to)
        .sort(),
    ).toEqual([11, 12, 13]);
    h.act({ type: 'approve', actor: 13, opinion: '同意' });
    h.act({ type: 'approve', actor: 11, opinion: '同意' });
    expect(h.state.status).toBe('running');
    h.act({ type: 'approve', actor: 12, opinion: '同意' });
    expect(h.state.status).toBe('finished');
    expect(
      h.state.tasks
        .filter((t) => t.result === 'approve')
        .map((t) => t.assignee)
        .sort(),
    ).toEqual([11, 12, 13]);
    expect(h.eventTypes()).toEqual(['approve', 'finished']);
    expect(h.effects.notify).toContainEqual({ kind: 'finished', to: [1], result: 'finished' });
    h.refuse({ type: 'approve', actor: 12 }, 'flow.notRunning');
  });

  it('或签: the first approval decides, the other tasks are cancelled and closed in the effects', () => {
    const h = new Harness(flow([approve('or', [11, 12, 13], { mode: 'any' }), approve('next', [21])]));
    h.start();
    h.act({ type: 'approve', actor: 12 });
    const closed = h.effects.tasksClosed.map((t) => [t.assignee, t.status]);
    expect(closed).toEqual(
      expect.arrayContaining([
        [12, 'done'],
        [11, 'cancelled'],
        [13, 'cancelled'],
      ]),
    );
    expect(h.effects.tasksCreated.map((t) => t.assignee)).toEqual([21]);
    h.refuse({ type: 'approve', actor: 11 }, 'flow.alreadyDone');
  });

  it('票签 0.6: five voters pass at three approvals, even with two rejections', () => {
    const h = new Harness(flow([approve('vote', [11, 12, 13, 14, 15], { mode: 'vote', ratio: 0.6 })]));
    h.start();
    h.act({ type: 'reject', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    h.act({ type: 'reject', actor: 13 });
    h.act({ type: 'approve', actor: 14 });
    expect(h.state.status).toBe('running');
    h.act({ type: 'approve', actor: 15 });
    expect(h.state.status).toBe('finished');
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'vote')).toMatchObject({ result: 'approved', ratio: 0.6 });
  });

  it('票签 0.6: fails as soon as the ratio cannot be reached; the remaining task is cancelled', () => {
    const h = new Harness(flow([approve('vote', [11, 12, 13, 14, 15], { mode: 'vote', ratio: 0.6 })]));
    h.start();
    h.act({ type: 'reject', actor: 11 });
    h.act({ type: 'reject', actor: 12 });
    expect(h.state.status).toBe('running');
    h.act({ type: 'reject', actor: 13 });
    expect(h.state.status).toBe('rejected');
    expect(h.state.tasks.filter((t) => t.status === 'cancelled').map((t) => t.assignee)).toEqual([14, 15]);
  });

  it('sequential keeps the order of the assignee rules and dedupes a person named twice', () => {
    const h = new Harness(
      flow([
        approve(
          'seq',
          [
            { kind: 'users', users: [13, 11] },
            { kind: 'users', users: [11, 12] },
          ],
          { mode: 'sequential' },
        ),
      ]),
    );
    h.start();
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'seq')!.assignees).toEqual([13, 11, 12]);
    expect(h.pending()).toEqual([13]);
    h.refuse({ type: 'approve', actor: 11 }, 'flow.notYourTask');
    h.act({ type: 'approve', actor: 13 });
    expect(h.pending()).toEqual([11]);
  });
});
