/**
 * Moving through the tree (DESIGN §5): entering nodes, the decision of approve/handle nodes per mode
 * (依次 sequential, 会签 all, 或签 any, 票签 vote), branches (first matching condition, else default), parallel
 * joins (all / any), delays, services, the end; re-entering a node after a 退回; rejecting and finishing.
 * Internal to engine/flow; pure TS.
 */
import { clearedUsers, resolveAssignees } from './assignees';
import { evaluateCondition } from './conditions';
import { addDuration } from './deadlines';
import type { PathStep } from './definition';
import { FlowError } from './errors';
import { isDeciding, isOpen, type Parent, type Work } from './runtime';
import type { BranchNode, CcNode, FlowNode, NodeRun, ParallelNode, Task, TaskKind, TaskNode, UserId } from './types';

/** Enter `node` in the lane `parent` (none at top level); `extra` goes on the new run. */
export function enterNode(w: Work, node: FlowNode, parent?: Parent, extra: Partial<NodeRun> = {}): void {
  const run = w.newRun(node, parent, extra);
  switch (node.type) {
    case 'start':
      completeRun(w, run);
      return;
    case 'end':
      w.closeRun(run, 'done');
      finishInstance(w);
      return;
    case 'approve':
    case 'handle':
      enterTaskNode(w, node, run);
      return;
    case 'cc':
      enterCc(w, node, run);
      return;
    case 'branch':
      enterBranch(w, node, run);
      return;
    case 'parallel':
      enterParallel(w, node, run);
      return;
    case 'delay':
      w.setTimer('delay', addDuration(w.now, node.duration, w.ctx), { runId: run.id });
      return;
    case 'service':
      w.effects.service.push({ key: node.action, nodeId: node.id, runId: run.id });
      w.event('service', { nodeId: node.id, detail: { key: node.action } }, null);
      completeRun(w, run);
      return;
  }
}

/** The task kind of a task node. */
export function taskKindOf(node: TaskNode): TaskKind {
  if (node.type === 'approve') return 'approve';
  return node.handleKind === 'signfor' ? 'signfor' : 'handle';
}

/** Users who approved in the current round: in any earlier task-node run, or only the directly preceding one. */
function approvedBefore(w: Work, scope: 'adjacent' | 'any'): Set<UserId> {
  const runs = w.state.nodeRuns.filter(
    (r) => r.round === w.state.round && r.status === 'done' && r.result === 'approved' && (r.type === 'approve' || r.type === 'handle'),
  );
  const chosen = scope === 'any' ? runs : runs.slice(-1);
  const ids = new Set(chosen.map((r) => r.id));
  return new Set(w.state.tasks.filter((t) => ids.has(t.nodeRunId) && t.status === 'done' && t.result === 'approve').map((t) => t.onBehalfOf ?? t.assignee));
}

function enterTaskNode(w: Work, node: TaskNode, run: NodeRun): void {
  let users = resolveAssignees(node.assignees, node.id, w.state, w.ctx);
  const dedupe = w.def.dedupe ?? 'none';
  if (dedupe !== 'none' && node.type === 'approve' && node.dedupe !== false && users.length) {
    const seen = approvedBefore(w, dedupe);
    const left = users.filter((u) => !seen.has(u));
    if (!left.length) {
      w.closeRun(run, 'skipped', 'deduped');
      w.event('nodeSkipped', { nodeId: node.id, detail: { reason: 'dedupe', users } }, null);
      next(w, run);
      return;
    }
    users = left;
  }
  if (!users.length) {
    const policy = node.emptyAssignee ?? 'skip';
    if (policy === 'toAdmin') users = clearedUsers([...new Set(w.ctx.admins?.(w.state) ?? [])], w.state, w.ctx);
    if (policy === 'skip') {
      w.closeRun(run, 'skipped', 'skipped');
      w.event('nodeSkipped', { nodeId: node.id, detail: { reason: 'noAssignee' } }, null);
      next(w, run);
      return;
    }
    if (!users.length) throw new FlowError('flow.noAssignee', { node: node.id });
  }
  const mode = node.mode ?? 'any';
  run.mode = mode;
  if (mode === 'vote') run.ratio = node.ratio ?? 1;
  run.assignees = users;
  const kind = taskKindOf(node);
  if (mode === 'sequential') w.createTask(run, kind, users[0], { seq: 0 });
  else users.forEach((u, i) => w.createTask(run, kind, u, { seq: i }));
}

