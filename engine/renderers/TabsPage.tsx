/**
 * The `tabs` page kind (engine/schema/tabsPage.ts): other pages — any kind, custom ones too — as antd Tabs, each
 * rendered by EnginePage by its id, embedded, only while its tab is active. The active tab is the URL's `?tab=`
 * (a change replaces it, so a reload opens the same tab), else the first. A tab is shown only when the user holds
 * the codes the bundle lists for it (`bundle.tabs`: the tab's `access` and the `view` code of its page's entity);
 * a tab whose page is missing is not shown. No tab left: a notice instead of the tabs.
 */
import { Card, Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageTab } from '../schema/tabsPage';
import { host } from '../host';
import { DefinitionError } from './DefinitionError';
import { EnginePage } from './EnginePage';
import type { PageKindProps } from './registry';
import { hasAccess } from './list/model';
import { bundleText } from './text';

/** The tabs of `tabs` the user holding `codes` may see, given the bundle's codes per tab (absent: every tab). */
export function visibleTabs(tabs: PageTab[], needs: Record<string, string[]> | undefined, codes: readonly string[]): PageTab[] {
  if (!needs) return tabs;
  return tabs.filter((tab) => needs[tab.key] !== undefined && hasAccess(needs[tab.key], codes));
}

/** Renders a tabs page definition (see the module comment). */
export function TabsPage(props: PageKindProps) {
  const { t } = useTranslation('renderer');
  const page = props.bundle.page;
  if (page.pageKind !== 'tabs')
    return <DefinitionError definition={page.id} path="pageKind" message={t('engine.unknownPageKind', { id: page.id, kind: page.pageKind })} />;
  return <TabsOf {...props} tabs={page.tabs} />;
}

function TabsOf({ bundle, embedded, tabs }: PageKindProps & { tabs: PageTab[] }) {
  const { t } = useTranslation('renderer');
  const codes = host().useIdentity()?.access ?? [];
  const [params, setParams] = useSearchParams();
  const tx = bundleText(bundle);
  const shown = visibleTabs(tabs, bundle.tabs, codes);
  if (!shown.length) return <Result status="403" subTitle={t('tabs.none')} data-testid="tabs-page-none" />;
  const wanted = params.get('tab');
  const active = shown.find((x) => x.key === wanted) ?? shown[0];
  return (
    <Card
      className="oa-tabs-page"
      data-testid="tabs-page"
      data-page={bundle.page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="tabs-page-title">{tx(bundle.page.title)}</span>}
    >
      <Tabs
        activeKey={active.key}
        onChange={(key) => setParams((p) => ({ ...Object.fromEntries(p), tab: key }), { replace: true })}
        items={shown.map((tab) => ({
          key: tab.key,
          label: <span data-testid={`tabs-page-tab-${tab.key}`}>{tx(tab.title)}</span>,
          children: tab.key === active.key ? <EnginePage key={tab.page} id={tab.page} embedded /> : null,
        }))}
      />
    </Card>
  );
}
