/**
 * Lives of generated test documents (/debug/index): each instance is driven through the approval
 * machine itself (engine/flow `apply`, the code the runtime runs), in memory, with the organisation snapshot
 * of the runtime (engine/flow/org.ts), simulated time and ids — so its state, tasks, timers and events are
 * exactly what the runtime would have stored had people clicked through it, and the approval page, the work
 * lists and flow/act work on it. Due deadline timers are fired on the way as the timer sweep would have
 * (tasks become overdue, with their `overdue` events). People whose clearance is below the document's 密级 get no
 * work of it, as in the runtime (engine/flow/cleared.ts; the snapshots must hold every user's clearance). Service nodes answer their data patches through
 * `services` (编号, 用印, 分发 and 归档 are simulated by the caller; no 签收 items are created).
 * Pure apart from the injected callbacks; nothing is written here.
 */
import {
  FlowError,
  apply,
  newInstance,
  type FlowAction,
  type FlowContext,
  type FlowDef,
  type FlowEvent,
  type FlowState,
  type UserAction,
} from '../../../../../engine/flow/index.js';
import { addWorkdays } from '../../../../../engine/expr/dates.js';
import type { OrgSnapshot } from '../../../../server/engine/flow/org.js';
import { resolverOf } from '../../../../server/engine/flow/org.js';
import { snapshotCleared } from '../../../../server/engine/flow/cleared.js';
import { DEFAULT_OPINIONS, OPINIONS, RETURN_REASONS, pick, type Rnd } from './corpus.js';

/** How far a generated instance gets: the status it ends in (returned = draft after a 退回 to the drafter). */
export type Fate = 'draft' | 'running' | 'finished' | 'returned' | 'withdrawn';

/** One instance to simulate. */
export interface LifePlan {
  def: FlowDef;
  defVersion: number;
  initiator: number;
  initiatorDept: number | null;
  /** The form data at submission (the record's model fields). */
  data: Record<string, unknown>;
  /** Epoch ms of the first save / submission. */
  createdAt: number;
  fate: Fate;
  /** running / returned / withdrawn: task actions taken before it stops (fewer when the flow would end). */
  steps: number;
  /** running: 催办 actions of the initiator after the last step. */
  urges: number;
}

/** What a simulated life leaves for the tables. */
export interface Life {
  state: FlowState;
  /** Every flow-log event, oldest first. */
  events: FlowEvent[];
  /** flow_instances.version (1 + actions after the start). */
  version: number;
  updatedAt: number;
}

/** Runs a service node: answers its data patch (as src/server/engine/flow/services.ts merges it). */
export type ServiceSim = (key: string, state: FlowState, at: number) => Record<string, unknown> | void;

const HOUR = 3_600_000;
const DECIDING = new Set(['approve', 'handle', 'signfor']);

/** Working-day arithmetic of the default calendar, memoised (a run asks the same few dates again and again). */
const workdays = new Map<string, string>();
function cachedAddWorkdays(date: string, n: number): string {
  const key = `${date}|${n}`;
  let v = workdays.get(key);
  if (v === undefined) {
    v = addWorkdays(date, n);
    if (workdays.size > 50_000) workdays.clear();
    workdays.set(key, v);
  }
  return v;
}

/**
 * The simulator of one run of the generator: `org` the snapshot of each flow (loadOrg), `newId` the id source
 * of runs, tasks and timers, `now` the instant of generation (nothing happens after it), `rnd` the randomness.
 */
export class LifeSimulator {
  private resolvers = new Map<string, ReturnType<typeof resolverOf>>();
  /** The 密级 hook of each flow (its entity is the flow's id), as the runtime's (engine/flow/cleared.ts). */
  private clearedOf = new Map<string, FlowContext['cleared']>();

  constructor(
    private readonly orgs: Map<string, OrgSnapshot>,
    private readonly newId: () => string,
    private readonly now: number,
    private readonly rnd: Rnd,
    private readonly services: ServiceSim,
  ) {}

  private ctx(def: FlowDef, dept: number | null, at: number): FlowContext {
    const org = this.orgs.get(def.id);
    if (!org) throw new Error(`no organisation snapshot for flow ${def.id}`);
    const key = `${def.id}|${dept}`;
    let resolve = this.resolvers.get(key);
    if (!resolve) this.resolvers.set(key, (resolve = resolverOf(org, dept)));
    return {
      now: at,
      newId: this.newId,
      resolve,
      delegateOf: (user) => org.delegates.get(user) ?? null,
      admins: () => org.admins,
      addWorkdays: cachedAddWorkdays,
      cleared: this.cleared(def.id, org),
    };
  }

