/**
 * Test helpers of engine/flow: node builders, a fake organisation, an injected context with a controllable
 * clock and ids, and a harness that applies actions and keeps the state.
 */
import { expect } from 'vitest';
import {
  apply,
  newInstance,
  allowedActions,
  FlowError,
  type ApplyResult,
  type AssigneeRule,
  type Effects,
  type FlowAction,
  type FlowContext,
  type FlowDef,
  type FlowNode,
  type FlowState,
  type OrgRule,
  type Task,
  type TaskNode,
  type UserId,
} from '../../../engine/flow';

export const text = (d: string) => ({ t: `test.flow.${d.replace(/[^a-zA-Z0-9]/g, '_') || 'x'}`, d });

export const start = (extra: Partial<FlowNode> = {}): FlowNode => ({ id: 'start', type: 'start', title: text('start'), ...extra }) as FlowNode;
export const end = (): FlowNode => ({ id: 'end', type: 'end', title: text('end') });

/** An approve (or handle) node for fixed users. */
export function approve(id: string, users: UserId[] | AssigneeRule[], extra: Partial<TaskNode> = {}): TaskNode {
  const assignees: AssigneeRule[] = typeof users[0] === 'number' ? [{ kind: 'users', users: users as UserId[] }] : (users as AssigneeRule[]);
  return { id, type: 'approve', title: text(id), assignees, ...extra };
}
export const handle = (id: string, users: UserId[], extra: Partial<TaskNode> = {}): TaskNode => approve(id, users, { type: 'handle', ...extra });

/** A flow start → nodes → end. */
export function flow(nodes: FlowNode[], extra: Partial<FlowDef> = {}): FlowDef {
  return {
    $schema: '../../_meta/flow.schema.json',
    schemaVersion: 1,
    id: 'test.flow',
    kind: 'flow',
    title: text('flow'),
    nodes: [start(), ...nodes, end()],
    ...extra,
  };
}

/** The fake organisation: role codes → users; leader N of the initiator = 100·N + initiator; dept fields: leader = 500 + dept. */
export const ORG = {
  roles: { office: [31, 32], finance: [41] } as Record<string, UserId[]>,
  positions: { 7: [71] } as Record<number, UserId[]>,
};

export function orgResolve(rule: OrgRule, state: FlowState): UserId[] {
  switch (rule.kind) {
    case 'roles':
      return rule.roles.flatMap((r) => ORG.roles[r] ?? []);
    case 'positions':
      return rule.positions.flatMap((p) => ORG.positions[p] ?? []);
    case 'leader':
      return rule.of === 'initiator' ? [100 * rule.level + state.initiator] : [500 + Number(state.data[rule.of.field])];
    case 'leaderChain': {
      const out: UserId[] = [];
      for (let l = 1; l <= rule.upTo; l++) out.push(100 * l + state.initiator);
      return out;
    }
  }
}

/** 2026-09-30 10:00 +08:00 (the day before the 国庆 holiday). */
export const T0 = Date.parse('2026-09-30T10:00:00+08:00');

/** A harness: one instance, a clock, ids `id1, id2…`, every result kept. */
export class Harness {
  state: FlowState;
  now = T0;
  last!: ApplyResult;
  private n = 0;
  readonly extra: Partial<FlowContext>;

  constructor(
    readonly def: FlowDef,
    opts: { initiator?: UserId; data?: Record<string, unknown>; ctx?: Partial<FlowContext> } = {},
  ) {
    this.extra = opts.ctx ?? {};
    this.state = newInstance(def, { initiator: opts.initiator ?? 1, data: opts.data ?? {} }, this.ctx());
  }

  ctx(): FlowContext {
    return { now: this.now, newId: () => `id${++this.n}`, resolve: orgResolve, ...this.extra };
  }

  get effects(): Effects {
    return this.last.effects;
  }

  /** Apply an action; the state moves on. */
  act(action: FlowAction): ApplyResult {
    const before = JSON.stringify(this.state);
    this.last = apply(this.def, this.state, action, this.ctx());
    expect(JSON.stringify(this.state), 'apply must not mutate its input').toBe(before);
    this.state = this.last.state;
    return this.last;
  }

  /** The action must be refused with `key`, leaving the state as it was. */
  refuse(action: FlowAction, key: string): void {
    let err: unknown;
    try {
      apply(this.def, this.state, action, this.ctx());
    } catch (e) {
      err = e;
    }
    expect(err, `${action.type} should be refused with ${key}`).toBeInstanceOf(FlowError);
    expect((err as FlowError).key).toBe(key);
  }

  start(data?: Record<string, unknown>, picks?: Record<string, UserId[]>): ApplyResult {
    return this.act({ type: 'start', actor: this.state.initiator, ...(data ? { data } : {}), ...(picks ? { picks } : {}) });
  }

  /** Open deciding tasks (pending/waiting/delegated of approve/handle/signfor). */
  open(nodeId?: string): Task[] {
    return this.state.tasks.filter(
      (t) =>
        ['pending', 'waiting', 'delegated'].includes(t.status) &&
        ['approve', 'handle', 'signfor'].includes(t.kind) &&
        (nodeId === undefined || t.nodeId === nodeId),
    );
  }

  /** Users with a pending task at `nodeId`. */
  pending(nodeId?: string): UserId[] {
    return this.open(nodeId)
      .filter((t) => t.status === 'pending')
      .map((t) => t.assignee)
      .sort((a, b) => a - b);
  }

  /** Node ids of active task-node runs. */
  activeNodes(): string[] {
    return this.state.nodeRuns.filter((r) => r.status === 'active' && (r.type === 'approve' || r.type === 'handle' || r.type === 'delay')).map((r) => r.nodeId);
  }

  allowed(user: UserId) {
    return allowedActions(this.def, this.state, user);
  }

  eventTypes(): string[] {
    return this.effects.events.map((e) => e.type);
  }
}
