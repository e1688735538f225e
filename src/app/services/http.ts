/**
 * The HTTP layer (SPEC §7, §8): axios with a 50000 ms timeout; every call is a POST with a JSON body and the
 * headers X-Token / X-uuid (from the admin- cookies), X-Lang and `X-Requested-With: XMLHttpRequest` (by which the
 * server knows its own front end: a database outage is then answered -1 with HTTP 200, not 503). Answers `{code, msg, data}`:
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
  headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
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
  return unwrap<T>(body, url, opts);
}

/** Resolves with `data` of a code-0 envelope; handles every other code as SPEC §8 says and rejects. */
function unwrap<T>(body: unknown, url: string, opts: CallOptions): T {
  const env = body as Envelope<T>;
  switch (envelopeOutcome(body)) {
    case 'raw':
      return body as T;
    case 'ok':
      return env.data;
    case 'error':
      if (!opts.silent && env.msg) toast.error(env.msg);
      throw new ApiError(env.msg, env.code, env.data, url);
    case 'passwordChange':
      // Once locked, the settings page says why: calls refused meanwhile add no second toast.
      if (env.msg && !appStore.get(passwordChangeRequiredAtom)) toast.warning(env.msg);
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

/** A file answered by the server: its bytes and the file name of its Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * POSTs `data` and resolves with the binary answer (exports, attachments). An envelope answer (JSON) is an
 * error: it is handled like `post` does (toast -1, -99 to login) and rejects.
 */
export async function postBlob(url: string, data: object = {}): Promise<DownloadedFile> {
  let res;
  try {
    res = await http.post(url, data, { responseType: 'blob' });
  } catch (e) {
    const err = e as AxiosError;
    const blob = err.response?.data;
    if (blob instanceof Blob && blob.type.includes('application/json')) unwrap(JSON.parse(await blob.text()), url, {});
    const failure = transportFailure(err, url);
    toast.error(failure.message);
    throw failure;
  }
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/json')) {
    unwrap(JSON.parse(await (res.data as Blob).text()), url, {});
    throw new ApiError('', -1, null, url);
  }
  const cd = String(res.headers['content-disposition'] ?? '');
  const m = /filename\*=UTF-8''([^;]+)/i.exec(cd) ?? /filename="?([^";]+)"?/i.exec(cd);
  return { blob: res.data as Blob, filename: m ? decodeURIComponent(m[1]) : 'download' };
}

/**
 * POSTs a multipart form (uploads, imports) and unwraps the envelope like `post`.
 * `form` fields: `file` (the File) plus any text fields the call takes.
 */
export async function postForm<T = unknown>(url: string, form: FormData, opts: CallOptions = {}): Promise<T> {
  try {
    const res = await http.post(url, form, { headers: { 'Content-Type': 'multipart/form-data' }, timeout: opts.timeout });
    return unwrap<T>(res.data, url, opts);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const failure = transportFailure(e as AxiosError, url);
    if (!opts.silent) toast.error(failure.message);
    throw failure;
  }
}

/** Saves a downloaded file through the browser (an object URL on a temporary link). */
export function saveDownloadedFile(file: DownloadedFile): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
