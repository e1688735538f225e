/**
 * Who may edit the 正文 (a rich-text field) of an instance, and how it is saved (/affair/ntko); no React.
 * - `record`: the initiator of a draft over a record (fresh or returned) whose start node grants W: the record
 *   is edited through the entity API with its version, then the draft takes it (flow/start draft, the 暂存 of
 *   the form page);
 * - `draft`: the same without a record: flow/act saveDraft with the data;
 * - `task`: the holder of the current approve / handle / 签收 task whose node grants W on the field: flow/act
 *   saveDraft on the task with the data and the instance version (the server checks W again);
 * - `none`: read-only, with the reason.
 */
import { indexFlow, isTaskNode, type FlowDef, type TaskNode } from '../../flow';
import type { InstanceView } from '../../data/flow';
import { fieldAccess, myTasks, permOf } from '../approval/model';

/** How the caller may save the field; `reason` (a locale key below `body.why.`) when they may not. */
export type BodyMode =
  { kind: 'record' | 'draft'; taskId?: undefined } | { kind: 'task'; taskId: string } | { kind: 'none'; reason: 'finished' | 'noTask' | 'noWrite' };

/** The mode of `field` of `view` for user `me` (see the module comment). */
export function bodyMode(view: InstanceView, me: number | undefined, field: string): BodyMode {
  const { state, definition, actions } = view;
  if (state.status === 'finished' || state.status === 'rejected' || state.status === 'withdrawn') return { kind: 'none', reason: 'finished' };
  const access = fieldAccess(definition, state, me, actions);
  if (state.status === 'draft' && me === state.initiator && actions.includes('start')) {
    if (permOf(access, field) !== 'W') return { kind: 'none', reason: 'noWrite' };
    return view.entity && view.recordId ? { kind: 'record' } : { kind: 'draft' };
  }
  const { deciding } = myTasks(state, me);
  if (!deciding || !actions.includes('saveDraft')) return { kind: 'none', reason: 'noTask' };
  if (permOf(access, field) !== 'W') return { kind: 'none', reason: 'noWrite' };
  return { kind: 'task', taskId: deciding.id };
}

/** True when node `nodeId` of `def` grants W on `field` (the list of editable 正文 in the 待办). */
export function nodeWrites(def: FlowDef, nodeId: string, field: string): boolean {
  const node = indexFlow(def).nodes.get(nodeId)?.node;
  return !!node && isTaskNode(node) && (node as TaskNode).fieldPermissions?.[field] === 'W';
}
