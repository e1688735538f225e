/**
 * The renderers' calls of the approval runtime (server: src/server/api/flow, src/server/api/Flowset):
 * start a flow, read an instance as the caller sees it, act on it, its log, the work lists and counts.
 * Through the engine host (refusals toast and reject with the server's message).
 */
import type { ActionName } from '../flow';
import type { WorkListKind } from '../schema/types';
import { host } from '../host';
import type { FlowLogEntry, InstanceItem, InstanceView, SuperviseItem, TaskItem } from '../../src/shared/flow';

export type { FlowLogEntry, InstanceView };

const post = <T>(api: string, body?: object): Promise<T> => host().call<T>(api, body);

/** The names a list row carries besides its item: the flow's title and the initiator's name, in the caller's language. */
interface RowNames {
  flowTitle: string;
  initiatorName: string | null;
}
/** A row of a task list (todo, done, cc), with the step's title too. */
export type TaskRow = TaskItem & RowNames & { nodeTitle: string };
/** A row of an instance list (sent, drafts). */
export type InstanceRow = InstanceItem & RowNames;
/** A row of the 督办 list (flow/supervise). */
export type SuperviseRow = SuperviseItem & RowNames;

/** The body of flow/act besides `id` and `version`. */
export interface ActBody {
  type: ActionName;
  taskId?: string;
  opinion?: string;
  data?: Record<string, unknown>;
  /** return: 'previous', 'initiator' or a done node id; resubmit: where the resubmission goes. */
  target?: string;
  resubmit?: 'restart' | 'returner';
  /** transfer / delegate: the user. */
  to?: number;
  /** addSign / cc: the users. */
  users?: number[];
  position?: 'before' | 'after' | 'parallel';
  circulate?: boolean;
  /** 附手写签名: the caller's signature (Person/saveSignature) goes onto the action's log entry. */
  signature?: boolean;
}

/** Paging, keyword, the flows a work list is limited to and its filters (dates in epoch ms). */
export interface WorkListParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  flows?: string[];
  /** Received (todo, cc), handled (done), started (sent, supervise), saved (drafts): from / to, inclusive. */
  from?: number;
  to?: number;
  /** todo, supervise: only overdue. */
  overdue?: boolean;
  /** cc: read or unread only. */
  read?: 'read' | 'unread';
  /** supervise: running (default), finished, rejected, withdrawn, all. */
  status?: string;
}

/** The answer of flow/batch: per item, in order, success or the refusal reason. */
export interface BatchAnswer {
  results: { id: number; taskId: string; ok: boolean; reason?: string; title?: string }[];
  success: number;
  failed: number;
}

/** Counts per work list (flow/counts). */
export interface WorkListCounts {
  todo: number;
  cc: number;
  drafts: number;
  overdue: number;
  done: number;
  sent: number;
  supervise: number;
}

/** The row type of each work list. */
export type WorkListRow<K extends WorkListKind> = K extends 'sent' | 'drafts' ? InstanceRow : K extends 'supervise' ? SuperviseRow : TaskRow;

/** The calls (see the module comment). */
export const flowApi = {
  /** Starts flow `defId` over record `recordId` of `entity` (submit, or keep as a draft with `draft`). */
  startForRecord: (body: { defId: string; entity: string; recordId: number; draft?: boolean; opinion?: string }) => post<InstanceView>('flow/start', body),
  info: (id: number) => post<InstanceView>('flow/info', { id }),
  act: (id: number, version: number | undefined, body: ActBody) => post<InstanceView>('flow/act', { id, version, ...body }),
  log: (id: number) => post<FlowLogEntry[]>('flow/log', { id }),
  /** A work list; every row also carries `open`, the approval route (with `:id`) of its flow's area, or null. */
  list: <K extends WorkListKind>(kind: K, params: WorkListParams) => post<{ list: (WorkListRow<K> & { open?: string | null })[]; total: number }>(`flow/${kind}`, params),
  /** Counts of the caller's lists, of one area's flows when `area` is given (console, badges). */
  counts: (area?: string) => post<WorkListCounts>('flow/counts', area ? { area } : {}),
  /** 批量同意: approves each task with `opinion`, each on its own (at most 50). */
  batch: (items: { id: number; taskId: string; version?: number }[], opinion: string) => post<BatchAnswer>('flow/batch', { items, opinion }),
  /** The labelled actions (Flowset/getActs): key → label in the caller's language. */
  actions: () => post<{ key: ActionName; label: string }[]>('Flowset/getActs', {}),
};
