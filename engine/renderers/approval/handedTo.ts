/**
 * Where an action sent the work (DESIGN §5): the steps whose deciding tasks are now pending and who holds them —
 * “部门核稿（李娜）” — for the success message after 提交 and 同意, so the sender sees the step and the person it
 * went to. Names come from selector/getlist.
 */
import { indexFlow } from '../../flow';
import type { Text } from '../../schema/types';
import { selector } from '../../data/api';
import type { InstanceView } from '../../data/flow';

/** One step the work is at now and the ids of its holders. */
export interface HandedStep {
  nodeId: string;
  users: number[];
}

/** The steps with pending deciding tasks of `view` (approve / handle / 签收), holders in task order. */
export function handedSteps(view: Pick<InstanceView, 'state'>): HandedStep[] {
  const out = new Map<string, number[]>();
  for (const t of view.state.tasks) {
    if (t.status !== 'pending' || t.kind === 'cc' || t.kind === 'read') continue;
    const users = out.get(t.nodeId) ?? [];
    if (!users.includes(t.assignee)) users.push(t.assignee);
    out.set(t.nodeId, users);
  }
  return [...out].map(([nodeId, users]) => ({ nodeId, users }));
}

/**
 * The text “部门核稿（李娜）；会签（周杰、孙丽）” of where `view`'s work is now, '' when nowhere (ended, or back in
 * draft). `sep` joins names, `stepSep` steps; `step` formats one step with its names.
 */
export async function handedToText(
  view: Pick<InstanceView, 'state' | 'definition'>,
  tx: (t: Text) => string,
  fmt: { step: (step: string, names: string) => string; sep: string; stepSep: string },
): Promise<string> {
  const steps = handedSteps(view);
  if (!steps.length) return '';
  const ids = [...new Set(steps.flatMap((s) => s.users))];
  const names = await selector.getlist({ users: ids }).then(
    (r) => r?.users ?? {},
    () => ({}) as Record<string, string>,
  );
  const nodes = indexFlow(view.definition).nodes;
  return steps
    .map((s) => {
      const node = nodes.get(s.nodeId)?.node;
      return fmt.step(node ? tx(node.title) : s.nodeId, s.users.map((u) => names[String(u)] ?? String(u)).join(fmt.sep));
    })
    .join(fmt.stepSep);
}

/** The formats of handedToText from the `approval` namespace (`handed.*`), for a translator of any namespace. */
export function handedFormat(t: (key: string, opts?: Record<string, unknown>) => string) {
  return {
    step: (step: string, names: string) => t('handed.step', { ns: 'approval', step, names }),
    sep: t('handed.sep', { ns: 'approval' }),
    stepSep: t('handed.stepSep', { ns: 'approval' }),
  };
}