function enterCc(w: Work, node: CcNode, run: NodeRun): void {
  const users = resolveAssignees(node.assignees, node.id, w.state, w.ctx);
  for (const u of users) w.createTask(run, node.circulate ? 'read' : 'cc', u);
  w.event('cc', { nodeId: node.id, detail: { users } }, null);
  completeRun(w, run);
}

function enterBranch(w: Work, node: BranchNode, run: NodeRun): void {
  const chosen =
    node.branches.find((b) => b.default !== true && b.condition && evaluateCondition(w, b.condition.cel)) ?? node.branches.find((b) => b.default === true);
  if (!chosen) throw new FlowError('flow.badDefinition', { what: `branch node "${node.id}" has no default branch` });
  run.chosenBranch = chosen.id;
  w.event('branch', { nodeId: node.id, detail: { branch: chosen.id } }, null);
  if (chosen.nodes.length) enterNode(w, chosen.nodes[0], { runId: run.id, branchId: chosen.id });
  else completeRun(w, run, 'taken');
}

function enterParallel(w: Work, node: ParallelNode, run: NodeRun, only?: string): void {
  run.lanes = node.branches.map((b) => ({ branchId: b.id, status: only === undefined || b.id === only ? 'active' : 'done' }));
  if (only !== undefined) return;
  for (const b of node.branches) {
    if (run.status !== 'active') break;
    if (b.nodes.length) enterNode(w, b.nodes[0], { runId: run.id, branchId: b.id });
    else laneDone(w, run, b.id);
  }
}

/** Close a run as done and go on: to `jumpTo` (resubmit to the returner) or to the next node. */
export function completeRun(w: Work, run: NodeRun, result?: NodeRun['result']): void {
  w.closeRun(run, 'done', result);
  if (run.jumpTo) reenter(w, run.jumpTo, run);
  else next(w, run);
}

/** The node after `run`'s node: the next in its sequence, else the end of its lane. */
function next(w: Work, run: NodeRun): void {
  if (w.state.status !== 'running') return;
  const loc = w.ix.nodes.get(run.nodeId);
  if (!loc) throw new FlowError('flow.badDefinition', { what: `no node "${run.nodeId}"` });
  const parent = run.parentRunId ? { runId: run.parentRunId, branchId: run.branchId as string } : undefined;
  if (loc.index + 1 < loc.seq.length) enterNode(w, loc.seq[loc.index + 1], parent);
  else if (parent) laneDone(w, w.run(parent.runId), parent.branchId);
  else throw new FlowError('flow.badDefinition', { what: 'the flow does not end with an end node' });
}

/** A lane of a container run reached its end: a branch is done; a parallel joins (all / any). */
function laneDone(w: Work, container: NodeRun, branchId: string): void {
  if (container.status !== 'active') return;
  if (container.type === 'branch') {
    completeRun(w, container, 'taken');
    return;
  }
  const node = w.node(container.nodeId) as ParallelNode;
  const lanes = container.lanes ?? [];
  const lane = lanes.find((l) => l.branchId === branchId);
  if (lane) {
    lane.status = 'done';
    if (w.cause) lane.closedBy = w.cause;
  }
  if (node.join === 'any') {
    for (const l of lanes) {
      if (l.status !== 'active') continue;
      l.status = 'cancelled';
      if (w.cause) l.closedBy = w.cause;
      cancelUnder(w, container, l.branchId);
    }
  }
  if (lanes.every((l) => l.status !== 'active')) completeRun(w, container, 'joined');
}

