/**
 * The route trail in the header (section › page), following the route (SPEC §4). A section whose title is the
 * page's own (接待管理 › 接待管理: a section of one page) is shown once.
 */
import { Breadcrumb } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { routeTreeAtom } from '../../stores/routes';
import { routeTitle } from '../../i18n';
import { matchRoute, sectionOf, titleKeyOf } from '../../router/routeTable';

/** The titles of the trail: the section's (unless it is the route itself or has the same title), then the page's. */
export function crumbTitles(sectionTitle: string | undefined, pageTitle: string): string[] {
  return sectionTitle && sectionTitle !== pageTitle ? [sectionTitle, pageTitle] : [pageTitle];
}

export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  useAtomValue(routeTreeAtom);
  const route = matchRoute(pathname);
  if (!route) return null;
  const section = sectionOf(route);
  const sectionTitle = section && section.key !== route.key ? routeTitle(t, section.key) : undefined;
  const items = crumbTitles(sectionTitle, routeTitle(t, titleKeyOf(route))).map((title) => ({ title }));
  return <Breadcrumb className="oa-breadcrumb" items={items} data-testid="breadcrumb" />;
}
