/** Limits the server enforces on flow/act (src/server/api/flow/parse.ts), mirrored for the input boxes. */

/** Longest opinion (审批意见), characters. */
export const OPINION_MAX = 2000;
