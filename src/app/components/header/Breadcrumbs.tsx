/** The route trail in the header (section › page), following the route (SPEC §4). */
import { Breadcrumb } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { routeTreeAtom } from '../../stores/routes';
import { routeTitle } from '../../i18n';
import { matchRoute, sectionOf, titleKeyOf } from '../../router/routeTable';

export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  useAtomValue(routeTreeAtom);
  const route = matchRoute(pathname);
  if (!route) return null;
  const section = sectionOf(route);
  const items = [...(section && section.key !== route.key ? [{ title: routeTitle(t, section.key) }] : []), { title: routeTitle(t, titleKeyOf(route)) }];
  return <Breadcrumb className="oa-breadcrumb" items={items} data-testid="breadcrumb" />;
}
