/**
 * Who may do what now (DESIGN §5): `allowedActions` is the action bar the server offers a user, and the
 * same rules `apply` enforces — the actions a task allows, the 退回 targets of a task, the 收回 (recall)
 * check. Pure TS.
 */
import { indexFlow, isTaskNode, nodeActions, predecessors, DEFAULT_RETURN_TARGETS, type FlowIndex } from './definition';
import type { FlowErrorKey } from './errors';
import { isDeciding, isOpen } from './runtime';
import type { ActionName, FlowDef, FlowState, NodeRun, Task, TaskNode, UserId } from './types';

/** Canonical order of actions in an action bar. */
export const ACTION_ORDER: readonly ActionName[] = [
  'start',
  'saveDraft',
  'approve',
  'signFor',
  'reject',
  'return',
  'transfer',
  'delegate',
  'addSign',
  'cc',
  'read',
  'recall',
  'withdraw',
  'urge',
  'comment',
];

/** A 退回 target: `initiator`, or a done node before the task's node (`previous` marks the latest of them). */
export interface ReturnTarget {
  target: 'initiator' | string;
  previous?: boolean;
}

/**
 * Where a task may return to (DESIGN §5): per its node's `returnTargets` (default previous + initiator) —
 * `previous`: the latest approved approve/handle run before it in tree order in this round (else the initiator);
 * `initiator`; `anyDone`: every approved node before it. Empty for tasks that cannot return.
 */
export function returnTargets(ix: FlowIndex, state: FlowState, task: Task): ReturnTarget[] {
  const node = ix.nodes.get(task.nodeId)?.node;
  if (!node || !isTaskNode(node)) return [];
  const kinds = node.returnTargets ?? DEFAULT_RETURN_TARGETS;
  const before = predecessors(ix, node.id);
  const done = state.nodeRuns.filter(
    (r) => r.round === state.round && r.status === 'done' && r.result === 'approved' && (r.type === 'approve' || r.type === 'handle') && before.has(r.nodeId),
  );
  const out: ReturnTarget[] = [];
  const prev = done[done.length - 1];
  if (kinds.includes('previous') && prev) out.push({ target: prev.nodeId, previous: true });
  if (kinds.includes('anyDone')) for (const r of [...done].reverse()) if (!out.some((o) => o.target === r.nodeId)) out.push({ target: r.nodeId });
  if (kinds.includes('initiator') || (kinds.includes('previous') && !prev)) out.push({ target: 'initiator' });
  return out;
}

/** The actions a user's task allows now (its node's actions, narrowed by the task's state and kind). */
export function taskActions(ix: FlowIndex, state: FlowState, task: Task): ActionName[] {
  if (task.status !== 'pending') return [];
  if (task.kind === 'cc' || task.kind === 'read') return ['read', 'comment'];
  if (state.status !== 'running') return [];
  if (task.delegatedFrom) return ['approve', 'comment'];
  const node = ix.nodes.get(task.nodeId)?.node;
  if (!node || !isTaskNode(node)) return [];
  return nodeActions(node).filter((a) => {
    switch (a) {
      case 'recall':
        return false;
      case 'approve':
        return task.kind !== 'signfor';
      case 'signFor':
        return task.kind === 'signfor';
      case 'reject':
        return task.kind === 'approve';
      case 'return':
        return returnTargets(ix, state, task).length > 0;
      default:
        return true;
    }
  });
}

/**
 * The task a user could 收回 (recall): their latest approved/signed task of this round, if nothing caused by it
 * has been acted on — every task it created still pending and untouched, no delay elapsed nor service run
 * since, and its node not closed by someone else. DESIGN §5: "recall by the previous handler while the next
 * has not acted". Answers `{task}` or `{error}` (`flow.notAllowed`, `flow.recallTooLate`, `flow.notRunning`).
 */
export function recallable(ix: FlowIndex, state: FlowState, user: UserId): { task: Task; error?: undefined } | { task?: undefined; error: FlowErrorKey } {
  if (state.status !== 'running') return { error: 'flow.notRunning' };
  const runsById = new Map(state.nodeRuns.map((r) => [r.id, r] as const));
  const mine = state.tasks.filter(
    (t) =>
      t.assignee === user &&
      t.status === 'done' &&
      (t.result === 'approve' || t.result === 'signed') &&
      isDeciding(t) &&
      !t.delegatedFrom &&
      runsById.get(t.nodeRunId)?.round === state.round,
  );
  const task = mine.sort((a, b) => (a.actedAt ?? 0) - (b.actedAt ?? 0)).pop();
  if (!task) return { error: 'flow.notAllowed' };
  const node = ix.nodes.get(task.nodeId)?.node as TaskNode | undefined;
  if (!node || !nodeActions(node).includes('recall')) return { error: 'flow.notAllowed' };
  const run = runsById.get(task.nodeRunId) as NodeRun;
  if (run.status === 'cancelled' || run.status === 'skipped') return { error: 'flow.recallTooLate' };
  if (run.status === 'done' && run.closedBy !== task.id) return { error: 'flow.recallTooLate' };
  for (const t of state.tasks) {
    if (t.cause !== task.id || !isDeciding(t)) continue;
    if (t.status !== 'pending' || t.actedAt !== undefined) return { error: 'flow.recallTooLate' };
  }
  for (const r of state.nodeRuns) {
    if (r.cause !== task.id) continue;
    // a service has run (its effects cannot be undone); a run closed later by someone or something else
    if (r.type === 'service' || (r.status !== 'active' && r.closedBy !== task.id)) return { error: 'flow.recallTooLate' };
  }
  return { task };
}

