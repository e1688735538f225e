/**
 * Kysely table types of the approval runtime (migration 0008: flow versions, instances, tasks, events, timers,
 * 委托) and of the message centre (migration 0009). ./types.ts adds them to `DB`.
 * Times are epoch milliseconds; flags are 0/1 integers.
 */
import type { Generated } from 'kysely';

/** A published version of a flow definition (migration 0008); immutable once written. */
export interface FlowVersionTable {
  id: Generated<number>;
  def_id: string;
  version: number;
  /** The effective FlowDef JSON. */
  definition: string;
  /** Hex SHA-256 of `definition`. */
  hash: string;
  /** 'base' (schemas/) or 'designer'. */
  source: string;
  author_id: number | null;
  comment: string | null;
  created_at: number;
}

/** One approval of a record (migration 0008); `state` is engine/flow's FlowState JSON. */
export interface FlowInstanceTable {
  id: Generated<number>;
  /** 密级 of the record (document_mj 0–3, migration 0020), kept by the runtime. */
  secret_level: Generated<number>;
  def_id: string;
  def_version: number;
  /** Entity id of the record (e.g. affair.affair), null for a flow without a record. */
  entity: string | null;
  record_id: number | null;
  title: string;
  initiator_id: number;
  initiator_dept_id: number | null;
  /** draft | running | finished | rejected | withdrawn. */
  status: string;
  state: string;
  /** Bumped by every action (concurrency of actions on one instance). */
  version: Generated<number>;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  updated_at: number;
}

/** A work item, mirrored from the instance state for the lists (migration 0008). */
export interface FlowTaskTable {
  id: string;
  /** 密级 of the task's instance (migration 0020), for the work lists' clearance filter. */
  secret_level: Generated<number>;
  instance_id: number;
  node_id: string;
  node_run_id: string;
  /** approve | handle | cc | read | signfor. */
  kind: string;
  assignee_id: number;
  on_behalf_of: number | null;
  /** pending | waiting | done | cancelled | transferred | delegated. */
  status: string;
  result: string | null;
  opinion: string | null;
  title: string;
  def_id: string;
  initiator_id: number;
  created_at: number;
  acted_at: number | null;
  deadline: number | null;
  overdue: Generated<number>;
}

/** The append-only flow log (migration 0008). */
export interface FlowEventTable {
  id: Generated<number>;
  instance_id: number;
  at: number;
  /** null: the system (timers). */
  actor_id: number | null;
  type: string;
  node_id: string | null;
  task_id: string | null;
  opinion: string | null;
  /** JSON object or null. */
  detail: string | null;
}

/** A pending timer of an instance, taken by one process at a time through its lease (migration 0008). */
export interface FlowTimerTable {
  id: string;
  instance_id: number;
  at: number;
  /** deadline | delay | urge. */
  kind: string;
  lease_owner: string | null;
  lease_until: Generated<number>;
}

/** 委托 by date range (migration 0008). */
export interface FlowDelegationTable {
  id: Generated<number>;
  user_id: number;
  delegate_id: number;
  /** One flow's tasks only, or all (null). */
  def_id: string | null;
  start_at: number;
  end_at: number;
  remark: string | null;
  created_at: number;
}

/** One reminder of the message centre for one recipient (migration 0009, SPEC §3 "Message reminder"). */
export interface MessageTable {
  id: Generated<number>;
  /** The recipient. */
  user_id: number;
  /** Kind (services/messages.ts MESSAGE_TYPES). */
  type: number;
  title: string;
  /** The sender; null: the system. */
  from_user_id: number | null;
  flow_id: number | null;
  affair_id: number | null;
  meeting_id: number | null;
  source_id: number | null;
  /** 1 read, 0 unread. */
  is_read: Generated<number>;
  /** 1 when read through "忽略全部". */
  ignored: Generated<number>;
  created_at: number;
  read_at: number | null;
}

/** Per-user message settings (migration 0009): a JSON object (services/messages.ts MessageSetting). */
export interface MessageSettingTable {
  user_id: number;
  setting: string;
  updated_at: number;
}
