/**
 * Action scenarios of DESIGN §5 (the others are ./actions.test.ts): withdraw, recall (allowed, then too late), urge,
 * comment, saveDraft, field permissions, sign for receipt.
 */
import { describe, expect, it } from 'vitest';
import { allowedActions, apply, FlowError } from '../../../engine/flow';
import { approve, flow, handle, Harness } from './helpers';

/** 拟稿 → a(11) → b(12) → c(13) → end. */
const chain = (extra = {}) =>
  flow([approve('a', [11]), approve('b', [12]), approve('c', [13], { returnTargets: ['previous', 'initiator', 'anyDone'] })], extra);

describe('withdraw, recall, urge, comment, drafts', () => {
  it('撤回: the initiator withdraws a running instance; holders are told; nobody can act', () => {
    const h = new Harness(flow([approve('a', [11, 12], { mode: 'all', deadline: { workdays: 1 } })]));
    h.start();
    expect(h.state.pendingTimers).toHaveLength(2);
    h.refuse({ type: 'withdraw', actor: 11 }, 'flow.notAllowed');
    h.act({ type: 'withdraw', actor: 1, opinion: '不办了' });
    expect(h.state.status).toBe('withdrawn');
    expect(h.state.pendingTimers).toEqual([]);
    expect(h.effects.timersCleared).toHaveLength(2);
    expect(h.effects.tasksClosed.map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    expect(h.effects.notify).toEqual([{ kind: 'finished', to: [11, 12], result: 'withdrawn' }]);
    expect(h.allowed(11)).toEqual(['comment']);
    h.refuse({ type: 'approve', actor: 11 }, 'flow.notRunning');
    h.refuse({ type: 'withdraw', actor: 1 }, 'flow.notAllowed');
  });

  it('撤回 only until someone else has acted (default untilActed); the initiator’s own step does not count', () => {
    const h = new Harness(flow([approve('own', [1]), approve('a', [11]), approve('b', [12])]));
    h.start();
    h.act({ type: 'approve', actor: 1 });
    expect(h.allowed(1)).toContain('withdraw');
    h.act({ type: 'approve', actor: 11, opinion: '同意' });
    expect(h.allowed(1)).not.toContain('withdraw');
    h.refuse({ type: 'withdraw', actor: 1 }, 'flow.withdrawTooLate');
    // a return to the initiator gives it back: withdrawing the returned draft is allowed again
    h.act({ type: 'return', actor: 12, target: 'initiator' });
    expect(h.allowed(1)).toEqual(['start', 'saveDraft', 'withdraw']);
    // resubmitted, round 2: nobody has acted in this round yet
    h.start();
    expect(h.allowed(1)).toContain('withdraw');
  });

  it('撤回 while running when the definition says withdraw: whileRunning', () => {
    const h = new Harness(flow([approve('a', [11]), approve('b', [12])], { withdraw: 'whileRunning' }));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.allowed(1)).toContain('withdraw');
    h.act({ type: 'withdraw', actor: 1 });
    expect(h.state.status).toBe('withdrawn');
  });

  it('a 会签 return cancels the other signers’ tasks: the log names them and they are told', () => {
    const h = new Harness(flow([approve('a', [11]), approve('sign', [21, 22, 23], { mode: 'all' })]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 21 });
    h.act({ type: 'return', actor: 22, target: 'previous', opinion: '数据有误' });
    const cancelled = h.effects.events.find((e) => e.type === 'cancelled');
    expect(cancelled).toMatchObject({ actor: 22, nodeId: 'sign', detail: { users: [23], reason: 'return' } });
    expect(h.effects.notify).toContainEqual({ kind: 'cancelled', to: [23] });
  });

  it('a 办理 completion is logged with its handleKind', () => {
    const h = new Harness(flow([handle('issue', [11], { handleKind: 'issue' }), handle('done', [12])]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.effects.events.find((e) => e.type === 'approve')).toMatchObject({ nodeId: 'issue', detail: { handleKind: 'issue' } });
    h.act({ type: 'approve', actor: 12 });
    expect(h.effects.events.find((e) => e.type === 'approve')).toMatchObject({ nodeId: 'done', detail: { handleKind: 'other' } });
  });

  it('收回: allowed while the next node has not acted, then too late', () => {
    const h = new Harness(chain());
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.allowed(11)).toContain('recall');
    h.act({ type: 'recall', actor: 11 });
    expect(h.pending()).toEqual([11]);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'b')!.status).toBe('cancelled');
    expect(h.effects.tasksClosed).toEqual([expect.objectContaining({ assignee: 12, status: 'cancelled' })]);
    expect(h.effects.tasksReopened).toEqual([expect.objectContaining({ assignee: 11, status: 'pending' })]);
    // again: approve, b acts → too late
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    expect(h.allowed(11)).not.toContain('recall');
    h.refuse({ type: 'recall', actor: 11 }, 'flow.recallTooLate');
    h.refuse({ type: 'recall', actor: 77 }, 'flow.notAllowed');
    // b can still recall: c has not acted
    h.act({ type: 'recall', actor: 12 });
    expect(h.pending()).toEqual([12]);
  });

  it('收回 within a sequential node: until the next in order acts', () => {
    const h = new Harness(flow([approve('a', [11, 12, 13], { mode: 'sequential' })]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'recall', actor: 11 });
    expect(h.pending()).toEqual([11]);
    expect(h.state.tasks.filter((t) => t.assignee === 12).map((t) => t.status)).toEqual(['cancelled']);
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'approve', actor: 12 });
    expect(h.allowed(11)).not.toContain('recall');
    h.refuse({ type: 'recall', actor: 11 }, 'flow.recallTooLate');
  });

  it('收回 in 或签 reopens the tasks the approval cancelled', () => {
    const h = new Harness(flow([approve('a', [11, 12], { mode: 'any' }), approve('b', [21])]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.pending()).toEqual([21]);
    h.act({ type: 'recall', actor: 11 });
    expect(h.pending()).toEqual([11, 12]);
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'a')).toMatchObject({ status: 'active' });
    expect(h.state.nodeRuns.find((r) => r.nodeId === 'a')!.result).toBeUndefined();
  });

  it('收回 is too late once a service has run after it', () => {
    const h = new Harness(flow([approve('a', [11]), { id: 'num', type: 'service', title: { t: 'x.y', d: '编号' }, action: 'docNumber' }, approve('b', [12])]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(h.effects.service).toEqual([{ key: 'docNumber', nodeId: 'num', runId: expect.any(String) }]);
    h.refuse({ type: 'recall', actor: 11 }, 'flow.recallTooLate');
  });

  it('催办 by the initiator notifies the open holders; strangers cannot', () => {
    const h = new Harness(flow([approve('a', [11, 12], { mode: 'all' })]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    h.act({ type: 'urge', actor: 1, opinion: '请尽快' });
    expect(h.effects.notify).toEqual([expect.objectContaining({ kind: 'urge', to: [12] })]);
    expect(h.effects.events[0]).toMatchObject({ type: 'urge', actor: 1, opinion: '请尽快' });
    h.act({ type: 'urge', actor: 11 });
    h.refuse({ type: 'urge', actor: 77 }, 'flow.notAllowed');
  });

  it('nobody urges themselves: a handler whose own task is the only open work has no 催办, and urging spares them', () => {
    // 11 handled 编号 and now holds 用印 alone (the 文电科 clerk of a 发文); the initiator 1 may still urge them.
    const h = new Harness(flow([approve('num', [11]), approve('seal', [11, 12], { mode: 'all' })]));
    h.start();
    h.act({ type: 'approve', actor: 11 });
    expect(allowedActions(h.def, h.state, 11)).toContain('urge');
    h.act({ type: 'urge', actor: 11 });
    expect(h.effects.notify).toEqual([expect.objectContaining({ kind: 'urge', to: [12] })]);
    h.act({ type: 'approve', actor: 12 });
    expect(allowedActions(h.def, h.state, 11)).not.toContain('urge');
    h.refuse({ type: 'urge', actor: 11 }, 'flow.notAllowed');
    expect(allowedActions(h.def, h.state, 1)).toContain('urge');
  });

  it('催办 by a supervisor (督办 right from the context) who has no part in it; not once the work is done', () => {
    const h = new Harness(flow([approve('a', [11])]), { ctx: { supervises: (u) => u === 90 } });
    h.start();
    expect(allowedActions(h.def, h.state, 90, { supervisor: true })).toEqual(['urge']);
    expect(allowedActions(h.def, h.state, 90)).toEqual([]);
    h.act({ type: 'urge', actor: 90, opinion: '请于今日办结' });
    expect(h.effects.notify).toEqual([expect.objectContaining({ kind: 'urge', to: [11] })]);
    h.refuse({ type: 'urge', actor: 91 }, 'flow.notAllowed');
    h.act({ type: 'approve', actor: 11 });
    h.refuse({ type: 'urge', actor: 90 }, 'flow.notRunning');
  });

  it('comments need text and a participant', () => {
    const h = new Harness(flow([approve('a', [11])]));
    h.start();
    h.act({ type: 'comment', actor: 11, opinion: '已阅' });
    expect(h.effects.events).toEqual([{ at: h.now, actor: 11, type: 'comment', opinion: '已阅' }]);
    h.refuse({ type: 'comment', actor: 11, opinion: '  ' }, 'flow.badInput');
    h.refuse({ type: 'comment', actor: 77, opinion: 'x' }, 'flow.notAllowed');
  });

  it('field permissions: the start node guards the draft, task nodes allow only W fields', () => {
    const def = flow([approve('a', [11], { fieldPermissions: { amount: 'R', remark: 'W' } })]);
    def.nodes[0] = { id: 'start', type: 'start', title: { t: 'x.s', d: '发起' }, fieldPermissions: { status: 'R' } };
    const h = new Harness(def);
    h.refuse({ type: 'saveDraft', actor: 1, data: { status: 'done' } }, 'flow.fieldReadOnly');
    h.refuse({ type: 'saveDraft', actor: 2, data: {} }, 'flow.notAllowed');
    h.start({ amount: 5 });
    h.refuse({ type: 'approve', actor: 11, data: { amount: 9 } }, 'flow.fieldReadOnly');
    h.act({ type: 'saveDraft', actor: 11, data: { remark: 'ok' }, opinion: '草稿' });
    expect(h.state.data).toEqual({ amount: 5, remark: 'ok' });
    expect(h.state.tasks[0].draftOpinion).toBe('草稿');
    h.act({ type: 'approve', actor: 11, opinion: '同意' });
    expect(h.state.tasks[0]).toMatchObject({ opinion: '同意' });
    expect(h.state.tasks[0].draftOpinion).toBeUndefined();
  });

  it('签收 tasks complete by signFor only; handle nodes cannot reject', () => {
    const h = new Harness(flow([handle('recv', [11], { handleKind: 'signfor' }), handle('do', [12], { handleKind: 'seal' })]));
    h.start();
    expect(h.state.tasks[0].kind).toBe('signfor');
    h.refuse({ type: 'approve', actor: 11 }, 'flow.notYourTask');
    h.act({ type: 'signFor', actor: 11 });
    expect(h.state.tasks[1]).toMatchObject({ kind: 'handle', assignee: 12 });
    h.refuse({ type: 'reject', actor: 12 }, 'flow.notYourTask');
    h.act({ type: 'approve', actor: 12 });
    expect(h.state.status).toBe('finished');
  });

  it('refusals: not started, not the holder, unknown task, someone else’s task, bad input', () => {
    const h = new Harness(flow([approve('a', [11])]));
    h.refuse({ type: 'approve', actor: 11 }, 'flow.notRunning');
    h.refuse({ type: 'start', actor: 2 }, 'flow.notAllowed');
    h.start();
    h.refuse({ type: 'start', actor: 1 }, 'flow.notAllowed');
    h.refuse({ type: 'approve', actor: 12 }, 'flow.notYourTask');
    h.refuse({ type: 'approve', actor: 11, taskId: 'nope' }, 'flow.noSuchTask');
    h.refuse({ type: 'approve', actor: 12, taskId: h.state.tasks[0].id }, 'flow.notYourTask');
    h.refuse({ type: 'addSign', actor: 11, position: 'before', users: [] }, 'flow.badInput');
    h.refuse({ type: 'timer', timerId: 'nope' }, 'flow.noSuchTimer');
    expect(() => apply(h.def, h.state, { type: 'approve' } as never, h.ctx())).toThrow(FlowError);
    const e = (() => {
      try {
        apply(h.def, h.state, { type: 'approve', actor: 12 }, h.ctx());
      } catch (x) {
        return x as FlowError;
      }
    })();
    expect(e).toMatchObject({ code: 'notYourTask', key: 'flow.notYourTask', params: {}, message: '这不是您的待办' });
  });
});
