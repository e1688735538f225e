/**
 * Action scenarios of DESIGN §5: return and resubmit (restart / jump back), transfer, delegate,
 * add-sign before / after / parallel, cc and read; withdraw, recall, urge, comment and drafts are ./withdraw.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { approve, flow, Harness } from './helpers';

/** 拟稿 → a(11) → b(12) → c(13) → end. */
const chain = (extra = {}) =>
  flow([approve('a', [11]), approve('b', [12]), approve('c', [13], { returnTargets: ['previous', 'initiator', 'anyDone'] })], extra);

describe('return (退回) and resubmit', () => {
  it('to the initiator, resubmit restarts at the first node', () => {
    const h = new Harness(chain());
    h.start({ title: 'x' });
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    h.act({ type: 'return', actor: 13, target: 'initiator', opinion: '材料不全' });
    expect(h.state.status).toBe('draft');
    expect(h.state.returned).toEqual({ by: 13, nodeId: 'c', at: h.now, resubmit: 'restart' });
    expect(h.open()).toEqual([]);
    expect(h.effects.notify).toEqual([{ kind: 'return', to: [1] }]);
    expect(h.allowed(1)).toEqual(['start', 'saveDraft', 'withdraw']);
    h.act({ type: 'saveDraft', actor: 1, data: { title: 'y' } });
    h.start();
    expect(h.state.round).toBe(2);
    expect(h.state.data.title).toBe('y');
    expect(h.pending()).toEqual([11]);
    expect(h.eventTypes()[0]).toBe('resubmit');
  });

  it('to the initiator, resubmit jumps back to the returner', () => {
    const h = new Harness(chain());
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    h.act({ type: 'return', actor: 13, target: 'initiator', resubmit: 'returner' });
    h.start();
    expect(h.pending()).toEqual([13]);
    expect(h.state.nodeRuns.filter((r) => r.round === 2).map((r) => r.nodeId)).toEqual(['start', 'c']);
    h.act({ type: 'approve', actor: 13 });
    expect(h.state.status).toBe('finished');
  });

  it('the definition chooses the default resubmit mode', () => {
    const h = new Harness(chain({ resubmit: 'returner' }));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'return', actor: 12, target: 'initiator' });
    expect(h.state.returned?.resubmit).toBe('returner');
  });

  it('to the previous node; resubmit restart goes on through the nodes in order', () => {
    const h = new Harness(chain());
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    h.act({ type: 'return', actor: 13, target: 'previous' });
    expect(h.pending()).toEqual([12]);
    expect(h.effects.notify).toContainEqual(expect.objectContaining({ kind: 'return', to: [12] }));
    h.act({ type: 'approve', actor: 12 });
    expect(h.pending()).toEqual([13]);
  });

  it('to any done node with resubmit returner: after it, the flow jumps back to the returner', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12]), approve('c', [13], { returnTargets: ['anyDone'] }), approve('d', [14])]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    h.refuse({ type: 'return', actor: 13, target: 'initiator' }, 'flow.badReturnTarget');
    h.refuse({ type: 'return', actor: 13, target: 'd' }, 'flow.badReturnTarget');
    h.act({ type: 'return', actor: 13, target: 'a', resubmit: 'returner' });
    expect(h.pending()).toEqual([11]);
    h.act({ type: 'approve', actor: 11 });
    expect(h.pending()).toEqual([13]);
    expect(h.state.nodeRuns.filter((r) => r.nodeId === 'b').length).toBe(1);
  });

  it('the first node returns "previous" to the initiator; a node without return targets offers no return', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12], { returnTargets: [] })]));
    h.start();
    h.act({ type: 'return', actor: 11, target: 'previous' });
    expect(h.state.status).toBe('draft');
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.allowed(12)).not.toContain('return');
    h.refuse({ type: 'return', actor: 12, target: 'previous' }, 'flow.notAllowed');
  });
});

