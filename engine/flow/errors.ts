/**
 * Errors of the approval state machine (DESIGN §5). Pure TS.
 */

/** Message keys of FlowError (i18n keys; the zh-CN default is FLOW_ERROR_TEXT). */
export type FlowErrorKey =
  | 'flow.notYourTask'
  | 'flow.alreadyDone'
  | 'flow.notAllowed'
  | 'flow.recallTooLate'
  | 'flow.withdrawTooLate'
  | 'flow.notRunning'
  | 'flow.noSuchTask'
  | 'flow.taskWaiting'
  | 'flow.noAssignee'
  | 'flow.notCleared'
  | 'flow.badReturnTarget'
  | 'flow.fieldReadOnly'
  | 'flow.badInput'
  | 'flow.noSuchTimer'
  | 'flow.badDefinition';

/** zh-CN default of each key; `{name}` is replaced by the param of that name. */
export const FLOW_ERROR_TEXT: Record<FlowErrorKey, string> = {
  'flow.notYourTask': '这不是您的待办',
  'flow.alreadyDone': '该待办已处理',
  'flow.notAllowed': '当前不能执行此操作：{action}',
  'flow.recallTooLate': '下一环节已处理，不能收回',
  'flow.withdrawTooLate': '已有人处理该流程，不能撤回',
  'flow.notRunning': '流程不在进行中',
  'flow.noSuchTask': '待办不存在',
  'flow.taskWaiting': '该待办正在等待他人处理',
  'flow.noAssignee': '节点“{node}”没有处理人',
  'flow.notCleared': '{user} 的涉密等级低于该文件的密级，不能处理或查看',
  'flow.badReturnTarget': '不能退回到该环节：{target}',
  'flow.fieldReadOnly': '字段 {field} 在此环节不可编辑',
  'flow.badInput': '参数不正确：{what}',
  'flow.noSuchTimer': '定时器不存在：{timer}',
  'flow.badDefinition': '流程定义有误：{what}',
};

/**
 * An action refused by the machine: `code` is the short code (`notYourTask`), `key` the i18n message key
 * (`flow.notYourTask`), `params` the values of its placeholders, `message` the zh-CN text. DESIGN §5.
 */
export class FlowError extends Error {
  readonly key: FlowErrorKey;
  readonly code: string;
  readonly params: Record<string, string | number>;
  constructor(key: FlowErrorKey, params: Record<string, string | number> = {}) {
    super(FLOW_ERROR_TEXT[key].replace(/\{(\w+)\}/g, (_, n: string) => String(params[n] ?? '')));
    this.name = 'FlowError';
    this.key = key;
    this.code = key.slice('flow.'.length);
    this.params = params;
  }
}
