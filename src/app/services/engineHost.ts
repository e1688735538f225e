/**
 * The shell's implementation of the engine host (engine/host.ts): the engine, the designer and the widgets reach
 * the app's HTTP layer, toasts, router, stores and i18n only through it. Installed once by main.tsx.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import type { EngineHost } from '../../../engine/host';
import { post, postBlob, postForm, saveDownloadedFile } from './http';
import { toast } from './feedback';
import { currentLocation, navigateTo } from './navigation';
import { openDetail, reserveDetailTab, useOpenDetail } from '../router/openDetail';
import { appHref } from '../utils/basePath';
import { getToken, getUuid } from '../utils/cookies';
import { userAtom } from '../stores/user';
import { noticesAtom } from '../stores/notices';
import { loadBadges } from '../stores/badges';
import { i18n } from '../i18n';

function useReminders() {
  const n = useAtomValue(noticesAtom);
  return { unread: n.unread, lastId: n.lastId };
}

/**
 * The host object handed to `provideHost`. Every member reaches its module's export only when called, so that a
 * test mocking one of those modules in part (only `post`, say) still gets a whole host.
 */
export const shellHost: EngineHost = {
  call: (api, body, opts) => post(api, body, opts),
  download: (api, body) => postBlob(api, body),
  upload: (api, form, opts) => postForm(api, form, opts),
  saveFile: (file) => saveDownloadedFile(file),
  notify: {
    success: (text) => toast.success(text),
    info: (text) => toast.info(text),
    warning: (text) => toast.warning(text),
    error: (text) => toast.error(text),
  },
  navigate: (to, opts) => void navigateTo(to, opts),
  location: () => currentLocation(),
  openRecord: (path, from) => openDetail(path, from),
  useOpenRecord: () => useOpenDetail(),
  reserveRecordTab: (samplePath) => reserveDetailTab(samplePath),
  href: (path) => appHref(path),
  useIdentity: () => useAtomValue(userAtom),
  useSetIdentity: () => useSetAtom(userAtom),
  useReminders,
  refreshBadges: () => loadBadges(),
  get i18n() {
    return i18n;
  },
  session: () => ({ token: getToken(), uuid: getUuid() }),
};
