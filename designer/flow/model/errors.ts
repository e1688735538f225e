/**
 * Errors of the flow designer's commands: an i18n key of the `flowdesigner` namespace (`error.*`) and its params,
 * so that the view shows the refusal in the reader's language. Pure TS.
 */

/** Keys of the refusals a command may throw. */
export type DesignerErrorKey =
  | 'error.unknownNode'
  | 'error.unknownBranch'
  | 'error.insertAfterEnd'
  | 'error.deleteStartEnd'
  | 'error.deleteDefault'
  | 'error.moveOutOfRange'
  | 'error.notSplit'
  | 'error.notTaskNode'
  | 'error.defaultCondition'
  | 'error.conditionBranchOnly'
  | 'error.immutableKey';

/** A command refused (the definition is left as it was). `key` is in the `flowdesigner` namespace. */
export class DesignerError extends Error {
  constructor(
    readonly key: DesignerErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'DesignerError';
  }
}
