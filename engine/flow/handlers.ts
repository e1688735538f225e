/**
 * The task actions of `apply` (DESIGN §5): approve, reject, signFor (签收), return (退回), transfer (转办),
 * delegate (委派), addSign (加签 before / after / parallel), cc (抄送 / 传阅), and the task half of saveDraft.
 * Each handler checks the actor's task and the node's allowed actions, then changes the working copy.
 * Internal to engine/flow; pure TS.
 */
import { returnTargets, taskActions } from './actions';
import { decide, reenter, cancelAll } from './advance';
import { FlowError } from './errors';
import { isDeciding, isOpen, type Work } from './runtime';
import type { FlowAction, Task, TaskKind, TaskNode, UserId } from './types';

type Act<T extends FlowAction['type']> = Extract<FlowAction, { type: T }>;
type TaskAct = Exclude<FlowAction, { type: 'timer' }>;

/**
 * The actor's task for an action: `action.taskId`, else their first pending task of one of `kinds`.
 * @throws FlowError noSuchTask, notYourTask, alreadyDone, taskWaiting, notAllowed (the task's state or node
 * does not allow `action.type`).
 */
export function pickTask(w: Work, action: TaskAct, kinds: readonly TaskKind[]): Task {
  let task: Task | undefined;
  if (action.taskId !== undefined) {
    task = w.state.tasks.find((t) => t.id === action.taskId);
    if (!task) throw new FlowError('flow.noSuchTask');
    if (task.assignee !== action.actor) throw new FlowError('flow.notYourTask');
  } else {
    const mine = w.state.tasks.filter((t) => t.assignee === action.actor && kinds.includes(t.kind));
    task = mine.find((t) => t.status === 'pending') ?? mine.find((t) => t.status === 'waiting' || t.status === 'delegated') ?? mine[mine.length - 1];
    if (!task) throw new FlowError('flow.notYourTask');
  }
  if (task.status === 'waiting' || task.status === 'delegated') throw new FlowError('flow.taskWaiting');
  if (task.status !== 'pending') throw new FlowError('flow.alreadyDone');
  if (!kinds.includes(task.kind) || !taskActions(w.ix, w.state, task).includes(action.type)) throw new FlowError('flow.notAllowed', { action: action.type });
  return task;
}

const DECIDING: readonly TaskKind[] = ['approve', 'handle', 'signfor'];

/** Apply form edits of a task: only fields writable (W) on its node. @throws FlowError fieldReadOnly. */
export function applyTaskData(w: Work, task: Task, data: Record<string, unknown> | undefined): void {
  if (!data) return;
  const perms = (w.node(task.nodeId) as TaskNode).fieldPermissions ?? {};
  for (const k of Object.keys(data)) if (perms[k] !== 'W') throw new FlowError('flow.fieldReadOnly', { field: k });
  Object.assign(w.state.data, data);
}

function markDone(w: Work, task: Task, result: Task['result'], opinion: string | undefined): void {
  w.closeTask(task, 'done', result);
  if (opinion !== undefined) task.opinion = opinion;
  delete task.draftOpinion;
}

/** 同意 / 办理完成 / 签收, or the 委派 delegate's reply. */
export function onApprove(w: Work, action: Act<'approve'> | Act<'signFor'>): void {
  const task = pickTask(w, action, action.type === 'signFor' ? ['signfor'] : ['approve', 'handle']);
  applyTaskData(w, task, action.data);
  w.cause = task.id;
  markDone(w, task, action.type === 'signFor' ? 'signed' : 'approve', action.opinion);
  // A 办理 step's completion is logged as what it was (签发, 编号, 用印…): the node's handleKind.
  const node = w.node(task.nodeId) as TaskNode;
  const detail = {
    ...(node.type === 'handle' && action.type === 'approve' ? { handleKind: node.handleKind ?? 'other' } : {}),
    ...(task.onBehalfOf ? { onBehalfOf: task.onBehalfOf } : {}),
  };
  w.event(action.type, { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, ...(Object.keys(detail).length ? { detail } : {}) });
  if (task.delegatedFrom) {
    // 委派: the delegate has answered; the task goes back to the delegator
    const back = w.state.tasks.find((t) => t.id === task.delegatedFrom);
    if (back && back.status === 'delegated') {
      back.status = 'pending';
      w.notify('task', [back.assignee], { taskId: back.id });
    }
    return;
  }
  decide(w, w.run(task.nodeRunId));
}

