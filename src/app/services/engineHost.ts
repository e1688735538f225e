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

/** The host object handed to `provideHost`. */
export const shellHost: EngineHost = {
  call: (api, body, opts) => post(api, body, opts),
  download: (api, body) => postBlob(api, body),
  upload: (api, form, opts) => postForm(api, form, opts),
  saveFile: saveDownloadedFile,
  notify: toast,
  navigate: (to, opts) => void navigateTo(to, opts),
  location: currentLocation,
  openRecord: (path, from) => openDetail(path, from),
  useOpenRecord: useOpenDetail,
  reserveRecordTab: (samplePath) => reserveDetailTab(samplePath),
  href: appHref,
  useIdentity: () => useAtomValue(userAtom),
  useSetIdentity: () => useSetAtom(userAtom),
  useReminders,
  refreshBadges: loadBadges,
  i18n,
  session: () => ({ token: getToken(), uuid: getUuid() }),
};
