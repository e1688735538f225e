/**
 * Runtime types of engine/flow (DESIGN §5): the state of an instance (plain JSON, serialisable), the actions,
 * the effects and the injected context. Re-exported by ./types. Pure types: no React, no Node.
 */
import type { ApprovalMode, FlowNodeType, OrgRule, ResubmitMode, UserId } from './types';

// ───────────────────────────── runtime state ─────────────────────────────

export type InstanceStatus = 'draft' | 'running' | 'finished' | 'rejected' | 'withdrawn';
export type RunStatus = 'active' | 'done' | 'skipped' | 'cancelled';
export type TaskKind = 'approve' | 'handle' | 'cc' | 'read' | 'signfor';
/** `waiting`: held by 前加签; `delegated`: held while the 委派 delegate works. */
export type TaskStatus = 'pending' | 'waiting' | 'done' | 'cancelled' | 'transferred' | 'delegated';
export type TaskResult = 'approve' | 'reject' | 'return' | 'signed' | 'read';

/** One lane of a parallel run. */
export interface LaneRun {
  branchId: string;
  status: 'active' | 'done' | 'cancelled';
  closedBy?: string;
}

/** A node run: one visit of the flow to a node. */
export interface NodeRun {
  id: string;
  nodeId: string;
  type: FlowNodeType;
  status: RunStatus;
  /** The container (branch/parallel) run and lane this run belongs to. */
  parentRunId?: string;
  branchId?: string;
  mode?: ApprovalMode;
  ratio?: number;
  /** Resolved assignees (after dedupe); for sequential, their order. */
  assignees?: UserId[];
  /** Chosen branch of a branch run. */
  chosenBranch?: string;
  lanes?: LaneRun[];
  result?: 'approved' | 'rejected' | 'returned' | 'skipped' | 'deduped' | 'elapsed' | 'joined' | 'taken';
  /** The instance's round when the run began. */
  round: number;
  startedAt: number;
  endedAt?: number;
  /** Task whose action created / closed this run (收回 undoes exactly these). */
  cause?: string;
  closedBy?: string;
  /** After a return with resubmit `returner`: when this run is done, the flow jumps back to this node. */
  jumpTo?: string;
}

/** 加签 information of a task. */
export interface AddSignInfo {
  position: 'before' | 'after' | 'parallel';
  /** The task that added it. */
  by: string;
}

/** A task (work item) of a user. */
export interface Task {
  id: string;
  nodeRunId: string;
  nodeId: string;
  kind: TaskKind;
  assignee: UserId;
  /** 委托: the user the assignee acts for. */
  onBehalfOf?: UserId;
  status: TaskStatus;
  result?: TaskResult;
  opinion?: string;
  /** Saved but not submitted opinion (saveDraft). */
  draftOpinion?: string;
  createdAt: number;
  actedAt?: number;
  deadline?: number;
  overdue?: boolean;
  /** Position in a sequential node's order. */
  seq?: number;
  addSign?: AddSignInfo;
  /** 委派: the delegator's task this helper task reports back to. */
  delegatedFrom?: string;
  /** 转办: the task this one replaces. */
  transferredFrom?: string;
  cause?: string;
  closedBy?: string;
}

export type TimerKind = 'deadline' | 'delay' | 'urge';

/** A pending timer; the server fires it with the `timer` action at `at`. */
export interface Timer {
  id: string;
  at: number;
  kind: TimerKind;
  taskId?: string;
  runId?: string;
}

/** After a return to the initiator: where resubmission goes. */
export interface ReturnInfo {
  by: UserId;
  nodeId: string;
  at: number;
  resubmit: ResubmitMode;
}

/** The state of one flow instance (plain JSON). */
export interface FlowState {
  id: string;
  defId: string;
  defVersion: number;
  status: InstanceStatus;
  initiator: UserId;
  /** The business form data. */
  data: Record<string, unknown>;
  /** initiatorPicks: users the initiator picked per node id. */
  picks: Record<string, UserId[]>;
  /** Submission round: 0 while a fresh draft, +1 at every start / resubmit. */
  round: number;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  returned?: ReturnInfo;
  nodeRuns: NodeRun[];
  tasks: Task[];
  pendingTimers: Timer[];
}

// ───────────────────────────── actions ─────────────────────────────

interface ActBase {
  actor: UserId;
  /** The actor's task; default: their first open task fitting the action. */
  taskId?: string;
  opinion?: string;
}

