/**
 * The error catalogue of SPEC §8 as pure mappings: envelope code → outcome, HTTP status → locale key
 * (`common:http.<status>`).
 */
import { Code, HTTP_STATUS_KEYS } from '@shared/codes';

/** What the client does with an answer. */
export type EnvelopeOutcome =
  | 'ok' // code 0: resolve with data
  | 'raw' // no code: the raw body is returned
  | 'error' // -1: toast msg, reject
  | 'passwordChange' // -98: toast msg, go to personal settings (password tab)
  | 'sessionExpired' // -99: once per session toast msg, login after 1.5 s
  | 'other'; // any other code: msg plus the request URL

/** Classifies a response body (SPEC §8 "Server codes"). */
export function envelopeOutcome(body: unknown): EnvelopeOutcome {
  if (!body || typeof body !== 'object' || !('code' in body)) return 'raw';
  const code = Number((body as { code: unknown }).code);
  if (code === Code.OK) return 'ok';
  if (code === Code.ERROR) return 'error';
  if (code === Code.PASSWORD_CHANGE_REQUIRED) return 'passwordChange';
  if (code === Code.SESSION_EXPIRED) return 'sessionExpired';
  return 'other';
}

/** Locale key of an HTTP failure: `http.<status>` for the statuses of SPEC §8, timeouts as 408. */
export function httpErrorKey(status?: number | null, errorCode?: string | null): string {
  if (status && (HTTP_STATUS_KEYS as readonly number[]).includes(status)) return `http.${status}`;
  if (errorCode === 'ECONNABORTED' || errorCode === 'ETIMEDOUT') return 'http.408';
  if (!status) return 'http.network';
  return 'http.default';
}

/** The text shown for an answer with an unknown code: the message plus the request URL (SPEC §8). */
export function otherCodeMessage(msg: string | undefined, url: string | undefined): string {
  return [msg || '', url ? `(${url})` : ''].filter(Boolean).join(' ');
}

/** An API call that was answered with an error or failed. */
export class ApiError extends Error {
  /** Envelope code, or the HTTP status for transport failures. */
  readonly code: number;
  readonly data: unknown;
  readonly url?: string;
  constructor(message: string, code: number, data?: unknown, url?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.url = url;
  }
}
