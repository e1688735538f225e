import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

const toasts: Array<[string, string]> = [];
const navigations: string[] = [];
vi.mock('@app/services/feedback', () => ({
  toast: {
    error: (t: string) => toasts.push(['error', t]),
    warning: (t: string) => toasts.push(['warning', t]),
    success: (t: string) => toasts.push(['success', t]),
    info: (t: string) => toasts.push(['info', t]),
  },
  setMessageApi: () => undefined,
}));
vi.mock('@app/services/navigation', () => ({
  navigateTo: async (to: string) => {
    navigations.push(to);
  },
  currentLocation: () => ({ pathname: '/document/dbgw', search: '' }),
  setNavigator: () => undefined,
}));

const { ApiError, envelopeOutcome, httpErrorKey, otherCodeMessage } = await import('@app/services/httpErrors');
const { http, post } = await import('@app/services/http');
const { frontLogEntries, clearFrontLog } = await import('@app/services/frontLog');
const { i18n } = await import('@app/i18n');
const { appStore } = await import('@app/stores/store');
const { passwordChangeRequiredAtom } = await import('@app/stores/user');

let seen: InternalAxiosRequestConfig | null = null;
function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    seen = config;
    if (status >= 400) {
      const err = Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        config,
        code: 'ERR_BAD_RESPONSE',
        response: { status, data, headers: {}, config, statusText: '' },
      });
      throw err;
    }
    return { data, status, statusText: 'OK', headers: {}, config };
  };
}

describe('http error mapping (SPEC §8)', () => {
  it('classifies envelopes', () => {
    expect(envelopeOutcome({ code: 0, msg: '', data: 1 })).toBe('ok');
    expect(envelopeOutcome({ code: -1 })).toBe('error');
    expect(envelopeOutcome({ code: -98 })).toBe('passwordChange');
    expect(envelopeOutcome({ code: -99 })).toBe('sessionExpired');
    expect(envelopeOutcome({ code: 7 })).toBe('other');
    expect(envelopeOutcome('plain text')).toBe('raw');
    expect(envelopeOutcome({ list: [] })).toBe('raw');
  });

  it('maps HTTP statuses to the SPEC §8 message keys', () => {
    for (const s of [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]) expect(httpErrorKey(s)).toBe(`http.${s}`);
    expect(httpErrorKey(undefined, 'ECONNABORTED')).toBe('http.408');
    expect(httpErrorKey(undefined)).toBe('http.network');
    expect(httpErrorKey(418)).toBe('http.default');
  });

  it('has zh-CN texts for every status', () => {
    const zh = i18n.getFixedT('zh-CN', 'common');
    expect([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505].map((s) => zh(`http.${s}`))).toEqual([
      '请求错误',
      '未授权，请登录',
      '拒绝访问',
      '请求地址出错',
      '请求超时',
      '服务器内部错误',
      '服务未实现',
      '网关错误',
      '服务不可用',
      '网关超时',
      'HTTP版本不受支持',
    ]);
  });

  it('adds the request URL to messages of unknown codes', () => {
    expect(otherCodeMessage('oops', 'home/x')).toBe('oops (home/x)');
  });
});

describe('post() (SPEC §7, §8)', () => {
  beforeEach(() => {
    toasts.length = 0;
    navigations.length = 0;
    appStore.set(passwordChangeRequiredAtom, false);
    clearFrontLog();
    document.cookie = 'admin-token=tok123; path=/';
    document.cookie = 'admin-uuid=uu1; path=/';
  });
  afterEach(() => {
    http.defaults.adapter = undefined;
  });

  it('sends X-Token, X-uuid, X-Lang and X-Requested-With and resolves data on code 0', async () => {
    http.defaults.adapter = answer(200, { code: 0, msg: 'ok', data: { a: 1 } });
    await expect(post('Person/userInfo')).resolves.toEqual({ a: 1 });
    expect(seen?.headers.get('X-Token')).toBe('tok123');
    expect(seen?.headers.get('X-uuid')).toBe('uu1');
    expect(seen?.headers.get('X-Lang')).toBe('zh-CN');
    // How the server knows its own front end (plugins/errors.ts fromFrontEnd: -1 with HTTP 200, not 503).
    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen?.method).toBe('post');
    expect(seen?.timeout).toBe(50000);
  });

  it('toasts msg and rejects on -1', async () => {
    http.defaults.adapter = answer(200, { code: -1, msg: '参数错误', data: null });
    await expect(post('x/y')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([['error', '参数错误']]);
  });

  it('goes to the password tab on -98', async () => {
    http.defaults.adapter = answer(200, { code: -98, msg: '请修改密码', data: null });
    await expect(post('x/y')).rejects.toMatchObject({ code: -98 });
    expect(navigations).toEqual(['/acl/setting?tab=password']);
    expect(toasts[0]).toEqual(['warning', '请修改密码']);
    // Already on the password tab: a second refused call adds no second toast.
    await expect(post('x/z')).rejects.toMatchObject({ code: -98 });
    expect(toasts).toHaveLength(1);
  });

  it('adds the URL for unknown codes', async () => {
    http.defaults.adapter = answer(200, { code: 5, msg: '奇怪', data: null });
    await expect(post('home/odd')).rejects.toMatchObject({ message: '奇怪 (home/odd)' });
  });

  it('returns the raw body when there is no code', async () => {
    http.defaults.adapter = answer(200, 'hello');
    await expect(post('x')).resolves.toBe('hello');
  });

  it('shows the status message of an HTTP failure and logs it as a data request exception', async () => {
    http.defaults.adapter = answer(502, '<html>bad gateway</html>');
    await expect(post('x/y')).rejects.toMatchObject({ message: '网关错误', code: 502 });
    expect(toasts).toEqual([['error', '网关错误']]);
    expect(frontLogEntries()[0]).toMatchObject({ kind: 'request', url: 'x/y' });
    expect(frontLogEntries()[0].message).toContain('数据请求异常');
  });

  it('handles -99 once per session', async () => {
    vi.useFakeTimers();
    http.defaults.adapter = answer(200, { code: -99, msg: '登录已过期', data: null });
    await expect(post('a')).rejects.toMatchObject({ code: -99 });
    await expect(post('b')).rejects.toMatchObject({ code: -99 });
    expect(toasts).toEqual([['error', '登录已过期']]);
    vi.advanceTimersByTime(1499);
    expect(navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(navigations).toEqual([`/login?redirect=${encodeURIComponent('/document/dbgw')}`]);
    expect(document.cookie).not.toContain('admin-token=tok123');
    vi.useRealTimers();
  });
});
