/**
 * Types of engine/flow (DESIGN §5): the flow definition format (a DingTalk-style tree start → nodes → end,
 * `schemas/<area>/flows/*.flow.json`, described by `schemas/_meta/flow.schema.json`); re-exported from ./state:
 * the runtime state of an instance (plain JSON, serialisable), the actions, the effects and the injected context.
 *
 * Pure types: no React, no Node.
 */
import type { DefinitionBase, Expr, Text } from '../schema/types';

/** A user id (users.id). */
export type UserId = number;

// ───────────────────────────── definition ─────────────────────────────

/** Node types of the tree (DESIGN §5). */
export type FlowNodeType = 'start' | 'approve' | 'handle' | 'cc' | 'branch' | 'parallel' | 'delay' | 'service' | 'end';

/** How the tasks of a node decide: 依次 sequential, 会签 all, 或签 any, 票签 vote (with `ratio`). */
export type ApprovalMode = 'sequential' | 'all' | 'any' | 'vote';

/** What to do when a node's assignee rules give nobody: skip the node, give it to the administrators, or refuse. */
export type EmptyAssigneePolicy = 'skip' | 'toAdmin' | 'error';

/** Field permission on a node: R read-only, W writable, H hidden. */
export type FieldPermission = 'R' | 'W' | 'H';

/** Kind of 办理 of a handle node: 核稿 review, 签发 issue, 编号 number, 用印 seal, 分发 distribute, 签收 signfor. */
export type HandleKind = 'review' | 'issue' | 'number' | 'seal' | 'distribute' | 'signfor' | 'other';

/** How long the initiator may 撤回 a running instance (FlowDef.withdraw). */
export type WithdrawPolicy = 'untilActed' | 'whileRunning';

/** Where a node may return (退回) to: the previous handler, the initiator, any done node before it. */
export type ReturnTargetKind = 'previous' | 'initiator' | 'anyDone';

/** After a return, resubmission restarts at the first node, or jumps straight back to the returner's node. */
export type ResubmitMode = 'restart' | 'returner';

/** A duration in working days (holiday calendar, 调休) and/or hours. */
export interface Duration {
  workdays?: number;
  hours?: number;
}

/** Whose leader: the initiator's, or that of the department in a form field. */
export type LeaderOf = 'initiator' | { field: string };

/**
 * Assignee rules (DESIGN §5). users/initiator/formField/initiatorPicks are resolved by the machine itself;
 * the organisation rules (`OrgRule`) are answered by the injected `ctx.resolve`.
 */
export type AssigneeRule =
  | { kind: 'users'; users: UserId[] }
  /** Holders of the roles; `within: 'initiatorUnit'`: only those whose department lies in the initiator's unit. */
  | { kind: 'roles'; roles: string[]; within?: 'initiatorUnit' }
  | { kind: 'positions'; positions: number[] }
  /** The Nth-level leader of the initiator, or of every department in a form field (one per department: 会签). */
  | { kind: 'leader'; level: number; of: LeaderOf }
  | { kind: 'leaderChain'; upTo: number; of?: LeaderOf }
  /** The initiator picks at start (`picks[nodeId]`); `multiple`: the picker allows several (a UI hint). */
  | { kind: 'initiatorPicks'; multiple?: boolean }
  | { kind: 'formField'; field: string }
  | { kind: 'initiator' };

/** The rules the organisation answers (roles, positions, leaders). */
export type OrgRule = Extract<AssigneeRule, { kind: 'roles' | 'positions' | 'leader' | 'leaderChain' }>;

/** Action names (the action bar, DESIGN §5). `timer` is the system's own and never offered to a user. */
export type ActionName =
  | 'start'
  | 'saveDraft'
  | 'approve'
  | 'reject'
  | 'return'
  | 'transfer'
  | 'delegate'
  | 'addSign'
  | 'cc'
  | 'withdraw'
  | 'recall'
  | 'urge'
  | 'comment'
  | 'signFor'
  | 'read'
  | 'timer';

/** Actions a node may allow its handlers (the `actions` list of approve/handle nodes). */
export type NodeActionName = 'approve' | 'reject' | 'return' | 'transfer' | 'delegate' | 'addSign' | 'cc' | 'comment' | 'saveDraft' | 'signFor' | 'recall';

interface NodeBase {
  /** Stable id, unique in the file, never reused (DESIGN §4). */
  id: string;
  type: FlowNodeType;
  title: Text;
}

/** 发起: the first node; `fieldPermissions` of the initiator's form. */
export interface StartNode extends NodeBase {
  type: 'start';
  fieldPermissions?: Record<string, FieldPermission>;
}

