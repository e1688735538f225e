/**
 * The approval state machine (DESIGN §5): `apply(def, state, action, ctx) → {state, effects}`. It never mutates
 * its input; a refused action throws a FlowError (code, i18n key, params). Time, ids, the organisation,
 * expressions, 委托 and the calendar come in through `ctx`, so the server and the browser run the same code.
 * Instance-level actions live here (start, saveDraft, withdraw 撤回, recall 收回, urge 催办, comment, read 传阅,
 * timer); task actions in handlers.ts. Pure TS.
 */
import { isParticipant, mayUrge, recallable, withdrawRefusal } from './actions';
import { completeRun, cancelAll, enterNode, reenter } from './advance';
import { addDuration } from './deadlines';
import { validateFlow } from './definition';
import { FlowError } from './errors';
import { onAddSign, onApprove, onCc, onDelegate, onReject, onReturn, onSaveTaskDraft, onTransfer, pickTask } from './handlers';
import { isDeciding, isOpen, Work } from './runtime';
import type { ApplyResult, FlowAction, FlowContext, FlowDef, FlowState, StartNode, Task, UserId } from './types';

type Act<T extends FlowAction['type']> = Extract<FlowAction, { type: T }>;

/**
 * A new instance in draft (待发) for `initiator`: `{status: 'draft', round: 0, nodeRuns: [], tasks: [], …}`.
 * `defVersion` is the published version the instance pins (DESIGN §4). Pure; ids and time from `ctx`.
 */
export function newInstance(
  def: FlowDef,
  init: { initiator: UserId; data?: Record<string, unknown>; picks?: Record<string, UserId[]>; id?: string; defVersion?: number },
  ctx: Pick<FlowContext, 'now' | 'newId'>,
): FlowState {
  return {
    id: init.id ?? ctx.newId(),
    defId: def.id,
    defVersion: init.defVersion ?? 1,
    status: 'draft',
    initiator: init.initiator,
    data: structuredClone(init.data ?? {}),
    picks: structuredClone(init.picks ?? {}),
    round: 0,
    createdAt: ctx.now,
    nodeRuns: [],
    tasks: [],
    pendingTimers: [],
  };
}

const checked = new WeakSet<FlowDef>();

function checkDefinition(def: FlowDef): void {
  if (checked.has(def)) return;
  const problems = validateFlow(def);
  if (problems.length) throw new FlowError('flow.badDefinition', { what: problems.map((p) => `${p.nodeId || '/'}: ${p.message}`).join('; ') });
  checked.add(def);
}

