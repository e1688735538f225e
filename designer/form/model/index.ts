/**
 * designer/form/model — the editing model of the form designer (DESIGN §3-§4): state, palette,
 * commands (insert, move, remove, update, copy / paste, keyboard moves), undo / redo, key generation,
 * structured conditions compiled to CEL, and the round trip with the form page format. Pure TS.
 */
export * from './types';
export { PALETTE, paletteItem, paletteProperty, kindOfProperty, isFieldKind, type PaletteItem } from './palette';
export { emptyForm, labelOf, fieldRef, isRequired, type FieldRef } from './state';
export { insertFromPalette, addTab, moveNode, moveBy, removeNode, columnCapable, type Focused } from './commands';
export { updateField, updateNode, setFieldKey, followEn, type FieldPatch, type NodePatch } from './fields';
export { writeOptions, optionsOf, ownedDictId, type OptionInput } from './options';
export { copyNode, pasteNode, type Clipboard } from './clipboard';
export { setRule, removeRule, rulesOf, compileRules, setComputed, computedOf, type RuleInput } from './rules';
export { checkDesign, type DesignProblem } from './check';
export { createHistory, commit, undo, redo, canUndo, canRedo, type History } from './history';
export { keyFromPinyin, uniqueKey, isValidKey, createPinyinCache, RESERVED_KEYS, type PinyinCache } from './keys';
export {
  compileCondition,
  parseCondition,
  conditionFieldType,
  operatorsFor,
  conditionFields,
  isGroup,
  type ConditionGroup,
  type ConditionItem,
  type ConditionLeaf,
  type ConditionOp,
  type ConditionFieldType,
} from './conditions';
export { toFormPage, fromFormPage, toBundle, type CompiledDesign, type BundleOptions } from './compile';
export { locate, locateColumn, walk, kids, insertTarget, type AnyNode, type TabNode, type ColumnNode, type SubtableNode } from './tree';