/** Task states that only an action of the task's holder leads to (前加签 holds the adder's own task `waiting`). */
const ACTED_STATUSES: readonly Task['status'][] = ['done', 'transferred', 'delegated', 'waiting'];

/**
 * Whether the initiator may 撤回 (withdraw) the instance now (DESIGN §5), like 收回 for an approver: a draft
 * that came back by a 退回 always; a running instance while nobody but the initiator has acted on a task of
 * this round (the definition's `withdraw: "untilActed"`, the default), or at any time while it runs with
 * `withdraw: "whileRunning"`. Answers undefined when allowed, else `flow.notAllowed` (not the initiator, not
 * running) or `flow.withdrawTooLate`.
 */
export function withdrawRefusal(def: FlowDef, state: FlowState, user: UserId): FlowErrorKey | undefined {
  if (user !== state.initiator) return 'flow.notAllowed';
  if (state.status === 'draft') return state.returned ? undefined : 'flow.notAllowed';
  if (state.status !== 'running') return 'flow.notAllowed';
  if (def.withdraw === 'whileRunning') return undefined;
  const rounds = new Map(state.nodeRuns.map((r) => [r.id, r.round] as const));
  const acted = state.tasks.some(
    (t) =>
      isDeciding(t) &&
      t.assignee !== state.initiator &&
      rounds.get(t.nodeRunId) === state.round &&
      (t.actedAt !== undefined || ACTED_STATUSES.includes(t.status)),
  );
  return acted ? 'flow.withdrawTooLate' : undefined;
}

/** Whether the user is part of the instance (initiator or holder of any task). */
export function isParticipant(state: FlowState, user: UserId): boolean {
  return state.initiator === user || state.tasks.some((t) => t.assignee === user);
}

/** Whether there is open deciding work to urge (催办); with `except`, work held by someone other than that user. */
export function hasOpenWork(state: FlowState, except?: UserId): boolean {
  return state.tasks.some((t) => isDeciding(t) && isOpen(t) && t.assignee !== except);
}

/**
 * Whether the user may urge (催办) while deciding work of someone else is open (nobody urges themselves: a handler
 * whose own task is the only open work gets no 催办): the initiator, someone who already handled a task of it, or a
 * supervisor (`supervisor`, the 督办 right the server grants by permission code).
 */
export function mayUrge(state: FlowState, user: UserId, supervisor = false): boolean {
  return (
    state.status === 'running' &&
    hasOpenWork(state, user) &&
    (supervisor || state.initiator === user || state.tasks.some((t) => t.assignee === user && t.status === 'done' && isDeciding(t)))
  );
}

/**
 * Exactly what `userId` may do on the instance now (DESIGN §5), in ACTION_ORDER — the action bar:
 * - draft: the initiator starts or saves it (and withdraws it when it came back by a 退回);
 * - running: the actions of each pending task of theirs (node `actions`, narrowed by task kind and state),
 *   recall when something of theirs is recallable, withdraw for the initiator (see `withdrawRefusal`), urge for the initiator,
 *   earlier handlers and supervisors (`opts.supervisor`) while work is open, comment for every participant;
 * - ended: read for pending cc / 传阅 tasks, comment for participants.
 * Never throws; unknown users get [].
 */
export function allowedActions(def: FlowDef, state: FlowState, userId: UserId, opts: { supervisor?: boolean } = {}): ActionName[] {
  const ix = indexFlow(def);
  const set = new Set<ActionName>();
  if (state.status === 'draft') {
    if (userId === state.initiator) {
      set.add('start').add('saveDraft');
      if (!withdrawRefusal(def, state, userId)) set.add('withdraw');
    }
  } else {
    for (const t of state.tasks) if (t.assignee === userId) for (const a of taskActions(ix, state, t)) set.add(a);
    if (state.status === 'running') {
      if (recallable(ix, state, userId).task) set.add('recall');
      if (!withdrawRefusal(def, state, userId)) set.add('withdraw');
      if (mayUrge(state, userId, opts.supervisor === true)) set.add('urge');
    }
    if (isParticipant(state, userId)) set.add('comment');
  }
  return ACTION_ORDER.filter((a) => set.has(a));
}