/** 驳回: a reject fails the node per its mode (票签 counts it), which rejects the instance. */
export function onReject(w: Work, action: Act<'reject'>): void {
  const task = pickTask(w, action, ['approve']);
  applyTaskData(w, task, action.data);
  w.cause = task.id;
  markDone(w, task, 'reject', action.opinion);
  w.event('reject', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion });
  decide(w, w.run(task.nodeRunId));
}

/**
 * 退回 to `previous`, `initiator` or a done node's id (one of returnTargets). To the initiator: the instance
 * goes back to draft with `returned` (resubmission restarts or jumps back, per `resubmit`). To a node: it is
 * re-entered; with resubmit `returner` its completion jumps straight back to the returning node.
 * @throws FlowError badReturnTarget.
 */
export function onReturn(w: Work, action: Act<'return'>): void {
  const task = pickTask(w, action, DECIDING);
  const targets = returnTargets(w.ix, w.state, task);
  const found =
    action.target === 'previous'
      ? (targets.find((t) => t.previous) ?? targets.find((t) => t.target === 'initiator'))
      : targets.find((t) => t.target === action.target);
  if (!found) throw new FlowError('flow.badReturnTarget', { target: action.target });
  applyTaskData(w, task, action.data);
  w.cause = task.id;
  const openBefore = new Set(w.state.tasks.filter((t) => t !== task && isDeciding(t) && isOpen(t)).map((t) => t.id));
  const run = w.run(task.nodeRunId);
  const resubmit = action.resubmit ?? w.def.resubmit ?? 'restart';
  markDone(w, task, 'return', action.opinion);
  w.event('return', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, detail: { target: found.target, resubmit } });
  for (const t of w.tasksOf(run))
    if (t !== task && isDeciding(t) && (t.status === 'pending' || t.status === 'waiting' || t.status === 'delegated')) w.closeTask(t, 'cancelled');
  w.closeRun(run, 'done', 'returned');
  if (found.target === 'initiator') {
    cancelAll(w);
    w.state.status = 'draft';
    w.state.returned = { by: action.actor, nodeId: task.nodeId, at: w.now, resubmit };
    w.clearTimers(() => true);
    w.notify('return', [w.state.initiator]);
  } else {
    w.notifyKind = 'return';
    reenter(w, found.target, run, resubmit === 'returner' ? { jumpTo: task.nodeId } : {});
  }
  tellCancelled(w, task, openBefore);
}

/**
 * After a 退回: the other handlers whose pending work it cancelled (the other signers of a 会签, open lanes) are
 * named in one flow-log entry `cancelled` {users, tasks, reason: 'return'} and told (notify `cancelled`).
 */
function tellCancelled(w: Work, by: Task, openBefore: Set<string>): void {
  const gone = w.state.tasks.filter((t) => openBefore.has(t.id) && t.status === 'cancelled' && t.assignee !== by.assignee);
  if (!gone.length) return;
  const users = [...new Set(gone.map((t) => t.assignee))];
  w.event('cancelled', { nodeId: by.nodeId, taskId: by.id, detail: { users, tasks: gone.map((t) => t.id), reason: 'return' } });
  w.notify('cancelled', users);
}

function checkUsers(w: Work, task: Task, users: unknown): UserId[] {
  if (!Array.isArray(users) || !users.length || !users.every((u) => Number.isInteger(u) && (u as number) > 0))
    throw new FlowError('flow.badInput', { what: 'users' });
  const busy = new Set(
    w
      .tasksOf(w.run(task.nodeRunId))
      .filter((t) => isDeciding(t) && (t.status === 'pending' || t.status === 'waiting' || t.status === 'delegated'))
      .map((t) => t.assignee),
  );
  for (const u of users as UserId[])
    if (u === task.assignee || busy.has(u)) throw new FlowError('flow.badInput', { what: `user ${u} already handles this node` });
  return mustBeCleared(w, [...new Set(users as UserId[])]);
}

