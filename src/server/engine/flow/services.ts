/**
 * Service nodes of flows (DESIGN §5 "service (a registered server action)"): when the machine reaches a
 * `service` node it emits `effects.service` ({key, nodeId}); the runtime runs the server action registered
 * under that key inside the action's own transaction, before the new state is written. An action may change
 * the flow's form data (e.g. 编号 writes the 发文字号 into `docNumber`): the answered patch is merged into the
 * state, and written back to the business record with the rest of the action's edits. An action that throws
 * rolls the whole user action back (the user sees its -1 message and nothing happened).
 *
 * Definitions name actions by key and never contain code (DESIGN §3); registering a key twice throws.
 */
import type { Transaction } from 'kysely';
import type { Effects, FlowState } from '../../../../engine/flow/index.js';
import type { Locale } from '../../../shared/constants.js';
import type { Dialect } from '../../db/index.js';
import type { DB } from '../../db/types.js';
import { translate } from '../../i18n/index.js';
import { badInput } from '../../lib/errors.js';

/** What a service action is given. */
export interface FlowServiceCall {
  trx: Transaction<DB>;
  dialect: Dialect;
  /** The instance: id, flow, business record, title, initiator. */
  instance: { id: number; defId: string; entity: string | null; recordId: number | null; title: string; initiatorId: number };
  /** The service node reached. */
  nodeId: string;
  /** The state after the action (read it; change data only through the answered patch). */
  state: FlowState;
  /** Who acted (null: the system, e.g. a timer). */
  actor: number | null;
  /** Epoch ms of the action. */
  at: number;
  locale: Locale;
  /** Users to push a "refresh your reminders" to once the action has committed (their messages are written by the service). */
  notify: (userIds: number[]) => void;
}

/** A service action: answers a patch of the flow's form data, or nothing. Throws ApiError to refuse. */
export type FlowService = (call: FlowServiceCall) => Promise<Record<string, unknown> | void>;

const services = new Map<string, FlowService>();

/** Registers service action `key` (e.g. `document.number`). @throws Error when `key` is registered already. */
export function registerFlowService(key: string, fn: FlowService): void {
  if (services.has(key)) throw new Error(`flow service "${key}" is registered twice`);
  services.set(key, fn);
}

/** Whether `key` is registered (Flowset checks the definitions it saves). */
export function hasFlowService(key: string): boolean {
  return services.has(key);
}

/**
 * Runs the service actions of `effects` in order, in `call.trx`, and answers the state with their data patches
 * merged (the same object when there is none).
 * @throws ApiError -1 `flow.unknownService` for a key nobody registered, or whatever an action throws.
 */
export async function runFlowServices(effects: Effects, call: Omit<FlowServiceCall, 'nodeId'>): Promise<FlowState> {
  let state = call.state;
  // Each service sees the data as the ones before it left it.
  for (const s of effects.service) {
    const fn = services.get(s.key);
    if (!fn) throw badInput(translate(call.locale, 'flow.unknownService', { key: s.key }));
    const patch = await fn({ ...call, state, nodeId: s.nodeId });
    if (patch && Object.keys(patch).length) state = { ...state, data: { ...state.data, ...patch } };
  }
  return state;
}
