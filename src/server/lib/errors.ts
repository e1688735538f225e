/**
 * Errors that become envelope answers. Throw `ApiError` from any service or handler:
 * the error plugin answers `{code, msg, data}` with HTTP 200 (SPEC §8).
 */
import { Code } from '../../shared/codes.js';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: number = Code.ERROR,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** -1 with a message naming the field (bad input). */
export function badInput(message: string, data: unknown = null): ApiError {
  return new ApiError(message, Code.ERROR, data);
}

/** A successful answer with a message of its own (SPEC §7: layout save and department switch show msg). */
export class Ok<T = unknown> {
  constructor(
    public readonly data: T,
    public readonly msg: string,
  ) {}
}