/** Payload of each user action, beyond ActBase. */
export interface ActionPayloads {
  start: { data?: Record<string, unknown>; picks?: Record<string, UserId[]> };
  saveDraft: { data?: Record<string, unknown>; picks?: Record<string, UserId[]> };
  approve: { data?: Record<string, unknown> };
  reject: { data?: Record<string, unknown> };
  signFor: { data?: Record<string, unknown> };
  /** `target`: 'previous', 'initiator' or the id of a done node before this one. */
  return: { target: 'previous' | 'initiator' | (string & {}); resubmit?: ResubmitMode; data?: Record<string, unknown> };
  transfer: { to: UserId };
  delegate: { to: UserId };
  addSign: { position: 'before' | 'after' | 'parallel'; users: UserId[] };
  cc: { users: UserId[]; circulate?: boolean };
  withdraw: object;
  recall: object;
  urge: object;
  comment: object;
  read: object;
}

/** A user's action on an instance (DESIGN §5). `data` carries edits of fields writable (W) on the node. */
export type UserAction = { [K in keyof ActionPayloads]: ActBase & { type: K } & ActionPayloads[K] }[keyof ActionPayloads];

/** The system's action: a pending timer fires. */
export interface TimerAction {
  type: 'timer';
  timerId: string;
}

export type FlowAction = UserAction | TimerAction;

// ───────────────────────────── effects ─────────────────────────────

/** `cancelled`: the recipient's pending task was cancelled by someone else's 退回 (e.g. the other signers of a 会签). */
export type NotifyKind = 'task' | 'return' | 'urge' | 'cc' | 'finished' | 'cancelled';

export interface Notify {
  kind: NotifyKind;
  to: UserId[];
  taskId?: string;
  /** For `finished`: how the instance ended. */
  result?: 'finished' | 'rejected' | 'withdrawn';
}

/** A flow log (流程日志) entry; the server appends it to the event log. `actor` null = the system. */
export interface FlowEvent {
  at: number;
  actor: UserId | null;
  type: string;
  nodeId?: string;
  taskId?: string;
  opinion?: string;
  detail?: Record<string, unknown>;
}

/** What the server must do after an action (in the same transaction). */
export interface Effects {
  tasksCreated: Task[];
  /** Tasks that left the open states (done, cancelled, transferred…), in their new form. */
  tasksClosed: Task[];
  /** Closed tasks opened again (收回 restores them), in their new form. */
  tasksReopened: Task[];
  notify: Notify[];
  /** Timers set (also in state.pendingTimers). */
  timers: Timer[];
  /** Ids of timers removed from state.pendingTimers. */
  timersCleared: string[];
  service: { key: string; nodeId: string; runId: string }[];
  events: FlowEvent[];
}

export interface ApplyResult {
  state: FlowState;
  effects: Effects;
}

// ───────────────────────────── context ─────────────────────────────

/** What the machine gets from outside: time, ids, the organisation, expressions, the calendar. */
export interface FlowContext {
  /** Now, epoch ms. */
  now: number;
  newId(): string;
  /** Users of an organisation rule (roles, positions, leaders) for this instance. */
  resolve(rule: OrgRule, state: FlowState): UserId[];
  /** Evaluate a CEL condition on the form data; default engine/expr with types taken from the values. */
  evaluate?(cel: string, data: Record<string, unknown>): boolean;
  /** 委托: who acts for `userId` at `at` (date-range delegation), or null. */
  delegateOf?(userId: UserId, at: number): UserId | null;
  /** The administrators (emptyAssignee `toAdmin`). */
  admins?(state: FlowState): UserId[];
  /**
   * 密级 (DESIGN §7): whether `userId`'s clearance covers instance `state` (its classification as its data says
   * now). Resolved people failing it are left out — assignees of task, cc and ccOnDone nodes (so the node's
   * emptyAssignee policy applies when nobody is left), the administrators of `toAdmin`, 委托 delegates (the task
   * stays with the assignee) — and a person an action names (transfer, delegate, addSign, cc) refuses the action
   * (FlowError flow.notCleared {user}). Default: everyone is cleared.
   */
  cleared?(userId: UserId, state: FlowState): boolean;
  /** 'YYYY-MM-DD' + n working days; default engine/expr addWorkdays (engine/calendar: /setting/holiday, announced schedule, statutory rule). */
  addWorkdays?(date: string, n: number): string;
  /** Offset of local time from UTC in minutes for day arithmetic; default: the organisation zone's offset at that instant (engine/expr/zone.ts). */
  utcOffsetMinutes?: number;
  /**
   * Whether `userId` holds the supervision right (督办) over running instances — the server decides it from
   * permission codes; a supervisor may urge (催办) like the initiator. Default: nobody.
   */
  supervises?(userId: UserId): boolean;
}
