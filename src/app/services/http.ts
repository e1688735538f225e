/**
 * The HTTP layer (SPEC §7, §8): axios with a 50000 ms timeout; every call is a POST with a JSON body and the
 * headers X-Token / X-uuid (from the admin- cookies) and X-Lang. Answers `{code, msg, data}`:
 * 0 → data; -1 → toast msg (3 s) and reject; -98 → toast and personal settings (password tab);
 * -99 → once per session toast, login after 1.5 s; other codes → msg plus the URL. HTTP failures show the
 * SPEC §8 status message and are logged under "data request exception".
 */
import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import type { Envelope } from '@shared/codes';
import { i18n } from '../i18n';
import { appStore } from '../stores/store';
import { passwordChangeRequiredAtom } from '../stores/user';
import { basePath } from '../utils/basePath';
import { getToken, getUuid } from '../utils/cookies';
import { ApiError, envelopeOutcome, httpErrorKey, otherCodeMessage } from './httpErrors';
import { toast } from './feedback';
import { logFront } from './frontLog';
import { navigateTo } from './navigation';
import { handleSessionExpired } from './session';

/** Options of one call. */
export interface CallOptions {
  /** Resolve with the whole envelope whatever the code (except -99), e.g. login handles -1 and -98 itself. */
  raw?: boolean;
  /** Do not toast a -1 / other-code message (the caller shows its own). */
  silent?: boolean;
  /** Timeout override (ms). */
  timeout?: number;
}

/** The axios instance; base URL `<BASE_PATH>api/`. */
export const http: AxiosInstance = axios.create({
  baseURL: `${basePath()}api/`,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  const uuid = getUuid();
  if (token) config.headers.set('X-Token', token);
  if (uuid) config.headers.set('X-uuid', uuid);
  config.headers.set('X-Lang', i18n.language || 'zh-CN');
  return config;
});

function transportFailure(err: AxiosError, url: string): ApiError {
  const status = err.response?.status;
  const body = err.response?.data as Partial<Envelope> | undefined;
  // The server answers some failures with an envelope and an HTTP status (e.g. 404 on an unknown API).
  if (body && typeof body === 'object' && typeof body.code === 'number' && body.code !== 0 && body.msg) {
    return new ApiError(body.msg, body.code, body.data, url);
  }
  const text = i18n.t(httpErrorKey(status, err.code), { ns: 'common' });
  logFront({ kind: 'request', message: `${i18n.t('log.requestError', { ns: 'common' })}: ${text}`, url, detail: err.message });
  return new ApiError(text, status ?? 0, null, url);
}

/**
 * POSTs `data` to `api/<url>` and unwraps the envelope (see the module comment).
 * @example const info = await post<UserInfo>('Person/userInfo');
 */
export async function post<T = unknown>(url: string, data: object = {}, opts: CallOptions = {}): Promise<T> {
  let body: unknown;
  try {
    const res = await http.post(url, data, opts.timeout ? { timeout: opts.timeout } : undefined);
    body = res.data;
  } catch (e) {
    const err = e as AxiosError;
    const failure = transportFailure(err, url);
    if (opts.raw && err.response?.data && typeof err.response.data === 'object') return err.response.data as T;
    const outcome = envelopeOutcome(err.response?.data);
    if (outcome === 'sessionExpired') handleSessionExpired(failure.message);
    else if (!opts.silent) toast.error(failure.message);
    throw failure;
  }
  const env = body as Envelope<T>;
  if (opts.raw) {
    if (envelopeOutcome(body) === 'sessionExpired') {
      handleSessionExpired(env.msg);
      throw new ApiError(env.msg, env.code, env.data, url);
    }
    return body as T;
  }
  switch (envelopeOutcome(body)) {
    case 'raw':
      return body as T;
    case 'ok':
      return env.data;
    case 'error':
      if (!opts.silent && env.msg) toast.error(env.msg);
      throw new ApiError(env.msg, env.code, env.data, url);
    case 'passwordChange':
      if (env.msg) toast.warning(env.msg);
      appStore.set(passwordChangeRequiredAtom, true);
      void navigateTo('/acl/setting?tab=password');
      throw new ApiError(env.msg, env.code, env.data, url);
    case 'sessionExpired':
      handleSessionExpired(env.msg);
      throw new ApiError(env.msg, env.code, env.data, url);
    case 'other':
    default: {
      const text = otherCodeMessage(env.msg, url);
      if (!opts.silent) toast.error(text);
      throw new ApiError(text, env.code, env.data, url);
    }
  }
}

/** Resolves with the whole envelope `{code, msg, data}`; only -99 is handled (SPEC §8). */
export function postRaw<T = unknown>(url: string, data: object = {}): Promise<Envelope<T>> {
  return post<Envelope<T>>(url, data, { raw: true });
}
