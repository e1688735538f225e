/**
 * designer/flow — the flow designer (DESIGN §5): the FlowDesigner component (React Flow canvas,
 * property panels) and its pure editing model (commands, undo/redo, validation, layout). Routes and server
 * calls are wired by the pages that use it.
 */
export { FlowDesigner, type FlowDesignerProps } from './FlowDesigner';
export { AssigneeRules, blankRule } from './AssigneeRules';
export * from './model';
