/**
 * Response envelope and server codes of SPEC §8: every API answer is `{code, msg, data}`.
 */
export const Code = {
  OK: 0,
  ERROR: -1,
  /** The password must be changed: the client opens personal settings, change-password tab. */
  PASSWORD_CHANGE_REQUIRED: -98,
  /** The session is missing or expired: the client shows msg once and goes to login after 1.5 s. */
  SESSION_EXPIRED: -99,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** The envelope of every answer (SPEC §7 "Responses are wrapped as code, msg, data"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Paged list answer shape used by every list call: `data: {list, total}`. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/** HTTP status → message key (SPEC §8 table); texts live in the locale files under `http.<status>`. */
export const HTTP_STATUS_KEYS = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505] as const;
