/**
 * Assignee rules (DESIGN §5): users, roles, positions, the N-th level leader of the initiator or of a form
 * field's department, the leader chain, initiator picks, a form field, the initiator. The machine resolves
 * the rules it can from the instance alone; the organisation rules go to the injected `ctx.resolve`.
 * Pure TS.
 */
import type { AssigneeRule, FlowContext, FlowState, UserId } from './types';

/** User ids in a form field value: an id, a numeric string, a list of them, or JSON text of a list. */
export function userIdsOf(value: unknown): UserId[] {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? [value] : [];
  if (typeof value === 'string') {
    const s = value.trim();
    if (/^\d+$/.test(s)) return userIdsOf(Number(s));
    if (s.startsWith('[')) {
      try {
        return userIdsOf(JSON.parse(s) as unknown);
      } catch {
        return [];
      }
    }
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? [] : userIdsOf(v)));
  return [];
}

/** Order-keeping dedupe. */
export function uniqueUsers(ids: Iterable<UserId>): UserId[] {
  return [...new Set(ids)];
}

/**
 * Users of one rule for the node `nodeId` of `state`. users / initiator / formField / initiatorPicks (the
 * picks stored at start, `state.picks[nodeId]`) are answered here; roles, positions, leader and leaderChain
 * by `ctx.resolve(rule, state)`. DESIGN §5.
 */
export function resolveRule(rule: AssigneeRule, nodeId: string, state: FlowState, ctx: Pick<FlowContext, 'resolve'>): UserId[] {
  switch (rule.kind) {
    case 'users':
      return [...rule.users];
    case 'initiator':
      return [state.initiator];
    case 'formField':
      return userIdsOf(state.data[rule.field]);
    case 'initiatorPicks':
      return [...(state.picks[nodeId] ?? [])];
    default:
      return ctx.resolve(rule, state);
  }
}

/**
 * Users of a rule list: every rule's users in order, the same person once (DESIGN §5 dedupe within a node), without
 * those whose clearance does not cover the instance (`ctx.cleared`, DESIGN §7).
 */
export function resolveAssignees(rules: AssigneeRule[], nodeId: string, state: FlowState, ctx: Pick<FlowContext, 'resolve' | 'cleared'>): UserId[] {
  return clearedUsers(uniqueUsers(rules.flatMap((r) => resolveRule(r, nodeId, state, ctx))), state, ctx);
}

/** `users` whose clearance covers instance `state` (`ctx.cleared`; all of them without it). DESIGN §7. */
export function clearedUsers(users: UserId[], state: FlowState, ctx: Pick<FlowContext, 'cleared'>): UserId[] {
  const cleared = ctx.cleared;
  return cleared ? users.filter((u) => cleared(u, state)) : users;
}
