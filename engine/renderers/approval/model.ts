/**
 * Helpers of the approval page (no React): the caller's open tasks, the field permissions of the business
 * form (DESIGN §4 `approval`: R / W / H per flow node), the form's schema under them, the current steps, and
 * which actions carry form data. Pure TS.
 */
import {
  ACTION_ORDER,
  indexFlow,
  returnTargets,
  isTaskNode,
  type ActionName,
  type FieldPermission,
  type FlowDef,
  type FlowState,
  type StartNode,
  type Task,
  type TaskNode,
  type UserId,
} from '../../flow';
import type { JsonSchema, UiSchema } from '../../form';
import { formToRecord } from '../form/model';
import { routeWithId } from '../../../src/shared/routes';
import type { InstanceView } from '../../data/flow';

/** Actions whose body may carry the edited (W) form fields. */
export const DATA_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>(['start', 'saveDraft', 'approve', 'reject', 'signFor', 'return']);
/** Actions that complete the caller's part: the form is validated first. */
export const VALIDATING_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>(['start', 'approve', 'signFor']);
/** Actions that ask for an opinion before they are sent. */
export const OPINION_REQUIRED: ReadonlySet<ActionName> = new Set<ActionName>(['reject', 'return', 'comment']);
/** Actions that ask for confirmation. */
export const CONFIRMED: ReadonlySet<ActionName> = new Set<ActionName>(['reject', 'withdraw']);
/** Actions that open a dialog (target, people) before they are sent. */
export const DIALOG_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>(['return', 'transfer', 'delegate', 'addSign', 'cc']);

const DECIDING = new Set(['approve', 'handle', 'signfor']);

/** The caller's open tasks: the deciding one (approve / handle / 签收) and the cc / 传阅 one, when any. */
export function myTasks(state: FlowState, me: UserId | undefined): { deciding?: Task; reading?: Task } {
  if (me === undefined) return {};
  const mine = state.tasks.filter((t) => t.assignee === me && t.status === 'pending');
  return { deciding: mine.find((t) => DECIDING.has(t.kind)), reading: mine.find((t) => t.kind === 'cc' || t.kind === 'read') };
}

/** What the caller may do with the business form: field permissions, the default of unlisted fields, whether anything is editable. */
export interface FieldAccess {
  perms: Record<string, FieldPermission>;
  /** Permission of fields the node does not list: W for the initiator's draft, else R. */
  fallback: FieldPermission;
}

/**
 * The field permissions of the caller: for the initiator of a draft (fresh or returned) that they may start,
 * the start node's (unlisted fields W); for the holder of a pending approve / handle / 签收 task, its node's
 * (unlisted fields R); else everything read-only.
 */
export function fieldAccess(def: FlowDef, state: FlowState, me: UserId | undefined, actions: readonly ActionName[]): FieldAccess {
  if (state.status === 'draft' && me !== undefined && me === state.initiator && actions.includes('start')) {
    const start = def.nodes?.[0] as StartNode | undefined;
    return { perms: { ...(start?.fieldPermissions ?? {}) }, fallback: 'W' };
  }
  const { deciding } = myTasks(state, me);
  if (deciding && actions.some((a) => DATA_ACTIONS.has(a))) {
    const node = indexFlow(def).nodes.get(deciding.nodeId)?.node;
    if (node && isTaskNode(node)) return { perms: { ...((node as TaskNode).fieldPermissions ?? {}) }, fallback: 'R' };
  }
  return { perms: {}, fallback: 'R' };
}

/** The permission of `field` under `access`. */
export const permOf = (access: FieldAccess, field: string): FieldPermission => access.perms[field] ?? access.fallback;

/** The fields of `fields` the caller may edit (W). */
export function writableFields(access: FieldAccess, fields: readonly string[]): string[] {
  return fields.filter((f) => permOf(access, f) === 'W');
}

/**
 * The schema and uiSchema under the field permissions: H fields hidden (`ui:options.hidden`, skipped by the
 * layout template), R fields `ui:readonly` (and `ui:disabled`), and only W fields left `required` (nobody can fill what they may
 * not edit). Returns new objects; the inputs are untouched.
 */
