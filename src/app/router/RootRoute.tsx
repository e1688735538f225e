/**
 * Root of every route: keeps the page title (route title + system name, prefixed "(N) " with unread
 * messages, SPEC §2.4) and renders the matched child.
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { noticesAtom } from '../stores/notices';
import { routeTreeAtom } from '../stores/routes';
import { routeTitle } from '../i18n';
import { matchRoute, titleKeyOf } from './routeTable';

/** The document title of a page (SPEC §2.4). */
export function pageTitle(title: string, systemName: string, unread: number): string {
  const main = title ? `${title} - ${systemName}` : systemName;
  return unread > 0 ? `(${unread}) ${main}` : main;
}

export function RootRoute() {
  const location = useLocation();
  const { t, i18n } = useTranslation('common');
  const { unread } = useAtomValue(noticesAtom);
  const { version } = useAtomValue(routeTreeAtom);
  useEffect(() => {
    const route = matchRoute(location.pathname);
    const title = route ? routeTitle(t, titleKeyOf(route)) : location.pathname === '/' ? '' : t('notFoundTitle', { ns: 'exception' });
    document.title = pageTitle(title, t('systemName'), unread);
  }, [location.pathname, t, unread, i18n.language, version]);
  return <Outlet />;
}
