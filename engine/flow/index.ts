/**
 * engine/flow — the approval state machine of DESIGN §5: (definition, state, action) → new state + effects.
 * Pure TS (no React, no Node APIs; time, ids, the organisation, CEL and the calendar are injected), used by
 * the server runtime (which persists instances, runs, tasks and the event log) and by the browser (designer,
 * approval page previews).
 */
export * from './types';
export { FlowError, FLOW_ERROR_TEXT, type FlowErrorKey } from './errors';
export {
  validateFlow,
  indexFlow,
  predecessors,
  nodeActions,
  isTaskNode,
  DEFAULT_APPROVE_ACTIONS,
  DEFAULT_HANDLE_ACTIONS,
  DEFAULT_SIGNFOR_ACTIONS,
  DEFAULT_RETURN_TARGETS,
  type FlowProblem,
  type FlowIndex,
  type Located,
  type PathStep,
} from './definition';
export { resolveRule, resolveAssignees, userIdsOf } from './assignees';
export { addDuration, localDate } from './deadlines';
export { defaultEvaluate } from './conditions';
export { apply, newInstance } from './machine';
export { allowedActions, returnTargets, recallable, taskActions, withdrawRefusal, ACTION_ORDER, type ReturnTarget } from './actions';
export { checkTitleTemplate, evaluateTitle, titleEnv, titleTemplateOf, DEFAULT_TITLE_TEMPLATE, TITLE_INITIATOR_FIELDS, type TitleInput } from './title';
