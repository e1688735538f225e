/**
 * engine/schema (DESIGN §3, §4): definition types, the loader (validation, migrations, `$ref`s, overlays),
 * overlays and hashing, the lint and the Text helpers. Pure TS, used by the server and the browser.
 * FORMATS.md beside this file is the implementer's guide.
 */
export * from './types';
export * from './worklistDecl';
export * from './areaProvides';
export {
  buildRegistry,
  ajvIssues,
  expectedSchemaRef,
  getPointer,
  type DefinitionFile,
  type LoadOptions,
  type Registry,
  type RegistryEntry,
  type SchemaIssue,
} from './loader';
export { applyOverlay, CHILD_LISTS, type ConflictKind, type OverlayConflict, type OverlayResult } from './overlay';
export { canonicalJson, fnv1a64, hashDefinition } from './hash';
export { lintRegistry, formatIssues, type LintOptions, type LocaleFile } from './lint';
export { checkCel, celTypeOfProperty, type ExprChecker, type ExprCheckResult, type ExprScope } from './expr';
export { collectTexts, isText, mergeLocaleFiles, textOf, type LocaleMessages } from './text';
export { MIGRATIONS, migrate, identity, type Migration } from './migrations';
export { diffForm, type Change, type ChangeKind, type ChangeTarget, type FormSnapshot } from './diff';
export { diffFlow } from './diffFlow';
export { renderChange, type DiffTranslate } from './diffText';
export { overlayOps } from './diffOps';
