/**
 * Reminders a handled task leaves behind (SPEC §4 "Reminders"): once a person has handled their task of an
 * instance — approve, reject, return, transfer, delegate, sign, read, resubmit, anything that closes it — the
 * 待办, 退回, 催办 and 抄送 reminders of that instance still unread by that person are marked read in the same
 * transaction as the action, and the person's bell is refreshed (push type 1) after the commit.
 */
import type { FlowState, UserId } from '../../../../engine/flow/index.js';
import { readReminders, TASK_REMINDER_TYPES } from '../../services/messages.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * Who handled a task of the instance in the step from `before` to `after` by `actor`: the actor, and the
 * assignee or principal (委托 `onBehalfOf`) of every task the actor closed — each only when no task of theirs
 * is still pending in `after` (a person with another open task keeps its reminder).
 */
export function handlers(before: FlowState, after: FlowState, actor: UserId): UserId[] {
  const was = new Map(before.tasks.map((t) => [t.id, t.status]));
  const people = new Set<UserId>([actor]);
  for (const t of after.tasks) {
    if (was.get(t.id) !== 'pending' || t.status === 'pending') continue;
    if (t.assignee !== actor && t.onBehalfOf !== actor) continue;
    people.add(t.assignee);
    if (t.onBehalfOf != null) people.add(t.onBehalfOf);
  }
  const open = new Set<UserId>();
  for (const t of after.tasks) if (t.status === 'pending') open.add(t.assignee);
  return [...people].filter((u) => !open.has(u));
}

/**
 * Marks read, inside `trx`, the unread 待办 / 退回 / 催办 / 抄送 reminders of instance `row` (an affair's reminders lead
 * to `affair_id`, other flows' to `flow_id`: runtime.ts `reminders`) of the people `handlers` names. Answers the
 * people whose bell changed.
 */
export async function readHandled(
  trx: Transaction<DB>,
  row: { id: number; entity: string | null },
  before: FlowState,
  after: FlowState,
  actor: UserId,
): Promise<number[]> {
  const target = row.entity?.startsWith('affair.') ? { affairId: row.id } : { flowId: row.id };
  return readReminders(trx, handlers(before, after, actor), target, TASK_REMINDER_TYPES);
}
