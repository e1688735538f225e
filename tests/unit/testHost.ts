/**
 * The engine host of the component tests (engine/host.ts): what the shell would do, recorded instead of done —
 * calls, toasts, navigations, opened records, saved files and badge refreshes land in `TestHostRecord`, so a
 * test asserts what the user would have seen without mocking src/app modules. The signed-in user and the bell's
 * reminders are jotai atoms of this file (`testIdentityAtom`, `testRemindersAtom`), read through the store of the
 * rendering Provider (tests/unit/list-fixture.tsx `renderWithUser` sets the user).
 *
 * Importing this module installs a default host; `installTestHost` installs a fresh one with overrides.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { i18n } from '@app/i18n';
import type { UserInfo } from '@shared/types';
import { provideHost, type EngineHost, type HostCallOptions, type HostFile, type HostReminders } from '../../engine/host';

/** The signed-in user the engine sees (`useIdentity`). */
export const testIdentityAtom = atom<UserInfo | null>(null);
/** The bell's reminders the engine sees (`useReminders`); raising `lastId` makes work lists reload. */
export const testRemindersAtom = atom<HostReminders>({ unread: 0, lastId: 0 });

/** What the engine asked of the host during a test, in order. */
export interface TestHostRecord {
  calls: { api: string; body?: object }[];
  toasts: { kind: 'success' | 'info' | 'warning' | 'error'; text: string }[];
  navigations: { to: string; replace?: boolean }[];
  /** Paths given to openRecord / useOpenRecord / a reserved tab. */
  opened: string[];
  saved: HostFile[];
  badgeRefreshes: number;
  /** The location `location()` answers; `navigate` moves it. */
  location: { pathname: string; search: string };
}

/**
 * Installs a host whose members record into a fresh `TestHostRecord`; `overrides` replace members (typically
 * `call`, `download`, `upload`: still recorded in `calls`, then answered by the override). A call no override
 * answers rejects, like a failed request. Answers the record.
 */
export function installTestHost(overrides: Partial<EngineHost> = {}): TestHostRecord {
  const record: TestHostRecord = { calls: [], toasts: [], navigations: [], opened: [], saved: [], badgeRefreshes: 0, location: { pathname: '/', search: '' } };
  const notice = (kind: TestHostRecord['toasts'][number]['kind']) => (text: string) => void record.toasts.push({ kind, text });
  const unanswered = (api: string) => Promise.reject(new Error(`test host: no answer for ${api}`));
  const host: EngineHost = {
    call: <T>(api: string, body?: object, opts?: HostCallOptions) => {
      record.calls.push({ api, body });
      return overrides.call ? overrides.call<T>(api, body, opts) : unanswered(api);
    },
    download: (api, body) => {
      record.calls.push({ api, body });
      return overrides.download ? overrides.download(api, body) : unanswered(api);
    },
    upload: <T>(api: string, form: FormData, opts?: HostCallOptions) => {
      record.calls.push({ api });
      return overrides.upload ? overrides.upload<T>(api, form, opts) : unanswered(api);
    },
    saveFile: (file) => void record.saved.push(file),
    notify: { success: notice('success'), info: notice('info'), warning: notice('warning'), error: notice('error') },
    navigate: (to, opts) => {
      record.navigations.push({ to, replace: opts?.replace });
      const [pathname, search = ''] = to.split('?');
      record.location = { pathname, search: search ? `?${search}` : '' };
    },
    location: () => record.location,
    openRecord: (path) => void record.opened.push(path),
    useOpenRecord: () => (path) => void record.opened.push(path),
    reserveRecordTab: () => (path) => void (path && record.opened.push(path)),
    href: (path) => `/${path.replace(/^\/+/, '')}`,
    useIdentity: () => useAtomValue(testIdentityAtom),
    useSetIdentity: () => useSetAtom(testIdentityAtom),
    useReminders: () => useAtomValue(testRemindersAtom),
    refreshBadges: async () => void (record.badgeRefreshes += 1),
    i18n,
    session: () => ({}),
  };
  const { call: _call, download: _download, upload: _upload, ...rest } = overrides;
  Object.assign(host, rest);
  provideHost(host);
  return record;
}

installTestHost();
