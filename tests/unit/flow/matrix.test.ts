/**
 * The action table (DESIGN §5: "table-tested, every action × mode × node type"): for each node type (审批,
 * 办理, 签收) and mode, what the holder of a task may do, what each allowed action does, and that every other
 * action is refused; then, over a set of states, that `allowedActions` is exactly what `apply` accepts.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_ORDER, FlowError, apply, type ActionName, type ApprovalMode, type FlowAction, type TaskNode, type UserId } from '../../../engine/flow';
import { approve, flow, Harness } from './helpers';

const MODES: ApprovalMode[] = ['sequential', 'all', 'any', 'vote'];
const NODE_TYPES: Record<string, Partial<TaskNode>> = {
  approve: { type: 'approve' },
  handle: { type: 'handle', handleKind: 'review' },
  signfor: { type: 'handle', handleKind: 'signfor' },
};
/** What the first assignee of n1 may do, per node type. */
const EXPECTED: Record<string, ActionName[]> = {
  approve: ['saveDraft', 'approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'cc', 'comment'],
  handle: ['saveDraft', 'approve', 'return', 'transfer', 'delegate', 'addSign', 'cc', 'comment'],
  signfor: ['signFor', 'return', 'comment'],
};

/** A default payload for each action by `actor`. */
function actionOf(type: ActionName, actor: UserId): FlowAction {
  switch (type) {
    case 'timer':
      return { type: 'timer', timerId: 'none' };
    case 'return':
      return { type, actor, target: 'previous', opinion: 'back' };
    case 'transfer':
      return { type, actor, to: 99 };
    case 'delegate':
      return { type, actor, to: 98 };
    case 'addSign':
      return { type, actor, position: 'before', users: [97] };
    case 'cc':
      return { type, actor, users: [96] };
    case 'comment':
    case 'saveDraft':
      return { type, actor, opinion: `${type} text` };
    default:
      return { type, actor, opinion: type } as FlowAction;
  }
}

function setup(nodeType: string, mode: ApprovalMode) {
  const n1 = approve('n1', [11, 12, 13], { ...NODE_TYPES[nodeType], mode, ...(mode === 'vote' ? { ratio: 0.6 } : {}) });
  const h = new Harness(flow([approve('p', [5]), n1, approve('n2', [21])]));
  h.start();
  h.act({ type: 'approve', actor: 5 });
  return h;
}

describe('action × mode × node type', () => {
  for (const nodeType of Object.keys(NODE_TYPES)) {
    for (const mode of MODES) {
      it(`${nodeType} / ${mode}: the holder's action bar`, () => {
        const h = setup(nodeType, mode);
        expect(h.allowed(11)).toEqual(EXPECTED[nodeType]);
        // the first step (p) has acted: the initiator may no longer withdraw (withdraw: untilActed, the default)
        expect(h.allowed(1)).toEqual(['urge', 'comment']);
        expect(h.allowed(5)).toEqual(['recall', 'urge', 'comment']);
        expect(h.allowed(77)).toEqual([]);
      });
      for (const type of ACTION_ORDER) {
        it(`${nodeType} / ${mode}: ${type} by the holder`, () => {
          const h = setup(nodeType, mode);
          const action = actionOf(type, 11);
          if (!EXPECTED[nodeType].includes(type)) {
            expect(() => apply(h.def, h.state, action, h.ctx())).toThrow(FlowError);
            return;
          }
          h.act(action);
          const mine = h.state.tasks.find((t) => t.assignee === 11)!;
          const run = h.state.nodeRuns.find((r) => r.nodeId === 'n1')!;
          switch (type) {
            case 'saveDraft':
              expect(mine).toMatchObject({ status: 'pending', draftOpinion: 'saveDraft text' });
              break;
            case 'approve':
            case 'signFor': {
              expect(mine).toMatchObject({ status: 'done', result: type === 'approve' ? 'approve' : 'signed' });
              const passed = mode === 'any';
              expect(run.status).toBe(passed ? 'done' : 'active');
              expect(h.pending('n2')).toEqual(passed ? [21] : []);
              expect(h.pending('n1')).toEqual(passed ? [] : mode === 'sequential' ? [12] : [12, 13]);
              break;
            }
            case 'reject': {
              expect(mine).toMatchObject({ status: 'done', result: 'reject' });
              expect(h.state.status).toBe(mode === 'vote' ? 'running' : 'rejected');
              break;
            }
            case 'return':
              expect(run).toMatchObject({ status: 'done', result: 'returned' });
              expect(h.pending()).toEqual([5]);
              expect(h.effects.notify).toContainEqual(expect.objectContaining({ kind: 'return', to: [5] }));
              break;
            case 'transfer':
              expect(mine.status).toBe('transferred');
              expect(h.pending('n1')).toEqual(mode === 'sequential' ? [99] : [12, 13, 99]);
              break;
            case 'delegate':
              expect(mine.status).toBe('delegated');
              expect(h.state.tasks.find((t) => t.assignee === 98)).toMatchObject({ status: 'pending', delegatedFrom: mine.id });
              break;
            case 'addSign':
              expect(mine.status).toBe('waiting');
              expect(h.state.tasks.find((t) => t.assignee === 97)).toMatchObject({ status: 'pending', addSign: { position: 'before', by: mine.id } });
              break;
            case 'cc':
              expect(h.state.tasks.find((t) => t.assignee === 96)).toMatchObject({ kind: 'cc', status: 'pending' });
              expect(h.effects.notify).toContainEqual(expect.objectContaining({ kind: 'cc', to: [96] }));
              break;
            case 'comment':
              expect(h.effects.events).toEqual([expect.objectContaining({ type: 'comment', actor: 11, opinion: 'comment text' })]);
              break;
            default:
              throw new Error(`no expectation for ${type}`);
          }
          expect(h.effects.events.length).toBeGreaterThan(0);
        });
      }
    }
  }
});

/** States to check allowedActions against apply on. */
function states(): { name: string; h: Harness }[] {
  const out: { name: string; h: Harness }[] = [];
  const mk = (
    name: string,
    f: (h: Harness) => void,
    nodes = [approve('p', [5]), approve('n1', [11, 12], { mode: 'sequential' }), approve('n2', [21], { ccOnDone: [{ kind: 'users', users: [31] }] })],
  ) => {
    const h = new Harness(flow(nodes));
    f(h);
    out.push({ name, h });
  };
  mk('draft', () => {});
  mk('at p', (h) => h.start());
  mk('at n1', (h) => (h.start(), h.act({ type: 'approve', actor: 5 })));
  mk('n1 second in sequence', (h) => (h.start(), h.act({ type: 'approve', actor: 5 }), h.act({ type: 'approve', actor: 11 })));
  mk('delegated', (h) => (h.start(), h.act({ type: 'delegate', actor: 5, to: 6 })));
  mk('add-sign before', (h) => (h.start(), h.act({ type: 'addSign', actor: 5, position: 'before', users: [6] })));
  mk('returned to initiator', (h) => (h.start(), h.act({ type: 'return', actor: 5, target: 'initiator' })));
  mk(
    'finished with cc',
    (h) => (
      h.start(),
      h.act({ type: 'approve', actor: 5 }),
      h.act({ type: 'approve', actor: 11 }),
      h.act({ type: 'approve', actor: 12 }),
      h.act({ type: 'approve', actor: 21 })
    ),
  );
  mk('withdrawn', (h) => (h.start(), h.act({ type: 'withdraw', actor: 1 })));
  return out;
}

describe('allowedActions is exactly what apply accepts', () => {
  const users: UserId[] = [1, 5, 6, 11, 12, 21, 31, 77];
  for (const { name, h } of states()) {
    it(name, () => {
      for (const user of users) {
        const allowed = h.allowed(user);
        for (const type of ACTION_ORDER) {
          let error: unknown = null;
          try {
            apply(h.def, h.state, actionOf(type, user), h.ctx());
          } catch (e) {
            error = e;
          }
          if (allowed.includes(type)) expect(error, `${name}: user ${user} may ${type}`).toBeNull();
          else expect(error, `${name}: user ${user} may not ${type}`).toBeInstanceOf(FlowError);
        }
      }
    });
  }
});
