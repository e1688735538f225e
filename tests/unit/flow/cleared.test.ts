/**
 * 密级 in the machine (DESIGN §7): `ctx.cleared` leaves uncleared people out of resolved assignees (the node's
 * emptyAssignee policy then applies), of 委托 and of toAdmin, and refuses actions naming them (flow.notCleared).
 * Here the "classification" is form field `level`; user u's clearance is u % 10 (so 12 has 2, 31 has 1).
 */
import { describe, expect, it } from 'vitest';
import type { FlowState, UserId } from '../../../engine/flow';
import { approve, flow, Harness } from './helpers';

const cleared = (u: UserId, state: FlowState) => u % 10 >= Number(state.data.level ?? 0);

describe('clearance of assignees', () => {
  it('a classified instance leaves uncleared role holders out; unclassified it reaches all', () => {
    const def = flow([approve('a', [{ kind: 'roles', roles: ['office'] }], { mode: 'all' })]);
    const open = new Harness(def, { ctx: { cleared } });
    open.start({ level: 0 });
    expect(open.pending('a')).toEqual([31, 32]);
    const secret = new Harness(def, { ctx: { cleared } });
    secret.start({ level: 2 });
    expect(secret.pending('a')).toEqual([32]);
  });

  it('with nobody left the emptyAssignee policy applies: skip, toAdmin (cleared administrators only), error', () => {
    const skip = new Harness(flow([approve('a', [11]), approve('b', [13])]), { ctx: { cleared } });
    skip.start({ level: 2 });
    expect(skip.pending()).toEqual([13]);
    expect(skip.eventTypes()).toContain('nodeSkipped');
    const admin = new Harness(flow([approve('a', [11], { emptyAssignee: 'toAdmin' })]), { ctx: { cleared, admins: () => [901, 903] } });
    admin.start({ level: 2 });
    expect(admin.pending()).toEqual([903]);
    const error = new Harness(flow([approve('a', [11], { emptyAssignee: 'error' })]), { ctx: { cleared } });
    error.refuse({ type: 'start', actor: 1, data: { level: 2 } }, 'flow.noAssignee');
  });

  it('an uncleared 委托 delegate does not take the task over', () => {
    const h = new Harness(flow([approve('a', [12])]), { ctx: { cleared, delegateOf: (u) => (u === 12 ? 21 : null) } });
    h.start({ level: 2 });
    expect(h.pending()).toEqual([12]);
  });

  it('transfer, delegate, addSign and cc naming an uncleared person are refused', () => {
    const h = new Harness(flow([approve('a', [12])]), { ctx: { cleared } });
    h.start({ level: 2 });
    h.refuse({ type: 'transfer', actor: 12, to: 31 }, 'flow.notCleared');
    h.refuse({ type: 'delegate', actor: 12, to: 31 }, 'flow.notCleared');
    h.refuse({ type: 'addSign', actor: 12, position: 'before', users: [22, 31] }, 'flow.notCleared');
    h.refuse({ type: 'cc', actor: 12, users: [31] }, 'flow.notCleared');
    h.act({ type: 'transfer', actor: 12, to: 22 });
    expect(h.pending()).toEqual([22]);
  });
});
