/**
 * The working copy of one `apply` (internal to engine/flow): a deep copy of the state that the action mutates,
 * the effects collected on the way, and the bookkeeping every change shares — new runs and tasks (with 委托
 * and deadlines), closing them, timers, notifications and flow-log events. `cause` is the task whose action is
 * being applied: what it creates and closes is stamped with it, so that 收回 (recall) can undo exactly that.
 * Pure TS.
 */
import { addDuration } from './deadlines';
import { indexFlow, type FlowIndex } from './definition';
import { FlowError } from './errors';
import type {
  Effects,
  FlowContext,
  FlowDef,
  FlowEvent,
  FlowNode,
  FlowState,
  NodeRun,
  NotifyKind,
  Task,
  TaskKind,
  TaskStatus,
  TimerKind,
  TaskNode,
  UserId,
} from './types';

/** Open task states: still waiting for someone. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['pending', 'waiting', 'delegated'];
/** Kinds of tasks that decide a node (cc and read tasks never block). */
export const DECIDING_KINDS: readonly TaskKind[] = ['approve', 'handle', 'signfor'];

export const isOpen = (t: Task) => OPEN_STATUSES.includes(t.status);
export const isDeciding = (t: Task) => DECIDING_KINDS.includes(t.kind);

/** Empty effects. */
export function emptyEffects(): Effects {
  return { tasksCreated: [], tasksClosed: [], tasksReopened: [], notify: [], timers: [], timersCleared: [], service: [], events: [] };
}

/** The container run and lane a new run goes in. */
export interface Parent {
  runId: string;
  branchId: string;
}

export class Work {
  readonly ix: FlowIndex;
  readonly state: FlowState;
  readonly effects: Effects = emptyEffects();
  /** Task whose action is being applied. */
  cause: string | undefined;
  /** Notification kind of tasks created now (`return` while re-entering after a 退回). */
  notifyKind: NotifyKind = 'task';

  constructor(
    readonly def: FlowDef,
    state: FlowState,
    readonly ctx: FlowContext,
    readonly actor: UserId | null,
  ) {
    this.ix = indexFlow(def);
    this.state = structuredClone(state);
  }

  get now(): number {
    return this.ctx.now;
  }

  node(nodeId: string): FlowNode {
    const loc = this.ix.nodes.get(nodeId);
    if (!loc) throw new FlowError('flow.badDefinition', { what: `no node "${nodeId}" (the definition changed under a running instance?)` });
    return loc.node;
  }

  taskNode(nodeId: string): TaskNode {
    return this.node(nodeId) as TaskNode;
  }

  run(runId: string): NodeRun {
    const r = this.state.nodeRuns.find((x) => x.id === runId);
    if (!r) throw new FlowError('flow.badInput', { what: `node run ${runId}` });
    return r;
  }

  tasksOf(run: NodeRun): Task[] {
    return this.state.tasks.filter((t) => t.nodeRunId === run.id);
  }

  event(type: string, fields: Omit<FlowEvent, 'at' | 'actor' | 'type'> = {}, actor: UserId | null = this.actor): void {
    this.effects.events.push({ at: this.now, actor, type, ...fields });
  }

  notify(kind: NotifyKind, to: UserId[], extra: { taskId?: string; result?: 'finished' | 'rejected' | 'withdrawn' } = {}): void {
    if (to.length) this.effects.notify.push({ kind, to: [...new Set(to)], ...extra });
  }

  newRun(node: FlowNode, parent: Parent | undefined, extra: Partial<NodeRun> = {}): NodeRun {
    const run: NodeRun = {
      id: this.ctx.newId(),
      nodeId: node.id,
      type: node.type,
      status: 'active',
      ...(parent ? { parentRunId: parent.runId, branchId: parent.branchId } : {}),
      round: this.state.round,
      startedAt: this.now,
      ...(this.cause ? { cause: this.cause } : {}),
      ...extra,
    };
    this.state.nodeRuns.push(run);
    return run;
  }

  /** Close a run (done / skipped / cancelled) and clear its timers. */
  closeRun(run: NodeRun, status: NodeRun['status'], result?: NodeRun['result']): void {
    run.status = status;
    run.endedAt = this.now;
    if (result) run.result = result;
    if (this.cause) run.closedBy = this.cause;
    this.clearTimers((t) => t.runId === run.id);
  }

  /**
   * Create a task of `run` for `assignee`; 委托 (ctx.delegateOf at now) hands it to the delegate with
   * `onBehalfOf`; a node deadline sets `deadline` and a deadline timer; the assignee is notified.
   */
  createTask(run: NodeRun, kind: TaskKind, assignee: UserId, extra: Partial<Task> = {}, notify: NotifyKind | null = this.notifyKind): Task {
    // A delegate not cleared for the instance (ctx.cleared, DESIGN §7) does not take it over.
    let proxy = this.ctx.delegateOf?.(assignee, this.now) ?? null;
    if (proxy !== null && this.ctx.cleared && !this.ctx.cleared(proxy, this.state)) proxy = null;
    const task: Task = {
      id: this.ctx.newId(),
      nodeRunId: run.id,
      nodeId: run.nodeId,
      kind,
      assignee: proxy !== null && proxy !== assignee ? proxy : assignee,
      ...(proxy !== null && proxy !== assignee ? { onBehalfOf: assignee } : {}),
      status: 'pending',
      createdAt: this.now,
      ...(this.cause ? { cause: this.cause } : {}),
      ...extra,
    };
    const node = this.node(run.nodeId);
    if ((node.type === 'approve' || node.type === 'handle') && node.deadline && isDeciding(task)) {
      task.deadline = addDuration(this.now, node.deadline, this.ctx);
      this.setTimer('deadline', task.deadline, { taskId: task.id });
    }
    this.state.tasks.push(task);
    this.effects.tasksCreated.push(task);
    if (notify) this.notify(kind === 'cc' || kind === 'read' ? 'cc' : notify, [task.assignee], { taskId: task.id });
    return task;
  }

  /** Move a task to a closed state (done, cancelled, transferred) and clear its timers. */
  closeTask(task: Task, status: TaskStatus, result?: Task['result']): void {
    task.status = status;
    if (result) task.result = result;
    if (status === 'done') task.actedAt = this.now;
    if (this.cause && this.cause !== task.id && status === 'cancelled') task.closedBy = this.cause;
    this.clearTimers((t) => t.taskId === task.id);
    if (!this.effects.tasksClosed.includes(task)) this.effects.tasksClosed.push(task);
  }

  setTimer(kind: TimerKind, at: number, ref: { taskId?: string; runId?: string }): void {
    const timer = { id: this.ctx.newId(), at, kind, ...ref };
    this.state.pendingTimers.push(timer);
    this.effects.timers.push(timer);
  }

  clearTimers(pred: (t: FlowState['pendingTimers'][number]) => boolean): void {
    const keep: FlowState['pendingTimers'] = [];
    for (const t of this.state.pendingTimers) {
      if (pred(t)) this.effects.timersCleared.push(t.id);
      else keep.push(t);
    }
    this.state.pendingTimers = keep;
  }

  /** The result: the new state and the effects (detached from it). */
  result(): { state: FlowState; effects: Effects } {
    const e = this.effects;
    const set = new Set(e.timers.map((t) => t.id));
    const cleared = new Set(e.timersCleared);
    e.timers = e.timers.filter((t) => !cleared.has(t.id));
    e.timersCleared = e.timersCleared.filter((id) => !set.has(id));
    return { state: this.state, effects: structuredClone(e) };
  }
}
