/**
 * The page engine's entry (DESIGN §3 "Definitions name code"): registers the page kinds — `list`
 * (./ListPage), `form` (./FormPage), `detail` (./DetailPage), `approval` (./ApprovalPage), `worklist` (./WorkListPage),
 * `calendar` (./CalendarPage), `tree` (./TreePage), `chart` (./ChartPage), `tabs` (./TabsPage), `custom` (./CustomPage: the component a
 * page names, registered in ./custom.ts) — once, and exports EnginePage, which
 * renders a page definition by route or id. Import this module (not the kinds) to render definitions.
 */
import { registerPageKind } from './registry';
import { ListPage } from './ListPage';
import { FormPage } from './FormPage';
import { DetailPage } from './DetailPage';
import { ApprovalPage } from './ApprovalPage';
import { WorkListPage } from './WorkListPage';
import { CustomPage } from './CustomPage';
import { CalendarPage } from './CalendarPage';
import { TreePage } from './TreePage';
import { ChartPage } from './ChartPage';
import { TabsPage } from './TabsPage';
import './custom';

registerPageKind('list', ListPage);
registerPageKind('form', FormPage);
registerPageKind('detail', DetailPage);
registerPageKind('approval', ApprovalPage);
registerPageKind('worklist', WorkListPage);
registerPageKind('custom', CustomPage);
registerPageKind('calendar', CalendarPage);
registerPageKind('tree', TreePage);
// `chart`: charts over an entity's aggregate (./ChartPage)
registerPageKind('chart', ChartPage);
// `tabs`: other pages as tabs, the active one in the URL (./TabsPage)
registerPageKind('tabs', TabsPage);

export { EnginePage, type EnginePageProps } from './EnginePage';
export { ListPage } from './ListPage';