  /** The 密级 hook of flow `flowId` from `org.clearance` (which must hold everybody the flow may name). */
  private cleared(flowId: string, org: OrgSnapshot): FlowContext['cleared'] {
    if (!this.clearedOf.has(flowId)) this.clearedOf.set(flowId, snapshotCleared(org, flowId));
    return this.clearedOf.get(flowId);
  }

  /** Simulates `plan` (see the module comment). @throws FlowError when the definition refuses the start. */
  live(plan: LifePlan): Life {
    const life = this.run(plan);
    return { ...life, state: { ...life.state, data: { ...plan.data, ...life.state.data } } };
  }

  private run(plan: LifePlan): Life {
    const { def } = plan;
    let at = plan.createdAt;
    const events: FlowEvent[] = [];
    let version = 1;
    // The 正文 rides along untouched (no node of the document flows reads it): kept out of the machine's copies.
    const light = { ...plan.data };
    delete light.body;
    let state = newInstance(def, { initiator: plan.initiator, data: light, defVersion: plan.defVersion }, this.ctx(def, plan.initiatorDept, at));
    const run = (action: FlowAction, when: number): boolean => {
      try {
        const r = apply(def, state, action, this.ctx(def, plan.initiatorDept, when));
        let next = r.state;
        for (const s of r.effects.service) {
          const patch = this.services(s.key, next, when);
          if (patch && Object.keys(patch).length) next = { ...next, data: { ...next.data, ...patch } };
        }
        state = next;
        events.push(...r.effects.events);
        return true;
      } catch (e) {
        if (e instanceof FlowError) return false;
        throw e;
      }
    };
    // The start (runtime.startIn): a saved draft or a submission, version 1.
    const draft = plan.fate === 'draft';
    run(draft ? { type: 'saveDraft', actor: plan.initiator } : { type: 'start', actor: plan.initiator }, at);
    if (draft) return { state, events, version, updatedAt: at };
    // Deadlines that pass before `until` fire as the timer sweep would have fired them.
    const fireDue = (until: number) => {
      for (;;) {
        const due = state.pendingTimers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due || state.status !== 'running') return;
        if (!run({ type: 'timer', timerId: due.id }, Math.max(due.at, at))) return;
        at = Math.max(due.at, at);
        version++;
      }
    };
    const budget = Math.max(HOUR, this.now - plan.createdAt);
    const stepGap = () => Math.round(Math.max(60_000, Math.min(30 * HOUR, budget / (plan.steps + plan.urges + 3)) * (0.2 + this.rnd(800) / 1000)));
    const want = plan.fate === 'finished' ? Number.MAX_SAFE_INTEGER : plan.steps;
    for (let done = 0; done < want && state.status === 'running'; done++) {
      const task = state.tasks.find((t) => t.status === 'pending' && DECIDING.has(t.kind));
      if (!task) break;
      const when = Math.min(this.now, at + stepGap());
      fireDue(when);
      const before = state;
      const logged = events.length;
      const opinion = pick(this.rnd, OPINIONS[task.nodeId] ?? DEFAULT_OPINIONS);
      if (!run({ type: 'approve', actor: task.assignee, taskId: task.id, opinion } as UserAction, when)) break;
      // A running instance stops short of its end.
      if (plan.fate !== 'finished' && state.status !== 'running') {
        state = before;
        events.length = logged;
        break;
      }
      at = when;
      version++;
    }
    if (plan.fate === 'returned' || plan.fate === 'withdrawn') {
      const when = Math.min(this.now, at + stepGap());
      fireDue(when);
      const task = state.tasks.find((t) => t.status === 'pending' && DECIDING.has(t.kind));
      const back =
        plan.fate === 'returned' &&
        task &&
        run({ type: 'return', actor: task.assignee, taskId: task.id, target: 'initiator', opinion: pick(this.rnd, RETURN_REASONS) } as UserAction, when);
      if (back || (state.status === 'running' && run({ type: 'withdraw', actor: plan.initiator } as UserAction, when))) {
        at = when;
        version++;
      }
    }
    if (state.status === 'running') {
      for (let i = 0; i < plan.urges; i++) {
        const when = Math.min(this.now, at + stepGap());
        fireDue(when);
        if (state.status !== 'running' || !run({ type: 'urge', actor: plan.initiator } as UserAction, when)) break;
        at = when;
        version++;
      }
      fireDue(this.now);
    }
    return { state, events, version, updatedAt: at };
  }
}
