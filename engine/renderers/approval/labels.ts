/**
 * What completing a task of a node is called (DESIGN §5), in the action bar and the flow log: a handle node's
 * `actionLabel` (登记…), else its handleKind's name (核稿完毕, 签发, 编号, 用印, 分发, 签收; 办理完毕 for `other`);
 * approve nodes say 同意. Pure apart from the translators passed in.
 */
import { indexFlow, type FlowDef, type TaskNode } from '../../flow';
import type { Text } from '../../schema/types';

/** Translator of the `approval` namespace. */
type T = (key: string, opts?: Record<string, unknown>) => string;

/** The name of completing a task at `nodeId` of `def` (see the module comment); 同意 for unknown nodes. */
export function completionLabel(def: FlowDef, nodeId: string | null | undefined, tx: (t: Text) => string, t: T): string {
  const node = nodeId ? (indexFlow(def).nodes.get(nodeId)?.node as TaskNode | undefined) : undefined;
  if (node?.type !== 'handle') return t('action.approve');
  if (node.actionLabel) return tx(node.actionLabel);
  return t(`action.handle.${node.handleKind ?? 'other'}`, { defaultValue: t('action.approveHandle') });
}

/** A flow-log entry's label: a completion (`approve`) by completionLabel, every other event by its type. */
export function eventLabel(def: FlowDef | undefined, e: { type: string; nodeId: string | null }, tx: (t: Text) => string, t: T): string {
  if (e.type === 'approve' && def) return completionLabel(def, e.nodeId, tx, t);
  return t(`event.${e.type}`, { defaultValue: t('event.unknown') });
}