/** 结束. */
export interface EndNode extends NodeBase {
  type: 'end';
}

/** 审批 (approve) or 办理 (handle) node: tasks for the resolved assignees, decided by `mode`. */
export interface TaskNode extends NodeBase {
  type: 'approve' | 'handle';
  /** Only for handle nodes; `signfor` makes 签收 tasks (action signFor). */
  handleKind?: HandleKind;
  /**
   * What completing a task of this handle node is called in the action bar and the flow log (登记, 办理完毕…);
   * default by handleKind (核稿完毕, 签发, 编号, 用印, 分发, 签收; 办理完毕 for `other`).
   */
  actionLabel?: Text;
  assignees: AssigneeRule[];
  /** Default `any` (或签). */
  mode?: ApprovalMode;
  /** Vote (票签) pass ratio, 0 < ratio ≤ 1. */
  ratio?: number;
  /** Default `skip`. */
  emptyAssignee?: EmptyAssigneePolicy;
  /** `false` turns the definition's same-person dedupe off for this node. */
  dedupe?: boolean;
  /** Actions the handlers may take; default per type (see DEFAULT_NODE_ACTIONS). */
  actions?: NodeActionName[];
  /** Default ['previous', 'initiator']. */
  returnTargets?: ReturnTargetKind[];
  deadline?: Duration;
  fieldPermissions?: Record<string, FieldPermission>;
  /** 抄送 when the node is done. */
  ccOnDone?: AssigneeRule[];
}

/** 抄送 node: cc tasks (or 传阅 read tasks with `circulate`), never blocks the flow. */
export interface CcNode extends NodeBase {
  type: 'cc';
  assignees: AssigneeRule[];
  circulate?: boolean;
}

/** One condition branch; the array order is the priority (first match wins). */
export interface ConditionBranch {
  id: string;
  title: Text;
  /** CEL over the form data, giving bool; absent on the default branch. */
  condition?: Expr;
  /** The branch taken when no condition matches (exactly one per branch node). */
  default?: boolean;
  nodes: FlowNode[];
}

/** 条件分支: the first branch whose condition holds, else the default. */
export interface BranchNode extends NodeBase {
  type: 'branch';
  branches: ConditionBranch[];
}

/** One lane of a parallel node. */
export interface ParallelBranch {
  id: string;
  title: Text;
  nodes: FlowNode[];
}

/** 并行: all lanes run; the node is done when all (`all`) or the first (`any`) lane is done. */
export interface ParallelNode extends NodeBase {
  type: 'parallel';
  join: 'all' | 'any';
  branches: ParallelBranch[];
}

/** 延时: waits the duration (working days and/or hours). */
export interface DelayNode extends NodeBase {
  type: 'delay';
  duration: Duration;
}

/** 服务: a registered server action (by key), run when the flow reaches it; the flow goes on at once. */
export interface ServiceNode extends NodeBase {
  type: 'service';
  action: string;
}

export type FlowNode = StartNode | EndNode | TaskNode | CcNode | BranchNode | ParallelNode | DelayNode | ServiceNode;

/** A flow definition (`schemas/<area>/flows/<name>.flow.json`). `nodes` = start, …, end. */
export interface FlowDef extends DefinitionBase {
  kind: 'flow';
  /**
   * The flow's name, and in `cel` its work-item title template (./title.ts): a CEL expression over `record`,
   * `initiator`, `form` and `flow` giving the title of each instance and its tasks, e.g. `record.title` or
   * `form.title + " - " + initiator.name`. Required for files in `schemas/` (the lint).
   */
  title: Text & { cel?: string };
  /** One sentence on what the flow is for (the cards of 发起流程, /flow/tree). */
  description?: Text;
  /** The entity whose records run this flow (its model types the branch conditions). */
  entity?: string;
  /** Default resubmission after a return (default `restart`); a return may choose. */
  resubmit?: ResubmitMode;
  /**
   * How long the initiator may 撤回 (withdraw) a running instance: `untilActed` (default) — until someone else
   * has acted on a task of the current round, as 收回 works for an approver; `whileRunning` — as long as it runs.
   */
  withdraw?: WithdrawPolicy;
  /** Same-person dedupe of approve nodes: none (default), only the directly preceding node, any earlier node. */
  dedupe?: 'none' | 'adjacent' | 'any';
  /** After a deadline passes, urge again every… (default: once). */
  urgeEvery?: Duration;
  nodes: FlowNode[];
}

export type * from './state';
