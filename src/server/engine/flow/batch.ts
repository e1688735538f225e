/**
 * 批量审批 ("Batch approval of several tasks"): approve several 待办 with one opinion. Each item is
 * checked, then approved through the runtime's act — its own transaction, at the version the list read
 * when given — so one refusal never undoes the others. An item is refused, with the reason in the caller's
 * language, when
 * - it is not the caller's open task (already handled, someone else's, gone): the machine's refusal;
 * - the task's node does not let the caller approve it (a sign-for task, a node without 同意);
 * - the node makes a required field of the record writable and that field is still empty: the handler must
 *   fill it on the approval page (flow.batchFieldsRequired, naming the fields).
 */
import { indexFlow, isTaskNode, taskActions } from '../../../../engine/flow/index.js';
import { translate } from '../../i18n/index.js';
import { ApiError } from '../../lib/errors.js';
import { definitionText } from '../definitions.js';
import { flowEntity } from './records.js';
import type { FlowCaller, FlowRuntime } from './runtime.js';

/** Most items one batch approves. */
export const BATCH_MAX = 50;

/** One item of a batch: the instance, the caller's task on it, and optionally the version the list read. */
export interface BatchItem {
  id: number;
  taskId: string;
  version?: number;
}

/** The outcome of one item: `ok`, or the refusal `reason`. */
export interface BatchResult {
  id: number;
  taskId: string;
  ok: boolean;
  reason?: string;
  title?: string;
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Why `c` may not batch-approve `item` (see the module comment), or null when it may. Reads the instance as
 * `c` sees it (-1 flow.notFound when `c` takes no part in it).
 */
async function refusal(runtime: FlowRuntime, c: FlowCaller, item: BatchItem): Promise<{ reason: string | null; title: string }> {
  const view = await runtime.view(c, item.id);
  const task = view.state.tasks.find((t) => t.id === item.taskId);
  const say = (key: string, params: Record<string, string> = {}) => ({ reason: translate(c.locale, key, params), title: view.title });
  if (!task) return say('flow.noSuchTask');
  if (task.assignee !== c.userId) return say('flow.notYourTask');
  if (task.status !== 'pending') return say('flow.alreadyDone');
  const ix = indexFlow(view.definition);
  if (!taskActions(ix, view.state, task).includes('approve')) return say('flow.batchNoApprove');
  const node = ix.nodes.get(task.nodeId)?.node;
  const entity = view.entity ? flowEntity(view.entity) : undefined;
  if (node && isTaskNode(node) && entity) {
    const required = new Set(entity.model.required ?? []);
    const missing = Object.entries(node.fieldPermissions ?? {})
      .filter(([f, p]) => p === 'W' && required.has(f) && empty(view.state.data[f]))
      .map(([f]) => {
        const t = entity.model.properties[f]?.['x-title'];
        return t ? (definitionText(c.locale, t.t) ?? t.d) : f;
      });
    if (missing.length) return say('flow.batchFieldsRequired', { fields: missing.join('、') });
  }
  return { reason: null, title: view.title };
}

/** Approves each of `items` for `c` with `opinion` (see the module comment); the outcome per item, in order. */
export async function batchApprove(runtime: FlowRuntime, c: FlowCaller, items: BatchItem[], opinion: string | undefined): Promise<BatchResult[]> {
  const out: BatchResult[] = [];
  for (const item of items) {
    let title: string | undefined;
    try {
      const check = await refusal(runtime, c, item);
      title = check.title;
      if (check.reason) {
        out.push({ id: item.id, taskId: item.taskId, ok: false, reason: check.reason, title });
        continue;
      }
      await runtime.act(c, item.id, { type: 'approve', taskId: item.taskId, ...(opinion ? { opinion } : {}) }, item.version);
      out.push({ id: item.id, taskId: item.taskId, ok: true, title });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      out.push({ id: item.id, taskId: item.taskId, ok: false, reason: e.message, ...(title ? { title } : {}) });
    }
  }
  return out;
}
