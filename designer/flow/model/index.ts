/**
 * designer/flow/model — the flow designer's editing model (DESIGN §5), pure TS: commands over the flow
 * tree with undo/redo and never-reused ids, validation before publish, and the canvas layout (dagre).
 */
export {
  insertAt,
  insertNode,
  addSplit,
  addBranch,
  deleteNode,
  deleteBranch,
  moveBranch,
  updateNode,
  setNodeTitle,
  renamedText,
  setFieldPermission,
  updateBranch,
  setDefaultBranch,
  newNode,
  PLAIN_TITLES,
  type InsertAt,
  type InsertableType,
  type SplitType,
  type Titles,
  type CommandEnv,
} from './commands';
export { createHistory, execute, undo, redo, canUndo, canRedo, reset, applyCommand, type FlowCommand, type FlowHistory, type HistoryOptions } from './history';
export { idSource, issuer, markUsed, type IdSource } from './ids';
export { DesignerError, type DesignerErrorKey } from './errors';
export { validateForPublish, problemsByNode, type DesignerProblem, type ValidateOptions } from './validate';
export {
  layoutFlow,
  designerSize,
  type FlowLayout,
  type DesignerNode,
  type DesignerEdge,
  type DesignerNodeData,
  type DesignerEdgeData,
  type LayoutOptions,
} from './layout';
export { findNode, findBranch, allIds, allNodes, isSplit, type AnyBranch, type SplitNode } from './tree';