const TASK_ACTIONS = new Set<FlowAction['type']>(['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'cc', 'signFor']);

/**
 * Apply one action to an instance (DESIGN §5). Returns the new state and the effects: tasks created / closed /
 * reopened, notifications (task, return, urge, cc, finished), timers set and cleared, services to run and
 * flow-log events. Never mutates `state`.
 * @throws FlowError — `flow.notYourTask`, `flow.alreadyDone`, `flow.taskWaiting`, `flow.noSuchTask`,
 * `flow.notAllowed` (not this user's to do now), `flow.notRunning`, `flow.recallTooLate`, `flow.withdrawTooLate`, `flow.badReturnTarget`,
 * `flow.fieldReadOnly`, `flow.badInput`, `flow.noAssignee` (emptyAssignee `error`), `flow.noSuchTimer`,
 * `flow.badDefinition` (the definition fails validateFlow, or a condition cannot be evaluated).
 */
export function apply(def: FlowDef, state: FlowState, action: FlowAction, ctx: FlowContext): ApplyResult {
  if (!action || typeof action !== 'object') throw new FlowError('flow.badInput', { what: 'action' });
  if (action.type !== 'timer' && !Number.isInteger(action.actor)) throw new FlowError('flow.badInput', { what: 'actor' });
  const w = new Work(def, state, ctx, action.type === 'timer' ? null : action.actor);
  if (TASK_ACTIONS.has(action.type) && state.status !== 'running') throw new FlowError('flow.notRunning');
  switch (action.type) {
    case 'start':
      onStart(w, action);
      break;
    case 'saveDraft':
      if (state.status === 'running') onSaveTaskDraft(w, action);
      else onSaveDraft(w, action);
      break;
    case 'approve':
    case 'signFor':
      onApprove(w, action);
      break;
    case 'reject':
      onReject(w, action);
      break;
    case 'return':
      onReturn(w, action);
      break;
    case 'transfer':
      onTransfer(w, action);
      break;
    case 'delegate':
      onDelegate(w, action);
      break;
    case 'addSign':
      onAddSign(w, action);
      break;
    case 'cc':
      onCc(w, action);
      break;
    case 'withdraw':
      onWithdraw(w, action);
      break;
    case 'recall':
      onRecall(w, action);
      break;
    case 'urge':
      onUrge(w, action);
      break;
    case 'comment':
      onComment(w, action);
      break;
    case 'read':
      onRead(w, action);
      break;
    case 'timer':
      onTimer(w, action);
      break;
    default:
      throw new FlowError('flow.badInput', { what: `action ${String((action as { type?: unknown }).type)}` });
  }
  return w.result();
}

/** Whether a value is blank (nothing filled in): undefined, null, '' or []. */
const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The initiator's form data at start / 暂存: a field read-only (R) or hidden (H) on the start node may not change —
 * on a fresh draft (round 0, never submitted) it must stay blank, later it must keep the value the flow gave it.
 * @throws FlowError fieldReadOnly {field}.
 */
function applyDraftData(w: Work, data: Record<string, unknown> | undefined, picks: Record<string, UserId[]> | undefined): void {
  if (data) {
    const perms = (w.def.nodes[0] as StartNode | undefined)?.fieldPermissions ?? {};
    const fresh = w.state.round === 0 && !w.state.returned;
    for (const [k, v] of Object.entries(data)) {
      if (perms[k] !== 'R' && perms[k] !== 'H') continue;
      const same = fresh ? blank(v) : JSON.stringify(v ?? null) === JSON.stringify(w.state.data[k] ?? null);
      if (!same) throw new FlowError('flow.fieldReadOnly', { field: k });
    }
    Object.assign(w.state.data, structuredClone(data));
  }
  if (picks) {
    for (const [k, v] of Object.entries(picks)) {
      if (!Array.isArray(v) || !v.every((u) => Number.isInteger(u) && u > 0)) throw new FlowError('flow.badInput', { what: `picks.${k}` });
      w.state.picks[k] = [...new Set(v)];
    }
  }
}

/** 提交 / 重新提交: a draft starts (round + 1); after a 退回 to the initiator, resubmission restarts or jumps back. */
function onStart(w: Work, action: Act<'start'>): void {
  if (w.state.status !== 'draft' || action.actor !== w.state.initiator) throw new FlowError('flow.notAllowed', { action: 'start' });
  checkDefinition(w.def);
  applyDraftData(w, action.data, action.picks);
  const s = w.state;
  const returned = s.returned;
  delete s.returned;
  s.status = 'running';
  s.round += 1;
  s.startedAt ??= w.now;
  delete s.endedAt;
  w.event(s.round > 1 ? 'resubmit' : 'start', { opinion: action.opinion, ...(returned ? { detail: { resubmit: returned.resubmit } } : {}) });
  const startNode = w.def.nodes[0];
  if (returned?.resubmit === 'returner') {
    w.closeRun(w.newRun(startNode, undefined), 'done');
    w.notifyKind = 'task';
    reenter(w, returned.nodeId, undefined);
  } else enterNode(w, startNode);
}

function onSaveDraft(w: Work, action: Act<'saveDraft'>): void {
  if (w.state.status !== 'draft' || action.actor !== w.state.initiator) throw new FlowError('flow.notAllowed', { action: 'saveDraft' });
  applyDraftData(w, action.data, action.picks);
  w.event('saveDraft', {});
}

/**
 * 撤回: the initiator takes back a running instance (or one returned to them) while `withdrawRefusal` allows it;
 * everything open is cancelled.
 */
function onWithdraw(w: Work, action: Act<'withdraw'>): void {
  const s = w.state;
  const refusal = withdrawRefusal(w.def, s, action.actor);
  if (refusal) throw new FlowError(refusal, { action: 'withdraw' });
  const holders = s.tasks.filter((t) => isOpen(t) && isDeciding(t)).map((t) => t.assignee);
  cancelAll(w);
  s.status = 'withdrawn';
  s.endedAt = w.now;
  delete s.returned;
  w.clearTimers(() => true);
  w.event('withdraw', { opinion: action.opinion });
  w.notify('finished', holders, { result: 'withdrawn' });
}

function reopenTask(w: Work, t: Task): void {
  t.status = 'pending';
  delete t.closedBy;
  delete t.result;
  delete t.actedAt;
  delete t.opinion;
  if (t.deadline !== undefined && t.deadline > w.now) w.setTimer('deadline', t.deadline, { taskId: t.id });
  w.effects.tasksReopened.push(t);
}

/**
 * 收回: the previous handler takes back their approval while nothing after it has been acted on (see
 * `recallable`): what it created is cancelled, what it closed is reopened, and their task is pending again.
 */
function onRecall(w: Work, action: Act<'recall'>): void {
  const r = recallable(w.ix, w.state, action.actor);
  if (!r.task) throw new FlowError(r.error, { action: 'recall' });
  const t = r.task;
  for (const run of w.state.nodeRuns) {
    if (run.cause !== t.id) continue;
    if (run.status === 'active') {
      w.closeRun(run, 'cancelled');
      for (const x of w.tasksOf(run)) if (isOpen(x) && isDeciding(x)) w.closeTask(x, 'cancelled');
    } else if (run.status === 'done' && run.type !== 'cc') run.status = 'cancelled';
  }
  for (const x of w.state.tasks) if (x.cause === t.id && isDeciding(x) && x.status === 'pending') w.closeTask(x, 'cancelled');
  for (const run of w.state.nodeRuns) {
    if (run.closedBy === t.id && run.cause !== t.id) {
      run.status = 'active';
      delete run.endedAt;
      delete run.result;
      delete run.closedBy;
    }
    for (const lane of run.lanes ?? []) {
      if (lane.closedBy === t.id) {
        lane.status = 'active';
        delete lane.closedBy;
      }
    }
  }
  for (const x of w.state.tasks) if (x.closedBy === t.id && x.cause !== t.id && x.status === 'cancelled') reopenTask(w, x);
  reopenTask(w, t);
  w.event('recall', { nodeId: t.nodeId, taskId: t.id, opinion: action.opinion });
}

/** 催办: notify the holders of open tasks (or of `taskId`), never the actor's own. */
function onUrge(w: Work, action: Act<'urge'>): void {
  if (w.state.status !== 'running') throw new FlowError('flow.notRunning');
  if (!mayUrge(w.state, action.actor, w.ctx.supervises?.(action.actor) === true)) throw new FlowError('flow.notAllowed', { action: 'urge' });
  const open = w.state.tasks.filter(
    (t) => isDeciding(t) && t.status === 'pending' && t.assignee !== action.actor && (action.taskId === undefined || t.id === action.taskId),
  );
  if (!open.length) throw new FlowError(action.taskId === undefined ? 'flow.notAllowed' : 'flow.noSuchTask', { action: 'urge' });
  for (const t of open) w.notify('urge', [t.assignee], { taskId: t.id });
  w.event('urge', { opinion: action.opinion, detail: { tasks: open.map((t) => t.id) } });
}

/** A comment in the flow log by a participant. */
function onComment(w: Work, action: Act<'comment'>): void {
  if (typeof action.opinion !== 'string' || !action.opinion.trim()) throw new FlowError('flow.badInput', { what: 'opinion' });
  if (w.state.status === 'draft' || !isParticipant(w.state, action.actor)) throw new FlowError('flow.notAllowed', { action: 'comment' });
  w.event('comment', { opinion: action.opinion, ...(action.taskId ? { taskId: action.taskId } : {}) });
}

/** 已阅: the read receipt of a cc / 传阅 task. */
function onRead(w: Work, action: Act<'read'>): void {
  const task = pickTask(w, action, ['cc', 'read']);
  w.closeTask(task, 'done', 'read');
  w.event('read', { nodeId: task.nodeId, taskId: task.id });
}

/**
 * A timer fires: a deadline marks its task overdue and urges the holder automatically (again every
 * `def.urgeEvery` when set); a delay node elapses and the flow goes on. Stale timers (task done meanwhile) just go.
 */
function onTimer(w: Work, action: Act<'timer'>): void {
  const timer = w.state.pendingTimers.find((t) => t.id === action.timerId);
  if (!timer) throw new FlowError('flow.noSuchTimer', { timer: action.timerId });
  w.clearTimers((t) => t.id === timer.id);
  if (w.state.status !== 'running') return;
  if (timer.kind === 'delay') {
    const run = w.state.nodeRuns.find((r) => r.id === timer.runId);
    if (run?.status === 'active') {
      w.event('delayElapsed', { nodeId: run.nodeId }, null);
      completeRun(w, run, 'elapsed');
    }
    return;
  }
  const task = w.state.tasks.find((t) => t.id === timer.taskId);
  if (!task || !isOpen(task)) return;
  task.overdue = true;
  w.notify('urge', [task.assignee], { taskId: task.id });
  w.event(timer.kind === 'deadline' ? 'overdue' : 'autoUrge', { nodeId: task.nodeId, taskId: task.id }, null);
  if (w.def.urgeEvery) w.setTimer('urge', addDuration(w.now, w.def.urgeEvery, w.ctx), { taskId: task.id });
}
