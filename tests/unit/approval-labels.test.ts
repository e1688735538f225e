/**
 * What the action bar and the flow log call a completion (engine/renderers/approval/labels.ts) and where the work
 * went after an action (approval/handedTo.ts handedSteps): 签发 / 编号 / 登记 for 办理 steps, 同意 for approvals;
 * the pending steps with their holders. Read from the shipped 发文 and 收文 flows.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { FlowDef, FlowState } from '../../engine/flow';
import { completionLabel, eventLabel } from '../../engine/renderers/approval/labels';
import { handedSteps } from '../../engine/renderers/approval/handedTo';
import zh from '../../src/app/locales/zh-CN/approval.json';

const load = (f: string) => JSON.parse(readFileSync(`schemas/document/flows/${f}`, 'utf8')) as FlowDef;
const send = load('send.flow.json');
const receive = load('receive.flow.json');
/** The zh-CN approval catalogue as i18next would answer (nested keys, defaultValue). */
const t = (key: string, opts?: Record<string, unknown>) => {
  const v = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), zh);
  return typeof v === 'string' ? v : String(opts?.defaultValue ?? key);
};
const tx = (x: { d: string }) => x.d;

describe('completion labels', () => {
  it('names 办理 steps as themselves and approvals 同意', () => {
    expect(completionLabel(send, 'issue', tx, t)).toBe('签发');
    expect(completionLabel(send, 'number', tx, t)).toBe('编号');
    expect(completionLabel(send, 'seal', tx, t)).toBe('用印');
    expect(completionLabel(send, 'distribute', tx, t)).toBe('分发');
    expect(completionLabel(send, 'deptReview', tx, t)).toBe('同意');
    expect(completionLabel(receive, 'register', tx, t)).toBe('登记');
    expect(completionLabel(receive, 'finish', tx, t)).toBe('办理完毕');
  });

  it('labels log entries: completions by their step, other events by type', () => {
    expect(eventLabel(send, { type: 'approve', nodeId: 'issue' }, tx, t)).toBe('签发');
    expect(eventLabel(send, { type: 'return', nodeId: 'issue' }, tx, t)).toBe('退回');
    expect(eventLabel(send, { type: 'cancelled', nodeId: 'countersign' }, tx, t)).toBe('待办已取消');
    expect(eventLabel(send, { type: 'whatever', nodeId: null }, tx, t)).toBe('其他操作');
  });
});

describe('where the work went', () => {
  it('lists the steps with pending deciding tasks and their holders, cc left out', () => {
    const task = (id: string, nodeId: string, assignee: number, kind = 'approve', status = 'pending') => ({
      id,
      nodeRunId: 'r',
      nodeId,
      kind,
      assignee,
      status,
      createdAt: 0,
    });
    const state = {
      tasks: [task('1', 'deptReview', 5, 'approve', 'done'), task('2', 'countersign', 7), task('3', 'countersign', 8), task('4', 'cc', 9, 'cc')],
    } as unknown as FlowState;
    expect(handedSteps({ state })).toEqual([{ nodeId: 'countersign', users: [7, 8] }]);
  });
});