export function applyPermissions(
  schema: JsonSchema,
  uiSchema: UiSchema,
  fields: readonly string[],
  access: FieldAccess,
): { schema: JsonSchema; uiSchema: UiSchema } {
  const ui: UiSchema = { ...uiSchema };
  for (const f of fields) {
    const p = permOf(access, f);
    if (p === 'W') continue;
    const cur = (ui[f] ?? {}) as Record<string, unknown>;
    const options = (cur['ui:options'] as Record<string, unknown> | undefined) ?? {};
    // R: read-only and drawn disabled (grey, like the read-only fields of paper-form OA screens).
    ui[f] = p === 'H' ? { ...cur, 'ui:options': { ...options, hidden: true } } : { ...cur, 'ui:readonly': true, 'ui:disabled': true };
  }
  const required = (schema.required ?? []).filter((f) => permOf(access, f) === 'W');
  const { required: _drop, ...rest } = schema;
  return { schema: required.length ? { ...rest, required } : rest, uiSchema: ui };
}

/**
 * The values of the writable fields in `data` (undefined dropped): the `data` of the next action. A writable field
 * the approver emptied (set in `stored`, the record as the flow holds it) goes as `null`, which clears it — the
 * rule of the generic form's body (../form/model.ts formToRecord).
 */
export function writableData(data: Record<string, unknown>, writable: readonly string[], stored?: Record<string, unknown>): Record<string, unknown> {
  return formToRecord(data, [...writable], stored);
}

/** Ids of the nodes where the flow stands now (active approve / handle / delay runs of the round). */
export function currentNodeIds(state: FlowState): string[] {
  const out: string[] = [];
  for (const r of state.nodeRuns) {
    if (r.status !== 'active' || r.round !== state.round) continue;
    if ((r.type === 'approve' || r.type === 'handle' || r.type === 'delay') && !out.includes(r.nodeId)) out.push(r.nodeId);
  }
  return out;
}

/** `actions` in ACTION_ORDER (unknown ones dropped). */
export function orderedActions(actions: readonly ActionName[]): ActionName[] {
  return ACTION_ORDER.filter((a) => actions.includes(a));
}

/** User ids the page shows names of: the initiator, task holders, and people named in log details. */
export function peopleOf(state: FlowState, details: (Record<string, unknown> | null)[] = []): number[] {
  const ids = new Set<number>([state.initiator]);
  for (const t of state.tasks) ids.add(t.assignee);
  for (const d of details) {
    if (!d) continue;
    if (typeof d.to === 'number') ids.add(d.to);
    if (typeof d.onBehalfOf === 'number') ids.add(d.onBehalfOf);
    if (Array.isArray(d.users)) for (const u of d.users) if (typeof u === 'number') ids.add(u);
  }
  return [...ids].filter((n) => Number.isInteger(n) && n > 0);
}

/** Actions after which the caller usually still has the item open (no `onDone`). */
export const STAYING: ReadonlySet<ActionName> = new Set<ActionName>(['saveDraft', 'comment', 'urge', 'cc']);
/** Actions sent with the caller's deciding task (approve / handle / 签收). */
export const TASK_ACTIONS: ReadonlySet<ActionName> = new Set<ActionName>(['approve', 'reject', 'signFor', 'return', 'transfer', 'delegate', 'addSign', 'cc']);

/**
 * The path to show instance `view` on instead of page `page`, or null when this page is the right one: only an
 * instance over another entity whose flow/info `open` route differs from the page's route moves.
 */
export function otherApprovalPath(
  page: { route?: string; entity?: string },
  view: Pick<InstanceView, 'id' | 'entity'> & { open?: string | null },
): string | null {
  if (!view.entity || view.entity === page.entity || !view.open || view.open === page.route) return null;
  return routeWithId(view.open, view.id);
}

/** The 退回 choices of `task` (engine/flow returnTargets) labelled for the dialog: 发起人 (name), 上一步, a done step. */
export function returnOptionsOf(
  def: FlowDef,
  state: FlowState,
  task: Task,
  n: { nodeTitle: (id: string) => string; userName: (id: number) => string; t: (key: string, opts?: Record<string, unknown>) => string },
): { value: string; label: string }[] {
  return returnTargets(indexFlow(def), state, task).map((r) => ({
    value: r.target,
    label:
      r.target === 'initiator'
        ? n.t('dialog.returnInitiator', { name: n.userName(state.initiator) })
        : r.previous
          ? n.t('dialog.returnPrevious', { node: n.nodeTitle(r.target) })
          : n.t('dialog.returnNode', { node: n.nodeTitle(r.target) }),
  }));
}
