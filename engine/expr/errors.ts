/**
 * Errors of the expression engine. Pure TS (no React, no Node).
 */

/** Locale of messages: zh-CN (default) or en-US. */
export type ExprLocale = 'zh-CN' | 'en-US';

/**
 * A readable error of a library function (bad date, amount out of range…), thrown from a function handler
 * during evaluation. It carries both locales; `message` is the zh-CN text.
 */
export class FunctionError extends Error {
  /** English text of the same message. */
  readonly en: string;
  /** Stable code, e.g. `invalid_date`, `amount_out_of_range`. */
  readonly code: string;
  constructor(code: string, zh: string, en: string) {
    super(zh);
    this.name = 'FunctionError';
    this.code = code;
    this.en = en;
  }
}

/**
 * Error thrown by a compiled evaluator (compileExpression / evaluateExpression).
 * `message` is readable in the requested locale; `code` is the cel-js or library code
 * (`division_by_zero`, `invalid_date`…); `position` is the 0-based character offset in the source, when known.
 */
export class ExprError extends Error {
  readonly code: string;
  readonly position?: number;
  constructor(code: string, message: string, position?: number) {
    super(message);
    this.name = 'ExprError';
    this.code = code;
    if (position !== undefined) this.position = position;
  }
}