/** Whether `run` lies under the container run `c` (in lane `branchId` when given). */
function isUnder(w: Work, run: NodeRun, c: NodeRun, branchId?: string): boolean {
  let cur: NodeRun | undefined = run;
  while (cur?.parentRunId) {
    if (cur.parentRunId === c.id) return branchId === undefined || cur.branchId === branchId;
    cur = w.state.nodeRuns.find((r) => r.id === cur!.parentRunId);
  }
  return false;
}

/** Cancel an active run and its open deciding tasks. */
function cancelRun(w: Work, run: NodeRun): void {
  w.closeRun(run, 'cancelled');
  for (const t of w.tasksOf(run)) if (isOpen(t) && isDeciding(t)) w.closeTask(t, 'cancelled');
}

/** Cancel the active runs under a container run (in one lane when given). */
export function cancelUnder(w: Work, c: NodeRun, branchId?: string): void {
  for (const r of w.state.nodeRuns) if (r.status === 'active' && isUnder(w, r, c, branchId)) cancelRun(w, r);
}

/** Cancel every active run and open deciding task of the instance (return to initiator, withdraw, reject). */
export function cancelAll(w: Work): void {
  for (const r of w.state.nodeRuns) if (r.status === 'active') cancelRun(w, r);
  for (const t of w.state.tasks) if (isOpen(t) && isDeciding(t)) w.closeTask(t, 'cancelled');
}

/** The container runs above `run` with the lane taken in each, outermost first. */
function runChain(w: Work, run: NodeRun): { run: NodeRun; branchId: string }[] {
  const out: { run: NodeRun; branchId: string }[] = [];
  let cur = run;
  while (cur.parentRunId) {
    const parent = w.run(cur.parentRunId);
    out.unshift({ run: parent, branchId: cur.branchId as string });
    cur = parent;
  }
  return out;
}

/**
 * Re-enter `nodeId` (退回 to a done node, or the jump back to the returner). The deepest active container lane
 * shared by `from` and the target is kept and only the runs in it are cancelled; otherwise every open run is.
 * Containers between are re-created with only the target's lane open (the other parallel lanes count as done).
 */
export function reenter(w: Work, nodeId: string, from: NodeRun | undefined, extra: Partial<NodeRun> = {}): void {
  const loc = w.ix.nodes.get(nodeId);
  if (!loc) throw new FlowError('flow.badDefinition', { what: `no node "${nodeId}"` });
  const chain = from ? runChain(w, from) : [];
  let k = 0;
  while (
    k < chain.length &&
    k < loc.path.length &&
    chain[k].run.status === 'active' &&
    chain[k].run.nodeId === loc.path[k].container.id &&
    chain[k].branchId === loc.path[k].branchId
  )
    k++;
  let parent: Parent | undefined;
  if (k > 0) {
    cancelUnder(w, chain[k - 1].run, chain[k - 1].branchId);
    parent = { runId: chain[k - 1].run.id, branchId: chain[k - 1].branchId };
  } else cancelAll(w);
  for (const step of loc.path.slice(k)) parent = openContainer(w, step, parent);
  enterNode(w, loc.node, parent, extra);
}

function openContainer(w: Work, step: PathStep, parent: Parent | undefined): Parent {
  const run = w.newRun(step.container, parent);
  if (step.container.type === 'branch') run.chosenBranch = step.branchId;
  else enterParallel(w, step.container, run, step.branchId);
  return { runId: run.id, branchId: step.branchId };
}

/** The instance reached its end: finished; open work cancelled, timers cleared, the initiator notified. */
export function finishInstance(w: Work): void {
  cancelAll(w);
  w.state.status = 'finished';
  w.state.endedAt = w.now;
  w.clearTimers(() => true);
  w.event('finished', {}, null);
  w.notify('finished', [w.state.initiator], { result: 'finished' });
}