/** `users` when each one's clearance covers the instance (ctx.cleared, DESIGN §7). @throws FlowError notCleared {user: id}. */
function mustBeCleared(w: Work, users: UserId[]): UserId[] {
  for (const u of users) if (w.ctx.cleared && !w.ctx.cleared(u, w.state)) throw new FlowError('flow.notCleared', { user: u });
  return users;
}

/** 转办: the task passes to another user for good (same node, same place in a sequence). */
export function onTransfer(w: Work, action: Act<'transfer'>): void {
  const task = pickTask(w, action, DECIDING);
  const [to] = checkUsers(w, task, [action.to]);
  w.cause = task.id;
  w.closeTask(task, 'transferred');
  if (action.opinion !== undefined) task.opinion = action.opinion;
  const run = w.run(task.nodeRunId);
  const t = w.createTask(run, task.kind, to, {
    transferredFrom: task.id,
    ...(task.seq !== undefined ? { seq: task.seq } : {}),
    ...(task.addSign ? { addSign: task.addSign } : {}),
    ...(task.delegatedFrom ? { delegatedFrom: task.delegatedFrom } : {}),
  });
  if (run.assignees && task.seq !== undefined && !task.addSign && run.assignees[task.seq] === (task.onBehalfOf ?? task.assignee)) run.assignees[task.seq] = to;
  w.event('transfer', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, detail: { to: t.assignee } });
}

/** 委派: the delegate answers (approve with an opinion), then the task comes back to the delegator. */
export function onDelegate(w: Work, action: Act<'delegate'>): void {
  const task = pickTask(w, action, DECIDING);
  const [to] = checkUsers(w, task, [action.to]);
  w.cause = task.id;
  task.status = 'delegated';
  const t = w.createTask(w.run(task.nodeRunId), task.kind, to, { delegatedFrom: task.id });
  w.event('delegate', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, detail: { to: t.assignee } });
}

/**
 * 加签: `before` — the added users approve first, the task waits and then comes back; `after` — the actor
 * approves now and the node also waits for the added users; `parallel` — the added users handle it alongside.
 */
export function onAddSign(w: Work, action: Act<'addSign'>): void {
  const task = pickTask(w, action, DECIDING);
  if (!['before', 'after', 'parallel'].includes(action.position)) throw new FlowError('flow.badInput', { what: 'position' });
  const users = checkUsers(w, task, action.users);
  w.cause = task.id;
  const run = w.run(task.nodeRunId);
  if (action.position === 'before') task.status = 'waiting';
  if (action.position === 'after') markDone(w, task, task.kind === 'signfor' ? 'signed' : 'approve', action.opinion);
  for (const u of users) w.createTask(run, task.kind, u, { addSign: { position: action.position, by: task.id } });
  w.event('addSign', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, detail: { position: action.position, users } });
  if (action.position === 'after') decide(w, run);
}

/** 抄送 (or 传阅 with `circulate`) to users, from the actor's task; never blocks the flow. */
export function onCc(w: Work, action: Act<'cc'>): void {
  const task = pickTask(w, action, DECIDING);
  if (!Array.isArray(action.users) || !action.users.length || !action.users.every((u) => Number.isInteger(u) && u > 0))
    throw new FlowError('flow.badInput', { what: 'users' });
  const run = w.run(task.nodeRunId);
  const users = mustBeCleared(w, [...new Set(action.users)]);
  for (const u of users) w.createTask(run, action.circulate ? 'read' : 'cc', u);
  w.event('cc', { nodeId: task.nodeId, taskId: task.id, opinion: action.opinion, detail: { users, circulate: action.circulate === true } });
}

/** saveDraft on a task: keeps the opinion unsent and applies writable field edits. */
export function onSaveTaskDraft(w: Work, action: Act<'saveDraft'>): void {
  const task = pickTask(w, action, DECIDING);
  applyTaskData(w, task, action.data);
  if (action.opinion !== undefined) task.draftOpinion = action.opinion;
  w.event('saveDraft', { nodeId: task.nodeId, taskId: task.id });
}
