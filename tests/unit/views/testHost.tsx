/**
 * A test engine host (engine/host.ts): `call` answered by a handler of the test, every call recorded; navigation,
 * records opened and toasts recorded; the app's i18n; a signed-in user with the given permission codes.
 */
import { vi } from 'vitest';
import type { EngineHost } from '../../../engine/host';
import { provideHost } from '../../../engine/host';
import type { UserInfo } from '@shared/types';
import { i18n } from '@app/i18n';

/** What the test host recorded. */
export interface HostLog {
  calls: { api: string; body: Record<string, any> }[];
  opened: string[];
  notices: string[];
}

/** Installs a host whose `call` is `handler` (a rejection is a refusal) for a user with permission codes `access`. */
export function installHost(handler: (api: string, body: Record<string, any>) => unknown, access: string[]): HostLog {
  const log: HostLog = { calls: [], opened: [], notices: [] };
  const user = { id: 2, name: 'zhangwei', realname: '张伟', access, list_settings: {}, menu: [], menu_my: [], roles: [], tabs: [] } as unknown as UserInfo;
  const note = (text: string) => void log.notices.push(text);
  const host: EngineHost = {
    call: (async (api: string, body?: object) => {
      log.calls.push({ api, body: (body ?? {}) as Record<string, any> });
      return handler(api, (body ?? {}) as Record<string, any>);
    }) as EngineHost['call'],
    download: vi.fn(),
    upload: vi.fn(),
    saveFile: vi.fn(),
    notify: { success: note, info: note, warning: note, error: note },
    navigate: (to) => void log.opened.push(to),
    location: () => ({ pathname: '/', search: '' }),
    openRecord: (path) => void log.opened.push(path),
    useOpenRecord: () => (path) => void log.opened.push(path),
    reserveRecordTab: () => () => undefined,
    href: (p) => p,
    useIdentity: () => user,
    useSetIdentity: () => () => undefined,
    useReminders: () => ({ unread: 0, lastId: 0 }),
    refreshBadges: async () => undefined,
    i18n,
    session: () => ({}),
  };
  provideHost(host);
  return log;
}

/** The same user as the host's, for the parts of the shell still read from its store. */
export function hostUser(access: string[]): UserInfo {
  return { id: 2, name: 'zhangwei', realname: '张伟', access, list_settings: {}, menu: [], menu_my: [], roles: [], tabs: [] } as unknown as UserInfo;
}