/** A node failed (驳回): the instance is rejected, open work cancelled, the initiator notified. */
export function rejectInstance(w: Work, run: NodeRun): void {
  w.closeRun(run, 'done', 'rejected');
  cancelAll(w);
  w.state.status = 'rejected';
  w.state.endedAt = w.now;
  w.clearTimers(() => true);
  w.event('rejected', { nodeId: run.nodeId }, null);
  w.notify('finished', [w.state.initiator], { result: 'rejected' });
}

const approved = (t: Task) => t.status === 'done' && (t.result === 'approve' || t.result === 'signed');
const rejected = (t: Task) => t.status === 'done' && t.result === 'reject';

/**
 * Decide a task-node run after one of its tasks changed: release 前加签 holds whose add-signers are all done,
 * then by mode — sequential: a reject fails, an approve hands on to the next in order, the last one passes;
 * all: a reject fails, all approvals pass; any: the first approve passes, the first reject fails; vote: passes
 * once approvals / total ≥ ratio, fails once that can no longer be reached. Added signers (加签) must all approve
 * too. Pass → open tasks cancelled, ccOnDone, next node; fail → the instance is rejected.
 */
export function decide(w: Work, run: NodeRun): void {
  if (run.status !== 'active') return;
  const all = w.tasksOf(run).filter((t) => isDeciding(t) && !t.delegatedFrom && t.status !== 'transferred');
  for (const held of all.filter((t) => t.status === 'waiting')) {
    const before = all.filter((t) => t.addSign?.by === held.id && t.addSign.position === 'before' && t.status !== 'cancelled');
    if (before.every(approved)) {
      held.status = 'pending';
      w.notify('task', [held.assignee], { taskId: held.id });
    }
  }
  const primary = all.filter((t) => !t.addSign && t.status !== 'cancelled');
  const added = all.filter((t) => t.addSign && t.status !== 'cancelled');
  const mode = run.mode ?? 'any';
  let verdict: 'pass' | 'fail' | 'open' = 'open';
  if (added.some(rejected) || (mode !== 'vote' && primary.some(rejected))) verdict = 'fail';
  else if (mode === 'sequential') {
    // the next in order gets the task once the current one and the signers they added after them approved
    if (primary.every(approved) && added.every(approved)) {
      const nextSeq = Math.max(-1, ...primary.map((t) => t.seq ?? 0)) + 1;
      const order = run.assignees ?? [];
      if (nextSeq < order.length) w.createTask(run, taskKindOf(w.taskNode(run.nodeId)), order[nextSeq], { seq: nextSeq });
      else verdict = 'pass';
    }
  } else if (mode === 'all') verdict = primary.every(approved) ? 'pass' : 'open';
  else if (mode === 'any') verdict = primary.some(approved) ? 'pass' : 'open';
  else {
    const total = Math.max(1, run.assignees?.length ?? primary.length);
    const yes = primary.filter(approved).length;
    const no = primary.filter(rejected).length;
    const ratio = run.ratio ?? 1;
    if (yes / total >= ratio - 1e-9) verdict = 'pass';
    else if ((total - no) / total < ratio - 1e-9) verdict = 'fail';
  }
  if (verdict === 'fail') {
    rejectInstance(w, run);
    return;
  }
  if (verdict === 'open') return;
  for (const t of primary) if (isOpen(t)) closeWithHelpers(w, t);
  if (!added.every(approved)) return;
  const node = w.taskNode(run.nodeId);
  if (node.ccOnDone?.length) {
    const users = resolveAssignees(node.ccOnDone, node.id, w.state, w.ctx);
    for (const u of users) w.createTask(run, 'cc', u);
  }
  completeRun(w, run, 'approved');
}

/** Cancel an open task and the 委派 helper task working for it. */
export function closeWithHelpers(w: Work, t: Task): void {
  w.closeTask(t, 'cancelled');
  for (const h of w.state.tasks) if (h.delegatedFrom === t.id && isOpen(h)) w.closeTask(h, 'cancelled');
}