describe('transfer, delegate, add-sign, cc', () => {
  it('转办 hands the task over for good; the new holder decides', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12])]));
    h.start();
    h.act({ type: 'transfer', actor: 11, to: 15, opinion: '请王主任处理' });
    expect(h.state.tasks[0]).toMatchObject({ assignee: 11, status: 'transferred', opinion: '请王主任处理' });
    expect(h.effects.tasksCreated).toEqual([expect.objectContaining({ assignee: 15, transferredFrom: h.state.tasks[0].id, status: 'pending' })]);
    expect(h.effects.notify).toEqual([expect.objectContaining({ kind: 'task', to: [15] })]);
    h.refuse({ type: 'approve', actor: 11 }, 'flow.alreadyDone');
    h.refuse({ type: 'transfer', actor: 15, to: 15 }, 'flow.badInput');
    h.act({ type: 'approve', actor: 15 });
    expect(h.pending()).toEqual([12]);
  });

  it('委派: the delegate answers, the task comes back to the delegator, who decides', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12])]));
    h.start();
    h.act({ type: 'delegate', actor: 11, to: 16 });
    expect(h.allowed(11)).toEqual(['comment']);
    expect(h.allowed(16)).toEqual(['approve', 'comment']);
    h.refuse({ type: 'approve', actor: 11 }, 'flow.taskWaiting');
    h.refuse({ type: 'reject', actor: 16 }, 'flow.notAllowed');
    h.act({ type: 'approve', actor: 16, opinion: '建议同意' });
    expect(h.pending()).toEqual([11]);
    expect(h.effects.notify).toEqual([expect.objectContaining({ kind: 'task', to: [11] })]);
    h.act({ type: 'approve', actor: 11 });
    expect(h.pending()).toEqual([12]);
  });

  it('加签 before: the added signer approves first, then the task returns to its holder', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12])]));
    h.start();
    h.act({ type: 'addSign', actor: 11, position: 'before', users: [17] });
    expect(h.open().map((t) => [t.assignee, t.status])).toEqual([
      [11, 'waiting'],
      [17, 'pending'],
    ]);
    h.act({ type: 'approve', actor: 17 });
    expect(h.pending()).toEqual([11]);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'a')!.status).toBe('active');
    h.act({ type: 'approve', actor: 11 });
    expect(h.pending()).toEqual([12]);
  });

  it('加签 before: a rejection by the added signer rejects', () => {
    const h = new Harness(flow([approve('a', [11])]));
    h.start();
    h.act({ type: 'addSign', actor: 11, position: 'before', users: [17] });
    h.act({ type: 'reject', actor: 17 });
    expect(h.state.status).toBe('rejected');
  });

  it('加签 after: the holder approves now and the node waits for the added signers (even 或签)', () => {
    const h = new Harness(flow([approve('a', [11, 12], { mode: 'any' }), approve('b', [21])]));
    h.start();
    h.act({ type: 'addSign', actor: 11, position: 'after', users: [17, 18] });
    expect(h.state.tasks.find((t) => t.assignee === 11)!.result).toBe('approve');
    expect(h.pending()).toEqual([17, 18]);
    h.act({ type: 'approve', actor: 17 });
    expect(h.pending()).toEqual([18]);
    h.act({ type: 'approve', actor: 18 });
    expect(h.pending()).toEqual([21]);
  });

  it('加签 after in a sequential node: the next in order waits for the added signer', () => {
    const h = new Harness(flow([approve('a', [11, 12], { mode: 'sequential' })]));
    h.start();
    h.act({ type: 'addSign', actor: 11, position: 'after', users: [17] });
    expect(h.pending()).toEqual([17]);
    h.act({ type: 'approve', actor: 17 });
    expect(h.pending()).toEqual([12]);
    h.act({ type: 'approve', actor: 12 });
    expect(h.state.status).toBe('finished');
  });

  it('加签 parallel: the added signer and the holder both must approve', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [21])]));
    h.start();
    h.act({ type: 'addSign', actor: 11, position: 'parallel', users: [17] });
    expect(h.pending()).toEqual([11, 17]);
    h.act({ type: 'approve', actor: 11 });
    expect(h.pending()).toEqual([17]);
    h.act({ type: 'approve', actor: 17 });
    expect(h.pending()).toEqual([21]);
  });

  it('抄送 and 传阅 do not block; read receipts close them, also after the flow ended', () => {
    const h = new Harness(flow([approve('a', [11])]));
    h.start();
    h.act({ type: 'cc', actor: 11, users: [41, 42] });
    h.act({ type: 'cc', actor: 11, users: [43], circulate: true });
    expect(h.state.tasks.filter((t) => t.kind !== 'approve').map((t) => [t.assignee, t.kind])).toEqual([
      [41, 'cc'],
      [42, 'cc'],
      [43, 'read'],
    ]);
    h.act({ type: 'approve', actor: 11 });
    expect(h.state.status).toBe('finished');
    expect(h.allowed(43)).toEqual(['read', 'comment']);
    h.act({ type: 'read', actor: 43 });
    expect(h.state.tasks.find((t) => t.assignee === 43)).toMatchObject({ status: 'done', result: 'read', actedAt: h.now });
    h.refuse({ type: 'read', actor: 43 }, 'flow.alreadyDone');
  });
});
