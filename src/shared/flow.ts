/**
 * Shapes of the approval runtime's answers (src/server/api/flow) that the server builds and the
 * renderers read (engine/data/flow.ts, engine/data/flowpages.ts): an instance as one caller sees it and the rows
 * of the work lists. Pure types; times are epoch ms.
 */
import type { ActionName, FlowDef, FlowState } from '../../engine/flow/index.js';
import type { RefNames } from './org.js';

/** An instance as flow/info answers it for one caller. */
export interface InstanceView {
  id: number;
  defId: string;
  defVersion: number;
  title: string;
  /** draft | running | finished | rejected | withdrawn. */
  status: string;
  /** Entity id and record id when the flow runs over a record. */
  entity: string | null;
  recordId: number | null;
  initiator: number;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** The instance version: send it back with the next action (a different current one is refused as stale). */
  version: number;
  state: FlowState;
  definition: FlowDef;
  /** Exactly the actions this caller may take now (the action bar). */
  actions: ActionName[];
  /**
   * flow/info and flow/act over an entity's record: names of the users and departments the form data refers to,
   * and the labels of the records its reference fields point at (`records`, field → id → label).
   */
  _refs?: RefNames;
}

/** One flow log (流程日志) entry (flow/log); `actor` null = the system (timers). */
export interface FlowLogEntry {
  id: number;
  at: number;
  actor: number | null;
  actorName: string | null;
  type: string;
  nodeId: string | null;
  taskId: string | null;
  opinion: string | null;
  detail: Record<string, unknown> | null;
}

/** One row of a task list (todo, done, cc). */
export interface TaskItem {
  taskId: string;
  instanceId: number;
  title: string;
  defId: string;
  nodeId: string;
  kind: string;
  status: string;
  result: string | null;
  initiator: number;
  onBehalfOf: number | null;
  createdAt: number;
  actedAt: number | null;
  deadline: number | null;
  /** The deadline was counted through a year whose 调休 schedule is not known yet (engine/calendar): 暂定. */
  deadlineProvisional?: boolean;
  overdue: boolean;
}

/** One row of an instance list (sent, drafts, involved). */
export interface InstanceItem {
  instanceId: number;
  initiator: number;
  title: string;
  defId: string;
  status: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  updatedAt: number;
}

/** One row of the 督办 list (flow/supervise). */
export interface SuperviseItem {
  instanceId: number;
  title: string;
  defId: string;
  status: string;
  initiator: number;
  startedAt: number | null;
  endedAt: number | null;
  /** The current steps (nodes of the open deciding tasks), titled in the caller's language. */
  nodes: { id: string; title: string }[];
  /** The current handlers' names (open deciding tasks), in task order. */
  handlers: string[];
  /** Earliest deadline of the open tasks, or null. */
  deadline: number | null;
  /** That deadline falls in a year whose 调休 schedule is not known yet (engine/calendar): 暂定. */
  deadlineProvisional?: boolean;
  /** An open task is overdue. */
  overdue: boolean;
  /** How many times it was urged by hand (催办 events). */
  urgeCount: number;
  /** The caller may urge it now. */
  mayUrge: boolean;
}

/** A flow the caller may start (flow/tree, the cards of 发起流程), texts in the caller's language. */
export interface StartableFlow {
  id: string;
  version: number;
  title: string;
  description: string;
  /** The area (`<area>` of `<area>.<name>`) and its title, for grouping. */
  area: string;
  areaTitle: string;
  /** The route of the form that starts it (e.g. /affair/new). */
  route: string;
}

/** One 委托 of a person: during [start, end] (epoch ms) `delegateId` handles their tasks (of `defId`, or all flows when null). */
export interface Delegation {
  id: number;
  delegateId: number;
  delegateName: string | null;
  defId: string | null;
  start: number;
  end: number;
  remark: string | null;
}
